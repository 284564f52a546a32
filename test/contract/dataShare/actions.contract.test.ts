/**
 * Replays the published Data Share 2021-08-01 examples of every action the product takes on a share subscription
 * (synchronize, cancel, triggers, data set mappings, consumer source data sets) through its own client, and the
 * reads Synchronize Now and a watch make, over a real socket. Each fixture names its example and commit.
 */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import {
  cancelSynchronization,
  createScheduleTrigger,
  deleteTrigger,
  listConsumerSourceDataSets,
  listDataSetMappings,
  listTriggers,
  synchronize,
} from '../../../src/core/services/dataShareConsumer';
import { collectAll, type ShareSubscriptionRef, type ShareSubscriptionSynchronization } from '../../../src/core/services/dataShare';
import { runningSynchronization, watchReaders } from '../../../src/core/synchronization/shareSubscriptionReads';
import { isCanceledStatus, isSucceededStatus, synchronizeEndStatus, syncOutcome } from '../../../src/core/synchronization/syncStatus';
import { SynchronizationWatch, progressCounts, type WatchSnapshot } from '../../../src/core/synchronization/syncWatch';
import { dataSetLandings } from '../../../src/core/synchronization/dataSetLandings';
import { replay } from './replay';
import cancelFixture from './cancelSynchronization.json';
import sourcesFixture from './consumerSourceDataSetsList.json';
import mappingsFixture from './dataSetMappingsList.json';
import latestFixture from './listSynchronizations.latest.json';
import syncAccepted from './synchronize.accepted.json';
import syncFixture from './synchronize.json';
import triggersCreate from './triggersCreate.json';
import triggersDelete from './triggersDelete.json';
import triggersList from './triggersList.json';
import watchCompleted from './watchCompleted.json';

/** The share subscription of the Synchronize, CancelSynchronization and ConsumerSourceDataSets examples. */
const SYNC_EXAMPLE: ShareSubscriptionRef = { subscriptionId: '12345678-1234-1234-12345678abc', resourceGroup: 'SampleResourceGroup', accountName: 'Account1', shareSubscriptionName: 'ShareSubscription1' };
/** The share subscription of the Triggers and DataSetMappings examples. */
const TRIGGER_EXAMPLE: ShareSubscriptionRef = { ...SYNC_EXAMPLE, subscriptionId: '433a8dfd-e5d5-4e77-ad86-90acdc75eb1a' };
/** The share subscription of the ListSynchronizations and ListSynchronizationDetails examples. */
const LIST_EXAMPLE: ShareSubscriptionRef = { ...TRIGGER_EXAMPLE, shareSubscriptionName: 'ShareSub1' };

test('ShareSubscriptions_Synchronize 200: the synchronization is named before it ends, and it ends Succeeded', async () => {
  await replay(syncFixture, async (client) => {
    const started: (ShareSubscriptionSynchronization | undefined)[] = [];
    const result = await synchronize(client, SYNC_EXAMPLE, 'Incremental', { onStarted: (s) => started.push(s) });
    assert.deepEqual(started.map((s) => s?.synchronizationId), ['343c4772-ad68-41aa-91b9-bab1c92f9c27']);
    assert.equal(synchronizeEndStatus(result), 'Succeeded');
  });
});

test('ShareSubscriptions_Synchronize 202: Accepted is shown as queued, then the Azure-AsyncOperation status says Succeeded', async () => {
  await replay(syncAccepted, async (client) => {
    const started: (ShareSubscriptionSynchronization | undefined)[] = [];
    const result = await synchronize(client, SYNC_EXAMPLE, 'Incremental', { onStarted: (s) => started.push(s), defaultPollMs: 1 });
    assert.equal(syncOutcome(started[0]?.status), 'queued');
    assert.equal(isSucceededStatus(synchronizeEndStatus(result)), true);
  });
});

test('ShareSubscriptions_CancelSynchronization 200: "Cancelled" (double l) reads as canceled', async () => {
  await replay(cancelFixture, async (client) => {
    const result = await cancelSynchronization(client, SYNC_EXAMPLE, '7d0536a6-3fa5-43de-b152-3d07c4f6b2bb');
    const status = (result.resource as ShareSubscriptionSynchronization).status;
    assert.equal(status, 'Cancelled');
    assert.equal(isCanceledStatus(status), true);
  });
});

