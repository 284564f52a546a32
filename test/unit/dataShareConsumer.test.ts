// The consumer actions' core over real sockets against the emulator (synchronize followed by the one LRO while a
// watch reads the details, cancel, triggers, data set landings) and the pure joins behind the tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness } from './armHarness';
import { cancelSynchronization, createScheduleTrigger, deleteTrigger, listTriggers, synchronize } from '../../src/core/services/dataShareConsumer';
import { collectAll } from '../../src/core/services/dataShare';
import type { ArmClient } from '../../src/core/arm/client';
import { SynchronizationWatch, progressCounts, type WatchReaders, type WatchSnapshot } from '../../src/core/synchronization/syncWatch';
import { watchReaders, readLandings } from '../../src/core/synchronization/shareSubscriptionReads';
import { dataSetLandings, describeSink } from '../../src/core/synchronization/dataSetLandings';
import { triggerFor, triggerSchedule } from '../../src/core/synchronization/schedule';
import { isWaitCanceled } from '../../src/core/arm/lroOutcome';
import { ArmError } from '../../src/core/arm/errors';
import { until } from '../integration/suite/until';

const ref = (shareSubscriptionName: string) => ({ subscriptionId: 'sub-1', resourceGroup: 'rg-1', accountName: 'acct-1', shareSubscriptionName });

/** The emulator's clock, moved 1 s every 5 ms of real time while `run` goes. */
async function withRunningClock<T>(clock: { now: number }, run: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => (clock.now += 1000), 5);
  try {
    return await run();
  } finally {
    clearInterval(timer);
  }
}

/** The readers' calls, counted per watch. */
const readerCalls = new WeakMap<WatchReaders, { calls: number }>();
function counted(readers: WatchReaders): WatchReaders {
  const count = { calls: 0 };
  const wrapped: WatchReaders = {
    details: (...a) => (count.calls++, readers.details(...a)),
    synchronization: (...a) => (count.calls++, readers.synchronization(...a)),
    dataSetCount: (...a) => (count.calls++, readers.dataSetCount(...a)),
  };
  readerCalls.set(wrapped, count);
  return wrapped;
}

/**
 * Nothing is read after the end: the watch has ended (so it schedules no further tick), and a tick that runs
 * anyway (what a timer left behind would run) calls no reader and sends no request.
 */
async function nothingReadAfterTheEnd(watch: SynchronizationWatch, readers: WatchReaders, requests: readonly unknown[]): Promise<void> {
  assert.equal(watch.currentPhase, 'ended');
  const count = readerCalls.get(readers)!;
  const [calls, sent] = [count.calls, requests.length];
  await watch.refresh();
  assert.equal(count.calls, calls, 'no reader called after the end');
  assert.equal(requests.length, sent, 'no request after the end');
}

const collectAllTriggers = (client: ArmClient, target: ReturnType<typeof ref>) => collectAll(listTriggers(client, target));

test('synchronize: followed by the LRO to its end while a watch sees the data sets finish one by one', async () => {
  const clock = { now: Date.parse('2026-11-26T10:00:00Z') };
  const h = await startHarness({ now: () => clock.now });
  try {
    const target = ref('unit-syncfail-rows-40-syncsecs-60');
    const seen: WatchSnapshot[] = [];
    const readers = counted(watchReaders(async () => h.client, target));
    let watch: SynchronizationWatch | undefined;
    const ended = await withRunningClock(clock, async () => {
      const op = synchronize(h.client, target, 'Incremental', {
        defaultPollMs: 10,
        onStarted: (sync) => {
          assert.ok(sync?.synchronizationId);
          watch = new SynchronizationWatch('k', sync, readers, { everyMs: 10, followsOperation: true });
          watch.onChange((s) => seen.push(s));
          watch.start();
        },
        onProgress: (p) => watch?.operationStatus(p.status),
      });
      // Scripted to fail (syncfail): data set 1 always fails, so the synchronization ends Failed and the LRO says so in its state.
      await assert.rejects(op, (err: unknown) => err instanceof ArmError && err.kind === 'lro' && err.operationState === 'Failed' && /failed to synchronize/.test(err.message));
      await watch!.finish('Failed');
      return watch!.snapshot;
    });
    assert.equal(ended.ended, true);
    assert.equal(ended.status, 'Failed');
    assert.equal(ended.details.length, 40);
    assert.equal(ended.dataSetCount, 40);
    assert.equal(progressCounts(ended).failed >= 1, true);
    // The details grew in steps (time, not polls) and never shrank.
    const counts = seen.map((s) => s.details.length);
    assert.ok(counts.some((c) => c > 0 && c < 40), counts.join(','));
    assert.deepEqual(counts, [...counts].sort((a, b) => a - b));
    await nothingReadAfterTheEnd(watch!, readers, h.emu.requests);
  } finally {
    await h.close();
  }
});

test('cancel: the running synchronization ends Canceled; a second synchronize meanwhile is refused in the service words', async () => {
  const clock = { now: Date.parse('2026-11-26T10:00:00Z') };
  const h = await startHarness({ now: () => clock.now });
  try {
    const target = ref('unit-cancel-syncsecs-600');
    let id = '';
    const op = synchronize(h.client, target, 'FullSync', { defaultPollMs: 10, onStarted: (s) => (id = s?.synchronizationId ?? '') });
    const settled = op.then(
      () => 'Succeeded',
      // The end is read from the operation's state, not from words in its message.
      (err: unknown) => (err instanceof ArmError ? `${err.operationState}: ${err.message}` : String(err)),
    );
    await until(() => id !== '', 'the synchronization started', 5000, 1);
    const refused = await synchronize(h.client, target, 'Incremental').then(
      () => undefined,
      (err: unknown) => err as ArmError,
    );
    assert.equal(refused?.status, 409);
    assert.match(refused?.serviceMessage ?? '', /already in progress/);
    await withRunningClock(clock, () => cancelSynchronization(h.client, target, id, { defaultPollMs: 10 }));
    assert.match(await settled, /^Canceled: /);
    const sync = await watchReaders(async () => h.client, target).synchronization(id, new AbortController().signal);
    assert.equal(sync?.status, 'Cancelled');
    assert.equal(isWaitCanceled(new Error('x')), false);
  } finally {
    await h.close();
  }
});

