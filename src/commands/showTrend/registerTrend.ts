/**
 * "Show Synchronization Trend": a chart of a share subscription's last synchronizations, each opening its
 * report; the serializer that restores open trends after a reload; and the trend hooks the test-only API hands
 * to tests.
 */
import * as vscode from 'vscode';
import type { CommandRegistrar } from '../shared/registerCommand';
import type { AzureSession } from '../../azure/session';
import { trendCount } from '../../core/report/trend';
import { isTrendPanelState } from '../../core/report/trendMessages';
import { log } from '../../output/log';
import { SECTION } from '../../settings/configuration';
import { openedAndRestored, registerPanelRestore, reloadOnSignIn } from '../../webview/panelRestore';
import { PanelTracker } from '../../webview/panelTracker';
import { TREND_VIEW_TYPE, TrendPanel, type TrendPanelDeps } from '../../webview/trend/trendPanel';
import type { TrendRecord, TrendTestHooks } from '../../webview/trend/trendRecord';
import { loadSynchronizations, pickShareSubscription } from '../showReport/pickSynchronization';
import { plainTarget, SHOW_REPORT_COMMAND, targetFrom } from '../showReport/registerReports';

export const SHOW_TREND_COMMAND = 'aciDataShare.showSynchronizationTrend';

export function registerTrend(command: CommandRegistrar, context: vscode.ExtensionContext, session: AzureSession): TrendTestHooks {
  const tracker = new PanelTracker<TrendPanel, TrendRecord>('trend');

  const { opened: deps, restored: restoredDeps } = openedAndRestored(session, (client): TrendPanelDeps => ({
    extensionUri: context.extensionUri,
    client,
    listSynchronizations: async (target, signal) => loadSynchronizations(await client(), target, signal),
    openReport: (target, synchronizationId) => vscode.commands.executeCommand(SHOW_REPORT_COMMAND, target, synchronizationId),
    log: log(),
    onRecord: (panel) => tracker.changed(panel),
  }));

  /** A tree node or target (else the user picks), and optionally how many synchronizations (else the setting). */
  async function showTrend(arg?: unknown, count?: unknown): Promise<void> {
    const target = targetFrom(arg) ?? (await pickShareSubscription());
    if (!target) return;
    const n = trendCount(count ?? vscode.workspace.getConfiguration(SECTION).get('synchronizationTrend.count'));
    tracker.track(TrendPanel.create(deps, { target: plainTarget(target), count: n }));
  }

  const restore = registerPanelRestore(TREND_VIEW_TYPE, (panel, state) => {
    if (!isTrendPanelState(state)) return false;
    tracker.track(new TrendPanel(restoredDeps, panel, { target: plainTarget(state.target), count: state.count }));
    return true;
  });

  const hooks: TrendTestHooks = {
    lastTrend: () => tracker.last?.record,
    click: async (index) => (tracker.last ? tracker.last.post({ type: 'command', command: 'click', index }) : false),
    html: () => tracker.last?.panel.webview.html,
    waitFor: (check, timeoutMs) => tracker.waitFor(check, timeoutMs),
    restore: (state) => restore.reopen(state),
  };

  context.subscriptions.push(
    command(SHOW_TREND_COMMAND, (_context, arg?: unknown, count?: unknown) => showTrend(arg, count)),
    restore,
    reloadOnSignIn(session.onDidConnect, () => tracker.panels),
    tracker,
  );
  return hooks;
}
