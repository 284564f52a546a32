// Bundles the extension (CommonJS, `vscode` external) and the CLI.
// --production minifies and drops sourcemaps; --watch rebuilds on change.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
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
};

const builds = [
  {
    ...common,
    entryPoints: { extension: 'src/extension.ts' },
    outdir: 'dist',
    external: ['vscode'],
    // Code that only some commands need is imported dynamically and lands in its own file.
    splitting: false,
    metafile: true,
  },
  {
    ...common,
    entryPoints: { cli: 'src/cli/aci-validate.ts' },
    outdir: 'dist',
    banner: { js: '#!/usr/bin/env node' },
  },
];

const existing = [];
for (const options of builds) {
  try {
    await import('node:fs').then((fs) => fs.accessSync(Object.values(options.entryPoints)[0]));
    existing.push(options);
  } catch {
    // Entry point not written yet.
  }
}

if (watch) {
  for (const options of existing) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  console.log('[esbuild] watching');
} else {
  await Promise.all(existing.map((options) => esbuild.build(options)));
}
