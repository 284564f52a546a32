// Bundles the extension (CommonJS, `vscode` external) and the CLI.
// --production minifies and drops sourcemaps; --watch rebuilds on change.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { compileSchema } from './build/compileSchema.mjs';

const production = process.argv.includes('--production');
const manifest = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync('package.json', 'utf8')));
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
  alias: { 'whatwg-url': './build/whatwg-url.cjs' },
  // jsonc-parser's UMD build requires its parts at run time, which a bundle cannot follow; its ESM build can.
  mainFields: ['module', 'main'],
};

/**
 * Code that loads on first use, each from its own file: the extension bundle refers to `./<name>.js`, built from
 * the chunk's modules as an entry of its own (a dynamic import of a module in `modules` loads the chunk).
 * A chunk carries no copy of a module the main bundle has: it reads the main bundle's one instance (the same
 * ArmError class, log channel, panel trackers) from a table dist/extension.js exports, which the chunk reaches with
 * `require('./extension.js')` — the module VS Code loaded, from Node's module cache. The table lists exactly the
 * modules the chunks import from the main bundle (found by a first build of each); the build fails if a module
 * would still be copied into two files.
 */
const LAZY_CHUNKS = [
  // @azure/identity (and MSAL), when a sign-in method needs them.
  { name: 'identity', modules: ['src/core/auth/identityProviders.ts'] },
  // Import Container Group…: its steps, the fields it keeps and the schema it reads them from.
  { name: 'importFields', modules: ['src/core/import/importFields.ts', 'src/commands/importContainerGroup/importContainerGroup.ts'] },
  // Deploy's steps (template deploy included), Start, Stop, Restart and Delete of a group, and Diagnose: they share
  // the target step.
  { name: 'containerGroupCommands', modules: ['src/commands/deploy/runDeploy.ts', 'src/commands/containerGroupActions/runAction.ts', 'src/commands/diagnose/runDiagnose.ts'] },
  // Open Shell…, Show Live Output, Run Command in Container…, Download and Upload File… and Folder…: the terminal, the
  // exec/attach session and its websocket library, the run's and the transfer's conversations.
  {
    name: 'sessionCommands',
    modules: ['src/commands/openShell/openSession.ts', 'src/core/containerGroup/containerSocket.ts', 'src/commands/runCommand/runCommand.ts', 'src/commands/copyFiles/copyFile.ts', 'src/commands/copyFiles/copyFolder.ts'],
  },
  // Download Folder… and Upload Folder…: node-tar, loaded by their first run (their steps load with sessionCommands).
  { name: 'tarArchive', modules: ['src/commands/copyFiles/localArchive.ts'] },
  // Convert Compose File and Deploy Compose File: the Compose reader, its schema's validator and the conversion.
  { name: 'composeCommands', modules: ['src/commands/convertCompose/composeCommands.ts'] },
  // Synchronize Now, Cancel Synchronization and the schedule commands.
  { name: 'synchronizeCommands', modules: ['src/commands/synchronize/synchronizeNow.ts', 'src/commands/synchronize/cancelSynchronization.ts', 'src/commands/synchronize/scheduleCommands.ts'] },
  // The synchronization report, trend and comparison panels' host code: with the first panel opened or restored.
  { name: 'reportPanels', modules: ['src/webview/report/reportPanel.ts', 'src/webview/trend/trendPanel.ts', 'src/webview/compare/comparePanel.ts'] },
];

const SHARED_TABLE = '__chunkShared';
/** A file's real path: esbuild resolves symbolic links (the bench builds in a folder linking to the sources). */
const absolute = (file) => {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
};
const chunkOf = new Map(LAZY_CHUNKS.flatMap((chunk) => chunk.modules.map((m) => [absolute(m), chunk.name])));

/** Imports of a chunk's modules (from outside that chunk) become the chunk's file, loaded at run time. */
const lazyChunks = (own) => ({
  name: 'lazy-chunks',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData?.probing || args.kind === 'entry-point') return undefined;
      const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { probing: true } });
      const chunk = chunkOf.get(resolved.path);
      if (!chunk || chunk === own) return undefined;
      // The main bundle may load a chunk only on first use: a chunk required while dist/extension.js is still
      // loading would read its table before it exists.
      if (own === undefined && args.kind !== 'dynamic-import') {
        return { errors: [{ text: `${path.relative(process.cwd(), args.importer)} imports ${args.path} statically; the ${chunk} chunk loads only through import()` }] };
      }
      return { path: `./${chunk}.js`, external: true };
    });
  },
});

