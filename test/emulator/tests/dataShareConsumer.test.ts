// The consumer side of the emulator's Data Share: synchronize and cancel moving with time, triggers, mappings and
// source data sets, checked against the shapes of the 2021-08-01 REST examples (dataShareLive.ts, dataShareLandings.ts).
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { Emulator, startEmulator } from '../server';
import { SHARE_PATH, armRequest, getToken } from '../testClient';

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

  it('a synchronization ends Completed (the ListSynchronizations example) with every data set Completed, and its status URL says Succeeded', async () => {
    const ss = 'ok-rows-12-syncsecs-20';
    const res = await post(ss, 'synchronize', { synchronizationMode: 'Incremental' });
    assert.equal(res.status, 202, res.text);
    const statusUrl = res.headers.get('azure-asyncoperation')!;
    const id = (res.json as { synchronizationId: string }).synchronizationId;
    clock += 21_000;
    const sync = await latest(ss);
    assert.deepEqual([sync.synchronizationId, sync.status, sync.durationMs, typeof sync.endTime, sync.message], [id, 'Completed', 20_000, 'string', undefined]);
    const all = await details(ss, id);
    assert.equal(all.length, 12);
    assert.deepEqual([...new Set(all.map((d) => d.status))], ['Completed']);
    assert.ok(all.every((d) => d.message === undefined && d.sizeWritten === d.sizeRead));
    const status = (await armRequest(emu.url, token, 'GET', statusUrl)).json;
    assert.equal(status.status, 'Succeeded');
    assert.equal(status.error, undefined);
  });

  it('a synchronization scripted to fail (syncfail) is accepted with a status URL, goes Queued → InProgress → Failed with time, details filling in', async () => {
    const ss = 'live-syncfail-rows-20-syncsecs-40';
    const res = await post(ss, 'synchronize', { synchronizationMode: 'Incremental' });
    assert.equal(res.status, 202, res.text);
    const statusUrl = res.headers.get('azure-asyncoperation')!;
    assert.match(statusUrl, /\/shareSubscriptions\/live-syncfail-rows-20-syncsecs-40\/operationResults\/[^/?]+\?api-version=2021-08-01$/);
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
    // The CancelSynchronization example's 200 spells it Cancelled; OperationResponse's enum says Canceled.
    assert.equal((await latest(ss)).status, 'Cancelled');
    assert.equal((await armRequest(emu.url, token, 'GET', first.headers.get('azure-asyncoperation')!)).json.status, 'Canceled');
    const again = await post(ss, 'cancelSynchronization', { synchronizationId: id });
    assert.deepEqual([again.status, again.json.status], [200, 'Cancelled']);
    assert.equal((await post(ss, 'synchronize', { synchronizationMode: 'Incremental' })).status, 202);
  });

  it('a revoked share subscription and a bad mode are refused', async () => {
    const revoked = await post('feed-revoked', 'synchronize', { synchronizationMode: 'Incremental' });
    assert.equal(revoked.status, 409);
    assert.match(revoked.json.error.message, /revoked/);
    assert.equal((await post('feed', 'synchronize', { synchronizationMode: 'Sometimes' })).status, 400);
  });

  it('a trigger is created (201 Creating, then Succeeded), listed and deleted (202 with its status URL, then 204)', async () => {
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
    // Triggers_Delete example: 202, x-ms-retry-after-ms and an Azure-AsyncOperation URL under the trigger.
    const deleted = await armRequest(emu.url, token, 'DELETE', path);
    assert.equal(deleted.status, 202);
    assert.equal(deleted.headers.get('x-ms-retry-after-ms'), '30');
    const deleteUrl = deleted.headers.get('azure-asyncoperation')!;
    assert.match(deleteUrl, /\/shareSubscriptions\/sched\/triggers\/ScheduleTrigger\/operationResults\/[^/?]+\?api-version=2021-08-01$/);
    assert.equal((await armRequest(emu.url, token, 'GET', deleteUrl)).json.status, 'Succeeded');
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

  it('a data set mapping is created (201, then 200 when replaced, as DataSetMappings_Create) and the listing takes $filter and $orderby', async () => {
    const path = SHARE_PATH('maps-rows-10', 'dataSetMappings/DatasetMapping1');
    const body = { kind: 'Blob', properties: { dataSetId: 'a08f184b-0567-4b11-ba22-a1199336d226', storageAccountName: 'storage2', filePath: 'file21', containerName: 'C1', subscriptionId: '433a8dfd-e5d5-4e77-ad86-90acdc75eb1a', resourceGroup: 'SampleResourceGroup' } };
    const created = await armRequest(emu.url, token, 'PUT', path, { body });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual([created.json.name, created.json.type, created.json.properties.containerName], ['DatasetMapping1', 'Microsoft.DataShare/accounts/shareSubscriptions/dataSetMappings', 'C1']);
    assert.equal((await armRequest(emu.url, token, 'PUT', path, { body })).status, 200);
    assert.equal((await armRequest(emu.url, token, 'PUT', path, { body: { kind: 'Blob', properties: {} } })).status, 400);
    const list = (q: string) => armRequest(emu.url, token, 'GET', `${SHARE_PATH('maps-rows-10', 'dataSetMappings')}&${q}`);
    const filtered = await list(`$filter=${encodeURIComponent("name eq 'DatasetMapping1'")}&$orderby=name`);
    assert.deepEqual(filtered.json.value.map((m: { name: string }) => m.name), ['DatasetMapping1']);
    const ordered = (await list('$orderby=name%20desc')).json.value.map((m: { name: string }) => m.name) as string[];
    assert.deepEqual(ordered, [...ordered].sort().reverse());
    assert.equal((await list(`$filter=${encodeURIComponent("size eq '1'")}`)).status, 400);
  });
});
