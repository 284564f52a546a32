import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AgoRefresh, msUntilAgoChanges } from '../../src/tree/agoRefresh';

const start = '2026-11-28T10:00:00.000Z';
const at = (ms: number) => Date.parse(start) + ms;

test('the words change at each whole minute, and past two hours at each whole hour', () => {
  assert.equal(msUntilAgoChanges(start, at(0)), 60_000);
  assert.equal(msUntilAgoChanges(start, at(59_999)), 1);
  assert.equal(msUntilAgoChanges(start, at(60_000)), 60_000);
  assert.equal(msUntilAgoChanges(start, at(119 * 60_000 + 30_000)), 30_000);
  assert.equal(msUntilAgoChanges(start, at(125 * 60_000)), 55 * 60_000);
  // A start the clock has not reached yet (clocks apart) reads "just now" until a minute past it.
  assert.equal(msUntilAgoChanges(start, at(-5_000)), 60_000);
});

test('no time known: the words never change, so no wait', () => {
  assert.equal(msUntilAgoChanges(undefined), undefined);
  assert.equal(msUntilAgoChanges('not a date'), undefined);
});

test('a timer only while something runs: it redraws when the minute turns and stops when nothing runs', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: at(50_000) });
  let running: Array<string | undefined> = [start];
  let redraws = 0;
  const refresh = new AgoRefresh(() => running, () => redraws++);
  refresh.update();
  assert.equal(refresh.active, true);
  t.mock.timers.tick(9_000);
  assert.equal(redraws, 0);
  t.mock.timers.tick(1_100);
  assert.equal(redraws, 1);
  assert.equal(refresh.active, true);
  running = [undefined];
  t.mock.timers.tick(60_000);
  assert.equal(redraws, 2);
  assert.equal(refresh.active, false, 'no timer once nothing running has a time to show');
  running = [start];
  refresh.update();
  assert.equal(refresh.active, true);
  refresh.dispose();
  assert.equal(refresh.active, false);
});
