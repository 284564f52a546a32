// What a log view keeps: the newest lines within a count and a size, the oldest dropped first and counted.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { KeptLog, MAX_KEPT_BYTES, MAX_KEPT_LINES } from '../../src/core/containerGroup/logsKept';
import { parseLogContent } from '../../src/core/containerGroup/logsMerge';

const line = (text: string) => ({ line: parseLogContent(text)[0] });
const texts = (log: KeptLog): string[] => log.all.map((e) => ('line' in e ? e.line.text : `note:${e.note}`));

describe('KeptLog', () => {
  it('keeps the newest lines up to the count, dropping and counting the oldest', () => {
    const log = new KeptLog();
    for (let i = 0; i < MAX_KEPT_LINES + 5; i++) log.push(line(`l${i}`));
    assert.equal(log.all.length, MAX_KEPT_LINES);
    assert.equal(log.dropped, 5);
    assert.equal(texts(log)[0], 'l5');
  });

  it('keeps no more than its size bound of long lines (64 KB lines once filled the extension host)', () => {
    const log = new KeptLog();
    const long = 'x'.repeat(64 * 1024);
    const count = Math.ceil((2 * MAX_KEPT_BYTES) / long.length);
    for (let i = 0; i < count; i++) log.push(line(`${i} ${long}`));
    const bytes = texts(log).reduce((n, t) => n + Buffer.byteLength(t) + 1, 0);
    assert.ok(bytes <= MAX_KEPT_BYTES, `${bytes} bytes kept`);
    assert.ok(bytes > MAX_KEPT_BYTES - 2 * (long.length + 16), 'the bound is used, not emptied');
    assert.equal(log.dropped + log.all.length, count);
    assert.ok(texts(log).at(-1)?.startsWith(`${count - 1} `), 'the newest line stays');
  });

  it('counts bytes as UTF-8, notes included, and cuts a single line larger than the whole bound', () => {
    const log = new KeptLog(10, 64);
    log.push({ note: 'n' }, line('é'.repeat(10)));
    assert.equal(log.bytes, 2 + 21);
    log.push(line('y'.repeat(200)));
    assert.equal(log.all.length, 1, 'everything older made room');
    assert.ok(log.bytes <= 64);
    const kept = texts(log)[0];
    assert.ok(kept.startsWith('yyyy') && kept.endsWith('…'), kept);
    assert.equal(log.dropped, 1, 'the note is not counted as a log line');
  });
});
