/**
 * The production build of the extension, read from esbuild's metafile: the size of what activation loads (the
 * entry and the chunks it imports statically) and the time Node takes to load it, then each lazy feature's first
 * use (its chunk and what that chunk imports beyond activation). The build runs in a child process in a scratch
 * folder that links to the sources, so the project's own dist/ (the dev build) is left as it is.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { activationSet, bytesOf, ENTRY, firstUseSet, outputOf, readMetafile } from '../bundleMeta';
import { loadOnce, median } from './loadTimes';
import { Row, value, text } from './results';

const SECTION = 'Bundle (production build)';
const BUDGET_BYTES = 400 * 1024;
/** Markers of @azure/identity and MSAL code. */
const FORBIDDEN = [/msal/gi, /DefaultAzureCredential/g];
/** Features whose code loads on first use: the modules whose chunks it loads (a path ending in `/`: a package). */
const FEATURES: Record<string, string[]> = {
  'the first connection (ARM client)': ['src/core/arm/client.ts'],
  'sign-in (@azure/identity)': ['src/core/auth/identityProviders.ts', 'node_modules/@azure/identity/'],
  'Deploy': ['src/commands/deploy/runDeploy.ts'],
  'Import Container Group': ['src/commands/importContainerGroup/importContainerGroup.ts', 'src/core/import/importFields.ts'],
  'Open Shell (terminal and socket)': ['src/commands/openShell/openSession.ts', 'src/core/containerGroup/containerSocket.ts'],
  'Convert Compose File': ['src/commands/convertCompose/composeCommands.ts'],
  'Synchronize Now': ['src/commands/synchronize/synchronizeNow.ts'],
  'synchronization report panel': ['src/webview/report/reportPanel.ts'],
};

function hits(source: string): number {
  return FORBIDDEN.reduce((n, pattern) => n + (source.match(pattern)?.length ?? 0), 0);
}

async function medianLoad(root: string, features: string[], runs: number): Promise<{ entryMs: number; featureMs?: number }> {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await loadOnce(root, join(root, ENTRY), features.map((f) => join(root, f))));
  const featureMs = samples.map((s) => s.featureMs).filter((v): v is number => v !== undefined);
  return { entryMs: median(samples.map((s) => s.entryMs)), featureMs: featureMs.length ? median(featureMs) : undefined };
}

export async function runBundleBench(repoRoot: string, quick = false): Promise<Row[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'aci-bench-bundle-'));
  try {
    for (const entry of ['src', 'media', 'node_modules', 'build', 'package.json', 'tsconfig.json']) {
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

    const meta = readMetafile(scratch);
    const active = activationSet(meta);
    const size = bytesOf(meta, active);
    const found = hits([...active].map((f) => readFileSync(join(scratch, f), 'utf8')).join('\n'));
    const runs = quick ? 3 : 7;
    const entry = await medianLoad(scratch, [], runs);
    const rows: Row[] = [
      {
        section: SECTION,
        name: 'what activation loads (entry + static chunks)',
        ours: value(size, 'bytes'),
        target: '< 400 KB',
        met: size < BUDGET_BYTES,
        note: `${active.size} files of ${Object.keys(meta.outputs).filter((f) => f.endsWith('.mjs')).length}; production build took ${(buildMs / 1000).toFixed(1)} s`,
      },
      {
        section: SECTION,
        name: 'identity/MSAL code loaded at activation',
        ours: text(found === 0 ? 'none' : `${found} matches`),
        target: 'none',
        met: found === 0,
        note: 'searched for /msal/i and DefaultAzureCredential',
      },
      { section: SECTION, name: `Node loads ${ENTRY} (median of ${runs} fresh processes)`, ours: value(entry.entryMs, 'ms'), note: 'vscode stood in for; activate() not called' },
    ];
    for (const [feature, inputs] of Object.entries(FEATURES)) {
      const files = firstUseSet(meta, inputs);
      const load = await medianLoad(scratch, inputs.map((input) => outputOf(meta, input)!), runs);
      rows.push({ section: SECTION, name: `first use of ${feature}: its chunks load`, ours: value(load.featureMs ?? NaN, 'ms'), note: `${files.size} files, ${(bytesOf(meta, files) / 1024).toFixed(0)} KB` });
    }
    return rows;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
