// src/core is pure logic in layers: no file there imports the VS Code API, and no layer imports a higher one.
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

/** Every relative import from a file under `base` to another under it: the first folder of each side. */
function importsWithin(base: string): { from: string; to: string; shown: string }[] {
  return files(base).flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(/(?:from|import|require\()\s*\(?\s*['"](\.[^'"]*)['"]/g)].flatMap((m) => {
      const target = path.resolve(path.dirname(f), m[1] ?? '');
      if (!target.startsWith(base + path.sep)) return [];
      const folder = (p: string) => path.relative(base, p).split(path.sep)[0] ?? '';
      return [{ from: folder(f), to: folder(target), shown: `${path.relative(base, f)} -> ${path.relative(base, target)}` }];
    }),
  );
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

/**
 * The core's layers, lowest first. A folder may import its own files and folders of lower layers only:
 * folders of one layer stand beside each other and never import each other.
 */
const LAYERS: string[][] = [
  // The definition model (parse, ranges, secret fields) and the ARM client's parts; nothing below them.
  ['definition', 'arm', 'schedule'],
  // The JSON Schema read by path; sign-in, Azure services and settings over the ARM client.
  ['schema', 'auth', 'services', 'settings'],
  // A container group: its definition read on its own, its containers' logs and the operations on a deployed group (over the services);
  // a share subscription's synchronizations followed, its schedule and its data sets (over the services).
  ['containerGroup', 'synchronization'],
  // What the editor and the CLI do with a definition; deploy, the report and Diagnose (over the live state) beside
  // them; a Compose file converted.
  ['validation', 'completion', 'hover', 'symbols', 'deploy', 'report', 'import', 'diagnose', 'compose'],
  // What puts those together: the language worker, the starter definitions, and a template deployment (over deploy's error placement).
  ['languageService', 'templates', 'templateDeploy'],
];

function layerOf(folder: string): number {
  return LAYERS.findIndex((layer) => layer.includes(folder));
}

test('every folder of src/core has a layer, and imports only its own files and lower layers', () => {
  const folders = fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  assert.deepEqual(folders.filter((f) => layerOf(f) < 0), [], 'folders missing from LAYERS');
  assert.deepEqual(fs.readdirSync(root).filter((f) => f.endsWith('.ts')), [], 'files belong in a layer folder');
  const wrong = importsWithin(root).filter(({ from, to }) => to !== from && layerOf(to) >= layerOf(from)).map((i) => i.shown);
  assert.deepEqual(wrong, []);
});

/**
 * Inside src/core/report, one folder per feature over what they share: the report, the trend and the comparison
 * each import `shared` and never each other; `shared` imports none of them.
 */
test('the report, the trend and the comparison stand beside each other over what they share', () => {
  const report = path.join(root, 'report');
  const features = ['report', 'trend', 'compare'];
  const folders = fs.readdirSync(report, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  assert.deepEqual(folders.sort(), ['compare', 'report', 'shared', 'trend']);
  assert.deepEqual(fs.readdirSync(report).filter((f) => f.endsWith('.ts')), [], 'files belong in a feature folder or shared');
  const wrong = importsWithin(report)
    .filter(({ from, to }) => !(to === from || to === 'shared') || (from === 'shared' && features.includes(to)))
    .map((i) => i.shown);
  assert.deepEqual(wrong, []);
});
