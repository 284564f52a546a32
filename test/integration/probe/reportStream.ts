// Tests-module stand-in for the report benchmark: runs Show Synchronization Report in the real VS Code for the
// share subscription and synchronization the benchmark names (ACI_DS_BENCH_REPORT), waits until the webview's
// table has counted every row, and prints the timings for the benchmark to read. Settles so the host exits.
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';

interface BenchReport {
  target: ShareSubscriptionTarget;
  synchronizationId: string;
  rows: number;
}

export async function run(): Promise<void> {
  const bench = JSON.parse(process.env.ACI_DS_BENCH_REPORT ?? '{}') as BenchReport;
  const extension = vscode.extensions.getExtension<TestApi>('aci-data-share.aci-data-share');
  if (!extension) throw new Error('extension not loaded');
  const api = await extension.activate();
  const hooks = api.report;
  try {
    const started = performance.now();
    let firstRowMs: number | undefined;
    await vscode.commands.executeCommand('aciDataShare.showSynchronizationReport', bench.target, bench.synchronizationId);
    const record = await hooks.waitFor((r) => {
      if (firstRowMs === undefined && r.rowsReceived > 0) firstRowMs = performance.now() - started;
      return r.target.shareSubscriptionName === bench.target.shareSubscriptionName && r.state !== 'loading' && r.rowsReceived >= bench.rows;
    }, 600_000);
    const lastRowMs = performance.now() - started;
    console.log(
      `[probe] report rows=${record.rowsReceived} pages=${record.pagesRendered} state=${record.state} ` +
        `firstRowMs=${(firstRowMs ?? lastRowMs).toFixed(1)} lastRowMs=${lastRowMs.toFixed(1)}`,
    );
  } catch (err) {
    console.log(`[probe] report failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}
