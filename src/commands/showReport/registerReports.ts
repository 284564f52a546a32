/**
 * "Show Synchronization Report" and "Show Synchronization Schedule": commands, the panel serializer that
 * restores open reports after a reload, and the report hooks the test-only API hands to tests and benchmarks.
 */
import type { CommandContext, CommandRegistrar } from '../shared/registerCommand';
import { isReportPanelState, isReportQuery } from '../../core/report/report/messages';
import { shareSubscriptionKey } from '../../core/settings/model';
import { isShareSubscriptionTarget } from '../../core/report/shared/panelTypes';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import type { ReportPanel, ReportPanelDeps } from '../../webview/report/reportPanel';
import { REPORT_VIEW_TYPE } from '../../webview/viewTypes';
import type { ReportRecord, ReportTestHooks } from '../../webview/report/reportRecord';
import { pickShareSubscription, pickSynchronization } from './pickSynchronization';
import { ShareSubscriptionNode } from '../../tree/shareSubscriptionNodes';
import { registerPanelKind } from '../../webview/panelKind';

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

/** The panel's code, a lazy chunk: it loads with the first report opened or restored. */
const reportPanel = async (): Promise<typeof ReportPanel> => (await import('../../webview/report/reportPanel')).ReportPanel;

export function registerReports(command: CommandRegistrar): ReportTestHooks {
  const { tracker, deps, restore } = registerPanelKind<ReportPanel, ReportRecord, ReportPanelDeps>(command.services, {
    viewType: REPORT_VIEW_TYPE,
    what: 'report',
    deps: (base) => base,
    // Nothing usable saved (e.g. the page never started): the panel is closed rather than shown empty.
    restore: async (restored, panel, state) =>
      isReportPanelState(state)
        ? new (await reportPanel())(restored, panel, { target: plainTarget(state.target), synchronizationId: state.synchronizationId, query: state.query, tab: state.tab })
        : undefined,
  });

  /** `query` (optional) opens the report filtered, e.g. to one data set. */
  async function showReport(ctx: CommandContext, arg?: unknown, synchronizationId?: unknown, query?: unknown): Promise<void> {
    const target = targetFrom(arg) ?? (await pickShareSubscription(ctx));
    if (!target) return;
    let syncId = typeof synchronizationId === 'string' && synchronizationId !== '' ? synchronizationId : undefined;
    let summary;
    if (!syncId) {
      summary = await pickSynchronization(ctx, deps.client, target);
      if (!summary) return;
      syncId = summary.synchronizationId;
    }
    tracker.track((await reportPanel()).create(deps, { target: plainTarget(target), synchronizationId: syncId, query: isReportQuery(query) ? query : {}, tab: 'details' }, summary));
  }

  async function showSchedule(ctx: CommandContext, arg?: unknown): Promise<void> {
    const target = targetFrom(arg) ?? (await pickShareSubscription(ctx));
    if (target) tracker.track((await reportPanel()).create(deps, { target: plainTarget(target), query: {}, tab: 'schedule' }));
  }

  const hooks: ReportTestHooks = {
    lastReport: () => tracker.last?.record,
    html: () => tracker.last?.panel.webview.html,
    post: async (message) => (tracker.last ? tracker.last.post(message) : false),
    waitFor: (check, timeoutMs) => tracker.waitFor(check, timeoutMs),
    restore: (state) => restore.reopen(state),
  };

  // Open reports of a synchronization being followed show its rows as they arrive.
  const following = command.services.syncWatches.onDidChange((key, snapshot) => {
    for (const panel of tracker.panels) if (shareSubscriptionKey(panel.currentState.target) === key) panel.follow(snapshot);
  });
  command.own(following);
  command(SHOW_REPORT_COMMAND, (ctx, arg?: unknown, id?: unknown, query?: unknown) => showReport(ctx, arg, id, query));
  command(SHOW_SCHEDULE_COMMAND, (ctx, arg?: unknown) => showSchedule(ctx, arg));
  return hooks;
}
