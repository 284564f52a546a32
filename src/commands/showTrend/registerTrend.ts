/**
 * "Show Synchronization Trend": a chart of a share subscription's last synchronizations, each opening its
 * report; the serializer that restores open trends after a reload; and the trend hooks the test-only API hands
 * to tests.
 */
import * as vscode from 'vscode';
import type { CommandContext, CommandRegistrar } from '../shared/registerCommand';
import { trendCount } from '../../core/report/trend/trend';
import { isTrendPanelState } from '../../core/report/trend/trendMessages';
import { SECTION } from '../../settings/configuration';
import { registerPanelKind } from '../../webview/panelKind';
import type { TrendPanel, TrendPanelDeps } from '../../webview/trend/trendPanel';
import { TREND_VIEW_TYPE } from '../../webview/viewTypes';
import type { TrendRecord, TrendTestHooks } from '../../webview/trend/trendRecord';
import { loadSynchronizations, pickShareSubscription } from '../showReport/pickSynchronization';
import { plainTarget, SHOW_REPORT_COMMAND, targetFrom } from '../showReport/registerReports';
import { shareSubscriptionKey } from '../../core/settings/model';

export const SHOW_TREND_COMMAND = 'aciDataShare.showSynchronizationTrend';

/** The panel's code, a lazy chunk: it loads with the first trend opened or restored. */
const trendPanel = async (): Promise<typeof TrendPanel> => (await import('../../webview/trend/trendPanel')).TrendPanel;

export function registerTrend(command: CommandRegistrar): TrendTestHooks {
  const { tracker, deps, restore } = registerPanelKind<TrendPanel, TrendRecord, TrendPanelDeps>(command.services, {
    viewType: TREND_VIEW_TYPE,
    what: 'trend',
    deps: (base) => ({
      ...base,
      listSynchronizations: async (target, signal) => loadSynchronizations(await base.client(), target, signal),
      openReport: (target, synchronizationId) => vscode.commands.executeCommand(SHOW_REPORT_COMMAND, target, synchronizationId),
    }),
    restore: async (restored, panel, state) =>
      isTrendPanelState(state) ? new (await trendPanel())(restored, panel, { target: plainTarget(state.target), count: state.count }) : undefined,
  });

  /** A tree node or target (else the user picks), and optionally how many synchronizations (else the setting). */
  async function showTrend(ctx: CommandContext, arg?: unknown, count?: unknown): Promise<void> {
    const target = targetFrom(arg) ?? (await pickShareSubscription(ctx));
    if (!target) return;
    const n = trendCount(count ?? vscode.workspace.getConfiguration(SECTION).get('synchronizationTrend.count'));
    tracker.track((await trendPanel()).create(deps, { target: plainTarget(target), count: n }));
  }

  // An open trend of a share subscription whose synchronization is followed reads the trend again when it starts
  // (its new bar) and when it ends (the bar's outcome): twice per synchronization, not at every step.
  const shown = new WeakMap<TrendPanel, string>();
  const following = command.services.syncWatches.onDidChange((key, snapshot) => {
    const moment = `${snapshot.synchronizationId}:${snapshot.ended}`;
    for (const panel of tracker.panels) {
      if (shareSubscriptionKey(panel.record.target) !== key || shown.get(panel) === moment) continue;
      shown.set(panel, moment);
      void panel.load();
    }
  });
  command.own(following);
  command(SHOW_TREND_COMMAND, (ctx, arg?: unknown, count?: unknown) => showTrend(ctx, arg, count));
  return {
    lastTrend: () => tracker.last?.record,
    click: async (index) => (tracker.last ? tracker.last.post({ type: 'command', command: 'click', index }) : false),
    html: () => tracker.last?.panel.webview.html,
    waitFor: (check, timeoutMs) => tracker.waitFor(check, timeoutMs),
    restore: (state) => restore.reopen(state),
  };
}
