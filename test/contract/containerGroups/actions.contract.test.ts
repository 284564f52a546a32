// Replays the published start/stop/restart/delete examples and a recorded real delete through the product's
// actions (runContainerGroupAction) over a real socket, then checks that the emulator answers the same way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../../src/core/arm/client';
import { runContainerGroupAction, type ActionResult, type ContainerGroupAction } from '../../../src/core/containerGroup/actions';
import type { ContainerGroupRef } from '../../../src/core/services/resourcePaths';
import { startTestEmulator } from '../../emulator/testEmulator';
import { ACI_PATH, armRequest, getToken, minimalGroup } from '../../emulator/testClient';
import { StaticTokenProvider } from '../../unit/armHarness';
import { startReplay, type Fixture } from '../replayServer';
import deleteExamples from './delete-examples.json';
import deleteRecorded from './delete-recorded-sdk-js.json';
import startExample from './start-example.json';
import stopRestartExamples from './stop-restart-examples.json';

type ActionFixture = Fixture & { target: ContainerGroupRef };

/** Runs `actions` in order against the fixture's recording; every request must be the next recorded one. */
async function replay(file: object, actions: ContainerGroupAction[]): Promise<{ results: ActionResult[]; waits: number[] }> {
  const fixture = file as ActionFixture;
  assert.ok(fixture.source.length > 20, 'the fixture says where it comes from');
  const server = await startReplay(fixture);
  try {
    const client = new ArmClient({ endpoint: server.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'contract', timeoutMs: 5000, maxRetries: 0 });
    const waits: number[] = [];
    const results: ActionResult[] = [];
    for (const action of actions) {
      results.push(await runContainerGroupAction(client, fixture.target, action, { sleep: async (ms) => void waits.push(ms) }));
    }
    assert.deepEqual(server.mismatches, [], 'every request is the next one of the recording, as recorded');
    assert.equal(server.served(), fixture.exchanges.length, 'the whole recording was replayed');
    return { results, waits };
  } finally {
    await server.close();
  }
}

test('ContainerGroupsStart (REST example): the 202 status URL is polled exactly as given until Succeeded, at the default interval', async () => {
  const { results, waits } = await replay(startExample, ['start']);
  assert.deepEqual([results[0].outcome, results[0].polls], ['succeeded', 2]);
  assert.deepEqual(waits, [2000, 2000]);
});

test('ContainerGroupsStop and ContainerGroupsRestart (REST examples): one POST each, 204, nothing to follow', async () => {
  const { results, waits } = await replay(stopRestartExamples, ['stop', 'restart']);
  assert.deepEqual(results.map((r) => [r.action, r.outcome, r.status, r.polls]), [
    ['stop', 'succeeded', 204, 0],
    ['restart', 'succeeded', 204, 0],
  ]);
  assert.deepEqual(waits, []);
});

test('ContainerGroupsDelete (REST example): 204 means there was no such group', async () => {
  const { results } = await replay(deleteExamples, ['delete']);
  assert.deepEqual([results[0].outcome, results[0].status], ['notDeployed', 204]);
});

test('a recorded real delete: 200 with the group as it was ends the delete at once, with its request id', async () => {
  const { results, waits } = await replay(deleteRecorded, ['delete']);
  assert.deepEqual([results[0].outcome, results[0].status, results[0].polls], ['succeeded', 200, 0]);
  assert.equal(results[0].requestId, 'eastus:d8c4b479-7daf-4ba4-8591-793bbcfa1a2b');
  assert.deepEqual(waits, []);
});

test('the emulator answers as these fixtures: start 202 with a status URL, stop and restart 204, delete 200 then 204', async () => {
  const emu = await startTestEmulator({ lroPolls: 0 });
  try {
    const token = await getToken(emu.url);
    const sub = '00000000-0000-0000-0000-0000000000c7';
    const path = ACI_PATH('contract-actions', sub, 'demo');
    const action = (name: string) => path.replace('?', `/${name}?`);
    assert.equal((await armRequest(emu.url, token, 'PUT', path, { body: minimalGroup() })).status, 201);
    assert.equal((await armRequest(emu.url, token, 'GET', path)).json.properties.provisioningState, 'Succeeded');

    const stop = await armRequest(emu.url, token, 'POST', action('stop'));
    assert.deepEqual([stop.status, stop.text], [204, '']);
    const start = await armRequest(emu.url, token, 'POST', action('start'));
    assert.equal(start.status, 202);
    assert.match(start.headers.get('azure-asyncoperation') ?? '', /\/providers\/Microsoft\.ContainerInstance\/locations\/westeurope\/operations\/[^/?]+\?api-version=2018-06-01$/);
    assert.equal((await armRequest(emu.url, token, 'GET', start.headers.get('azure-asyncoperation')!)).json.status, 'Succeeded');
    assert.equal((await armRequest(emu.url, token, 'POST', action('restart'))).status, 204);

    const deleted = await armRequest(emu.url, token, 'DELETE', path);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.json.properties.provisioningState, 'Succeeded');
    assert.match(deleted.headers.get('x-ms-request-id') ?? '', /^westeurope:[0-9a-f-]{36}$/);
    assert.match(deleted.headers.get('x-ms-ratelimit-remaining-subscription-deletes') ?? '', /^\d+$/);
    assert.equal((await armRequest(emu.url, token, 'GET', path)).status, 404);
    assert.equal((await armRequest(emu.url, token, 'DELETE', path)).status, 204);
  } finally {
    await emu.close();
  }
});
