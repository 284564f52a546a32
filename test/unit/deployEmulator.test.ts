// The core deploy steps end to end against the ARM emulator over real sockets on 127.0.0.1.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ArmClient } from '../../src/core/arm/client';
import { ArmError } from '../../src/core/arm/errors';
import { redactText } from '../../src/core/arm/redact';
import { describeChanges } from '../../src/core/deploy/diff';
import { deployBody, describeInstanceView, prepareDeploy, readExistingGroup } from '../../src/core/deploy/deployContainerGroup';
import { locateErrorTargets } from '../../src/core/deploy/errorTargets';
import { type Emulator } from '../emulator/server';
import { startTestEmulator } from '../emulator/testEmulator';
import { MemoryLogger, signedInClient } from './armHarness';
import { API_VERSION, groupYaml, NGINX_IMAGE, publicAddressLines, SECRET_REFERENCE_LINES } from '../definitionTexts';

const SUB = '00000000-0000-0000-0000-0000000000d1';
const RG = 'rg-deploy';
const DB_PASSWORD = 'Pa55-word-never-logged';

let emu: Emulator;
let client: ArmClient;
const logger = new MemoryLogger();

before(async () => {
  emu = await startTestEmulator({ lroPolls: 2 });
  client = signedInClient(emu, { userAgent: 'deploy-test', logger });
});

after(() => emu.close());

const yaml = (name: string, image = NGINX_IMAGE) =>
  groupYaml({ top: { apiVersion: API_VERSION, name, location: 'West Europe' }, itemIndent: 2, image, container: SECRET_REFERENCE_LINES, after: publicAddressLines(name) });

/** The emulator's Retry-After is 0, which the poller reads as none: poll at once instead of the 2 s default. */
const FAST_POLL = { defaultPollMs: 5 };

const lookup = (n: string) => (n === 'db' ? DB_PASSWORD : undefined);

test('create then update: Succeeded with IP and FQDN, the update is described, secrets never logged', async () => {
  const ref = { subscriptionId: SUB, resourceGroup: RG, name: 'web-one' };
  assert.equal(await readExistingGroup(client, ref), undefined);
  const prepared = await prepareDeploy(yaml('web-one'), 'web.aci.yaml', ref, lookup);
  const states: string[] = [];
  const run = await deployBody(client, ref, prepared.body, { ...FAST_POLL, onProgress: (p) => states.push(p.status) });
  assert.equal(run.group.provisioningState, 'Succeeded');
  assert.match(run.group.ip ?? '', /^20\.\d+\.\d+\.\d+$/);
  assert.equal(run.group.fqdn, 'web-one-label.westeurope.azurecontainer.io');
  assert.equal(run.group.instanceState, 'Running');
  assert.ok(run.polls >= 2, `polled ${run.polls} times`);
  assert.equal(states.at(-1), 'Succeeded');
  const view = describeInstanceView(run.group).join('\n');
  assert.match(view, /Instance state: Running/);
  assert.match(view, /Container web: Running/);
  // The PUT carried the resolved secret: the emulator accepted the body and strips it from responses.
  const existing = await readExistingGroup(client, ref);
  assert.ok(existing);
  assert.ok(!JSON.stringify(existing).includes(DB_PASSWORD));

  const next = await prepareDeploy(yaml('web-one', 'nginx:1.27'), 'web.aci.yaml', ref, lookup);
  assert.deepEqual(describeChanges(existing, next.body), ['~ containers[web].image: mcr.microsoft.com/azuredocs/nginx:latest → nginx:1.27']);
  const updated = await deployBody(client, ref, next.body, FAST_POLL);
  assert.equal(updated.group.provisioningState, 'Succeeded');
  assert.ok(logger.lines.length > 0);
  assert.ok(!logger.lines.some((l) => l.includes(DB_PASSWORD)));
});

test('an operation that ends Failed surfaces as an lro ArmError', async () => {
  const ref = { subscriptionId: SUB, resourceGroup: RG, name: 'web-fault-lro-failed' };
  const prepared = await prepareDeploy(yaml('web-fault-lro-failed'), 'web.aci.yaml', ref, lookup);
  await assert.rejects(deployBody(client, ref, prepared.body, FAST_POLL), (e: unknown) => e instanceof ArmError && e.kind === 'lro' && /failed/i.test(e.message));
});

test('a 400 CloudError without a target is placed from its message: the DNS label it quotes', async () => {
  const ref = { subscriptionId: SUB, resourceGroup: RG, name: 'web-bad' };
  const text = yaml('web-bad').replace('dnsNameLabel: web-bad-label', 'dnsNameLabel: ab');
  const prepared = await prepareDeploy(text, 'web.aci.yaml', ref, lookup);
  let caught: ArmError | undefined;
  try {
    await deployBody(client, ref, prepared.body, FAST_POLL);
  } catch (e) {
    caught = e as ArmError;
  }
  assert.ok(caught instanceof ArmError);
  assert.equal(caught.status, 400);
  assert.equal(caught.code, 'InvalidDnsNameLabel');
  assert.equal(caught.target, undefined);
  const locs = locateErrorTargets(text, 'web.aci.yaml', caught, prepared.prefix);
  assert.equal(locs.length, 1);
  assert.equal(text.slice(locs[0].range.start, locs[0].range.end), 'ab');
  assert.match(locs[0].message, /^The DNS name label 'ab' in container group 'web-bad' is invalid\./);
  assert.ok(!redactText(caught.message, prepared.secretValues).includes(DB_PASSWORD));
});

test('aborting while polling stops at once with a canceled error', async () => {
  const ref = { subscriptionId: SUB, resourceGroup: RG, name: 'web-cancel' };
  const prepared = await prepareDeploy(yaml('web-cancel'), 'web.aci.yaml', ref, lookup);
  const abort = new AbortController();
  const before = emu.requests.length;
  await assert.rejects(
    deployBody(client, ref, prepared.body, { signal: abort.signal, defaultPollMs: 60_000, onProgress: () => abort.abort() }),
    (e: unknown) => e instanceof ArmError && e.kind === 'canceled' && /may still be running in Azure/.test(e.message),
  );
  // Only the PUT went out: the abort came during the first wait, before any status poll.
  assert.deepEqual(emu.requests.slice(before).filter((r) => r.path.includes('ContainerInstance')).map((r) => r.method), ['PUT']);
});
