// The one reading of Data Share synchronization status words. The words are those the published 2021-08-01
// examples and swagger show (Azure/azure-rest-api-specs specification/datashare/resource-manager/Microsoft.DataShare/
// stable/2021-08-01): Completed (ShareSubscriptions_ListSynchronizations, _ListSynchronizationDetails), Accepted and
// Succeeded (ShareSubscriptions_Synchronize), Queued and Cancelled (ShareSubscriptions_CancelSynchronization), and
// OperationResponse's enum Accepted, InProgress, TransientFailure, Succeeded, Failed, Canceled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isCanceledStatus, isEndedStatus, isFailedStatus, isRunningStatus, isSucceededStatus, isUnfinished, syncOutcome } from '../../src/core/synchronization/syncStatus';
import { SynchronizationWatch, progressCounts, type WatchSnapshot } from '../../src/core/synchronization/syncWatch';
import { statusKind } from '../../src/core/report/trend/trend';
import { compareDetails } from '../../src/core/report/compare/compare';

test('every published status word maps to one outcome, whatever its case', () => {
  const words: [string, string][] = [
    ['Accepted', 'queued'],
    ['Queued', 'queued'],
    ['InProgress', 'running'],
    ['TransientFailure', 'running'],
    ['Succeeded', 'succeeded'],
    ['Completed', 'succeeded'],
    ['COMPLETED', 'succeeded'],
    ['Failed', 'failed'],
    ['Canceled', 'canceled'],
    ['Cancelled', 'canceled'],
    ['Canceling', 'canceling'],
    ['SomethingNew', 'other'],
  ];
  assert.deepEqual(words.map(([w]) => [w, syncOutcome(w)]), words);
});

test('a record field that is not a string reads as other, and never throws', () => {
  for (const v of [undefined, null, 42, {}, ['Completed'], { toLowerCase: 1 }]) {
    assert.equal(syncOutcome(v), 'other');
    assert.equal(isEndedStatus(v), false);
    assert.equal(isRunningStatus(v), false);
  }
});

test('Completed and Cancelled are ended, Queued/InProgress/Canceling are running', () => {
  assert.deepEqual(['Completed', 'Cancelled', 'Succeeded', 'Failed', 'Canceled'].map(isEndedStatus), [true, true, true, true, true]);
  assert.deepEqual(['Queued', 'InProgress', 'Accepted', 'Canceling', 'Completed', 'Cancelled'].map(isRunningStatus), [true, true, true, true, false, false]);
  assert.equal(isSucceededStatus('Completed'), true);
  assert.equal(isCanceledStatus('Cancelled'), true);
  assert.equal(isFailedStatus('Completed'), false);
});

test('the trend reads the same vocabulary as the watch', () => {
  assert.deepEqual(['Completed', 'Cancelled', 'TransientFailure', 'Accepted'].map(statusKind), ['succeeded', 'canceled', 'running', 'running']);
});

test('compare: a data set Completed in A and Succeeded in B is unchanged', () => {
  const a = [{ name: 'ds', dataSetType: 'Blob', status: 'Completed' }];
  const b = [{ name: 'ds', dataSetType: 'Blob', status: 'Succeeded' }];
  assert.deepEqual(compareDetails(a, b).map((r) => r.change), ['unchanged']);
});

test('a watch that reads its run Completed from the listing ends, and counts its Completed data sets as done', async () => {
  const watch = new SynchronizationWatch(
    'k',
    { synchronizationId: 'runId', status: 'InProgress' },
    {
      details: async () => [{ name: 'datasetmapping1', status: 'Completed' }],
      synchronization: async () => ({ synchronizationId: 'runId', status: 'Completed', endTime: '2018-11-14T04:47:52.9614956Z' }),
      dataSetCount: async () => 1,
    },
    { everyMs: 5, followsOperation: false },
  );
  const end = await new Promise<WatchSnapshot>((resolve, reject) => {
    const timer = setTimeout(() => {
      watch.stop();
      reject(new Error(`still ${watch.snapshot.status}`));
    }, 1000);
    watch.onChange((s) => {
      if (s.ended) {
        clearTimeout(timer);
        resolve(s);
      }
    });
    watch.start();
  });
  assert.equal(end.status, 'Completed');
  assert.equal(end.endTime, '2018-11-14T04:47:52.9614956Z');
  assert.deepEqual(progressCounts(end), { done: 1, failed: 0, total: 1 });
});

test('a watch asked to cancel is not left Canceling when the listing says the run ended Completed or Cancelled', async () => {
  for (const end of ['Completed', 'Cancelled']) {
    const watch = new SynchronizationWatch(
      'k',
      { synchronizationId: 'runId', status: 'InProgress' },
      { details: async () => [], synchronization: async () => ({ synchronizationId: 'runId', status: end }), dataSetCount: async () => 0 },
      { everyMs: 5, followsOperation: false },
    );
    watch.cancelRequested();
    assert.equal(watch.snapshot.status, 'Canceling');
    await watch.refresh();
    assert.deepEqual([watch.snapshot.ended, watch.snapshot.status], [true, end]);
    watch.stop();
  }
});


test('a listed synchronization in a word not known is unfinished until it has an endTime (never taken for an end, never blocking for ever)', () => {
  assert.equal(isUnfinished({ status: 'Pending' }), true);
  assert.equal(isUnfinished({ status: 'Pending', endTime: '2026-11-26T10:05:00Z' }), false);
  assert.equal(isUnfinished({ status: 'InProgress' }), true);
  assert.equal(isUnfinished({ status: 'Completed', endTime: '2026-11-26T10:05:00Z' }), false);
  assert.equal(isUnfinished({ status: 'Cancelled' }), false);
});
