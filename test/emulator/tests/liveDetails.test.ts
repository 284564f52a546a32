// A running synchronization's details as the emulator lists them: the rows finished so far, each made once. A large
// run (100,000 data sets) was rebuilt whole for every page read; now a read adds only what finished since the last.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { liveDetails, type LiveSync } from '../dataShareLive';

const run = (): LiveSync => ({
  synchronizationId: 'run-1',
  synchronizationMode: 'Incremental',
  startMs: 0,
  queuedMs: 1000,
  durationMs: 101_000,
  account: 'contoso',
  shareSubscription: 'rows-100',
  fails: false,
});

test('a later read keeps the rows an earlier one made and adds those finished since', () => {
  const r = run();
  const early = liveDetails(r, 31_000);
  const later = liveDetails(r, 61_000);
  assert.ok(early.length > 0 && later.length > early.length, `${early.length} then ${later.length}`);
  early.forEach((row, i) => assert.equal(later[i], row, `row ${i} was made again`));
  // Sorting what was returned does not reorder the next read.
  later.reverse();
  assert.deepEqual(liveDetails(r, 61_000).map((d) => d.dataSetId), later.slice().reverse().map((d) => d.dataSetId));
});

test('the rows are those a fresh run lists at the same time, and a clock set back drops those not yet finished', () => {
  const r = run();
  liveDetails(r, 91_000);
  const back = liveDetails(r, 41_000);
  assert.deepEqual(back, liveDetails(run(), 41_000));
  assert.deepEqual(liveDetails(r, 101_000), liveDetails(run(), 101_000));
});
