// The extension's main bundle stays small: what src/extension.ts reaches (as esbuild follows it) must not
// include ajv (validation runs in the language worker) or @azure/identity (its own lazy chunk).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';

const OUT_SRC = path.resolve(__dirname, '../../src');
/** Loaded at run time from its own file (esbuild.mjs makes it external). */
const SEPARATE_CHUNKS = [/\/auth\/identityProviders$/, /\/containerGroup\/containerSocket$/, /\/core\/import\/importFields$/];

function reachable(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/require\((['"])([^'"]+)\1\)/g)) {
      const spec = m[2];
      if (!spec.startsWith('.')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
        continue;
      }
      if (SEPARATE_CHUNKS.some((re) => re.test(spec))) continue;
      const target = path.resolve(path.dirname(file), spec);
      const candidates = [target, `${target}.js`, path.join(target, 'index.js')];
      const found = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
      if (found) queue.push(found);
    }
  }
  return { files, packages };
}

test('the main bundle reaches neither ajv, @azure/identity nor the websocket library', () => {
  const { files, packages } = reachable(path.join(OUT_SRC, 'extension.js'));
  assert.ok(files.size > 20, `followed ${files.size} files`);
  assert.ok(packages.has('yaml') && packages.has('node-fetch'), [...packages].join(', '));
  for (const heavy of ['ajv', 'ajv-formats', '@azure/identity', '@azure/msal-node', 'ws']) {
    assert.ok(!packages.has(heavy), `${heavy} is reachable from src/extension.ts`);
  }
  const validation = [...files].filter((f) => f.includes(`${path.sep}validation${path.sep}`)).map((f) => path.relative(OUT_SRC, f));
  assert.deepEqual(validation.filter((f) => /schema|validate|normalize/.test(f)), []);
});

test('the exec/attach socket code loads from its own file, with the first session, not at activation', () => {
  const bundle = path.resolve(__dirname, '../../../dist/extension.js');
  const text = fs.readFileSync(bundle, 'utf8');
  assert.match(text, /import\("\.\/containerSocket\.js"\)/, 'loaded by a dynamic import');
  assert.doesNotMatch(text, /require\("\.\/containerSocket\.js"\)/, 'not required when the bundle loads');
  assert.ok(fs.existsSync(path.resolve(__dirname, '../../../dist/containerSocket.js')), 'the chunk is built');
});

test('the fields Import keeps and the schema it reads them from load from their own file, with the first import', () => {
  const bundle = path.resolve(__dirname, '../../../dist/extension.js');
  const text = fs.readFileSync(bundle, 'utf8');
  assert.match(text, /import\("\.\/importFields\.js"\)/, 'loaded by a dynamic import');
  assert.doesNotMatch(text, /require\("\.\/importFields\.js"\)/, 'not required when the bundle loads');
  const schemaId = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../schemas/container-group.schema.json'), 'utf8')) as { $id: string }).$id;
  assert.ok(!text.includes(schemaId), 'the container group schema is not in the main bundle');
  const chunk = fs.readFileSync(path.resolve(__dirname, '../../../dist/importFields.js'), 'utf8');
  assert.ok(chunk.includes(schemaId), 'the chunk carries the schema');
  assert.doesNotMatch(chunk, /node_modules\/yaml\//, 'the chunk has no copy of the yaml library (writing YAML stays in the main bundle)');
});