/** In a chunk's build: a module the main bundle has becomes a read of the main bundle's table; `needed` collects them. */
const fromMainBundle = (inMain, needed) => ({
  name: 'from-main-bundle',
  setup(build) {
    build.onResolve({ filter: /^\.\/extension\.js$/, namespace: 'main-bundle' }, ({ path }) => ({ path, external: true }));
    build.onResolve({ filter: /^table$/, namespace: 'main-bundle' }, () => ({ path: 'table', namespace: 'main-bundle' }));
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.probing || args.kind === 'entry-point' || args.path === 'vscode') return undefined;
      const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { probing: true } });
      if (resolved.external || !inMain.has(resolved.path)) return undefined;
      needed.add(resolved.path);
      return { path: path.relative(process.cwd(), resolved.path), namespace: 'main-bundle', pluginData: { key: inMain.get(resolved.path) } };
    });
    // The table, read once; a main bundle not in Node's module cache would be a second instance: refused.
    build.onLoad({ filter: /^table$/, namespace: 'main-bundle' }, () => ({
      loader: 'js',
      contents: `if (!require.cache[require.resolve('./extension.js')]) throw new Error('dist/extension.js is not loaded: a chunk would start a second copy');
const table = require('./extension.js').${SHARED_TABLE};
module.exports = (key) => {
  const m = table?.[key];
  if (!m) throw new Error('dist/extension.js does not share module ' + key + ': rebuild');
  const e = Object.defineProperty({}, '__esModule', { value: true });
  for (const k of Object.keys(m)) if (k !== '__esModule') Object.defineProperty(e, k, { enumerable: true, get: () => m[k] });
  return e;
};`,
    }));
    build.onLoad({ filter: /.*/, namespace: 'main-bundle' }, (args) => ({
      loader: 'js',
      contents: `module.exports = require('table')(${args.pluginData.key});`,
    }));
  },
});

/** The main entry: src/extension.ts and the table of the modules chunks read from it, keyed by their number in `inMain`. */
function mainEntry(shared, inMain) {
  const files = [...shared].sort();
  const lines = files.map((file, i) => `import * as m${i} from ${JSON.stringify(file)};`);
  const table = files.map((file, i) => `${inMain.get(file)}: m${i}`).join(', ');
  return {
    contents: `export * from './src/extension';\n${lines.join('\n')}\nexport const ${SHARED_TABLE} = { ${table} };\n`,
    resolveDir: process.cwd(),
    sourcefile: 'extension-entry.ts',
    loader: 'ts',
  };
}

const mainOptions = (shared, inMain) => ({
  ...common,
  stdin: mainEntry(shared, inMain),
  outfile: 'dist/extension.js',
  external: ['vscode'],
  plugins: [lazyChunks(undefined)],
  metafile: true,
});

const chunkOptions = (chunk, inMain, needed) => ({
  ...common,
  stdin: {
    contents: chunk.modules.map((m) => `export * from ${JSON.stringify(absolute(m))};`).join('\n'),
    resolveDir: process.cwd(),
    sourcefile: `${chunk.name}-entry.ts`,
    loader: 'ts',
  },
  outfile: `dist/${chunk.name}.js`,
  // ws loads bufferutil and utf-8-validate only when installed (optional native speed-ups, inside try/catch):
  // left out, it uses its own JavaScript for both.
  external: ['vscode', 'bufferutil', 'utf-8-validate'],
  plugins: [lazyChunks(chunk.name), fromMainBundle(inMain, needed)],
  metafile: true,
});

/** Every file with code in more than one of the outputs: a second instance of a module. */
function copiedTwice(metafiles) {
  const seen = new Map();
  const twice = new Set();
  for (const meta of metafiles) {
    for (const [out, { inputs }] of Object.entries(meta.outputs)) {
      if (!out.endsWith('.js')) continue;
      for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
        if (bytesInOutput === 0 || input.startsWith('main-bundle:') || input.endsWith('-entry.ts')) continue;
        if (seen.has(input) && seen.get(input) !== out) twice.add(`${input} (${seen.get(input)}, ${out})`);
        seen.set(input, out);
      }
    }
  }
  return [...twice];
}

