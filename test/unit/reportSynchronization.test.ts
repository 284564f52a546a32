// Synchronization records from the service are reduced to their known, well-typed fields before any use.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { sanitizeSynchronization, sanitizeSynchronizations } from '../../src/core/report/shared/synchronization';
import { MAX_DURATION_MS, MAX_MESSAGE_CHARS, MAX_TEXT_CHARS } from '../../src/core/report/shared/fieldBounds';

const hostile = { toString: null, valueOf: null };

describe('sanitizeSynchronization', () => {
  it('keeps the known fields with their types and drops everything else', () => {
    const known = {
      synchronizationId: 'abc',
      synchronizationMode: 'Incremental',
      status: 'Failed',
      message: 'Copy failed',
      startTime: '2024-03-01T02:00:00Z',
      endTime: '2024-03-01T02:10:00Z',
      durationMs: 600000,
    };
    assert.deepEqual(sanitizeSynchronization({ ...known, extra: { secret: 'x' } }), known);
  });

  it('turns a record whose fields would throw when shown into one that can be shown', () => {
    const raw = { synchronizationId: 'abc', message: hostile, status: ['Failed'], startTime: hostile, synchronizationMode: 7, durationMs: '12', endTime: null };
    const sync = sanitizeSynchronization(raw);
    assert.deepEqual(sync, { synchronizationId: 'abc' });
    assert.throws(() => [raw.message].join(''), TypeError, 'the raw record does throw');
    // Whatever a field holds, what is kept has the field's type, so the quick pick and the header can join it.
    const types: Record<string, string> = { synchronizationId: 'string', synchronizationMode: 'string', status: 'string', message: 'string', startTime: 'string', endTime: 'string', durationMs: 'number' };
    for (const field of Object.keys(types)) {
      for (const value of [hostile, ['Failed'], 7, '12', null, {}, Symbol('s'), 12n, true, NaN]) {
        const what = `${field} = ${value === hostile ? 'an object that cannot be shown' : String(value)}`;
        const kept = sanitizeSynchronization({ synchronizationId: 'abc', [field]: value }) ?? {};
        for (const [key, v] of Object.entries(kept)) assert.equal(typeof v, types[key], `${what} kept ${key} as ${typeof v}`);
        assert.doesNotThrow(() => Object.values(kept).join(' — '), what);
      }
    }
    assert.equal(sanitizeSynchronization({ synchronizationId: 'a', durationMs: Infinity })?.durationMs, undefined);
    assert.equal(sanitizeSynchronization({ synchronizationId: 'a', durationMs: -1 })?.durationMs, undefined);
  });

  it('has no record without a synchronization id, and counts what a listing left out', () => {
    for (const raw of [null, 'x', 42, [], {}, { synchronizationId: hostile }, { synchronizationId: ' ' }]) {
      assert.equal(sanitizeSynchronization(raw), undefined, JSON.stringify(raw));
    }
    const { items, dropped } = sanitizeSynchronizations([{ synchronizationId: 'a' }, null, { synchronizationId: 5 }, { synchronizationId: 'b', message: hostile }]);
    assert.deepEqual(items, [{ synchronizationId: 'a' }, { synchronizationId: 'b' }]);
    assert.equal(dropped, 2);
  });

  it('bounds what a record carries: a 5 MB message is cut, a 3 MB id is no id, an impossible duration is left out', () => {
    const sync = sanitizeSynchronization({
      synchronizationId: 'abc',
      message: 'm'.repeat(5 * 1024 * 1024),
      status: 's'.repeat(100_000),
      startTime: '2024-03-01T02:00:00Z' + ' '.repeat(1_000_000),
      durationMs: 1e308,
    });
    assert.equal(sync?.message?.length, MAX_MESSAGE_CHARS);
    assert.ok(sync?.message?.endsWith('…'));
    assert.equal(sync?.status?.length, MAX_TEXT_CHARS);
    assert.equal(sync?.startTime, undefined, 'a cut time would be another time');
    assert.equal(sync?.durationMs, undefined);
    assert.equal(sanitizeSynchronization({ synchronizationId: 'a', durationMs: MAX_DURATION_MS })?.durationMs, MAX_DURATION_MS);
    const { items, dropped } = sanitizeSynchronizations([{ synchronizationId: 'i'.repeat(3 * 1024 * 1024) }, { synchronizationId: 'b' }]);
    assert.deepEqual(items, [{ synchronizationId: 'b' }]);
    assert.equal(dropped, 1);
  });

  it('cuts text on a character, never inside a surrogate pair', () => {
    const message = sanitizeSynchronization({ synchronizationId: 'a', message: 'x'.repeat(MAX_MESSAGE_CHARS - 2) + '😀'.repeat(10) })?.message ?? '';
    assert.equal(message, `${'x'.repeat(MAX_MESSAGE_CHARS - 2)}…`);
  });
});
