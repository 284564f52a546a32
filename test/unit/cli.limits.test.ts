// What aci-validate refuses to read: anything but a regular file (a link to /dev/zero, a FIFO), more than 5 MB
// (a file or standard input), and a link in the current folder that leads out of it. Each is exit code 2 with
// the reason, at once; a link that stays inside is read.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { MAX_DEFINITION_BYTES } from '../../src/core/definition/fileLimits';

const CLI = join(__dirname, '../../src/cli/aci-validate.js');
const FIXTURE = join(__dirname, '../../../test/fixtures/definitions/docs-quickstart-multi-container.yaml');
/** Each refusal comes at once; a reader that reads on (or waits on a FIFO) is killed at this bound. */
const BOUND_MS = 15_000;
const work = realpathSync(mkdtempSync(join(tmpdir(), 'aci-validate-limits-')));
const repo = join(work, 'repo');
const elsewhere = join(work, 'elsewhere');
mkdirSync(repo);
mkdirSync(elsewhere);
const posix = process.platform !== 'win32';

function validate(args: string[], input?: string | Buffer) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: repo, encoding: 'utf8', input, timeout: BOUND_MS, maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

describe('aci-validate input limits', () => {
  after(() => rmSync(work, { recursive: true, force: true }));

  it('refuses a link to a device (/dev/zero) with exit code 2, without reading it', { skip: !posix }, () => {
    symlinkSync('/dev/zero', join(repo, 'zero.aci.yaml'));
    const r = validate(['zero.aci.yaml']);
    assert.equal(r.signal, null, 'not killed at the bound');
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'zero.aci.yaml: cannot read: not a regular file (a directory, device, FIFO or socket is not read)\n');
  });

  it('refuses a FIFO at once instead of waiting for a writer', { skip: !posix }, () => {
    const made = spawnSync('mkfifo', [join(repo, 'pipe.aci.yaml')]);
    assert.equal(made.status, 0, 'mkfifo');
    const r = validate(['pipe.aci.yaml']);
    assert.equal(r.signal, null, 'not held until killed');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^pipe\.aci\.yaml: cannot read: not a regular file/);
  });

  it('refuses a file or standard input over 5 MB, and reads one of exactly 5 MB', () => {
    const big = `# ${'x'.repeat(MAX_DEFINITION_BYTES)}\n`;
    writeFileSync(join(repo, 'big.aci.yaml'), big);
    const file = validate(['big.aci.yaml']);
    assert.equal(file.status, 2);
    assert.equal(file.stderr, 'big.aci.yaml: cannot read: larger than 5 MB, the limit for a definition file\n');
    const stdin = validate(['-'], big);
    assert.equal(stdin.status, 2);
    assert.equal(stdin.stderr, '-: cannot read: larger than 5 MB, the limit for a definition file\n');
    writeFileSync(join(repo, 'five.aci.yaml'), `# ${'x'.repeat(MAX_DEFINITION_BYTES - 3)}\n`);
    const five = validate(['five.aci.yaml']);
    assert.equal(five.status, 1, five.stderr);
    assert.equal(five.stderr, '');
  });

  it('follows a link that stays in the current folder, refuses one that leads out of it', { skip: !posix }, () => {
    copyFileSync(FIXTURE, join(repo, 'real.aci.yaml'));
    symlinkSync('real.aci.yaml', join(repo, 'inside.aci.yaml'));
    const ok = validate(['inside.aci.yaml']);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /^inside\.aci\.yaml:12:11: warning: .*\[ACI200\]$/m);

    writeFileSync(join(elsewhere, 'secret.yaml'), 'properties:\n  token: s3cr3t-value\n');
    symlinkSync(join(elsewhere, 'secret.yaml'), join(repo, 'outside.aci.yaml'));
    symlinkSync(elsewhere, join(repo, 'linked-dir'));
    for (const name of ['outside.aci.yaml', 'linked-dir/secret.yaml']) {
      const r = validate([name]);
      assert.equal(r.status, 2, name);
      assert.equal(r.stderr, `${name}: cannot read: a link to a file outside the current folder (such links are not followed)\n`);
      assert.equal(r.stdout, '');
    }
    // Named outside the current folder, a file is read as given.
    assert.equal(validate([join(elsewhere, 'secret.yaml')]).status, 1);
  });
});
