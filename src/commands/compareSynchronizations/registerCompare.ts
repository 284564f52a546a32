/**
 * "Compare Synchronizations…": on a share subscription node or from the palette, pick two synchronizations
 * and open a panel that compares their data sets; the serializer that restores open comparisons after a
 * reload. Returns the hooks the test-only API hands to tests.
 */
import type { CommandContext, CommandRegistrar } from '../shared/registerCommand';
import { compareInitFrom } from '../../core/report/compare/compareMessages';
import { isShareSubscriptionTarget } from '../../core/report/shared/panelTypes';
import { sanitizeSynchronization } from '../../core/report/shared/synchronization';
import type { ComparePanel, ComparePanelDeps } from '../../webview/compare/comparePanel';
import { COMPARE_VIEW_TYPE } from '../../webview/viewTypes';
import type { CompareRecord, CompareTestHooks } from '../../webview/compare/compareRecord';
import { registerPanelKind } from '../../webview/panelKind';
import { pickShareSubscription, pickTwoSynchronizations } from '../showReport/pickSynchronization';
import { plainTarget, targetFrom } from '../showReport/registerReports';

export const COMPARE_COMMAND = 'aciDataShare.compareSynchronizations';

/** The panel's code, a lazy chunk: it loads with the first comparison opened or restored. */
const comparePanel = async (): Promise<typeof ComparePanel> => (await import('../../webview/compare/comparePanel')).ComparePanel;

export function registerCompare(command: CommandRegistrar): CompareTestHooks {
  const { tracker, deps, restore } = registerPanelKind<ComparePanel, CompareRecord, ComparePanelDeps>(command.services, {
    viewType: COMPARE_VIEW_TYPE,
    what: 'comparison',
    deps: (base) => base,
    restore: async (restored, panel, state) => {
      const init = compareInitFrom(state);
      return init ? new (await comparePanel())(restored, panel, { ...init, target: plainTarget(init.target) }, true) : undefined;
    },
  });

  /** A tree node or target, or nothing (then the user picks); then the two synchronizations. */
  async function compare(ctx: CommandContext, arg?: unknown): Promise<void> {
    const picked = targetFrom(arg) ?? (await pickShareSubscription(ctx));
    if (!picked || !isShareSubscriptionTarget(picked)) return;
    const target = plainTarget(picked);
    const pair = await pickTwoSynchronizations(ctx, deps.client, target);
    if (!pair) return;
    const [a, b] = [sanitizeSynchronization(pair.a), sanitizeSynchronization(pair.b)];
    if (!a || !b) return;
    tracker.track((await comparePanel()).create(deps, { target, a, b, query: {} }));
  }

  command(COMPARE_COMMAND, (ctx, arg?: unknown) => compare(ctx, arg));
  return {
    lastCompare: () => tracker.last?.record,
    html: () => tracker.last?.panel.webview.html,
    post: async (message) => (tracker.last ? tracker.last.post(message) : false),
    waitFor: (check, timeoutMs) => tracker.waitFor(check, timeoutMs),
    restore: (state) => restore.reopen(state),
  };
}
