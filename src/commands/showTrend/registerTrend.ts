/**
 * "Show Synchronization Trend": a chart of a share subscription's last synchronizations, each opening its
 * report, and the trend hooks the test-only API hands to tests.
 */
import * as vscode from 'vscode';
import type { AzureSession } from '../../azure/session';
import { trendCount } from '../../core/report/trend';
import { log } from '../../output/log';
import { SECTION } from '../../settings/configuration';
import { RecordWaiters } from '../../webview/recordWaiters';
import { TrendPanel, type TrendPanelDeps } from '../../webview/trend/trendPanel';
import type { TrendRecord, TrendTestHooks } from '../../webview/trend/trendRecord';
import { loadSynchronizations, pickShareSubscription } from '../showReport/pickSynchronization';
import { plainTarget, SHOW_REPORT_COMMAND, targetFrom } from '../showReport/registerReports';

export const SHOW_TREND_COMMAND = 'aciDataShare.showSynchronizationTrend';

export function registerTrend(context: vscode.ExtensionContext, session: AzureSession): TrendTestHooks {
  let last: TrendPanel | undefined;
  const waiters = new RecordWaiters<TrendRecord>(() => last?.record, 'trend');
  const panels = new Set<TrendPanel>();
  const client = async () => (await session.connection()).client;

  const deps: TrendPanelDeps = {
    extensionUri: context.extensionUri,
    client,
    listSynchronizations: async (target, signal) => loadSynchronizations(await client(), target, signal),
    openReport: (target, synchronizationId) => vscode.commands.executeCommand(SHOW_REPORT_COMMAND, target, synchronizationId),
    log: log(),
    onRecord: (panel) => {
      if (panel === last) waiters.notify();
    },
  };

  /** A tree node or target (else the user picks), and optionally how many synchronizations (else the setting). */
  async function showTrend(arg?: unknown, count?: unknown): Promise<void> {
    const target = targetFrom(arg) ?? (await pickShareSubscription());
    if (!target) return;
    const n = trendCount(count ?? vscode.workspace.getConfiguration(SECTION).get('synchronizationTrend.count'));
    const panel = new TrendPanel(deps, plainTarget(target), n);
    last = panel;
    panels.add(panel);
    panel.panel.onDidDispose(() => panels.delete(panel));
  }

  const hooks: TrendTestHooks = {
    lastTrend: () => last?.record,
    click: async (index) => (last ? last.post({ type: 'command', command: 'click', index }) : false),
    html: () => last?.panel.webview.html,
    waitFor: (check, timeoutMs) => waiters.waitFor(check, timeoutMs),
  };

  context.subscriptions.push(vscode.commands.registerCommand(SHOW_TREND_COMMAND, showTrend), { dispose: () => [...panels].forEach((p) => p.dispose()) });
  return hooks;
}
