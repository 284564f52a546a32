// The integration suite's files run in name order, a `.last.test` file after all others: the secret scan must read
// what every other file left behind.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { selectTestFiles } from '../integration/testFiles';

test('the secret scan runs after every other integration file, the rest in name order', () => {
  const files = selectTestFiles('test/integration/suite/*.test.js').map((f) => path.basename(f));
  assert.ok(files.length > 10, files.join(', '));
  assert.equal(files.at(-1), 'secretScan.last.test.js');
  const rest = files.slice(0, -1);
  assert.deepEqual(rest, [...rest].sort());
});