test('schedule: a trigger made from the source setting enables it; deleting it disables it', async () => {
  const h = await startHarness();
  try {
    const target = ref('unit-sched');
    const setting = { kind: 'ScheduleBased', properties: { recurrenceInterval: 'Day', synchronizationTime: '2019-03-15T19:45:58Z' } };
    const schedule = triggerSchedule(setting, 'Incremental')!;
    const created = await createScheduleTrigger(h.client, target, schedule, { defaultPollMs: 10 });
    assert.equal(created.resource.properties?.provisioningState, 'Succeeded');
    const triggers = await collectAllTriggers(h.client, target);
    assert.equal(triggerFor(setting, triggers)?.name, 'ScheduleTrigger');
    assert.equal(triggerFor({ kind: 'ScheduleBased', properties: { recurrenceInterval: 'Hour', synchronizationTime: '2019-03-15T19:45:58Z' } }, triggers), undefined);
    await deleteTrigger(h.client, target, 'ScheduleTrigger');
    assert.equal((await collectAllTriggers(h.client, target)).length, 0);
  } finally {
    await h.close();
  }
});

test('landings: source data sets joined with their mappings and the latest statuses; unmapped marked', async () => {
  const h = await startHarness();
  try {
    const { landings, latest } = await readLandings(h.client, ref('unit-maps-rows-12'));
    assert.ok(latest?.synchronizationId);
    assert.equal(landings.length, 12);
    assert.deepEqual(landings.flatMap((l, i) => (l.sink ? [] : [i])), [3, 10]);
    assert.ok(landings.every((l) => l.lastStatus === 'Succeeded' || l.lastStatus === 'Failed'));
  } finally {
    await h.close();
  }
});

test('describeSink says where each kind lands', () => {
  assert.equal(describeSink({ kind: 'Blob', properties: { storageAccountName: 'sa', containerName: 'c', filePath: 'a/b.csv' } }), 'sa / c / a/b.csv');
  assert.equal(describeSink({ kind: 'SqlDBTable', properties: { sqlServerResourceId: '/subscriptions/s/resourceGroups/r/providers/Microsoft.Sql/servers/srv', databaseName: 'db', schemaName: 'dbo', tableName: 't' } }), 'srv / db / dbo.t');
  assert.equal(describeSink({ kind: 'KustoCluster', properties: { kustoClusterResourceId: '/subscriptions/s/providers/Microsoft.Kusto/clusters/adx' } }), 'adx');
  assert.equal(
    describeSink({ kind: 'SynapseWorkspaceSqlPoolTable', properties: { synapseWorkspaceSqlPoolTableResourceId: '/x/workspaces/ws/sqlPools/p/schemas/dbo/tables/t' } }),
    'ws / p / dbo.t',
  );
  const rows = dataSetLandings([{ properties: { dataSetId: 'A', dataSetName: 'a', dataSetType: 'Blob' } }], [{ kind: 'Blob', properties: { dataSetId: 'a', dataSetMappingStatus: 'Broken', containerName: 'c' } }], []);
  assert.equal(rows.landings[0].sink?.broken, true);
});

test('a synchronization started elsewhere is followed from the listing to its end, then nothing more is read', async () => {
  const clock = { now: Date.parse('2026-11-26T10:00:00Z') };
  const h = await startHarness({ now: () => clock.now });
  try {
    const target = ref('unit-elsewhere-rows-10-syncsecs-20');
    let started: { synchronizationId: string; startTime?: string } | undefined;
    // Started by someone else: this client only sends the POST and does not follow the operation.
    const abort = new AbortController();
    await synchronize(h.client, target, 'Incremental', {
      signal: abort.signal,
      onStarted: (s) => {
        started = s;
        abort.abort();
      },
    }).catch(() => undefined);
    assert.ok(started);
    const readers = counted(watchReaders(async () => h.client, target));
    const watch = new SynchronizationWatch('k', { synchronizationId: started.synchronizationId, status: 'Queued' }, readers, { everyMs: 10, followsOperation: false });
    const ended = new Promise<WatchSnapshot>((resolve) => watch.onChange((s) => s.ended && resolve(s)));
    const final = await withRunningClock(clock, async () => {
      watch.start();
      return ended;
    });
    // Not scripted to fail: it ends Completed, as the ListSynchronizations example shows a finished run.
    assert.equal(final.status, 'Completed');
    assert.equal(final.details.length, 10);
    assert.deepEqual(progressCounts(final), { done: 10, failed: 0, total: 10 });
    await nothingReadAfterTheEnd(watch, readers, h.emu.requests);
  } finally {
    await h.close();
  }
});

test('a watch searches the synchronization listing newest first ($orderby of ShareSubscriptions_ListSynchronizations)', async () => {
  const h = await startHarness();
  try {
    const target = ref('unit-rows-40');
    await watchReaders(async () => h.client, target).synchronization('no-such-id', new AbortController().signal);
    const listings = h.emu.requests.filter((r) => r.path.includes('/listSynchronizations'));
    assert.ok(listings.length > 0);
    assert.match(decodeURIComponent(listings[0].path), /\$orderby=startTime desc/);
  } finally {
    await h.close();
  }
});
