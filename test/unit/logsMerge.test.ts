// The merge of successive "last N lines" replies: new lines only, none twice, none lost while windows overlap,
// and a gap said out loud when a full window shares nothing with the one before.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzzSeed';
import { LogMerger, parseLogContent } from '../../src/core/containerGroup/logsMerge';

const at = (s: number, frac = ''): string => `2026-11-25T10:00:${String(s).padStart(2, '0')}${frac}Z`;
const texts = (lines: { text: string }[]): string[] => lines.map((l) => l.text);

describe('log content', () => {
  it('splits on newlines, with or without a final one, and reads RFC 3339 times to the nanosecond', () => {
    assert.deepEqual(parseLogContent(''), []);
    const lines = parseLogContent(`${at(1, '.5')} a\r\n${at(1, '.500000001')} b\nplain`);
    assert.deepEqual(texts(lines), [`${at(1, '.5')} a`, `${at(1, '.500000001')} b`, 'plain']);
    assert.deepEqual(lines.map((l) => l.message), ['a', 'b', 'plain']);
    assert.equal((lines[1].time as bigint) - (lines[0].time as bigint), 1n);
    assert.equal(lines[2].time, undefined);
    assert.equal(parseLogContent('x\n').length, 1);
    assert.equal(parseLogContent('2026-11-25T10:00:01+02:00 offset')[0].time, BigInt(Date.parse('2026-11-25T08:00:01Z')) * 1_000_000n);
  });
});

describe('LogMerger', () => {
  it('shows the first reply whole, then only what follows it (by time)', () => {
    const m = new LogMerger(3);
    assert.deepEqual(texts(m.merge(`${at(1)} a\n${at(2)} b\n`).lines), [`${at(1)} a`, `${at(2)} b`]);
    const next = m.merge(`${at(1)} a\n${at(2)} b\n${at(3)} c\n`);
    assert.deepEqual(texts(next.lines), [`${at(3)} c`]);
    assert.equal(next.gap, false);
    assert.deepEqual(texts(m.merge(`${at(2)} b\n${at(3)} c\n${at(3)} d\n`).lines), [`${at(3)} d`]);
    assert.deepEqual(m.merge(`${at(2)} b\n${at(3)} c\n${at(3)} d\n`).lines, []);
  });

  it('flags a gap when a full window starts after the newest line shown', () => {
    const m = new LogMerger(2);
    m.merge(`${at(1)} a\n${at(2)} b\n`);
    const r = m.merge(`${at(5)} e\n${at(6)} f\n`);
    assert.deepEqual(texts(r.lines), [`${at(5)} e`, `${at(6)} f`]);
    assert.equal(r.gap, true);
  });

  it('matches by overlap without timestamps, and exactly by position while the log is shorter than the window', () => {
    const m = new LogMerger(4);
    m.merge('x\nx\n');
    // The whole log each time: repeated lines are counted, not merged away.
    assert.deepEqual(texts(m.merge('x\nx\nx\n').lines), ['x']);
    const full = m.merge('x\nx\nx\ny\n');
    assert.deepEqual(texts(full.lines), ['y']);
    assert.deepEqual(texts(m.merge('x\ny\nz\nw\n').lines), ['z', 'w']);
    const gap = m.merge('p\nq\nr\ns\n');
    assert.equal(gap.gap, true);
    assert.deepEqual(texts(gap.lines), ['p', 'q', 'r', 's']);
  });

  it('says the log started over when a short reply shares nothing with the last one', () => {
    const m = new LogMerger(10);
    m.merge('a\nb\nc\n');
    const r = m.merge('fresh\n');
    assert.equal(r.restarted, true);
    assert.deepEqual(texts(r.lines), ['fresh']);
  });

  it('says the log started over when, with timestamps, a short reply is all newer than what was shown (a restart)', () => {
    const m = new LogMerger(10);
    m.merge(`${at(1)} Starting app\n${at(2)} GET / 200\n`);
    const r = m.merge(`${at(9)} Starting app\n`);
    assert.equal(r.restarted, true);
    assert.deepEqual(texts(r.lines), [`${at(9)} Starting app`]);
    // A log that only grew reaches back to what was shown: no restart.
    assert.equal(m.merge(`${at(9)} Starting app\n${at(10)} GET / 200\n`).restarted, false);
  });

  // A log written in batches, read after each batch through a window of the last `tail` lines.
  const scenario = (timed: boolean) =>
    fc.record({
      tail: fc.integer({ min: 1, max: 8 }),
      batches: fc.array(fc.array(fc.nat({ max: 2 }), { maxLength: 12 }), { minLength: 1, maxLength: 12 }),
    }).map(({ tail, batches }) => {
      let clock = 0;
      let n = 0;
      const log: string[] = [];
      const reads: { content: string; upTo: number }[] = [];
      for (const batch of batches) {
        // Each step adds 0-2 seconds, so several lines may share one time.
        for (const step of batch) {
          clock += step;
          n++;
          log.push(timed ? `${new Date(Date.UTC(2026, 10, 25) + clock * 1000).toISOString()} line ${n}` : `line ${n}`);
        }
        reads.push({ content: log.slice(-tail).map((l) => `${l}\n`).join(''), upTo: log.length });
      }
      return { tail, log, reads };
    });

  for (const timed of [true, false]) {
    const mode = timed ? 'by time' : 'by overlap';
    it(`${mode}: while every batch is shorter than the window, every line is shown once, in order`, () => {
      fc.assert(
        fc.property(
          scenario(timed).filter(({ tail, reads }) => reads.every((r, i) => r.upTo - (i === 0 ? 0 : reads[i - 1].upTo) < tail || i === 0)),
          ({ tail, log, reads }) => {
            const m = new LogMerger(tail);
            const shown: string[] = [];
            // The first read shows the last `tail` lines; count from there.
            const from = Math.max(0, reads[0].upTo - tail);
            for (const r of reads) {
              const out = m.merge(r.content);
              assert.equal(out.gap, false);
              shown.push(...texts(out.lines));
            }
            assert.deepEqual(shown, log.slice(from));
          },
        ),
        { numRuns: fuzzRuns(400) },
      );
    });

    it(`${mode}: with any batches, no line twice, order kept, and every loss flagged as a gap`, () => {
      fc.assert(
        fc.property(scenario(timed), ({ tail, log, reads }) => {
          const m = new LogMerger(tail);
          let lastIndex = Math.max(0, reads[0].upTo - tail) - 1;
          for (const r of reads) {
            const out = m.merge(r.content);
            const indexes = texts(out.lines).map((t) => log.indexOf(t));
            if (indexes.length > 0) {
              const lost = indexes[0] > lastIndex + 1;
              assert.ok(!lost || out.gap || out.restarted, `lines ${lastIndex + 2}..${indexes[0]} lost without a gap`);
            }
            for (const i of indexes) {
              assert.ok(i > lastIndex, `line ${i + 1} shown twice or out of order`);
              lastIndex = i;
            }
          }
          assert.equal(lastIndex, log.length - 1, 'the newest line is shown');
        }),
        { numRuns: fuzzRuns(400) },
      );
    });
  }
});
