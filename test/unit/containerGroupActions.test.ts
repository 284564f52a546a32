// Start, stop, restart and delete through the one ARM client against the emulator over real sockets on 127.0.0.1,
// and the answers the emulator does not give by default (a delete's 202 with a status URL) from a local server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { ArmError } from '../../src/core/arm/errors';
import { runContainerGroupAction } from '../../src/core/containerGroup/actions';
import { getContainerGroup } from '../../src/core/services/containerGroups';
import { json, startFixture, startHarness, StaticTokenProvider, type Harness } from './armHarness';
import { ACI_PATH, armRequest, getToken, minimalGroup } from '../emulator/testClient';

const SUB = '00000000-0000-0000-0000-0000000000a5';
const RG = 'rg-actions';
let h: Harness;
const noWait = { sleep: async () => undefined };

before(async () => {
  h = await startHarness({ lroPolls: 1 });
});
after(() => h.close());

const ref = (name: string) => ({ subscriptionId: SUB, resourceGroup: RG, name });

async function deployed(name: string): Promise<void> {
  const token = await getToken(h.emu.url);
  assert.equal((await armRequest(h.emu.url, token, 'PUT', ACI_PATH(name, SUB, RG), { body: minimalGroup() })).status, 201);
  // Poll the group until its create has ended (the emulator ends it after one poll).
  for (let i = 0; i < 5; i++) {
    const view = (await armRequest(h.emu.url, token, 'GET', ACI_PATH(name, SUB, RG))).json;
    if (view.properties.provisioningState === 'Succeeded') return;
  }
  assert.fail('the create did not end');
}

/** ARM requests the emulator served since `from` (the sign-in's token requests left out). */
const armSince = (from: number) => h.emu.requests.slice(from).filter((r) => r.path.startsWith('/subscriptions/'));

const instanceState = async (name: string): Promise<unknown> =>
  ((await getContainerGroup(h.client, ref(name))).body.properties?.instanceView as { state?: string } | undefined)?.state;

test('stop is one POST answered 204; a later GET shows the group Stopped', async () => {
  await deployed('act-stop');
  const from = h.emu.requests.length;
  const result = await runContainerGroupAction(h.client, ref('act-stop'), 'stop', noWait);
  assert.deepEqual([result.outcome, result.status, result.polls], ['succeeded', 204, 0]);
  assert.deepEqual(armSince(from).map((r) => `${r.method} ${r.status}`), ['POST 204']);
  assert.equal(await instanceState('act-stop'), 'Stopped');
});

test('start of a stopped group follows the 202 status URL to Succeeded; the group runs again', async () => {
  await deployed('act-start');
  await runContainerGroupAction(h.client, ref('act-start'), 'stop', noWait);
  const states: string[] = [];
  const from = h.emu.requests.length;
  const result = await runContainerGroupAction(h.client, ref('act-start'), 'start', { ...noWait, onProgress: (p) => states.push(p.status) });
  assert.equal(result.outcome, 'succeeded');
  assert.ok(result.polls >= 1, 'the status URL was polled');
  assert.equal(states.at(-1), 'Succeeded');
  const sent = armSince(from);
  assert.equal(`${sent[0].method} ${sent[0].status}`, 'POST 202');
  assert.ok(sent.slice(1).every((r) => r.method === 'GET' && r.path.includes('/operations/')), JSON.stringify(sent));
  assert.equal(await instanceState('act-start'), 'Running');
  // Already running: 204 and nothing to follow.
  const again = await runContainerGroupAction(h.client, ref('act-start'), 'start', noWait);
  assert.deepEqual([again.outcome, again.status, again.polls], ['succeeded', 204, 0]);
});

test('restart answers 204 and the group runs on; a stopped group is not restarted, in the service words', async () => {
  await deployed('act-restart');
  const result = await runContainerGroupAction(h.client, ref('act-restart'), 'restart', noWait);
  assert.deepEqual([result.outcome, result.status], ['succeeded', 204]);
  assert.equal(await instanceState('act-restart'), 'Running');
  await runContainerGroupAction(h.client, ref('act-restart'), 'stop', noWait);
  await assert.rejects(runContainerGroupAction(h.client, ref('act-restart'), 'restart', noWait), (e: unknown) => {
    assert.ok(e instanceof ArmError);
    assert.deepEqual([e.status, e.code], [409, 'ContainerGroupStopped']);
    assert.match(e.message, /Container Group 'act-restart' in resource group 'rg-actions' is stopped\./);
    return true;
  });
});

