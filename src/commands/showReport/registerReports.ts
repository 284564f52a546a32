/**
 * "Show Synchronization Report" and "Show Synchronization Schedule": commands, the panel serializer that
 * restores open reports after a reload, and the report hooks the test-only API hands to tests and benchmarks.
 */
import * as vscode from 'vscode';
import type { AzureSession } from '../../azure/session';
import { isReportPanelState, isShareSubscriptionTarget, type ReportPanelState } from '../../core/report/messages';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import { log } from '../../output/log';
import { REPORT_VIEW_TYPE, ReportPanel, type ReportPanelDeps } from '../../webview/report/reportPanel';
import type { ReportRecord, ReportTestHooks } from '../../webview/report/reportRecord';
import { pickShareSubscription, pickSynchronization } from './pickSynchronization';
import { ShareSubscriptionNode } from '../../tree/shareSubscriptionNodes';
import { RecordWaiters } from '../../webview/recordWaiters';

export const SHOW_REPORT_COMMAND = 'aciDataShare.showSynchronizationReport';
export const SHOW_SCHEDULE_COMMAND = 'aciDataShare.showSynchronizationSchedule';

/** A tree node, a target object, or nothing (then the user picks). */
export function targetFrom(arg: unknown): ShareSubscriptionTarget | undefined {
  if (arg instanceof ShareSubscriptionNode) return arg.target;
  return isShareSubscriptionTarget(arg) ? arg : undefined;
}

export function plainTarget(t: ShareSubscriptionTarget): ShareSubscriptionTarget {
  return { subscriptionId: t.subscriptionId, resourceGroup: t.resourceGroup, accountName: t.accountName, shareSubscriptionName: t.shareSubscriptionName, label: t.label };
}

export function registerReports(context: vscode.ExtensionContext, session: AzureSession): ReportTestHooks {
  let last: ReportPanel | undefined;
  const waiters = new RecordWaiters<ReportRecord>(() => last?.record, 'report');
  const panels = new Set<ReportPanel>();

  const deps: ReportPanelDeps = {
    extensionUri: context.extensionUri,
    client: async () => (await session.connection()).client,
    log: log(),
    onRecord: (panel) => {
      if (panel === last) waiters.notify();
    },
  };

  const track = (panel: ReportPanel): ReportPanel => {
    last = panel;
    panels.add(panel);
    panel.panel.onDidDispose(() => panels.delete(panel));
    return panel;
  };

  async function showReport(arg?: unknown, synchronizationId?: unknown): Promise<void> {
    const target = targetFrom(arg) ?? (await pickShareSubscription());
    if (!target) return;
    let syncId = typeof synchronizationId === 'string' && synchronizationId !== '' ? synchronizationId : undefined;
    let summary;
    if (!syncId) {
      summary = await pickSynchronization(deps.client, target);
      if (!summary) return;
      syncId = summary.synchronizationId;
    }
    track(ReportPanel.create(deps, { target: plainTarget(target), synchronizationId: syncId, query: {}, tab: 'details' }, summary));
  }

  async function showSchedule(arg?: unknown): Promise<void> {
    const target = targetFrom(arg) ?? (await pickShareSubscription());
    if (target) track(ReportPanel.create(deps, { target: plainTarget(target), query: {}, tab: 'schedule' }));
  }

  const hooks: ReportTestHooks = {
    lastReport: () => last?.record,
    html: () => last?.panel.webview.html,
    post: async (message) => (last ? last.post(message) : false),
    waitFor: (check, timeoutMs) => waiters.waitFor(check, timeoutMs),
  };

  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_REPORT_COMMAND, showReport),
    vscode.commands.registerCommand(SHOW_SCHEDULE_COMMAND, showSchedule),
    vscode.window.registerWebviewPanelSerializer(REPORT_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        if (!isReportPanelState(state)) {
          // Nothing usable was saved (e.g. the page never started): close rather than show an empty report.
          panel.dispose();
          return;
        }
        const restored: ReportPanelState = { target: plainTarget(state.target), synchronizationId: state.synchronizationId, query: state.query, tab: state.tab };
        track(new ReportPanel(deps, panel, restored));
      },
    }),
    { dispose: () => [...panels].forEach((p) => p.dispose()) },
  );
  return hooks;
}
