// Bundles the extension (CommonJS, `vscode` external) and the CLI.
// --production minifies and drops sourcemaps; --watch rebuilds on change.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
 * the same module as an entry of its own. Only modules whose calls take and return plain data qualify: a chunk
 * has its own copies of what it imports, so a class shared across the boundary would fail `instanceof`.
 * - identity: @azure/identity (and MSAL), when a sign-in method needs them;
 * - containerSocket: the exec/attach session and its websocket library, with the first Open Shell or Live Output;
 * - importFields: the fields Import Container Group keeps, and the schema it reads them from.
 */
const LAZY_CHUNKS = [
  { name: 'identity', filter: /\/auth\/identityProviders$/, entry: 'src/core/auth/identityProviders.ts' },
  { name: 'containerSocket', filter: /\/containerGroup\/containerSocket$/, entry: 'src/core/containerGroup/containerSocket.ts' },
  { name: 'importFields', filter: /\/core\/import\/importFields$/, entry: 'src/core/import/importFields.ts' },
];

const lazyChunks = {
  name: 'lazy-chunks',
  setup(build) {
    for (const chunk of LAZY_CHUNKS) build.onResolve({ filter: chunk.filter }, () => ({ path: `./${chunk.name}.js`, external: true }));
  },
};

const builds = [
  {
    ...common,
    entryPoints: { extension: 'src/extension.ts' },
    outdir: 'dist',
    external: ['vscode'],
    plugins: [lazyChunks],
    metafile: true,
  },
  ...LAZY_CHUNKS.map((chunk) => ({
    ...common,
    entryPoints: { [chunk.name]: chunk.entry },
    outdir: 'dist',
    // ws loads bufferutil and utf-8-validate only when installed (optional native speed-ups, inside try/catch):
    // left out, it uses its own JavaScript for both.
    external: ['bufferutil', 'utf-8-validate'],
  })),
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
  for (const options of [...existing, launcher(undefined)]) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  console.log('[esbuild] watching');
} else {
  await Promise.all(existing.map((options) => esbuild.build(options)));
  const bundleHash = createHash('sha256').update(readFileSync('dist/aci-validate.js')).digest('hex').slice(0, 32);
  await esbuild.build(launcher(bundleHash));
  // npm sets a bin's execute bit only when it links it (the first install): every build sets it, so
  // `npx aci-validate` keeps working after a rebuild.
  (await import('node:fs')).chmodSync('dist/cli.js', 0o755);
}
