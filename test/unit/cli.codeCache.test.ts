// The aci-validate command (dist/cli.js, as installed) and its V8 code cache: each test gives it a temp folder
// of its own (TMPDIR) and checks what it prints, its exit code and what it leaves in the cache folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, lstatSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const REPO_ROOT = join(__dirname, '../../..');
const COMMAND = join(REPO_ROOT, 'dist/cli.js');
const FIXTURES = join(REPO_ROOT, 'test/fixtures');
const YAML = join(FIXTURES, 'definitions/docs-quickstart-multi-container.yaml');
const BROKEN = join(FIXTURES, 'workspace/definitions/broken.aci.json');
const work = mkdtempSync(join(tmpdir(), 'aci-validate-cache-'));
const posix = process.platform !== 'win32';

let folders = 0;
/** A fresh temp folder for one test, and the cache folder the command keeps in it. */
function freshTemp(): { temp: string; cache: string } {
  const temp = join(work, String(folders++));
  mkdirSync(temp);
  return { temp, cache: join(temp, posix ? `aci-validate-${process.getuid?.()}` : 'aci-validate') };
}

function validate(temp: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [COMMAND, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '', TMPDIR: temp, TMP: temp, TEMP: temp, ...env },
    // A damaged cache could also hold V8 in a loop: such a start fails the test instead of holding it.
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const cacheFiles = (cache: string) => readdirSync(cache).filter((n) => n.endsWith('.v8cache'));

describe('aci-validate code cache', () => {
  after(() => rmSync(work, { recursive: true, force: true }));

  it('prints the same findings and exit codes with the cache as without it, and keeps one cache file', () => {
    const { temp, cache } = freshTemp();
    const uncached = [validate(temp, [YAML], { NODE_DISABLE_COMPILE_CACHE: '1' }), validate(temp, ['--format', 'json', BROKEN], { NODE_DISABLE_COMPILE_CACHE: '1' })];
    assert.deepEqual(readdirSync(temp), [], 'NODE_DISABLE_COMPILE_CACHE writes no cache');
    assert.equal(uncached[0].status, 0, uncached[0].stderr);
    assert.equal(uncached[1].status, 1, uncached[1].stderr);
    assert.match(uncached[0].stdout, /\[ACI200\]\n/);

    const first = [validate(temp, [YAML]), validate(temp, ['--format', 'json', BROKEN])];
    const files = cacheFiles(cache);
    assert.equal(files.length, 1, `one cache for this bundle and Node: ${readdirSync(cache).join(', ')}`);
    assert.ok(files[0].includes(`-${process.version}-${process.arch}.`), files[0]);
    const again = [validate(temp, [YAML]), validate(temp, ['--format', 'json', BROKEN])];
    assert.deepEqual(first, uncached);
    assert.deepEqual(again, uncached);
    assert.deepEqual(readdirSync(cache), files, 'no partial file is left behind');
  });

  it('writes the cache after a start that checks a file, not after --help, --version or an unreadable file', () => {
    const { temp, cache } = freshTemp();
    for (const args of [['--help'], ['--version'], [join(temp, 'missing.yaml')], []]) {
      validate(temp, args);
      assert.deepEqual(existsSync(cache) ? cacheFiles(cache) : [], [], args.join(' '));
    }
    assert.equal(validate(temp, [YAML]).status, 0);
    assert.equal(cacheFiles(cache).length, 1);
  });

  it('keeps the cache folder and file to this user', { skip: !posix && 'POSIX modes' }, () => {
    const { temp, cache } = freshTemp();
    validate(temp, [YAML]);
    assert.equal(statSync(cache).mode & 0o777, 0o700);
    assert.equal(statSync(join(cache, cacheFiles(cache)[0])).mode & 0o777, 0o600);
  });

  it('ignores a cache whose data does not match its digest and writes a good one in its place', () => {
    const { temp, cache } = freshTemp();
    const expected = validate(temp, [YAML]);
    const [file] = cacheFiles(cache);
    const path = join(cache, file);
    const raw = readFileSync(path);
    const eol = raw.indexOf(10);
    assert.match(raw.subarray(0, eol).toString('latin1'), /^aci-validate-cache\/2 [0-9a-f]{64} [0-9a-f]{64} text yaml$/);
    writeFileSync(path, Buffer.concat([raw.subarray(0, eol + 1), Buffer.alloc(raw.length - eol - 1, 0x5a)]));
    assert.deepEqual(validate(temp, [YAML]), expected);
    assert.notEqual(readFileSync(path)[eol + 1], 0x5a, 'the damaged cache is replaced');
    assert.deepEqual(validate(temp, [YAML]), expected);
  });

  it('never hands V8 a damaged cache (V8 crashed on it at every start): the check runs and the cache is rewritten', () => {
    const { temp, cache } = freshTemp();
    const expected = validate(temp, [YAML]);
    const path = join(cache, cacheFiles(cache)[0]);
    const good = readFileSync(path);
    // Bytes flipped in the middle of V8's data, the header kept: such a cache crashed V8 with SIGSEGV.
    const damaged = Buffer.from(good);
    const middle = damaged.indexOf(10) + Math.floor((damaged.length - damaged.indexOf(10)) / 2);
    for (let i = middle; i < middle + 64; i++) damaged[i] ^= 0xff;
    writeFileSync(path, damaged);
    for (let run = 0; run < 2; run++) assert.deepEqual(validate(temp, [YAML]), expected, `run ${run + 1}`);
    assert.notDeepEqual(readFileSync(path), damaged, 'rewritten');
  });

  it('uses no cache file others could write or that is a link, and puts its own in place', { skip: !posix && 'POSIX modes' }, () => {
    const { temp, cache } = freshTemp();
    const expected = validate(temp, [YAML]);
    const path = join(cache, cacheFiles(cache)[0]);
    // A file that was writable by others at some time: valid content, but not trusted.
    chmodSync(path, 0o666);
    const before = statSync(path).ino;
    assert.deepEqual(validate(temp, [YAML]), expected);
    assert.notEqual(statSync(path).ino, before, 'replaced, not used');
    assert.equal(statSync(path).mode & 0o777, 0o600);
    // A link in place of the cache file, to a copy of a valid cache.
    const elsewhere = join(temp, 'elsewhere.v8cache');
    writeFileSync(elsewhere, readFileSync(path));
    rmSync(path);
    symlinkSync(elsewhere, path);
    assert.deepEqual(validate(temp, [YAML]), expected);
    assert.ok(!lstatSync(path).isSymbolicLink(), 'the link is replaced by a cache file');
    if (process.getuid?.() === 0) {
      // Owned by another user (only root can make one to test with).
      chownSync(path, 65534, 65534);
      const owned = statSync(path).ino;
      assert.deepEqual(validate(temp, [YAML]), expected);
      assert.notEqual(statSync(path).ino, owned);
      assert.equal(statSync(path).uid, 0);
    }
  });

  it('keeps the cache in the user\'s local app data where the OS has no user ids, never in the shared temp folder', () => {
    const { temp } = freshTemp();
    const local = join(temp, 'LocalAppData');
    mkdirSync(local);
    // A folder anyone could have made in the temp folder, with a planted file.
    const shared = join(temp, 'aci-validate');
    mkdirSync(shared);
    const planted = join(shared, 'planted.v8cache');
    writeFileSync(planted, 'planted');
    const noUids = join(temp, 'no-uids.js');
    writeFileSync(noUids, 'delete process.getuid;\n');
    const env = { LOCALAPPDATA: local, NODE_OPTIONS: `--require ${noUids}` };
    const r = [validate(temp, [YAML], env), validate(temp, [YAML], env)];
    assert.equal(r[0].status, 0, r[0].stderr);
    assert.deepEqual(r[1], r[0]);
    assert.deepEqual(readdirSync(shared), ['planted.v8cache'], 'nothing read or written in the temp folder');
    assert.equal(cacheFiles(join(local, 'aci-validate')).length, 1);
  });

  it('writes the cache again when a start checks a kind of file or output it did not cover, not otherwise', () => {
    const { temp, cache } = freshTemp();
    validate(temp, [BROKEN]);
    const [file] = cacheFiles(cache);
    const path = join(cache, file);
    const headerOf = () => readFileSync(path, 'latin1').split('\n', 1)[0].split(' ').slice(3).join(' ');
    assert.equal(headerOf(), 'json text');
    const first = statSync(path).ino;
    validate(temp, [BROKEN]);
    assert.equal(statSync(path).ino, first, 'the same kind of check leaves the cache alone');
    validate(temp, [YAML]);
    assert.equal(headerOf(), 'json text yaml');
    const second = statSync(path).ino;
    assert.notEqual(second, first);
    validate(temp, [YAML, BROKEN]);
    assert.equal(statSync(path).ino, second);
    validate(temp, ['--format', 'sarif', YAML]);
    assert.equal(headerOf(), 'json sarif text yaml');
    assert.deepEqual(cacheFiles(cache), [file]);
  });

  it('neither reads nor writes a cache folder that others can write to', { skip: !posix && 'POSIX modes' }, () => {
    const { temp, cache } = freshTemp();
    mkdirSync(cache);
    chmodSync(cache, 0o777);
    const r = validate(temp, [YAML]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /\[ACI200\]\n/);
    assert.deepEqual(readdirSync(cache), []);
  });

  it('does not follow a link in place of the cache folder', { skip: !posix && 'POSIX links' }, () => {
    const { temp, cache } = freshTemp();
    const elsewhere = join(temp, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, cache);
    assert.equal(validate(temp, [YAML]).status, 0);
    assert.deepEqual(readdirSync(elsewhere), []);
  });

  it('still checks files when the temp folder cannot hold a cache', () => {
    const { temp } = freshTemp();
    const blocked = join(temp, 'not-a-folder');
    writeFileSync(blocked, '');
    const r = validate(blocked, [BROKEN]);
    assert.equal(r.status, 1, r.stderr);
    assert.ok(r.stdout.startsWith(`${BROKEN}:3:3: error: Missing required property 'osType' in 'properties'; add it. [ACI001]\n`), r.stdout);
    assert.equal(r.stderr, '');
  });
});
