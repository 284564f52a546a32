// The report benchmark's probe, loaded as the tests module of the real VS Code's extension host: first the
// core stream of the synchronization the benchmark names (ACI_DS_BENCH_REPORT) with no panel, then Show
// Synchronization Report for it, timed until the webview's table has counted every row. Prints the timings
// for the benchmark to read and settles so the host exits. (A bench file, not an integration test: it runs
// the core itself to compare, which integration tests may not.)
import * as vscode from 'vscode';
import { streamSynchronizationReport } from '../../src/core/report/stream';
import type { ShareSubscriptionTarget } from '../../src/core/settings/model';
import type { TestApi } from '../../src/extension';
import { benchClient } from './benchClient';
import { profiled } from './hostProfile';

interface BenchReport {
  target: ShareSubscriptionTarget;
  synchronizationId: string;
  rows: number;
}

/** The core stream in this process, as the extension's own client would run it but without the panel. */
async function hostCoreMs(bench: BenchReport): Promise<number> {
  const { client, tokens, scope } = benchClient(process.env.ACI_DS_EMULATOR_URL ?? '', {
    tenantId: process.env.AZURE_TENANT_ID ?? '',
    clientId: process.env.AZURE_CLIENT_ID ?? '',
    clientSecret: process.env.AZURE_CLIENT_SECRET ?? '',
  });
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
    const { rowsReceived, pagesRendered, state } = record;
    const filterMs = await filterWhileLoading(hooks, bench);
    const ms = (v: number | undefined) => (v ?? lastRowMs).toFixed(1);
    console.log(
      `[probe] report rows=${rowsReceived} pages=${pagesRendered} state=${state} hostCoreMs=${hostCore.toFixed(1)} filterMs=${filterMs.toFixed(1)} ` +
        `firstRowMs=${ms(firstRowMs)} hostRowsMs=${ms(hostRowsMs)} lastRowMs=${ms(lastRowMs)}`,
    );
  } catch (err) {
    console.log(`[probe] report failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}
