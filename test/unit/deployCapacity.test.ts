// The region check before a deploy (limits, quota, cached images), read through the one ARM client over real sockets
// from the emulator (which serves the published examples), and Diagnose's rules on the emulator's scripted failures.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ArmClient } from '../../src/core/arm/client';
import { checkCapacity, groupNeeds, readRegionFacts, type RegionFacts } from '../../src/core/deploy/capacity';
import { fetchLiveState } from '../../src/core/deploy/liveFetch';
import { diagnose } from '../../src/core/diagnose/rules';
import { startEmulator, type Emulator } from '../emulator/server';
import { armRequest, getToken, minimalGroup } from '../emulator/testClient';
import { MemoryLogger, signedInClient } from './armHarness';

let emu: Emulator;
let client: ArmClient;
const SUB = 'sub-cap';

before(async () => {
  emu = await startEmulator({ retryAfterSeconds: 0, lroPolls: 1 });
  client = signedInClient(emu, { userAgent: 'cap-test', clientSecret: 'cap-secret', logger: new MemoryLogger() });
});
after(() => emu.close());

const group = (cpu: number, memoryInGB = 1, image = 'nginx:1.27') => ({
  location: 'westeurope',
  properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image, resources: { requests: { cpu, memoryInGB } } } }] },
});

test('needs: the containers summed, init containers at most one of them', () => {
  const body = { properties: { osType: 'Linux', containers: [{ properties: { image: 'x', resources: { requests: { cpu: 1, memoryInGB: '1.5' } } } }, { properties: { image: 'y', resources: { requests: { cpu: 2, memoryInGB: 2 } } } }], initContainers: [{ properties: { image: 'z', resources: { requests: { cpu: 0.5, memoryInGB: 8 } } } }] } };
  assert.deepEqual(groupNeeds(body), { osType: 'Linux', sku: 'Standard', cpu: 3, memoryInGB: 8, gpu: 0, images: ['x', 'y', 'z'] });
});

test('a group that fits: the numbers and the cached image in the confirmation', async () => {
  const facts = await readRegionFacts(client, SUB, 'westeurope', '2023-05-01');
  const check = checkCapacity(facts, groupNeeds(group(2, 1, 'mcr.microsoft.com/azuredocs/aci-helloworld:latest')));
  assert.equal(check.refusal, undefined);
  assert.ok(check.lines.includes('0 of 10 cores in use in westeurope; this group needs 2.'), check.lines.join('\n'));
  assert.ok(check.lines.some((l) => /up to 4 CPU and 14 GB per Linux group/.test(l)));
  assert.ok(check.lines.some((l) => /Cached in westeurope .*aci-helloworld/.test(l)));
});

test('refused with the numbers: quota used up, and a group larger than the region allows', async () => {
  for (const name of ['cap-a', 'cap-b']) {
    assert.equal((await armRequest(emu.url, await getToken(emu.url), 'PUT', `/subscriptions/${SUB}/resourceGroups/rg/providers/Microsoft.ContainerInstance/containerGroups/${name}?api-version=2023-05-01`, { body: group(4) })).status, 201);
  }
  const facts = await readRegionFacts(client, SUB, 'westeurope', '2025-09-01');
  const quota = checkCapacity(facts, groupNeeds(group(4)));
  assert.equal(quota.refusal, 'It cannot fit: 8 of 10 cores are in use in westeurope and it needs 4.');
  // An update gives back the cores the group holds.
  assert.equal(checkCapacity(facts, groupNeeds(group(4)), 4).refusal, undefined);
  const big = checkCapacity(facts, groupNeeds(group(1, 16)));
  assert.match(big.refusal ?? '', /needs 16 GB and westeurope allows at most 14 GB per Linux group/);
});

test('a read that fails is "not checked" and refuses nothing', () => {
  const failed: RegionFacts = { location: 'westeurope', capabilities: { ok: false, message: 'boom' }, usages: { ok: false, message: '403 AuthorizationFailed' }, cachedImages: { ok: false, message: 'x' } };
  const check = checkCapacity(failed, groupNeeds(minimalGroup()));
  assert.equal(check.refusal, undefined);
  assert.deepEqual(check.lines, ["The region's limits were not checked: boom", "The subscription's quota was not checked: 403 AuthorizationFailed"]);
});

test("Diagnose names the cause of each of the emulator's scripted failures", async () => {
  const expected = { 'image-not-found': 'imageNotFound', unauthorized: 'imageUnauthorized', oom: 'outOfMemory', 'restart-loop': 'restartLoop', probe: 'probeFailed', capacity: 'capacity' } as const;
  for (const [scenario, kind] of Object.entries(expected)) {
    const ref = { subscriptionId: SUB, resourceGroup: 'rg-d', name: `x-diag-${scenario}` };
    assert.equal((await armRequest(emu.url, await getToken(emu.url), 'PUT', `/subscriptions/${SUB}/resourceGroups/rg-d/providers/Microsoft.ContainerInstance/containerGroups/${ref.name}?api-version=2023-05-01`, { body: minimalGroup({}) })).status, 201);
    let live = await fetchLiveState(client, ref);
    for (let i = 0; i < 3 && live.deployed && live.group.provisioningState !== 'Succeeded'; i++) live = await fetchLiveState(client, ref);
    assert.ok(live.deployed);
    assert.deepEqual(diagnose(live.group).causes.map((c) => c.kind), [kind], scenario);
  }
});
