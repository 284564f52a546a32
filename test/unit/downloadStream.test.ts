// A download decoded as it arrives: whole base64 lines (GNU coreutils manual 6.1: 76 columns; BusyBox the same) are
// decoded and hashed piece by piece, whatever the frames' sizes; a wrap that is not a multiple of 4 characters is
// kept whole and decoded at the end; the socket reads ASCII frames as they are and leaves a UTF-8 character split
// across frames to the decoder (RFC 3629, section 3). And the folder steps' lines and answers (folderArchive.ts).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzzSeed';
import { newMarker } from '../../src/core/containerGroup/commandScript';
import { endsOnCharacter } from '../../src/core/containerGroup/containerSocket';
import { DownloadReader, sha256Hex } from '../../src/core/containerGroup/fileTransfer';
import { packLine, readArchiveStep, scratchArchive, unpackLine, uploadCheckLine } from '../../src/core/containerGroup/folderArchive';

const marker = () => newMarker((n) => randomBytes(n));

function framed(bytes: Buffer, width: number, m: ReturnType<typeof marker>): string {
  const b64 = bytes.toString('base64').replace(new RegExp(`(.{${width}})`, 'g'), '$1\r\n');
  return `${m.head}${m.tail}[\r\n${b64}\r\n${m.head}${m.tail}]0\r\n${m.head}${m.tail}H${sha256Hex(bytes)}  -\r\n`;
}

describe('download decoded as it arrives', () => {
  it('large downloads cut into frames of any size give the same bytes and hash, at 76 columns and at a width not a multiple of 4 (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 60_000, max: 400_000 }), fc.array(fc.integer({ min: 1, max: 70_000 }), { minLength: 1, maxLength: 8 }), fc.constantFrom(76, 64, 75), (size, sizes, width) => {
        const bytes = randomBytes(size);
        const m = marker();
        const text = framed(bytes, width, m);
        const reader = new DownloadReader(m, true);
        let got: ReturnType<DownloadReader['push']> = { kind: 'pending', base64Chars: 0 };
        for (let at = 0, i = 0; at < text.length; i++) {
          const n = sizes[i % sizes.length];
          got = reader.push(text.slice(at, at + n));
          at += n;
        }
        assert.equal(got.kind, 'done');
        if (got.kind !== 'done') return;
        assert.ok(got.bytes.equals(bytes), `byte-identical at width ${width}`);
        assert.equal(got.localSha256, sha256Hex(bytes));
        assert.equal(got.sha256, sha256Hex(bytes));
      }),
      { numRuns: fuzzRuns(25) },
    );
  });

  it('progress counts the base64 characters as they come', () => {
    const m = marker();
    const text = framed(randomBytes(100_000), 76, m);
    const reader = new DownloadReader(m, false);
    const half = reader.push(text.slice(0, 70_000));
    assert.equal(half.kind, 'pending');
    if (half.kind === 'pending') assert.ok(half.base64Chars > 60_000 && half.base64Chars <= 70_000);
  });
});

describe('a frame ends on a whole UTF-8 character or not', () => {
  it('ASCII, whole characters of 2, 3 and 4 bytes, and each of them cut short', () => {
    for (const ch of ['a', 'é', '€', '😀']) {
      const b = Buffer.from(`x${ch}`, 'utf8');
      assert.equal(endsOnCharacter(b), true, `${ch} whole`);
      for (let cut = 1; cut < Buffer.byteLength(ch); cut++) assert.equal(endsOnCharacter(b.subarray(0, 1 + cut)), false, `${ch} cut after ${cut} bytes`);
    }
    assert.equal(endsOnCharacter(Buffer.alloc(0)), true);
  });
});

describe('folder steps', () => {
  const m = marker();
  const t = (letter: string, value: string) => `${m.head}${m.tail}${letter}${value}\r\n`;

  it('types quoted paths, the scratch archive named for the run', () => {
    const archive = scratchArchive(m);
    assert.match(archive, /^\/tmp\/aci-copy-[A-Za-z0-9]+\.tar$/);
    assert.ok(packLine(m, "/srv/it's", archive).includes(`tar -C '/srv/it'\\''s' -cf '${archive}' .`));
    assert.ok(unpackLine(m, archive, '/srv/a b').startsWith(`mkdir -p '/srv/a b' && tar -xf '${archive}' -C '/srv/a b'`));
    assert.ok(uploadCheckLine(m, '/srv/x').includes("[ -f '/srv/x' ]"));
  });

  it('reads the answers: waiting, no tar, not a folder, a failed tar, and on', () => {
    assert.equal(readArchiveStep(t('A', '0') + t('G', '0'), m, 'pack'), undefined, 'the tar status has not come');
    assert.deepEqual(readArchiveStep(t('A', '127') + t('G', '0') + t('T', '127'), m, 'pack'), { kind: 'noTar' });
    assert.deepEqual(readArchiveStep(t('A', '0') + t('G', '1') + t('T', '2'), m, 'pack'), { kind: 'notFolder' });
    assert.deepEqual(readArchiveStep(t('A', '0') + t('G', '0') + t('T', '2'), m, 'pack'), { kind: 'archive', status: 2 });
    assert.equal(readArchiveStep(t('A', '0') + t('G', '0') + t('T', '0'), m, 'pack'), null);
    assert.deepEqual(readArchiveStep(t('A', '0') + t('G', '0'), m, 'uploadCheck'), { kind: 'notFolder' }, 'a file is in the way');
    assert.equal(readArchiveStep(t('A', '0') + t('G', '1'), m, 'uploadCheck'), null);
    assert.deepEqual(readArchiveStep(t('T', '2'), m, 'unpack'), { kind: 'archive', status: 2 });
    assert.equal(readArchiveStep(t('T', '0'), m, 'unpack'), null);
  });
});