test('delete answers 200 with the group; a later GET is 404 and a second delete says it is not deployed', async () => {
  await deployed('act-delete');
  const result = await runContainerGroupAction(h.client, ref('act-delete'), 'delete', noWait);
  assert.deepEqual([result.outcome, result.status, result.polls], ['succeeded', 200, 0]);
  await assert.rejects(getContainerGroup(h.client, ref('act-delete')), (e: unknown) => e instanceof ArmError && e.status === 404);
  const again = await runContainerGroupAction(h.client, ref('act-delete'), 'delete', noWait);
  assert.deepEqual([again.outcome, again.status], ['notDeployed', 204]);
});

test('an action on a group never deployed is notDeployed with the service message, not an error', async () => {
  for (const action of ['start', 'stop', 'restart'] as const) {
    const result = await runContainerGroupAction(h.client, ref('act-never'), action, noWait);
    assert.deepEqual([result.outcome, result.status], ['notDeployed', 404], action);
    assert.match(result.message ?? '', /containerGroups\/act-never' under resource group 'rg-actions' was not found/);
  }
});

test('an action while the group is still changing is the 409 in the service words', async () => {
  const token = await getToken(h.emu.url);
  assert.equal((await armRequest(h.emu.url, token, 'PUT', ACI_PATH('act-busy', SUB, RG), { body: minimalGroup() })).status, 201);
  await assert.rejects(runContainerGroupAction(h.client, ref('act-busy'), 'restart', noWait), (e: unknown) => {
    assert.ok(e instanceof ArmError);
    assert.equal(e.status, 409);
    assert.equal(e.code, 'ContainerGroupTransitioning');
    assert.match(e.message, /The container group 'act-busy' is still transitioning, please retry later\./);
    return true;
  });
});

test('cancelling while a start is followed stops the wait and says it may still be running', async () => {
  await deployed('act-cancel');
  await runContainerGroupAction(h.client, ref('act-cancel'), 'stop', noWait);
  const abort = new AbortController();
  await assert.rejects(
    runContainerGroupAction(h.client, ref('act-cancel'), 'start', {
      signal: abort.signal,
      sleep: async (_ms, signal) => {
        abort.abort();
        if (signal?.aborted) throw new ArmError('canceled', { kind: 'canceled' });
      },
    }),
    (e: unknown) => e instanceof ArmError && e.kind === 'canceled' && /may still be running in Azure/.test(e.message),
  );
});

test('a delete answered 202 follows its status URL and reads no resource afterwards', async () => {
  let polls = 0;
  const fixture = await startFixture((req, _body, res, self) => {
    if (req.method === 'DELETE') {
      // ContainerGroupsDelete.json's 202: only an azure-asyncoperation header.
      res.writeHead(202, { 'azure-asyncoperation': `${self.url}/subscriptions/${SUB}/providers/Microsoft.ContainerInstance/locations/westeurope/operations/op-1?api-version=2018-06-01` });
      res.end();
      return;
    }
    polls++;
    json(res, 200, { status: polls < 2 ? 'Pending' : 'Succeeded' });
  });
  try {
    const client = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: `${fixture.url}/.default`, userAgent: 'actions-test', maxRetries: 0 });
    const result = await runContainerGroupAction(client, ref('act-202'), 'delete', noWait);
    assert.deepEqual([result.outcome, result.polls], ['succeeded', 2]);
    const seen = fixture.hits.map((hit) => `${hit.method} ${hit.url}`);
    assert.equal(seen.length, 3, seen.join('\n'));
    assert.ok(seen.slice(1).every((s) => s.startsWith('GET ') && s.includes('/operations/op-1')), seen.join('\n'));
  } finally {
    await fixture.close();
  }
});

test('a delete, start, restart or stop answered 202 with no status URL ends as accepted: one request, no polling, no wait', async () => {
  // The RPC requires a Location on such a 202; without one there is nothing to follow. The group reads as gone.
  const fixture = await startFixture((req, _body, res) => {
    if (req.method === 'GET') return json(res, 404, { error: { code: 'ResourceNotFound', message: 'gone' } });
    res.writeHead(202, { 'x-ms-request-id': 'westeurope:00000000-0000-0000-0000-00000000a202' });
    res.end();
  });
  try {
    const client = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: `${fixture.url}/.default`, userAgent: 'actions-test', maxRetries: 0 });
    let sleeps = 0;
    for (const action of ['delete', 'start', 'restart', 'stop'] as const) {
      const result = await runContainerGroupAction(client, ref('act-accepted'), action, { sleep: async () => void sleeps++ });
      assert.deepEqual([result.outcome, result.status, result.polls, result.requestId], ['accepted', 202, 0, 'westeurope:00000000-0000-0000-0000-00000000a202'], action);
    }
    assert.deepEqual(fixture.hits.map((hit) => hit.method), ['DELETE', 'POST', 'POST', 'POST']);
    assert.equal(sleeps, 0);
  } finally {
    await fixture.close();
  }
});
