// The sandbox's sample definitions are a newcomer's first files: each is checked with no finding at all, so the
// first deploy never starts with "Deploy Anyway".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { validateText } from '../../src/core/validation';

const dir = path.resolve(__dirname, '../../../test/fixtures/sandbox/definitions');

test('every sandbox sample definition has no findings', () => {
  const files = fs.readdirSync(dir).filter((f) => /\.aci\.(ya?ml|json)$/.test(f));
  assert.ok(files.length >= 3, files.join(', '));
  const found = files.flatMap((f) =>
    validateText(fs.readFileSync(path.join(dir, f), 'utf8'), f).findings.map((x) => `${f}: ${x.severity} ${x.code} ${x.message}`),
  );
  assert.deepEqual(found, []);
});
