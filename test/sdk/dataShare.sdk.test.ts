/**
 * The emulator's Data Share, driven through the official Azure SDK machinery (@azure/core-client operation specs and
 * mappers, @azure/core-lro createHttpPoller) for every Data Share operation the product uses, with each operation's
 * shapes, enums and long-running options as the 2021-08-01 swagger declares them (Azure/azure-rest-api-specs
 * specification/datashare/resource-manager/Microsoft.DataShare/stable/2021-08-01/DataShare.json): Synchronize and
 * CancelSynchronization are LROs with final-state-via location; Triggers_Create and Triggers_Delete are LROs without
 * options. Any answer the SDK cannot read, or that breaks its mapper, fails.
 */
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { Emulator } from '../emulator/server';
import { startTestEmulator } from '../emulator/testEmulator';
import { EMULATOR_SUBSCRIPTION } from '../emulator/pickLists';
import { getToken } from '../emulator/testClient';
import { API_VERSION, DataShareSdkClient, spec, type ShareSubscriptionArgs } from './dataShareClient';
import * as M from './dataShareMappers';

const SYNC = { name: 'synchronize', mapper: { serializedName: 'Synchronize', type: { name: 'Composite', modelProperties: { synchronizationMode: { serializedName: 'synchronizationMode', type: { name: 'Enum', allowedValues: ['Incremental', 'FullSync'] } } } } } };
const CANCEL = { name: 'shareSubscriptionSynchronization', mapper: M.ShareSubscriptionSynchronization };
const OPS = {
  listSynchronizations: spec('POST', '/listSynchronizations', { 200: { bodyMapper: M.ShareSubscriptionSynchronizationList } }),
  listSynchronizationDetails: spec('POST', '/listSynchronizationDetails', { 200: { bodyMapper: M.SynchronizationDetailsList } }, CANCEL),
  listSourceShareSynchronizationSettings: spec('POST', '/listSourceShareSynchronizationSettings', { 200: { bodyMapper: M.SourceShareSynchronizationSettingList } }),
  synchronize: spec('POST', '/synchronize', { 200: { bodyMapper: M.ShareSubscriptionSynchronization }, 201: { bodyMapper: M.ShareSubscriptionSynchronization }, 202: { bodyMapper: M.ShareSubscriptionSynchronization }, 204: {} }, SYNC as never),
  cancelSynchronization: spec('POST', '/cancelSynchronization', { 200: { bodyMapper: M.ShareSubscriptionSynchronization }, 201: { bodyMapper: M.ShareSubscriptionSynchronization }, 202: { bodyMapper: M.ShareSubscriptionSynchronization }, 204: {} }, CANCEL),
  createTrigger: spec('PUT', '/triggers/{triggerName}', { 200: { bodyMapper: M.Trigger }, 201: { bodyMapper: M.Trigger }, 202: { bodyMapper: M.Trigger }, 204: { bodyMapper: M.Trigger } }, { name: 'trigger', mapper: M.Trigger }),
  getTrigger: spec('GET', '/triggers/{triggerName}', { 200: { bodyMapper: M.Trigger } }),
  listTriggers: spec('GET', '/triggers', { 200: { bodyMapper: M.TriggerList } }),
  deleteTrigger: spec('DELETE', '/triggers/{triggerName}', { 200: { bodyMapper: M.OperationResponse }, 201: { bodyMapper: M.OperationResponse }, 202: { bodyMapper: M.OperationResponse }, 204: { bodyMapper: M.OperationResponse } }),
  createDataSetMapping: spec('PUT', '/dataSetMappings/{dataSetMappingName}', { 200: { bodyMapper: M.DataSetMapping }, 201: { bodyMapper: M.DataSetMapping } }, { name: 'dataSetMapping', mapper: M.DataSetMapping }),
  listDataSetMappings: spec('GET', '/dataSetMappings', { 200: { bodyMapper: M.DataSetMappingList } }),
  listConsumerSourceDataSets: spec('GET', '/consumerSourceDataSets', { 200: { bodyMapper: M.ConsumerSourceDataSetList } }),
  listAccounts: spec('GET', '/subscriptions/{subscriptionId}/providers/Microsoft.DataShare/accounts', { 200: { bodyMapper: M.AccountList } }),
  listShareSubscriptions: spec('GET', '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.DataShare/accounts/{accountName}/shareSubscriptions', { 200: { bodyMapper: M.ShareSubscriptionList } }),
};

