/**
 * "Compare Synchronizations…": on a share subscription node or from the palette, pick two synchronizations
 * and open a panel that compares their data sets; the serializer that restores open comparisons after a
 * reload. Returns the hooks the test-only API hands to tests.
 */
import * as vscode from 'vscode';
import type { CommandRegistrar } from '../shared/registerCommand';
import type { AzureSession } from '../../azure/session';
import { compareInitFrom } from '../../core/report/compareMessages';
import { isShareSubscriptionTarget } from '../../core/report/messages';
import { sanitizeSynchronization } from '../../core/report/synchronization';
import { log } from '../../output/log';
import { COMPARE_VIEW_TYPE, ComparePanel, type ComparePanelDeps } from '../../webview/compare/comparePanel';
import type { CompareRecord, CompareTestHooks } from '../../webview/compare/compareRecord';
import { openedAndRestored, registerPanelRestore, reloadOnSignIn } from '../../webview/panelRestore';
import { PanelTracker } from '../../webview/panelTracker';
import { pickShareSubscription, pickTwoSynchronizations } from '../showReport/pickSynchronization';
import { plainTarget, targetFrom } from '../showReport/registerReports';

export const COMPARE_COMMAND = 'aciDataShare.compareSynchronizations';

export function registerCompare(command: CommandRegistrar, context: vscode.ExtensionContext, session: AzureSession): CompareTestHooks {
  const tracker = new PanelTracker<ComparePanel, CompareRecord>('comparison');
  const { opened: deps, restored: restoredDeps } = openedAndRestored(session, (client): ComparePanelDeps => ({
    extensionUri: context.extensionUri,
    client,
    log: log(),
    onRecord: (panel) => tracker.changed(panel),
  }));

  /** A tree node or target, or nothing (then the user picks); then the two synchronizations. */
  async function compare(arg?: unknown): Promise<void> {
    const picked = targetFrom(arg) ?? (await pickShareSubscription());
    if (!picked || !isShareSubscriptionTarget(picked)) return;
    const target = plainTarget(picked);
    const pair = await pickTwoSynchronizations(deps.client, target);
    if (!pair) return;
    const [a, b] = [sanitizeSynchronization(pair.a), sanitizeSynchronization(pair.b)];
    if (!a || !b) return;
    tracker.track(ComparePanel.create(deps, { target, a, b, query: {} }));
  }

  const restore = registerPanelRestore(COMPARE_VIEW_TYPE, (panel, state) => {
    const init = compareInitFrom(state);
    if (!init) return false;
    tracker.track(new ComparePanel(restoredDeps, panel, { ...init, target: plainTarget(init.target) }, true));
    return true;
  });

  context.subscriptions.push(
    command(COMPARE_COMMAND, (_context, arg?: unknown) => compare(arg)),
    restore,
    reloadOnSignIn(session.onDidConnect, () => tracker.panels),
    tracker,
  );
  return {
    lastCompare: () => tracker.last?.record,
    html: () => tracker.last?.panel.webview.html,
    post: async (message) => (tracker.last ? tracker.last.post(message) : false),
    waitFor: (check, timeoutMs) => tracker.waitFor(check, timeoutMs),
    restore: (state) => restore.reopen(state),
  };
}
