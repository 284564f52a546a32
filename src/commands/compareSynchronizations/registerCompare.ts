/**
 * "Compare Synchronizations…": on a share subscription node or from the palette, pick two synchronizations
 * and open a panel that compares their data sets; the serializer that restores open comparisons after a
 * reload. Returns the hooks the test-only API hands to tests.
 */
import * as vscode from 'vscode';
import type { AzureSession } from '../../azure/session';
import type { ArmClient } from '../../core/arm/client';
import { compareInitFrom } from '../../core/report/compareMessages';
import { isShareSubscriptionTarget } from '../../core/report/messages';
import { sanitizeSynchronization } from '../../core/report/synchronization';
import { log } from '../../output/log';
import { COMPARE_VIEW_TYPE, ComparePanel, type ComparePanelDeps } from '../../webview/compare/comparePanel';
import type { CompareRecord, CompareTestHooks } from '../../webview/compare/compareRecord';
import { registerPanelRestore, restoredClient } from '../../webview/panelRestore';
import { PanelTracker } from '../../webview/panelTracker';
import { pickShareSubscription, pickTwoSynchronizations } from '../showReport/pickSynchronization';
import { plainTarget, targetFrom } from '../showReport/registerReports';

export const COMPARE_COMMAND = 'aciDataShare.compareSynchronizations';

export function registerCompare(context: vscode.ExtensionContext, session: AzureSession): CompareTestHooks {
  const tracker = new PanelTracker<ComparePanel, CompareRecord>('comparison');
  const depsWith = (client: () => Promise<ArmClient>): ComparePanelDeps => ({
    extensionUri: context.extensionUri,
    client,
    log: log(),
    onRecord: (panel) => tracker.changed(panel),
  });
  const deps = depsWith(async () => (await session.connection()).client);
  // A comparison VS Code restores after a reload was not asked for just now: it never prompts for a sign-in.
  const restoredDeps = depsWith(restoredClient(session));

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
    vscode.commands.registerCommand(COMPARE_COMMAND, compare),
    restore,
    // Comparisons that waited for a sign-in load now.
    session.onDidConnect(() => tracker.panels.forEach((p) => p.reloadAfterSignIn())),
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
