/**
 * Size of the production extension bundle and a check that the sign-in libraries stay out of it (they
 * live in the lazily loaded identity chunk). The production build runs in a child process in a scratch
 * folder that links to the sources, so the project's own dist/ (the dev build) is left as it is.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Row, value, text } from './results';

const SECTION = 'Bundle (production build)';
const BUDGET_BYTES = 400 * 1024;
/** Markers of @azure/identity and MSAL code. */
const FORBIDDEN = [/msal/gi, /DefaultAzureCredential/g];

function hits(source: string): number {
  return FORBIDDEN.reduce((n, pattern) => n + (source.match(pattern)?.length ?? 0), 0);
}

export async function runBundleBench(repoRoot: string): Promise<Row[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'aci-bench-bundle-'));
  try {
    for (const entry of ['src', 'node_modules', 'build', 'package.json', 'tsconfig.json']) {
      if (existsSync(join(repoRoot, entry))) symlinkSync(join(repoRoot, entry), join(scratch, entry));
    }
    copyFileSync(join(repoRoot, 'esbuild.mjs'), join(scratch, 'esbuild.mjs'));
    const started = performance.now();
    try {
      await promisify(execFile)(process.execPath, ['esbuild.mjs', '--production'], { cwd: scratch, maxBuffer: 16 * 1024 * 1024 });
    } catch (e) {
      // Keep the table readable: only esbuild's error lines.
      const stderr = String((e as { stderr?: string }).stderr ?? '');
      const errors = stderr.split('\n').filter((l) => l.includes('[ERROR]')).map((l) => l.replace(/^.*\[ERROR\]\s*/, ''));
      throw new Error(`production build failed: ${errors.join('; ') || (e as Error).message.split('\n')[0]}`, { cause: e });
    }
    const buildMs = performance.now() - started;

    const dist = join(scratch, 'dist');
    const extension = readFileSync(join(dist, 'extension.js'), 'utf8');
    const size = statSync(join(dist, 'extension.js')).size;
    const found = hits(extension);
    const chunkPath = join(dist, 'identity.js');
    const chunk = existsSync(chunkPath) ? readFileSync(chunkPath, 'utf8') : '';
    // Every other file the build writes: the chunks loaded on first use (esbuild.mjs LAZY_CHUNKS), the language
    // worker, the CLI and the pages' bundles, as the build names them (a list here would drift from it).
    const sizes = readdirSync(dist)
      .filter((f) => f.endsWith('.js') && f !== 'extension.js')
      .sort()
      .map((f) => `${f} ${(statSync(join(dist, f)).size / 1024).toFixed(0)} KB`)
      .join(', ');
    return [
      {
        section: SECTION,
        name: 'dist/extension.js size',
        ours: value(size, 'bytes'),
        target: '< 400 KB',
        met: size < BUDGET_BYTES,
        note: `production build took ${(buildMs / 1000).toFixed(1)} s; other files: ${sizes || 'none'}`,
      },
      {
        section: SECTION,
        name: 'identity/MSAL code in extension.js',
        ours: text(found === 0 ? 'none' : `${found} matches`),
        target: 'none',
        met: found === 0,
        note: `searched for /msal/i and DefaultAzureCredential; the lazy identity.js chunk has ${hits(chunk)} such matches`,
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
