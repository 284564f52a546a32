/**
 * `npm run bench`: runs every benchmark and prints one table (`--json`: JSON instead).
 * Options: `--quick` (fewer iterations), `--only=editing,paging,report-webview,bundle,activation,cli,shell,run-command,latency,report-webview-latency,memory,synchronize`, `--rows=open,key,…`
 * (only those parts of the editing benchmark; see EDITING_PARTS), `--api-version=V` (the editing benchmark's file names V,
 * with every version's schema loaded first).
 * Benchmarks print figures; they never fail on a timing. A benchmark that throws shows as n/a and makes
 * the exit code 1.
 */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { runActivationBench } from './activationBench';
import { runBundleBench } from './bundleBench';
import { runCliBench } from './cliBench';
import { runLatencyBench } from './latencyBench';
import { runMemoryBench } from './memoryBench';
import { EDITING_PARTS, runEditingBench } from './editingBench';
import { PEER_NAME, peerVersion } from './peerAdapter';
import { runReportPagingBench } from './reportPagingBench';
import { runReportWebviewBench } from './reportWebviewBench';
import { runExecRunBench } from './execRunBench';
import { runShellBench } from './shellBench';
import { runSynchronizeBench } from './synchronizeBench';
import { notAvailable, Row } from './results';
import { renderJson, renderTable, RunInfo } from './table';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');

interface Bench {
  id: string;
  title: string;
  run(info: RunInfo): Promise<Row[]>;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const quick = args.includes('--quick');
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
  const parts = args.find((a) => a.startsWith('--rows='))?.slice('--rows='.length).split(',');
  const apiVersion = args.find((a) => a.startsWith('--api-version='))?.slice('--api-version='.length);
  const unknown = parts?.filter((r) => !EDITING_PARTS.includes(r)) ?? [];
  if (unknown.length) throw new Error(`Unknown --rows part ${unknown.join(', ')}; choose from ${EDITING_PARTS.join(', ')}.`);

  const info: RunInfo = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: `${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
    peer: `${PEER_NAME} ${peerVersion()} (in-process library API)`,
    iterations: quick ? 'quick' : 'full',
  };

  const benches: Bench[] = [
    {
      id: 'editing',
      title: 'editing',
      run: async (i) => {
        const r = await runEditingBench({ quick, repoRoot: REPO_ROOT, rows: parts, ...(apiVersion ? { apiVersion } : {}) });
        Object.assign(i, r.info);
        return r.rows;
      },
    },
    { id: 'paging', title: 'report paging', run: () => runReportPagingBench({ quick }) },
    { id: 'report-webview', title: 'report end to end (real VS Code)', run: () => runReportWebviewBench() },
    { id: 'report-webview-latency', title: 'report end to end at 100 ms latency', run: () => runReportWebviewBench({ rows: 2000, latencyMs: 100 }) },
    { id: 'bundle', title: 'bundle', run: () => runBundleBench(REPO_ROOT, quick) },
    { id: 'activation', title: 'activation', run: () => runActivationBench() },
    { id: 'cli', title: 'aci-validate start-up', run: async () => runCliBench(REPO_ROOT, quick) },
    { id: 'shell', title: 'open shell', run: () => runShellBench({ quick }) },
    { id: 'run-command', title: 'run command and file copy', run: () => runExecRunBench({ quick }) },
    { id: 'latency', title: 'latency', run: () => runLatencyBench({ quick }) },
    { id: 'memory', title: 'memory', run: () => runMemoryBench(REPO_ROOT) },
    { id: 'synchronize', title: 'synchronize now', run: () => runSynchronizeBench({ quick }) },
  ];

  const rows: Row[] = [];
  let failed = false;
  for (const bench of benches) {
    if (only && !only.includes(bench.id)) continue;
    process.stderr.write(`bench: ${bench.title}…\n`);
    const started = performance.now();
    try {
      rows.push(...(await bench.run(info)));
    } catch (e) {
      failed = true;
      const message = e instanceof Error ? e.message : String(e);
      rows.push({ section: bench.title, name: `${bench.title} (failed)`, ours: notAvailable(message), note: `failed: ${message}` });
    }
    process.stderr.write(`bench: ${bench.title} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }

  process.stdout.write((json ? renderJson(rows, info) : renderTable(rows, info, PEER_NAME)) + '\n');
  if (failed) process.exitCode = 1;
}

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exitCode = 1;
});
