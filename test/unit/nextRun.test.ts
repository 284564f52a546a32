import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextRun, describeSchedule, formatUtc, orderBySoonest, scheduleInSentence } from '../../src/core/schedule/nextRun';

const now = new Date('2026-11-22T17:30:00Z');

test('hourly: next is the first anchor-aligned hour after now', () => {
  assert.equal(nextRun('2019-03-15T19:45:58Z', 'Hour', now)?.toISOString(), '2026-11-22T17:45:58.000Z');
});

test('daily: next is tomorrow when today’s run has passed', () => {
  assert.equal(nextRun('2019-03-15T09:00:00Z', 'Day', now)?.toISOString(), '2026-11-23T09:00:00.000Z');
  assert.equal(nextRun('2019-03-15T19:00:00Z', 'day', now)?.toISOString(), '2026-11-22T19:00:00.000Z');
});

test('an anchor in the future is the next run', () => {
  assert.equal(nextRun('2027-01-01T00:00:00Z', 'Hour', now)?.toISOString(), '2027-01-01T00:00:00.000Z');
});

test('a run exactly at now is not "next"', () => {
  assert.equal(nextRun('2026-11-22T16:30:00Z', 'Hour', now)?.toISOString(), '2026-11-22T18:30:00.000Z');
});

test('unknown inputs give undefined', () => {
  assert.equal(nextRun('not a date', 'Hour', now), undefined);
  assert.equal(nextRun('2019-03-15T19:45:58Z', 'Week', now), undefined);
  assert.equal(nextRun(undefined, undefined, now), undefined);
});

test('descriptions', () => {
  assert.equal(describeSchedule('2019-03-15T19:45:58Z', 'Hour'), 'Every hour at :45');
  assert.equal(describeSchedule('2019-03-15T19:45:58Z', 'Day'), 'Every day at 19:45 UTC');
  assert.equal(describeSchedule('x', 'Day'), 'Every day');
  assert.equal(formatUtc(new Date('2026-11-22T18:45:58Z')), '2026-11-22 18:45 UTC');
});

test('schedules are ordered by their next run, unknown ones last in the order given', () => {
  const schedules = [
    { id: 'daily-09', time: '2019-03-15T09:00:00Z', interval: 'Day' }, // tomorrow 09:00
    { id: 'unknown-a', time: 'x', interval: 'Day' },
    { id: 'hourly-45', time: '2019-03-15T19:45:00Z', interval: 'Hour' }, // 17:45 today
    { id: 'daily-19', time: '2019-03-15T19:00:00Z', interval: 'Day' }, // 19:00 today
    { id: 'unknown-b', time: undefined, interval: 'Week' },
  ];
  const ordered = orderBySoonest(schedules, (s) => ({ time: s.time, interval: s.interval }), now);
  assert.deepEqual(ordered.map((s) => s.id), ['hourly-45', 'daily-19', 'daily-09', 'unknown-a', 'unknown-b']);
});

test('a schedule inside a sentence keeps UTC in capitals (issue 39: "03:24 utc")', () => {
  assert.equal(scheduleInSentence(describeSchedule('2019-03-15T03:24:00Z', 'Day')), 'every day at 03:24 UTC');
  assert.equal(scheduleInSentence(describeSchedule('2019-03-15T03:24:00Z', 'Hour')), 'every hour at :24');
});
