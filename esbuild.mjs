// Bundles the extension (ESM with esbuild's code splitting, `vscode` external), its language worker, the pages
// and the CLI. --production minifies and drops sourcemaps; --watch rebuilds on change.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { compileSchema } from './build/compileSchema.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8'));

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
 * Bundled CommonJS packages call require() and read __dirname: an ES module has neither, so each file defines them.
 * Nothing here may read a global a bundled module could declare at the top level (node-fetch declares `URL`).
 */
const ESM_GLOBALS = [
  "import { createRequire as __createRequire } from 'node:module';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = import.meta.filename;',
  'const __dirname = import.meta.dirname;',
].join(' ');

/** What esbuild placed where (dist/meta.json): the bundle tests and the bench read which files activation loads. */
const writeMetafile = {
  name: 'write-metafile',
  setup: (build) => build.onEnd((result) => result.metafile && fs.writeFileSync('dist/meta.json', JSON.stringify(result.metafile))),
};

const builds = [
  {
    // The extension host loads dist/extension.mjs; every `import()` in src starts a chunk (dist/chunks/) that loads on
    // first use, and modules two files share go to a chunk of their own, so each module has one instance.
    ...common,
    format: 'esm',
    splitting: true,
    entryPoints: { extension: 'src/extension.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // ws loads bufferutil and utf-8-validate only when installed (optional native speed-ups, inside try/catch).
    external: ['vscode', 'bufferutil', 'utf-8-validate'],
    banner: { js: ESM_GLOBALS },
    metafile: true,
    plugins: [writeMetafile],
  },
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

// The schema's validators are generated code that the bundles import.
compileSchema();

if (watch) {
  for (const options of [...builds, launcher(undefined)]) await (await esbuild.context(options)).watch();
  console.log('[esbuild] watching');
} else {
  fs.rmSync('dist', { recursive: true, force: true });
  await Promise.all(builds.map((options) => esbuild.build(options)));
  const bundleHash = createHash('sha256').update(fs.readFileSync('dist/aci-validate.js')).digest('hex').slice(0, 32);
  await esbuild.build(launcher(bundleHash));
  // npm sets a bin's execute bit only when it links it (the first install): every build sets it, so
  // `npx aci-validate` keeps working after a rebuild.
  fs.chmodSync('dist/cli.js', 0o755);
}
