// Run Command's marker and the file transfer's framing (src/core/containerGroup): output that arrives in any pieces is read
// the same, output cannot forge the per-run marker, and base64 framing carries any bytes.
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzzSeed';
import { commandLines, exitText, newMarker, readyLine, readyText, RunOutputReader, type RunEvent, type RunMarker } from '../../src/core/containerGroup/commandScript';
import { checkTransfer, DownloadReader, hashOf, readDownload, readProbe, sha256Hex, tagValue, uploadLines, UPLOAD_LINE_CHARS } from '../../src/core/containerGroup/fileTransfer';

const marker = (): RunMarker => newMarker((n) => randomBytes(n));

/** Feeds `text` cut at `cuts` and returns the output and the exit code. */
function read(m: RunMarker, text: string, cuts: number[]): { output: string; code?: number; ready: boolean } {
  const reader = new RunOutputReader(m);
  const events: RunEvent[] = [];
  let from = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < text.length)].sort((a, b) => a - b).concat(text.length)) {
    events.push(...reader.push(text.slice(from, cut)));
    from = cut;
  }
  return {
    output: events.map((e) => (e.kind === 'output' ? e.text : '')).join('') + (reader.done ? '' : reader.flush()),
    code: events.find((e) => e.kind === 'exit')?.code,
    ready: events.some((e) => e.kind === 'ready'),
  };
}

describe('Run Command marker', () => {
  it('a marker is fresh per run and never typed whole', () => {
    const m = marker();
    assert.notDeepEqual(m, marker());
    for (const kind of ['posix', 'cmd', 'powershell'] as const) {
      const typed = readyLine(kind, m) + commandLines(kind, m, 'ls -la /');
      assert.ok(!typed.includes(readyText(m)) && !typed.includes(exitText(m)), kind);
    }
  });

  it('reads the output between readiness and the exit status, cut anywhere (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), fc.integer({ min: -1, max: 255 }), fc.array(fc.nat(400)), (out, echo, code, cuts) => {
        const m = marker();
        const text = `${echo}$ ${readyText(m)}\r\n${out}\r\n${exitText(m)}${code}\r\n$ exit\r\n`;
        const got = read(m, text, cuts);
        assert.equal(got.code, code);
        assert.equal(got.output, out);
      }),
      // fast-check's default size (100 runs) at night, a tenth in npm test.
      { numRuns: fuzzRuns(100) },
    );
  });

  it('output cannot forge the marker: a run printing another run’s marker or a status does not end (fast-check)', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.nat(300)), (noise, cuts) => {
        const m = marker();
        const other = marker();
        const out = `${noise}${exitText(other)}0\n${m.head}E1\n${m.tail}E2\n`;
        const got = read(m, `${readyText(m)}\n${out}`, cuts);
        assert.equal(got.code, undefined);
        assert.equal(got.output, out);
      }),
      { numRuns: fuzzRuns(100) },
    );
  });

  it('nothing before readiness is output (the typed line and the prompt)', () => {
    const m = marker();
    const got = read(m, `root@x:/# stty -echo; printf secret\r\n`, []);
    assert.equal(got.ready, false);
    assert.equal(got.output, '');
  });
});

