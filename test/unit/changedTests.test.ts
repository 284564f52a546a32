// `npm run test:changed` picks the test files that touch a changed file: directly, through imports, or by name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pickTests } from '../changedTests';

const GRAPH: Record<string, string[]> = {
  'test/unit/a.test.ts': ['src/core/a.ts'],
  'test/unit/b.test.ts': ['src/core/b.ts'],
  'test/unit/blockYaml-reader.test.ts': [],
  'test/unit/cycle.test.ts': ['src/core/c1.ts'],
  'src/core/a.ts': ['src/core/shared.ts'],
  'src/core/b.ts': [],
  'src/core/c1.ts': ['src/core/c2.ts'],
  'src/core/c2.ts': ['src/core/c1.ts'],
};
const tests = Object.keys(GRAPH).filter((f) => f.endsWith('.test.ts'));
const pick = (changed: string[]) => Object.fromEntries(pickTests(changed, tests, (s) => GRAPH[s] ?? []));

test('a test importing a changed file through another module is picked, with the file named', () => {
  assert.deepEqual(pick(['src/core/shared.ts']), { 'test/unit/a.test.ts': 'imports src/core/shared.ts' });
});

test('a changed test file is picked; a file no test reaches picks none; import cycles end', () => {
  assert.deepEqual(pick(['test/unit/b.test.ts']), { 'test/unit/b.test.ts': 'changed' });
  assert.deepEqual(pick(['src/core/unused.ts', 'README.md']), {});
});

test('a test named for a changed file is picked even without importing it', () => {
  assert.deepEqual(pick(['src/core/definition/blockYaml.ts']), { 'test/unit/blockYaml-reader.test.ts': 'named for src/core/definition/blockYaml.ts' });
});
