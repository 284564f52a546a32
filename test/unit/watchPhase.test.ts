// The synchronization watch's phases as a table: every move written out here (independently of the module's own
// table) is allowed and lands where it says, every other phase × event pair is refused; and the watch itself moves
// through the phases its calls name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ShareSubscriptionSynchronization } from '../../src/core/services/dataShare';
import { SynchronizationWatch } from '../../src/core/synchronization/syncWatch';
import { nextPhase, WATCH_EVENTS, WATCH_PHASES, type WatchEvent, type WatchPhase } from '../../src/core/synchronization/watchPhase';

const ALLOWED = `
operation          followListing -> listing
operation          cancel        -> operationCanceling
operation          finish        -> finishing
operation          stop          -> stopped
listing            followListing -> listing
listing            cancel        -> listingCanceling
listing            finish        -> finishing
listing            end           -> ended
listing            stop          -> stopped
operationCanceling followListing -> listingCanceling
operationCanceling cancel        -> operationCanceling
operationCanceling cancelFailed  -> operation
operationCanceling finish        -> finishing
operationCanceling stop          -> stopped
listingCanceling   followListing -> listingCanceling
listingCanceling   cancel        -> listingCanceling
listingCanceling   cancelFailed  -> listing
listingCanceling   finish        -> finishing
listingCanceling   end           -> ended
listingCanceling   stop          -> stopped
finishing          end           -> ended
finishing          stop          -> finishing
stopped            finish        -> finishing
stopped            end           -> ended
`
  .trim()
  .split('\n')
  .map((line) => line.split(/\s+/).filter((w) => w !== '->') as [WatchPhase, WatchEvent, WatchPhase]);

test('every allowed move lands where the table says', () => {
  for (const [from, event, to] of ALLOWED) assert.equal(nextPhase(from, event), to, `${from} ${event}`);
});

test('every other phase and event is refused', () => {
  let refused = 0;
  for (const phase of WATCH_PHASES) {
    for (const event of WATCH_EVENTS) {
      if (ALLOWED.some(([from, ev]) => from === phase && ev === event)) continue;
      assert.equal(nextPhase(phase, event), undefined, `${phase} ${event} is refused`);
      refused++;
    }
  }
  // 7 phases × 6 events, less the allowed moves: an ended watch refuses all six.
  assert.equal(refused, WATCH_PHASES.length * WATCH_EVENTS.length - ALLOWED.length);
  assert.equal(refused, 18);
});

const start: ShareSubscriptionSynchronization = { synchronizationId: 'sync-1', status: 'InProgress', startTime: '2026-11-26T10:00:00Z' };
const readers = { details: async () => [], synchronization: async () => ({ ...start, status: 'InProgress' }), dataSetCount: async () => 1 };
const watchOf = (followsOperation: boolean) => new SynchronizationWatch('k', start, readers, { everyMs: 60_000, followsOperation });

test('the watch moves as its calls say, and a refused call changes nothing', async () => {
  const watch = watchOf(true);
  assert.equal(watch.currentPhase, 'operation');
  watch.cancelFailed();
  assert.equal(watch.currentPhase, 'operation', 'no cancel to fail');
  assert.equal(watch.snapshot.status, 'InProgress');
  watch.cancelRequested();
  assert.deepEqual([watch.currentPhase, watch.snapshot.status], ['operationCanceling', 'Canceling']);
  watch.followListing();
  assert.equal(watch.currentPhase, 'listingCanceling');
  watch.cancelFailed();
  assert.deepEqual([watch.currentPhase, watch.snapshot.status], ['listing', 'InProgress']);
  await watch.finish('Succeeded');
  assert.deepEqual([watch.currentPhase, watch.snapshot.status, watch.snapshot.ended], ['ended', 'Succeeded', true]);
  const seen: string[] = [];
  watch.onChange((s) => seen.push(s.status));
  watch.cancelRequested();
  await watch.finish('Failed');
  watch.followListing();
  assert.deepEqual([watch.currentPhase, watch.snapshot.status, seen], ['ended', 'Succeeded', []], 'an ended watch refuses every move');
});

test('a stopped watch reads nothing more on its own but can still be finished', async () => {
  const watch = watchOf(false);
  watch.stop();
  assert.equal(watch.currentPhase, 'stopped');
  watch.cancelRequested();
  assert.deepEqual([watch.currentPhase, watch.snapshot.status], ['stopped', 'InProgress']);
  await watch.finish('Canceled');
  assert.deepEqual([watch.currentPhase, watch.snapshot.status, watch.snapshot.ended], ['ended', 'Canceled', true]);
});
