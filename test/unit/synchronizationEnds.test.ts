// How a followed synchronization ends: only with an end the operation or the listing reported, never left running
// for ever, and a failed cancel does not leave it "Canceling". The bodies are those of
// Azure/azure-rest-api-specs specification/datashare/resource-manager/Microsoft.DataShare/stable/2021-08-01
// (examples/ShareSubscriptions_Synchronize.json: the synchronization {startTime, status, synchronizationId};
// DataShare.json OperationResponse {status}); the readers are in-memory, as the watch takes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_LISTING_FAILURES, MAX_LISTING_MISSES, SynchronizationWatch, UNKNOWN_STATUS, type WatchReaders, type WatchSnapshot } from '../../src/core/synchronization/syncWatch';
import type { ShareSubscriptionSynchronization } from '../../src/core/services/dataShare';
import { synchronizeEndStatus } from '../../src/core/synchronization/syncStatus';
import type { LroResult } from '../../src/core/arm/lro';
import type { ArmResponse } from '../../src/core/arm/client';
import { scheduleTriggerName, triggerReplaced } from '../../src/core/synchronization/schedule';
import { until } from '../integration/suite/until';

const start: ShareSubscriptionSynchronization = { synchronizationId: 'sync-1', status: 'InProgress', startTime: '2026-11-26T10:00:00Z' };

function readers(sync: () => ShareSubscriptionSynchronization | undefined, detailsMs = 0): WatchReaders & { listingReads: number; detailReads: number } {
  const r = {
    listingReads: 0,
    detailReads: 0,
    details: () => {
      r.detailReads++;
      return new Promise<[]>((resolve) => setTimeout(() => resolve([]), detailsMs));
    },
    synchronization: async () => {
      r.listingReads++;
      return sync();
    },
    dataSetCount: async () => 1,
  };
  return r;
}

function ended(watch: SynchronizationWatch, ms: number): Promise<WatchSnapshot> {
  return new Promise((resolve, reject) => {
    if (watch.snapshot.ended) return resolve(watch.snapshot);
    const timer = setTimeout(() => {
      watch.stop();
      reject(new Error(`still ${watch.snapshot.status} after ${ms} ms`));
    }, ms);
    watch.onChange((s) => {
      if (!s.ended) return;
      clearTimeout(timer);
      resolve(s);
    });
  });
}

test('a watch whose synchronization is not in the listing ends as Unknown after a few reads instead of polling for ever', async () => {
  const r = readers(() => undefined);
  const watch = new SynchronizationWatch('k', start, r, { everyMs: 5, followsOperation: false });
  watch.start();
  const s = await ended(watch, 2000);
  assert.equal(s.status, UNKNOWN_STATUS);
  assert.match(s.message ?? '', /no longer appears/);
  assert.equal(r.listingReads, MAX_LISTING_MISSES);
});

test('a watch whose listing read keeps failing ends as Unknown with the error instead of polling for ever', async () => {
  const r = readers(() => {
    throw new Error('AuthorizationFailed: the client does not have authorization');
  });
  const errors: string[] = [];
  const watch = new SynchronizationWatch('k', start, r, { everyMs: 5, followsOperation: false, onError: (e) => errors.push(e) });
  watch.start();
  const s = await ended(watch, 2000);
  assert.equal(s.status, UNKNOWN_STATUS);
  assert.match(s.message ?? '', /could not be read 8 times in a row: AuthorizationFailed/);
  assert.equal(r.listingReads, MAX_LISTING_FAILURES);
  assert.equal(errors.length, MAX_LISTING_FAILURES);
});

test('a miss followed by the synchronization found again does not count towards giving up', async () => {
  let reads = 0;
  const r = readers(() => (++reads % 2 === 0 ? { ...start, status: reads > 2 * MAX_LISTING_MISSES ? 'Succeeded' : 'InProgress' } : undefined));
  const watch = new SynchronizationWatch('k', start, r, { everyMs: 5, followsOperation: false });
  watch.start();
  assert.equal((await ended(watch, 2000)).status, 'Succeeded');
});

test('refresh after followListing reads the listing even while a details-only read is under way', async () => {
  // The listing already shows the synchronization Succeeded (it ended just before a cancel landed).
  const r = readers(() => ({ ...start, status: 'Succeeded', endTime: '2026-11-26T10:05:00Z' }), 40);
  const watch = new SynchronizationWatch('k', start, r, { everyMs: 60_000, followsOperation: true });
  watch.start();
  await until(() => r.detailReads > 0, 'the first tick (details only) is in flight', 2000, 1);
  assert.equal(r.listingReads, 0);
  watch.cancelRequested();
  watch.followListing();
  await watch.refresh();
  try {
    assert.equal(watch.snapshot.ended, true, 'the listing was read');
    assert.equal(watch.snapshot.status, 'Succeeded');
  } finally {
    watch.stop();
  }
});

