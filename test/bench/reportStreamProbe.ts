// The report benchmark's probe, loaded as the tests module of the real VS Code's extension host: first the HTTP
// floor (httpFloor.ts) on the host's main thread and in a worker thread, then the core stream of the
// synchronization the benchmark names (ACI_DS_BENCH_REPORT) with no panel, then Show
// Synchronization Report for it, timed until the webview's table has counted every row. Prints the timings
// for the benchmark to read and settles so the host exits. (A bench file, not an integration test: it runs
// the core itself to compare, which integration tests may not.)
import * as path from 'path';
import * as vscode from 'vscode';
import { Worker } from 'worker_threads';
import { streamSynchronizationReport } from '../../src/core/report/shared/stream';
import type { ShareSubscriptionTarget } from '../../src/core/settings/model';
import type { TestApi } from '../../src/extension';
import { benchClient } from './benchClient';
import { profiled } from './hostProfile';
import { httpFloor, type FloorInput, type FloorResult } from './httpFloor';

interface BenchReport {
  target: ShareSubscriptionTarget;
  synchronizationId: string;
  rows: number;
}

function hostClient(): ReturnType<typeof benchClient> {
  return benchClient(process.env.ACI_DS_EMULATOR_URL ?? '', {
    tenantId: process.env.AZURE_TENANT_ID ?? '',
    clientId: process.env.AZURE_CLIENT_ID ?? '',
    clientSecret: process.env.AZURE_CLIENT_SECRET ?? '',
  });
}

/** The HTTP floor in a worker thread of this process. */
function floorInWorker(input: FloorInput): Promise<FloorResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'httpFloorWorker.js'), { workerData: input });
    worker.once('message', (m: { result?: FloorResult; error?: string }) => (m.result ? resolve(m.result) : reject(new Error(m.error))));
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the floor worker exited without a result')));
  });
}

/** The HTTP floor on the extension host's main thread (after one warm-up run), then in a worker thread. */
async function hostFloors(bench: BenchReport): Promise<{ main: number; worker: number }> {
  const { tokens, scope } = hostClient();
  const input: FloorInput = { baseUrl: process.env.ACI_DS_EMULATOR_URL ?? '', token: (await tokens.getToken([scope])).token, ref: bench.target, synchronizationId: bench.synchronizationId };
  await httpFloor(input);
  const main = await httpFloor(input);
  const worker = await floorInWorker(input);
  for (const r of [main, worker]) if (r.rows !== bench.rows) throw new Error(`the HTTP floor got ${r.rows} rows`);
  return { main: main.ms, worker: worker.ms };
}

/** The core stream in this process, as the extension's own client would run it but without the panel. */
async function hostCoreMs(bench: BenchReport): Promise<number> {
  const { client, tokens, scope } = hostClient();
  await tokens.getToken([scope]);
  const started = performance.now();
  let rows = 0;
  for await (const page of streamSynchronizationReport(client, bench.target, bench.synchronizationId)) rows += page.rows.length;
  if (rows !== bench.rows) throw new Error(`the core stream in the extension host got ${rows} rows`);
  return performance.now() - started;
}

/**
 * How long the page takes to answer a filter while rows arrive: a second load of the same report, filtered to
 * the failed data sets once a fifth of the rows are in, timed until the page's view shows the filtered rows.
 */
async function filterWhileLoading(hooks: TestApi['report'], bench: BenchReport): Promise<number> {
  const loads = (hooks.lastReport()?.loads ?? 0) + 1;
  await hooks.post({ type: 'command', command: 'reload' });
  await hooks.waitFor((r) => r.loads === loads && r.rowsReceived >= bench.rows / 5, 600_000);
  const started = performance.now();
  await hooks.post({ type: 'command', command: 'filter', query: { status: 'Failed' } });
  await hooks.waitFor((r) => r.view !== undefined && r.view.shown < r.rowsReceived / 2, 600_000);
  const ms = performance.now() - started;
  await hooks.post({ type: 'command', command: 'stop' });
  return ms;
}

export async function run(): Promise<void> {
  const bench = JSON.parse(process.env.ACI_DS_BENCH_REPORT ?? '{}') as BenchReport;
  const extension = vscode.extensions.getExtension<TestApi>('aci-data-share.aci-data-share');
  if (!extension) throw new Error('extension not loaded');
  const api = await extension.activate();
  const hooks = api.report;
  try {
    const floors = await hostFloors(bench);
    const hostCore = await profiled('host-core', () => hostCoreMs(bench));
    const started = performance.now();
    let firstRowMs: number | undefined;
    let hostRowsMs: number | undefined;
    const record = await profiled('report-command', async () => {
      await vscode.commands.executeCommand('aciDataShare.showSynchronizationReport', bench.target, bench.synchronizationId);
      return hooks.waitFor((r) => {
        if (firstRowMs === undefined && r.rowsReceived > 0) firstRowMs = performance.now() - started;
        if (hostRowsMs === undefined && r.rowsSent >= bench.rows) hostRowsMs = performance.now() - started;
        return r.target.shareSubscriptionName === bench.target.shareSubscriptionName && r.state !== 'loading' && r.rowsReceived >= bench.rows;
      }, 600_000);
    });
    const lastRowMs = performance.now() - started;
    // Read before the next load resets the record.
    const { rowsReceived, pagesRendered, updates, state } = record;
    const filterMs = await filterWhileLoading(hooks, bench);
    const ms = (v: number | undefined) => (v ?? lastRowMs).toFixed(1);
    console.log(
      `[probe] report rows=${rowsReceived} pages=${pagesRendered} updates=${updates} state=${state} hostCoreMs=${hostCore.toFixed(1)} filterMs=${filterMs.toFixed(1)} ` +
        `floorMainMs=${floors.main.toFixed(1)} floorWorkerMs=${floors.worker.toFixed(1)} ` +
        `firstRowMs=${ms(firstRowMs)} hostRowsMs=${ms(hostRowsMs)} lastRowMs=${ms(lastRowMs)}`,
    );
  } catch (err) {
    console.log(`[probe] report failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}
