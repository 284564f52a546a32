// src/core is pure logic: no file there may import the VS Code API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';

const root = path.resolve(__dirname, '../../../src/core');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('no file under src/core imports vscode', () => {
  const all = files(root);
  assert.ok(all.length > 5, `expected core sources under ${root}`);
  const offenders = all.filter((f) => /(from|import)\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\)/.test(fs.readFileSync(f, 'utf8')));
  assert.deepEqual(offenders.map((f) => path.relative(root, f)), []);
});

test('no file under src/core imports from outside src/core (the adapters there import vscode)', () => {
  const escaping: string[] = [];
  for (const f of files(root)) {
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/(?:from|import|require\()\s*\(?\s*['"](\.[^'"]*)['"]/g)) {
      const target = path.resolve(path.dirname(f), m[1]);
      // Data (the JSON Schema) may come from elsewhere; code may not.
      if (!target.startsWith(root + path.sep) && !target.endsWith('.json')) escaping.push(`${path.relative(root, f)} -> ${m[1]}`);
    }
  }
  assert.deepEqual(escaping, []);
});
