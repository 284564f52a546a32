// The integration suites test the extension VS Code loaded, never a second copy of it: from `src` they may import
// types only (erased at compile time), and they reach the running extension through its commands and test API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';

const root = path.resolve(__dirname, '../../..');
const dirs = ['test/integration/suite', 'test/integration/probe'];

/** `import … from '…/src/…'` statements that bring in values, with their file. */
function valueImportsOfSrc(file: string, text: string): string[] {
  const statements = text.match(/^\s*import\s[^;]*?from\s+['"][^'"]*\/src\/[^'"]*['"]/gm) ?? [];
  const requires = text.match(/require\(\s*['"][^'"]*\/src\/[^'"]*['"]\s*\)/g) ?? [];
  return [...statements.filter((s) => !/^\s*import\s+type\s/.test(s)), ...requires].map((s) => `${file}: ${s.trim().replace(/\s+/g, ' ')}`);
}

test('integration suites import only types from src', () => {
  const files = dirs.flatMap((d) => fs.readdirSync(path.join(root, d)).filter((f) => f.endsWith('.ts')).map((f) => path.join(d, f)));
  assert.ok(files.length > 10, `${files.length} files read`);
  const found = files.flatMap((f) => valueImportsOfSrc(f, fs.readFileSync(path.join(root, f), 'utf8')));
  assert.deepStrictEqual(found, []);
});

test('the check sees a value import, a mixed import and a require, and lets type imports pass', () => {
  const text = [
    "import type { TestApi } from '../../../src/extension';",
    "import { AzureSession } from '../../../src/azure/session';",
    "import {\n  parseCsv,\n  type ReportRecord,\n} from '../../../src/core/report';",
    "const m = require('../../../src/core/arm/client');",
    "import { ScriptedInput } from './scriptedInput';",
  ].join('\n');
  assert.equal(valueImportsOfSrc('x.ts', text).length, 3);
});