type Sync = { synchronizationId: string; status?: string; endTime?: Date; durationMs?: number };

describe('Data Share through the official SDK machinery (core-client, core-lro)', () => {
  let emu: Emulator;
  let token = '';
  let client: DataShareSdkClient;
  // Every request moves the emulator's clock 2 s: a synchronization runs its course while it is polled.
  let clock = Date.parse('2026-11-26T10:00:00Z');
  before(async () => {
    emu = await startTestEmulator({ lroPolls: 2, now: () => clock });
    token = await getToken(emu.url);
    client = new DataShareSdkClient(emu.url, () => token);
    client.pipeline.addPolicy({ name: 'clock', sendRequest: (req, next) => ((clock += 2_000), next(req)) });
  });
  after(() => emu.close());

  const at = (shareSubscriptionName: string): ShareSubscriptionArgs & { $host: string } => ({ $host: emu.url, subscriptionId: 'sub-1', resourceGroupName: 'rg-1', accountName: 'acct-1', shareSubscriptionName });
  const noBreach = () => assert.deepEqual(client.breaches.splice(0).slice(0, 5), []);
  /** $filter and $orderby travel in the operation's options, as generated clients pass them. */
  const odata = (o: { filter?: string; orderby?: string }) => o as Record<string, unknown>;

  it('Synchronize (final-state-via location) ends Succeeded; the listing and its details then read Completed', async () => {
    const ss = 'sdk-rows-12-syncsecs-20';
    const { initial, polls } = await client.lro<Sync>({ ...at(ss), synchronize: { synchronizationMode: 'Incremental' } }, OPS.synchronize, 'location');
    assert.equal(initial.rawResponse.statusCode, 202);
    assert.ok(initial.rawResponse.headers['azure-asyncoperation']);
    assert.ok(polls > 0);
    const id = initial.flatResponse.synchronizationId;
    const syncs = await client.listAll<Sync>({ ...at(ss), options: odata({ orderby: 'startTime desc' }) }, OPS.listSynchronizations);
    const run = syncs.find((s) => s.synchronizationId === id);
    assert.equal(run?.status, 'Completed');
    assert.ok(run?.endTime instanceof Date && !Number.isNaN(run.endTime.getTime()));
    const details = await client.listAll<{ status: string }>({ ...at(ss), shareSubscriptionSynchronization: { synchronizationId: id } }, OPS.listSynchronizationDetails);
    assert.deepEqual([details.length, [...new Set(details.map((d) => d.status))]], [12, ['Completed']]);
    noBreach();
  });

  it('a synchronization scripted to fail ends Failed through the poller, with the error the swagger requires', async () => {
    await assert.rejects(client.lro({ ...at('sdk-syncfail-rows-5-syncsecs-10'), synchronize: { synchronizationMode: 'FullSync' } }, OPS.synchronize, 'location'), /failed/i);
    noBreach();
  });

  it('CancelSynchronization (final-state-via location) stops a run; the listing reads Cancelled', async () => {
    const ss = 'sdk-cancel-syncsecs-600';
    const started = await client.send<Sync>({ ...at(ss), synchronize: { synchronizationMode: 'Incremental' } }, OPS.synchronize);
    const id = started.flatResponse.synchronizationId;
    await client.lro({ ...at(ss), shareSubscriptionSynchronization: { synchronizationId: id } }, OPS.cancelSynchronization, 'location');
    const syncs = await client.listAll<Sync>({ ...at(ss), options: odata({ filter: "status eq 'Cancelled'" }) }, OPS.listSynchronizations);
    assert.ok(syncs.some((s) => s.synchronizationId === id));
    noBreach();
  });

  it('listings: synchronizations ordered and filtered, details over several pages by POST, source settings', async () => {
    const ss = 'sdk-list-rows-120-pagesize-50-syncs-9';
    const failed = await client.listAll<Sync>({ ...at(ss), options: odata({ filter: "status eq 'Failed'", orderby: 'startTime desc' }) }, OPS.listSynchronizations);
    assert.ok(failed.length > 0 && failed.every((s) => s.status === 'Failed'));
    const all = await client.listAll<Sync & { startTime: Date }>(at(ss), OPS.listSynchronizations);
    const details = await client.listAll<unknown>({ ...at(ss), shareSubscriptionSynchronization: { synchronizationId: all[0].synchronizationId } }, OPS.listSynchronizationDetails);
    assert.equal(details.length, 120);
    const settings = await client.listAll<{ kind: string; recurrenceInterval: string }>(at('sdk-settings-3'), OPS.listSourceShareSynchronizationSettings);
    assert.deepEqual(settings.map((s) => s.kind), ['ScheduleBased', 'ScheduleBased', 'ScheduleBased']);
    noBreach();
  });

  it('Triggers_Create (LRO, default final state: the trigger itself) is read until Succeeded; get, list; Triggers_Delete (LRO) 202 then 204', async () => {
    const args = { ...at('sdk-sched'), triggerName: 'ScheduleTrigger' };
    const trigger = { kind: 'ScheduleBased', recurrenceInterval: 'Day', synchronizationTime: new Date('2019-03-15T19:45:58Z'), synchronizationMode: 'Incremental' };
    const created = await client.lro<{ provisioningState: string; triggerStatus: string }>({ ...args, trigger }, OPS.createTrigger);
    assert.equal(created.initial.rawResponse.statusCode, 201);
    assert.deepEqual([created.result.provisioningState, created.result.triggerStatus], ['Succeeded', 'Active']);
    assert.equal((await client.send<{ name: string }>(args, OPS.getTrigger)).flatResponse.name, 'ScheduleTrigger');
    assert.equal((await client.listAll(at('sdk-sched'), OPS.listTriggers)).length, 1);
    const deleted = await client.lro(args, OPS.deleteTrigger);
    assert.equal(deleted.initial.rawResponse.statusCode, 202);
    assert.equal((await client.lro(args, OPS.deleteTrigger)).initial.rawResponse.statusCode, 204);
    assert.equal((await client.listAll(at('sdk-sched'), OPS.listTriggers)).length, 0);
    noBreach();
  });

  it('DataSetMappings_Create, DataSetMappings_ListByShareSubscription ($filter, $orderby) and ConsumerSourceDataSets_ListByShareSubscription', async () => {
    const ss = 'sdk-maps-rows-60';
    const mapping = { kind: 'Blob', dataSetId: 'a08f184b-0567-4b11-ba22-a1199336d226' };
    const created = await client.send<{ name: string }>({ ...at(ss), dataSetMappingName: 'DatasetMapping1', dataSetMapping: mapping }, OPS.createDataSetMapping);
    assert.deepEqual([created.rawResponse.statusCode, created.flatResponse.name], [201, 'DatasetMapping1']);
    const one = await client.listAll<{ name: string }>({ ...at(ss), options: odata({ filter: "name eq 'DatasetMapping1'", orderby: 'name' }) }, OPS.listDataSetMappings);
    assert.deepEqual(one.map((m) => m.name), ['DatasetMapping1']);
    const mappings = await client.listAll<{ dataSetId: string }>(at(ss), OPS.listDataSetMappings);
    const sources = await client.listAll<{ dataSetId: string }>(at(ss), OPS.listConsumerSourceDataSets);
    assert.equal(sources.length, 60);
    assert.ok(mappings.length > 50, String(mappings.length));
    noBreach();
  });

  it('Accounts_ListBySubscription and ShareSubscriptions_ListByAccount (the Add flow)', async () => {
    const sub = { $host: emu.url, subscriptionId: EMULATOR_SUBSCRIPTION };
    const accounts = await client.listAll<{ name: string; id: string }>(sub, OPS.listAccounts);
    assert.ok(accounts.length > 0);
    const rg = /\/resourceGroups\/([^/]+)\//.exec(accounts[0].id)![1];
    const subs = await client.listAll<{ name: string; shareSubscriptionStatus: string }>({ ...sub, resourceGroupName: rg, accountName: accounts[0].name }, OPS.listShareSubscriptions);
    assert.ok(subs.length > 0 && subs.every((s) => s.shareSubscriptionStatus === 'Active'));
    noBreach();
  });

  it('the conformance check itself catches a breach (a status outside OperationResponse, a missing synchronizationId)', async () => {
    const { conformance } = await import('./dataShareClient');
    assert.deepEqual(conformance(M.OperationResponse, { status: 'Completed' }), ['$.status "Completed" is not one of Accepted|InProgress|TransientFailure|Succeeded|Failed|Canceled']);
    assert.deepEqual(conformance(M.ShareSubscriptionSynchronizationList, { value: [{ status: 'Queued' }] }), ['$.value[0].synchronizationId is required']);
    assert.equal(API_VERSION, '2021-08-01');
  });
});
