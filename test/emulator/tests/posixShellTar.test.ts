// The emulator shell's tar against node-tar, an implementation independent of the emulator's (tar-stream): an
// archive the shell makes with `tar -C dir -cf file .` lists and unpacks in node-tar with the same files, nested and
// empty folders and bytes; one node-tar makes unpacks in the shell with `tar -xf file -C dir`. As GNU tar does (GNU
// tar manual 3.4.2, 3.4.7, 6.10.1-2): a missing folder to unpack into is status 2, a member with ".." is skipped with
// status 2, a missing member to archive is status 2. And Ctrl-C stops a long output between its pieces.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import * as tar from 'tar';
import * as tarStream from 'tar-stream';
import type { PosixShell } from '../posixShell';
import { testShell } from './shellHarness';

function shell(files: Map<string, Buffer>, has?: (program: string) => boolean): { sh: PosixShell; out: () => string } {
  const { sh, writes } = testShell(files, has);
  return { sh, out: () => writes.join('') };
}

const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

test('an archive the shell makes unpacks in node-tar with the same folders and bytes', async () => {
  const files = new Map<string, Buffer>([
    ['/srv/site/index.html', Buffer.from('<h1>x</h1>\n')],
    ['/srv/site/assets/img/every.bin', every],
    ['/srv/site/empty/', Buffer.alloc(0)],
    ['/srv/other.txt', Buffer.from('not in the archive')],
  ]);
  const { sh, out } = shell(files);
  await sh.run("tar -C /srv/site -cf /tmp/a.tar . 2>/dev/null; printf '%s\\n' \"$?\"");
  assert.equal(out(), '0\r\n');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emu-tar-'));
  try {
    const names: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const x = new tar.Unpack({ cwd: dir, strict: true, onReadEntry: (e) => void names.push(e.path) });
      x.on('error', reject);
      x.on('finish', () => resolve());
      x.end(files.get('/tmp/a.tar')!);
    });
    assert.deepEqual(names, ['./', './assets/', './assets/img/', './assets/img/every.bin', './empty/', './index.html']);
    assert.ok(fs.readFileSync(path.join(dir, 'assets', 'img', 'every.bin')).equals(every));
    assert.equal(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'), '<h1>x</h1>\n');
    assert.deepEqual(fs.readdirSync(path.join(dir, 'empty')), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("an archive node-tar makes unpacks in the shell; a missing folder to unpack into is status 2", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emu-tar-'));
  try {
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'void'));
    fs.writeFileSync(path.join(dir, 'a', 'b', 'every.bin'), every);
    const chunks: Buffer[] = [];
    for await (const c of tar.c({ cwd: dir, portable: true }, ['.'])) chunks.push(c);
    const files = new Map<string, Buffer>([['/tmp/in.tar', Buffer.concat(chunks)]]);
    const { sh, out } = shell(files);
    await sh.run("tar -xf /tmp/in.tar -C /nowhere 2>/dev/null; printf '%s\\n' \"$?\"; mkdir -p /dest && tar -xf /tmp/in.tar -C /dest; printf '%s\\n' \"$?\"");
    assert.equal(out(), '2\r\n0\r\n');
    assert.ok(files.get('/dest/a/b/every.bin')?.equals(every));
    assert.ok(files.has('/dest/void/'), 'the empty folder is there');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a member with ".." is skipped with status 2; a missing member to archive is status 2; no tar is 127', async () => {
  const pack = tarStream.pack();
  pack.entry({ name: '../escape.txt' }, 'x');
  pack.entry({ name: 'ok.txt' }, 'y');
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  const files = new Map<string, Buffer>([['/tmp/evil.tar', Buffer.concat(chunks)]]);
  const { sh, out } = shell(files);
  await sh.run("tar -xf /tmp/evil.tar -C /tmp; printf '%s\\n' \"$?\"; tar -C /srv -cf /tmp/b.tar nothing 2>/dev/null; printf '%s\\n' \"$?\"");
  assert.equal(out(), "tar: ../escape.txt: Member name contains '..'\r\ntar: Exiting with failure status due to previous errors\r\n2\r\n2\r\n");
  assert.ok(files.has('/tmp/ok.txt') && !files.has('/escape.txt') && !files.has('/tmp/../escape.txt'));
  const bare = shell(new Map(), (p) => p !== 'tar');
  await bare.sh.run("command -v tar >/dev/null 2>&1; printf '%s\\n' \"$?\"");
  assert.equal(bare.out(), '1\r\n');
});

test('Ctrl-C during a long output stops it between pieces', async () => {
  const { sh, out } = shell(new Map([['/tmp/big.bin', Buffer.alloc(4 * 1024 * 1024, 7)]]));
  const running = sh.run('base64 </tmp/big.bin');
  await new Promise((resolve) => setImmediate(resolve));
  sh.interrupted = true;
  await running;
  const written = out().length;
  assert.ok(written > 0 && written < 4 * 1024 * 1024, `${written} characters written before the interrupt`);
});
