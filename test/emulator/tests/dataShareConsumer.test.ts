// The consumer side of the emulator's Data Share: synchronize and cancel moving with time, triggers, mappings and
// source data sets, checked against the shapes of the 2021-08-01 REST examples (data-share-live.ts, -landings.ts).
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { Emulator, startEmulator } from '../server';
import { SHARE_PATH, armRequest, getToken } from '../test-client';

describe('emulator: data share consumer actions', () => {
  let emu: Emulator;
  let token: string;
  let clock = Date.parse('2026-11-26T10:00:00Z');
  before(async () => {
    emu = await startEmulator({ retryAfterSeconds: 0, now: () => clock });
    token = await getToken(emu.url);
  });
  after(() => emu.close());

  const post = (ss: string, action: string, body: unknown = {}) => armRequest(emu.url, token, 'POST', SHARE_PATH(ss, action), { body });
  const latest = async (ss: string) => ((await post(ss, 'listSynchronizations')).json as { value: Record<string, unknown>[] }).value[0];
  const details = async (ss: string, synchronizationId: string) =>
    ((await post(ss, 'listSynchronizationDetails', { synchronizationId })).json as { value: Record<string, unknown>[] }).value;

  it('a synchronization is accepted with a status URL, goes Queued → InProgress → Failed with time, details filling in', async () => {
    const ss = 'live-rows-20-syncsecs-40';
    const res = await post(ss, 'synchronize', { synchronizationMode: 'Incremental' });
    assert.equal(res.status, 202, res.text);
    const statusUrl = res.headers.get('azure-asyncoperation')!;
    assert.match(statusUrl, /\/shareSubscriptions\/live-rows-20-syncsecs-40\/operationResults\/[^/?]+\?api-version=2021-08-01$/);
    const id = (res.json as { synchronizationId: string }).synchronizationId;
    assert.equal((res.json as { status: string }).status, 'Accepted');

    let sync = await latest(ss);
    assert.equal(sync.synchronizationId, id);
    assert.equal(sync.status, 'Queued');
    assert.equal((await details(ss, id)).length, 0);
    // Polling does not move it: the same answer however often it is asked.
    for (let i = 0; i < 5; i++) assert.equal((await armRequest(emu.url, token, 'GET', statusUrl)).json.status, 'InProgress');
    assert.equal((await latest(ss)).status, 'Queued');

    clock += 20_000;
    sync = await latest(ss);
    assert.equal(sync.status, 'InProgress');
    const half = await details(ss, id);
    assert.ok(half.length > 5 && half.length < 20, String(half.length));
    clock += 30_000;
    sync = await latest(ss);
    assert.equal(sync.status, 'Failed');
    assert.equal(sync.durationMs, 40_000);
    const all = await details(ss, id);
    assert.equal(all.length, 20);
    assert.equal(all[1].status, 'Failed'); // data set 1 always fails, as in the generated history
    const status = (await armRequest(emu.url, token, 'GET', statusUrl)).json;
    assert.equal(status.status, 'Failed');
    assert.ok(status.error?.code && status.error?.message, JSON.stringify(status));
  });

  it('a second synchronization while one runs is refused in words; a cancel stops it', async () => {
    const ss = 'cancel-syncsecs-60';
    const first = await post(ss, 'synchronize', { synchronizationMode: 'FullSync' });
    assert.equal(first.status, 202);
    const id = first.json.synchronizationId as string;
    const second = await post(ss, 'synchronize', { synchronizationMode: 'Incremental' });
    assert.equal(second.status, 409);
    assert.match(second.json.error.message, /already in progress/);
    clock += 10_000;
    const cancel = await post(ss, 'cancelSynchronization', { synchronizationId: id });
    assert.equal(cancel.status, 202, cancel.text);
    const cancelUrl = cancel.headers.get('azure-asyncoperation')!;
    assert.equal((await armRequest(emu.url, token, 'GET', cancelUrl)).json.status, 'InProgress');
    clock += 3_000;
    assert.equal((await armRequest(emu.url, token, 'GET', cancelUrl)).json.status, 'Succeeded');
    assert.equal((await latest(ss)).status, 'Canceled');
    assert.equal((await post(ss, 'cancelSynchronization', { synchronizationId: id })).status, 200);
    assert.equal((await post(ss, 'synchronize', { synchronizationMode: 'Incremental' })).status, 202);
  });

  it('a revoked share subscription and a bad mode are refused', async () => {
    const revoked = await post('feed-revoked', 'synchronize', { synchronizationMode: 'Incremental' });
    assert.equal(revoked.status, 409);
    assert.match(revoked.json.error.message, /revoked/);
    assert.equal((await post('feed', 'synchronize', { synchronizationMode: 'Sometimes' })).status, 400);
  });

  it('a trigger is created (201 Creating, then Succeeded), listed and deleted (200, then 204)', async () => {
    const path = SHARE_PATH('sched', 'triggers/ScheduleTrigger');
    const body = { kind: 'ScheduleBased', properties: { synchronizationTime: '2019-03-15T19:45:58Z', recurrenceInterval: 'Day', synchronizationMode: 'Incremental' } };
    const created = await armRequest(emu.url, token, 'PUT', path, { body });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.properties.provisioningState, 'Creating');
    assert.equal(created.json.type, 'Microsoft.DataShare/accounts/shareSubscriptions/triggers');
    clock += 1_000;
    assert.equal((await armRequest(emu.url, token, 'GET', path)).json.properties.provisioningState, 'Succeeded');
    const list = await armRequest(emu.url, token, 'GET', SHARE_PATH('sched', 'triggers'));
    assert.equal(list.json.value.length, 1);
    assert.equal(list.json.value[0].properties.recurrenceInterval, 'Day');
    assert.equal((await armRequest(emu.url, token, 'DELETE', path)).status, 200);
    assert.equal((await armRequest(emu.url, token, 'DELETE', path)).status, 204);
    assert.equal((await armRequest(emu.url, token, 'GET', SHARE_PATH('sched', 'triggers'))).json.value.length, 0);
  });

  it('source data sets and their mappings: same ids as the details, every seventh unmapped, sinks by kind', async () => {
    const sources = (await armRequest(emu.url, token, 'GET', SHARE_PATH('maps-rows-30', 'consumerSourceDataSets'))).json.value as { properties: Record<string, string> }[];
    assert.equal(sources.length, 30);
    const mappings = (await armRequest(emu.url, token, 'GET', SHARE_PATH('maps-rows-30', 'dataSetMappings'))).json.value as { kind: string; properties: Record<string, string> }[];
    assert.equal(mappings.length, 30 - 4);
    const mapped = new Set(mappings.map((m) => m.properties.dataSetId));
    assert.ok(!mapped.has(sources[3].properties.dataSetId));
    assert.ok(mapped.has(sources[0].properties.dataSetId));
    for (const m of mappings) {
      const sinkKeys = Object.keys(m.properties).filter((k) => /containerName|fileSystem|tableName|kustoClusterResourceId|synapseWorkspaceSqlPoolTableResourceId/.test(k));
      assert.ok(sinkKeys.length > 0, JSON.stringify(m));
    }
  });
});