test('ShareSubscriptions_ListSynchronizations: a finished Completed run is not running, so Synchronize Now may start', async () => {
  await replay(latestFixture, async (client) => {
    assert.equal(await runningSynchronization(client, LIST_EXAMPLE), undefined);
  });
});

test('a watch that reads the examples ends as succeeded with its Completed data set done', async () => {
  await replay(watchCompleted, async (client) => {
    const readers = { ...watchReaders(async () => client, LIST_EXAMPLE), dataSetCount: async () => 1 };
    const watch = new SynchronizationWatch('k', { synchronizationId: 'runId', status: 'InProgress' }, readers, { everyMs: 60_000, followsOperation: false });
    const end = new Promise<WatchSnapshot>((resolve, reject) => {
      const timer = setTimeout(() => {
        watch.stop();
        reject(new Error(`the watch still says ${watch.snapshot.status}`));
      }, 2000);
      watch.onChange((s) => {
        if (!s.ended) return;
        clearTimeout(timer);
        resolve(s);
      });
    });
    watch.start();
    const s = await end;
    assert.equal(isSucceededStatus(s.status), true);
    assert.equal(s.endTime, '2018-11-14T04:47:52.9614956Z');
    assert.deepEqual(progressCounts(s), { done: 1, failed: 0, total: 1 });
  });
});

test('Triggers_Create 201 (Creating) is read until Triggers_Get says Succeeded', async () => {
  await replay(triggersCreate, async (client) => {
    const result = await createScheduleTrigger(client, TRIGGER_EXAMPLE, { recurrenceInterval: 'Day', synchronizationTime: '2018-11-14T04:47:52.9614956Z', synchronizationMode: 'Incremental' }, { name: 'Trigger1', defaultPollMs: 1 });
    assert.equal(result.resource?.properties?.provisioningState, 'Succeeded');
    assert.equal(result.resource?.properties?.triggerStatus, 'Active');
  });
});

test('Triggers_ListByShareSubscription: the daily trigger', async () => {
  await replay(triggersList, async (client) => {
    const items = await collectAll(listTriggers(client, TRIGGER_EXAMPLE));
    assert.deepEqual(items.map((t) => [t.name, t.kind, t.properties?.recurrenceInterval, t.properties?.synchronizationMode]), [['Trigger1', 'ScheduleBased', 'Day', 'Incremental']]);
  });
});

test('Triggers_Delete: 200, 204, and 202 followed to its Azure-AsyncOperation status all end the delete', async () => {
  await replay(triggersDelete, async (client) => {
    for (let i = 0; i < 3; i++) await deleteTrigger(client, TRIGGER_EXAMPLE, 'Trigger1', { defaultPollMs: 1 });
  });
});

test('DataSetMappings_ListByShareSubscription and ConsumerSourceDataSets_ListByShareSubscription: where each data set lands', async () => {
  let mappings: Awaited<ReturnType<typeof collectAll<import('../../../src/core/services/dataShareConsumer').DataSetMapping>>> = [];
  await replay(mappingsFixture, async (client) => {
    mappings = await collectAll(listDataSetMappings(client, TRIGGER_EXAMPLE));
  });
  assert.deepEqual(mappings.map((m) => [m.kind, m.properties?.dataSetId]), [
    ['Blob', 'a08f184b-0567-4b11-ba22-a1199336d226'],
    ['Blob', 'a08f184b-0567-4b11-ba22-a1199336d227'],
  ]);
  await replay(sourcesFixture, async (client) => {
    const sources = await collectAll(listConsumerSourceDataSets(client, { ...SYNC_EXAMPLE, shareSubscriptionName: 'Share1' }));
    const { landings, skipped } = dataSetLandings(sources, mappings, []);
    // The examples' ids differ, so the source data set is shown as not mapped.
    assert.deepEqual(landings.map((l) => [l.name, l.type, l.sink]), [['input.text', 'Blob', undefined]]);
    assert.equal(skipped, 0);
  });
});
