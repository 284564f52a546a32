// The README's settings and commands tables are generated from package.json; this fails when they drift.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';

const root = path.resolve(__dirname, '../../..');

test('README tables match package.json (run `npm run docs` to update)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const generator = require(path.join(root, 'build/readmeTables.cjs')) as {
    renderReadme(readme: string, manifest: unknown): string;
  };
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as unknown;
  assert.equal(readme, generator.renderReadme(readme, manifest));
});
