// The aci-validate command (dist/cli.js, as installed) and its V8 code cache: each test gives it a temp folder
// of its own (TMPDIR) and checks what it prints, its exit code and what it leaves in the cache folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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

  it('ignores a cache that V8 rejects and writes a good one in its place', () => {
    const { temp, cache } = freshTemp();
    const expected = validate(temp, [YAML]);
    const [file] = cacheFiles(cache);
    const header = 'text yaml\n';
    assert.equal(readFileSync(join(cache, file), 'latin1').slice(0, header.length), header);
    writeFileSync(join(cache, file), Buffer.concat([Buffer.from(header), Buffer.alloc(statSync(join(cache, file)).size, 0x5a)]));
    assert.deepEqual(validate(temp, [YAML]), expected);
    assert.notEqual(readFileSync(join(cache, file))[header.length], 0x5a, 'the rejected cache is replaced');
    assert.deepEqual(validate(temp, [YAML]), expected);
  });

  it('writes the cache again when a start checks a kind of file or output it did not cover, not otherwise', () => {
    const { temp, cache } = freshTemp();
    validate(temp, [BROKEN]);
    const [file] = cacheFiles(cache);
    const path = join(cache, file);
    const headerOf = () => readFileSync(path, 'latin1').split('\n', 1)[0];
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
