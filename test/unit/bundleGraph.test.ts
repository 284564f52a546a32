// The extension's main bundle stays small: what src/extension.ts reaches (as esbuild follows it) must not
// include ajv (validation runs in the language worker) or @azure/identity (its own lazy chunk); the chunks loaded
// on first use read the main bundle's modules instead of carrying copies of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const OUT_SRC = path.resolve(__dirname, '../../src');
/** Loaded at run time from its own file (esbuild.mjs makes it external). */
const SEPARATE_CHUNKS = [/\/auth\/identityProviders$/, /\/containerGroup\/containerSocket$/, /\/core\/import\/importFields$/, /\/composeCommands$/];
const ROOT = path.resolve(__dirname, '../../..');
const DIST = path.join(ROOT, 'dist');
/** esbuild.mjs LAZY_CHUNKS, each with a module it must hold. */
const CHUNKS: Record<string, string> = {
  identity: 'src/core/auth/identityProviders.ts',
  sessionCommands: 'src/commands/openShell/sessionTerminal.ts',
  importFields: 'src/core/import/importFields.ts',
  containerGroupCommands: 'src/commands/deployTemplate/runTemplateDeploy.ts',
  synchronizeCommands: 'src/commands/synchronize/synchronizeNow.ts',
  composeCommands: 'src/core/compose/convertCompose.ts',
  reportPanels: 'src/webview/report/reportPanel.ts',
  tarArchive: 'src/commands/copyFiles/localArchive.ts',
};
/** Modules with state or classes checked by identity: one instance, in the main bundle or (the panel base, with the panels) in one chunk. */
const SINGLE_INSTANCE = ['src/core/arm/errors.ts', 'src/output/log.ts', 'src/webview/panelBase.ts', 'src/ui/userInput.ts', 'src/settings/configuration.ts'];
const BUDGET_BYTES = 400 * 1024;

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
  const text = fs.readFileSync(path.join(DIST, 'extension.js'), 'utf8');
  assert.match(text, /import\("\.\/sessionCommands\.js"\)/, 'loaded by a dynamic import');
  assert.doesNotMatch(text, /require\("\.\/sessionCommands\.js"\)/, 'not required when the bundle loads');
  const chunk = modulesIn('sessionCommands.js');
  assert.ok(chunk.has('src/core/containerGroup/containerSocket.ts') && [...chunk].some((m) => m.startsWith('node_modules/ws/')), [...chunk].join(', '));
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
  // It reads the yaml library from the main bundle's table (by module path) instead of carrying a copy.
  assert.doesNotMatch(chunk, /^\/\/ node_modules\/yaml\//m, 'the chunk has no copy of the yaml library');
});

/** The modules a development build (not minified) placed in a file: esbuild heads each with a `// path` line. */
function modulesIn(file: string): Set<string> {
  const text = fs.readFileSync(path.join(DIST, file), 'utf8');
  return new Set([...text.matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1]));
}

test('each module has one instance: a chunk reads the main bundle\'s copy instead of carrying its own', () => {
  const main = modulesIn('extension.js');
  const owner = new Map<string, string>([...main].map((m) => [m, 'extension.js']));
  for (const [name, held] of Object.entries(CHUNKS)) {
    const file = `${name}.js`;
    const modules = modulesIn(file);
    assert.ok(modules.has(held), `${file} holds ${held}`);
    assert.ok(!main.has(held), `${held} is not in the main bundle`);
    for (const module of modules) {
      assert.equal(owner.get(module) ?? file, file, `${module} is copied into both ${owner.get(module)} and ${file}`);
      owner.set(module, file);
    }
    // tarArchive holds node-tar and the one module that calls it: nothing of the main bundle to read.
    if (name !== 'tarArchive') assert.match(fs.readFileSync(path.join(DIST, file), 'utf8'), /require\("\.\/extension\.js"\)/, `${file} reads the main bundle`);
  }
  for (const module of SINGLE_INSTANCE) assert.ok(owner.has(module), `${module} is in the main bundle or a chunk`);
});

test('the commands whose code is in a chunk load it with their first run, not at activation', () => {
  const text = fs.readFileSync(path.join(DIST, 'extension.js'), 'utf8');
  for (const name of ['containerGroupCommands', 'synchronizeCommands', 'sessionCommands', 'importFields', 'reportPanels']) {
    assert.match(text, new RegExp(`import\\("\\./${name}\\.js"\\)`), `${name}.js loaded by a dynamic import`);
    assert.doesNotMatch(text, new RegExp(`require\\("\\./${name}\\.js"\\)`), `${name}.js not required when the bundle loads`);
  }
});

test('the production main bundle is under 400 KB', () => {
  // Built in a scratch folder linking to the sources, so dist/ (the development build the tests read) stays.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-bundle-size-'));
  try {
    for (const entry of ['src', 'node_modules', 'build', 'package.json', 'tsconfig.json']) fs.symlinkSync(path.join(ROOT, entry), path.join(scratch, entry));
    fs.copyFileSync(path.join(ROOT, 'esbuild.mjs'), path.join(scratch, 'esbuild.mjs'));
    execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: scratch, stdio: 'pipe' });
    const size = fs.statSync(path.join(scratch, 'dist', 'extension.js')).size;
    assert.ok(size < BUDGET_BYTES, `dist/extension.js is ${size} bytes`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