describe('file transfer framing', () => {
  it('upload lines carry any bytes as base64, each line short and decoding on its own (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 10_000 }), (bytes) => {
        const lines = uploadLines('/tmp/a b\'c', bytes);
        const joined = lines.map((l) => /printf %s '([A-Za-z0-9+/=]*)' >>'\/tmp\/a b'\\''c\.part'\n$/.exec(l)![1]).join('');
        assert.deepEqual(new Uint8Array(Buffer.from(joined, 'base64')), bytes);
        for (const l of lines) assert.ok(l.length < 4096 && l.length <= UPLOAD_LINE_CHARS + 40);
      }),
      { numRuns: fuzzRuns(100) },
    );
  });

  it('a download framed between markers round-trips any bytes, whatever the terminal adds between lines (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), fc.constantFrom('\n', '\r\n'), (bytes, nl) => {
        const m = marker();
        const b64 = Buffer.from(bytes).toString('base64').replace(/(.{76})/g, `$1${nl}`);
        const hash = sha256Hex(bytes);
        const text = `junk${m.head}${m.tail}[${nl}${b64}${nl}${m.head}${m.tail}]0${nl}${m.head}${m.tail}H${hash}  -${nl}`;
        const got = readDownload(text, m, true);
        assert.equal(got.kind, 'done');
        if (got.kind !== 'done') return;
        assert.deepEqual(new Uint8Array(got.bytes), bytes);
        assert.equal(checkTransfer({ size: bytes.length, sha256: hash }, { size: got.bytes.length, sha256: got.sha256 }), 'ok');
      }),
      { numRuns: fuzzRuns(100) },
    );
  });

  it('a download read piece by piece, the markers cut anywhere, gives the same bytes (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 40 }), (bytes, sizes) => {
        const m = marker();
        const b64 = Buffer.from(bytes).toString('base64').replace(/(.{76})/g, '$1\r\n');
        const hash = sha256Hex(bytes);
        const text = `${m.head}${m.tail}[\r\n${b64}\r\n${m.head}${m.tail}]0\r\n${m.head}${m.tail}H${hash}  -\r\n`;
        const reader = new DownloadReader(m, true);
        let got: ReturnType<DownloadReader['push']> = { kind: 'pending', base64Chars: 0 };
        for (let at = 0, i = 0; at < text.length; at += sizes[i++ % sizes.length]) got = reader.push(text.slice(at, at + sizes[i % sizes.length]));
        assert.equal(got.kind, 'done');
        if (got.kind === 'done') assert.deepEqual(new Uint8Array(got.bytes), bytes);
        if (got.kind === 'done') assert.equal(got.localSha256, hash, 'the local hash is of the bytes received');
      }),
      { numRuns: fuzzRuns(100) },
    );
  });

  it('a download is pending until its closing line and hash arrive; a failed base64 says its status', () => {
    const m = marker();
    const open = `${m.head}${m.tail}[\n`;
    assert.equal(readDownload(`${open}QUJD`, m, true).kind, 'pending');
    assert.equal(readDownload(`${open}QUJD\n${m.head}${m.tail}]0\n`, m, true).kind, 'pending');
    assert.deepEqual(readDownload(`${open}${m.head}${m.tail}]1\n`, m, false), { kind: 'failed', status: 1 });
  });

  it('reads the probe: a missing base64, an unreadable file, the size', () => {
    const m = marker();
    const t = (l: string, v: string): string => `${m.head}${m.tail}${l}${v}\r\n`;
    assert.equal(readProbe(t('B', '0'), m, 'download'), undefined);
    assert.deepEqual(readProbe(t('B', '127') + t('S', '0') + t('F', '0') + t('Z', '42'), m, 'download'), { base64: false, sha256sum: true, pathOk: true, size: 42 });
    assert.deepEqual(readProbe(t('B', '0') + t('S', '1') + t('F', '1') + t('Z', ''), m, 'download'), { base64: true, sha256sum: false, pathOk: false, size: undefined });
    assert.deepEqual(readProbe(t('B', '0') + t('S', '0') + t('W', '1'), m, 'upload'), { base64: true, sha256sum: true, pathOk: false });
    assert.equal(tagValue(`${m.head}${m.tail}P3`, m, 'P'), undefined);
  });

  it('checks size and hash', () => {
    const h = sha256Hex(new Uint8Array([1]));
    assert.equal(hashOf(`${h.toUpperCase()}  -`), h);
    assert.equal(checkTransfer({ size: 1, sha256: h }, { size: 2 }), 'size');
    assert.equal(checkTransfer({ size: 1, sha256: h }, { size: 1, sha256: '0'.repeat(64) }), 'hash');
    assert.equal(checkTransfer({ size: 1, sha256: h }, { size: 1 }), 'ok');
  });
});