/**
 * The extension and its chunks: a first build of the main bundle says which modules it has, the chunks' builds which
 * of those they import; the main bundle is built again exporting them. Returns the final options of each build.
 */
async function extensionBuilds(write) {
  const probe = await esbuild.build({ ...mainOptions(new Set(), new Map()), write: false });
  // Each module of the main bundle, numbered: the table's keys.
  const inMain = new Map(Object.keys(probe.metafile.inputs).map(absolute).sort().map((file, i) => [file, i]));
  const needed = new Set();
  const chunks = LAZY_CHUNKS.map((chunk) => chunkOptions(chunk, inMain, needed));
  const chunkResults = await Promise.all(chunks.map((options) => esbuild.build({ ...options, write })));
  const main = mainOptions(needed, inMain);
  const mainResult = await esbuild.build({ ...main, write });
  const inChunks = [...chunkOf.keys()].filter((file) => mainResult.metafile.inputs[path.relative(process.cwd(), file)]);
  if (inChunks.length) throw new Error(`modules of a chunk are in the main bundle: ${inChunks.join(', ')}`);
  const twice = copiedTwice([mainResult.metafile, ...chunkResults.map((r) => r.metafile)]);
  if (twice.length) throw new Error(`modules copied into two bundles: ${twice.join('; ')}`);
  return [main, ...chunks];
}

const builds = [
  {
    // Parses and validates definitions in a worker thread, off the extension host's main thread.
    ...common,
    entryPoints: { languageWorker: 'src/core/languageService/worker.ts' },
    outdir: 'dist',
  },
  {
    // The synchronization report's, trend's and comparison's pages, loaded by their webviews.
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    entryPoints: { report: 'media/report/main.ts', trend: 'media/trend/main.ts', compare: 'media/compare/main.ts' },
    outdir: 'dist',
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'warning',
  },
  {
    // The CLI starts once per pipeline step: minified always, as it parses faster (the map still points
    // at the sources in development builds).
    ...common,
    entryPoints: { 'aci-validate': 'src/cli/aci-validate.ts' },
    outdir: 'dist',
    minify: true,
    define: { ACI_VALIDATE_VERSION: JSON.stringify(manifest.version) },
  },
];

/**
 * The `aci-validate` command, which loads the bundle above with a V8 code cache. The cache is keyed by the
 * bundle's hash, so it is built after the bundle; watch builds leave the hash out and cache nothing.
 */
const launcher = (bundleHash) => ({
  ...common,
  entryPoints: { cli: 'src/cli/bin.ts' },
  outdir: 'dist',
  banner: { js: '#!/usr/bin/env node' },
  define: bundleHash ? { ACI_VALIDATE_BUNDLE_HASH: JSON.stringify(bundleHash) } : {},
});

const existing = [];
for (const options of builds) {
  try {
    await import('node:fs').then((fs) => fs.accessSync(Object.values(options.entryPoints)[0]));
    existing.push(options);
  } catch {
    // Entry point not written yet.
  }
}

// The schema's validators are generated code that the bundles import.
compileSchema();

if (!watch) {
  const fs = await import('node:fs');
  fs.rmSync('dist', { recursive: true, force: true });
}

if (watch) {
  // A chunk that comes to import another of the main bundle's modules says so when loaded: restart the watch.
  for (const options of [...(await extensionBuilds(true)), ...existing, launcher(undefined)]) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  console.log('[esbuild] watching');
} else {
  await Promise.all([extensionBuilds(true), ...existing.map((options) => esbuild.build(options))]);
  const bundleHash = createHash('sha256').update(readFileSync('dist/aci-validate.js')).digest('hex').slice(0, 32);
  await esbuild.build(launcher(bundleHash));
  // npm sets a bin's execute bit only when it links it (the first install): every build sets it, so
  // `npx aci-validate` keeps working after a rebuild.
  (await import('node:fs')).chmodSync('dist/cli.js', 0o755);
}
