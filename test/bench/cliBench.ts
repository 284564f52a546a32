/**
 * Start-up of the aci-validate CLI as pipelines run it: whole processes (spawn to exit) of the bundle,
 * beside `node -e 0` in the same rounds, so the figures share the machine's load. One small file (a docs
 * sample) with the code cache of the earlier starts and without any, and 100 files in one call (the fixture
 * definitions, copied round-robin).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notAvailable, Row, timing } from './results';
import { summarize } from './stats';

const SECTION = 'aci-validate CLI (whole processes)';

/** Wall time of one process, spawn to exit; fails on an unexpected exit code. */
function timeProcess(args: string[], expect: number[], env?: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
  const elapsed = performance.now() - started;
  if (r.status === null || !expect.includes(r.status)) throw new Error(`${args.join(' ').slice(0, 80)} exited ${r.status}: ${String(r.stderr).slice(0, 200)}`);
  return elapsed;
}

export function runCliBench(repoRoot: string, quick: boolean): Row[] {
  const cli = join(repoRoot, 'dist', 'cli.js');
  const fixtures = join(repoRoot, 'test', 'fixtures', 'definitions');
  const small = join(fixtures, 'docs-quickstart-multi-container.yaml');
  const scratch = mkdtempSync(join(tmpdir(), 'aci-bench-cli-'));
  try {
    const sources = readdirSync(fixtures).sort();
    const many = Array.from({ length: 100 }, (_, i) => {
      const source = sources[i % sources.length];
      const file = join(scratch, `${String(i).padStart(3, '0')}-${source}`);
      copyFileSync(join(fixtures, source), file);
      return file;
    });
    const cases = {
      node: () => timeProcess(['-e', '0'], [0]),
      one: () => timeProcess([cli, small], [0]),
      // A pipeline step in a fresh container: no code cache from an earlier start.
      uncached: () => timeProcess([cli, small], [0], { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' }),
      hundred: () => timeProcess([cli, ...many], [0, 1]),
    };
    const samples: Record<keyof typeof cases, number[]> = { node: [], one: [], uncached: [], hundred: [] };
    const warmup = 2;
    const rounds = quick ? 5 : 20;
    for (let i = 0; i < warmup + rounds; i++) {
      for (const key of Object.keys(cases) as (keyof typeof cases)[]) {
        const ms = cases[key]();
        if (i >= warmup) samples[key].push(ms);
      }
    }
    const node = summarize(samples.node);
    const one = summarize(samples.one);
    const uncached = summarize(samples.uncached);
    const hundred = summarize(samples.hundred);
    const ratio = one.p50 / node.p50;
    return [
      { section: SECTION, name: 'node -e 0 (the floor)', ours: timing(node) },
      {
        section: SECTION,
        name: 'aci-validate one small file',
        ours: timing(one),
        target: '≤ 1.5× node -e 0',
        met: ratio <= 1.5,
        note: `${ratio.toFixed(2)}× node -e 0 (p50); ${small.slice(repoRoot.length + 1)}`,
      },
      {
        section: SECTION,
        name: 'aci-validate one small file, first start (no code cache)',
        ours: timing(uncached),
        target: '≤ 1.5× node -e 0',
        met: uncached.p50 / node.p50 <= 1.5,
        note: `${(uncached.p50 / node.p50).toFixed(2)}× node -e 0 (p50)`,
      },
      { section: SECTION, name: 'aci-validate 100 files in one call', ours: timing(hundred), target: '< 1 s', met: hundred.p50 < 1000, note: `the ${sources.length} fixture definitions, copied round-robin` },
    ];
  } catch (e) {
    return [{ section: SECTION, name: 'aci-validate start-up', ours: notAvailable(e instanceof Error ? e.message : String(e)) }];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
