// Replays published REST examples and a recorded real deploy of a container group through the product's
// client and deploy path (prepareDeploy → deployBody) over a real socket, and checks what the user is shown.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../../src/core/arm/client';
import type { LroProgress } from '../../../src/core/arm/lro';
import { deployBody, prepareDeploy, type DeployTarget } from '../../../src/core/deploy/deployContainerGroup';
import { StaticTokenProvider } from '../../unit/armHarness';
import { startReplay, type Fixture } from '../replayServer';
import recordedSdkJs from './create-recorded-sdk-js.json';
import createConfidential from './createConfidential-example.json';
import createOrUpdate from './createOrUpdate-example.json';
import createPriority from './createPriority-example.json';

type Target = Omit<DeployTarget, 'location'>;
/** A recorded deploy: the target and definition the exchanges were made with. */
type DeployFixture = Fixture & { target: Target; definition: Record<string, unknown> };

function loadFixture(file: object): DeployFixture {
  const fixture = file as DeployFixture;
  assert.ok(fixture.source.length > 20, 'the fixture says where it comes from');
  return fixture;
}

/** Deploys the fixture's definition against its recording; the sleeps record the waits asked for between polls. */
async function replayDeploy(fixture: DeployFixture) {
  const replay = await startReplay(fixture);
  try {
    const client = new ArmClient({ endpoint: replay.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'contract', timeoutMs: 5000, maxRetries: 0 });
    const prepared = await prepareDeploy(JSON.stringify(fixture.definition), `${fixture.target.name}.aci.json`, fixture.target, () => undefined);
    const waits: number[] = [];
    const progress: LroProgress[] = [];
    const run = await deployBody(client, fixture.target, prepared.body, {
      onProgress: (p) => progress.push(p),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    assert.deepEqual(replay.mismatches, [], 'every request is the next one of the recording, as recorded');
    assert.equal(replay.served(), fixture.exchanges.length, 'the whole recording was replayed');
    return { run, waits, progress, hits: replay.hits };
  } finally {
    await replay.close();
  }
}

test('ContainerGroupsCreateOrUpdate (REST example): the body sent is the published request; state, IP and FQDN shown from the 201', async () => {
  const fixture = loadFixture(createOrUpdate);
  const { run, waits, hits } = await replayDeploy(fixture);
  assert.deepEqual(hits[0].body, fixture.definition);
  // A 201 with a terminal provisioningState and no status header: done, nothing to poll.
  assert.equal(run.polls, 0);
  assert.deepEqual(waits, []);
  assert.equal(run.group.provisioningState, 'Succeeded');
  assert.equal(run.group.ip, '10.0.0.1');
  assert.equal(run.group.fqdn, 'dnsnamelabel1.azure-container.io');
  assert.deepEqual(run.group.ports, ['80/TCP']);
});

test('ContainerGroupCreateConfidential (REST example): the Confidential sku and its policy sent as published; Running at once', async () => {
  const fixture = loadFixture(createConfidential);
  const { run, waits, hits } = await replayDeploy(fixture);
  assert.deepEqual(hits[0].body, fixture.definition);
  assert.equal(run.polls, 0);
  assert.deepEqual(waits, []);
  assert.deepEqual([run.group.provisioningState, run.group.instanceState, run.group.ports], ['Succeeded', 'Running', ['8000/TCP']]);
});

test('ContainerGroupsCreatePriority (REST example): a 201 "Created" without status headers is followed on the resource to Succeeded', async () => {
  const fixture = loadFixture(createPriority);
  const { run, waits, progress } = await replayDeploy(fixture);
  assert.deepEqual(progress.map((p) => p.status), ['Created', 'Succeeded']);
  assert.equal(run.polls, 1);
  // No Retry-After: the default interval, never an immediate re-poll.
  assert.deepEqual(waits, [2000]);
  assert.equal(run.group.provisioningState, 'Succeeded');
  assert.equal(run.group.instanceState, 'Succeeded');
  assert.equal(run.group.ip, undefined);
});

test('a recorded real deploy: the 2018-06-01 status URL is polled exactly as given, Pending → Succeeded, at the default interval', async () => {
  const fixture = loadFixture(recordedSdkJs);
  const statusUrl = fixture.exchanges[0].response.headers['azure-asyncoperation'];
  const { run, waits, progress, hits } = await replayDeploy(fixture);
  const asGiven = new URL(statusUrl);
  const polls = hits.filter((h) => h.url.includes('/operations/')).map((h) => h.url);
  assert.deepEqual(polls, Array(4).fill(asGiven.pathname + asGiven.search));
  assert.match(polls[0], /\?api-version=2018-06-01$/);
  assert.match(hits.at(-1)!.url, /containerGroups\/mycontainerGroupxxx\?api-version=2023-05-01$/);
  assert.deepEqual(progress.map((p) => p.status), ['Pending', 'Pending', 'Pending', 'Creating', 'Succeeded']);
  // The service sent no Retry-After at all: one default wait before each poll.
  assert.deepEqual(waits, [2000, 2000, 2000, 2000]);
  assert.equal(run.polls, 4);
  assert.equal(run.group.provisioningState, 'Succeeded');
  assert.equal(run.group.instanceState, 'Running');
  assert.deepEqual(
    run.group.containers.map((c) => [c.name, c.state, c.events.map((e) => e.name)]),
    [['my-containerinstancexx', 'Running', ['Pulling', 'Pulled', 'Created', 'Started']]],
  );
});
