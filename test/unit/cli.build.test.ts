// The build leaves the CLI runnable as it is: `npx aci-validate` in this repository runs dist/cli.js directly.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const CLI = join(__dirname, '../../..', 'dist', 'cli.js');

test('dist/cli.js is executable after a build and runs by its own #! line', { skip: process.platform === 'win32' }, () => {
  assert.equal(statSync(CLI).mode & 0o111, 0o111, 'execute bits set for owner, group and others');
  const run = spawnSync(CLI, ['--help'], { encoding: 'utf8' });
  assert.equal(run.error, undefined);
  assert.match(run.stdout + run.stderr, /aci-validate/);
});