test('a failed cancel puts back the status shown before "Canceling"', () => {
  const watch = new SynchronizationWatch('k', start, readers(() => start), { everyMs: 60_000, followsOperation: true });
  const before = Date.now();
  watch.cancelRequested();
  assert.equal(watch.snapshot.status, 'Canceling');
  // The time the cancel was asked for is kept (the tree says how long Azure has taken since), and not moved by a second ask.
  const asked = watch.snapshot.cancelAskedAt;
  assert.ok(asked && Date.parse(asked) >= before - 1000, `cancelAskedAt ${asked}`);
  watch.cancelRequested();
  assert.equal(watch.snapshot.cancelAskedAt, asked);
  watch.cancelFailed();
  assert.equal(watch.snapshot.status, 'InProgress');
  assert.equal(watch.snapshot.cancelAskedAt, undefined);
  // Later status reads are no longer shown as Canceling.
  watch.operationStatus('Accepted');
  assert.equal(watch.snapshot.status, 'Queued');
});

function lro(resource: unknown, extra: Partial<LroResult<unknown>> = {}): LroResult<unknown> {
  const response = { status: extra.accepted ? 202 : 200, headers: {}, body: resource } as unknown as ArmResponse<unknown>;
  return { resource, response, polls: 0, elapsedMs: 0, ...extra };
}

test('synchronize: only an end the operation reports is taken as its end', () => {
  // A 200 naming the synchronization still queued, and a 202 without a status URL: no end known yet.
  assert.equal(synchronizeEndStatus(lro({ synchronizationId: 's', status: 'Queued', startTime: '2026-11-26T10:00:00Z' })), undefined);
  assert.equal(synchronizeEndStatus(lro({ synchronizationId: 's', status: 'Accepted' }, { accepted: true })), undefined);
  // A 200 with neither status nor polls says nothing about the synchronization's end.
  assert.equal(synchronizeEndStatus(lro(undefined)), undefined);
  // A 200 once it ended, and a status resource polled to its end.
  assert.equal(synchronizeEndStatus(lro({ synchronizationId: 's', status: 'Succeeded' })), 'Succeeded');
  assert.equal(synchronizeEndStatus(lro({ status: 'Succeeded', startTime: 'x', endTime: 'y' }, { polls: 3 })), 'Succeeded');
  assert.equal(synchronizeEndStatus(lro(undefined, { polls: 3 })), 'Succeeded');
});

test('synchronize: the answer is read in the synchronization\'s words, not ARM\'s', () => {
  // The listing's words for an end (ShareSubscriptions_ListSynchronizations example: Completed) end it...
  assert.equal(synchronizeEndStatus(lro({ synchronizationId: 's', status: 'Completed', endTime: 'y' })), 'Completed');
  assert.equal(synchronizeEndStatus(lro({ synchronizationId: 's', status: 'Cancelled' })), 'Cancelled');
  // ...a retried transient failure does not (OperationResponse: TransientFailure), nor a word not known.
  assert.equal(synchronizeEndStatus(lro({ synchronizationId: 's', status: 'TransientFailure' })), undefined);
  assert.equal(synchronizeEndStatus(lro({ synchronizationId: 's', status: 'Pending' })), undefined);
});

test('an operation status outside the vocabulary: still running, shown in its own word', () => {
  const watch = new SynchronizationWatch('k', start, readers(() => start), { everyMs: 60_000, followsOperation: true });
  watch.operationStatus('Pending');
  assert.equal(watch.snapshot.status, 'Pending');
  assert.equal(watch.snapshot.ended, false);
  watch.operationStatus('InProgress');
  assert.equal(watch.snapshot.status, 'InProgress');
});

test('schedule triggers are named after the setting they enable, so enabling another does not overwrite one', () => {
  const daily = { kind: 'ScheduleBased', properties: { recurrenceInterval: 'Day', synchronizationTime: '2026-11-26T09:30:00Z' } };
  const hourly = { kind: 'ScheduleBased', properties: { recurrenceInterval: 'Hour', synchronizationTime: '2026-11-26T09:05:00Z' } };
  assert.equal(scheduleTriggerName(daily), 'ScheduleTrigger-Day-0930');
  assert.equal(scheduleTriggerName(hourly), 'ScheduleTrigger-Hour-05');
  assert.match(scheduleTriggerName(daily), /^[A-Za-z0-9_-]+$/);
  const existing = [{ name: 'ScheduleTrigger-day-0930', kind: 'ScheduleBased' }];
  assert.equal(triggerReplaced(scheduleTriggerName(hourly), existing), undefined);
  assert.equal(triggerReplaced(scheduleTriggerName(daily), existing), existing[0]);
});
