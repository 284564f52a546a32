/**
 * "Compare Synchronizations…": on a share subscription node or from the palette, pick two synchronizations
 * and open a panel that compares their data sets. Returns the hooks the test-only API hands to tests.
 */
import * as vscode from 'vscode';
import type { AzureSession } from '../../azure/session';
import { isShareSubscriptionTarget } from '../../core/report/messages';
import { sanitizeSynchronization } from '../../core/report/synchronization';
import { log } from '../../output/log';
import { ComparePanel, type ComparePanelDeps } from '../../webview/compare/comparePanel';
import type { CompareRecord, CompareTestHooks } from '../../webview/compare/compareRecord';
import { RecordWaiters } from '../../webview/recordWaiters';
import { pickShareSubscription, pickTwoSynchronizations } from '../showReport/pickSynchronization';
import { plainTarget, targetFrom } from '../showReport/registerReports';

export const COMPARE_COMMAND = 'aciDataShare.compareSynchronizations';

export function registerCompare(context: vscode.ExtensionContext, session: AzureSession): CompareTestHooks {
  let last: ComparePanel | undefined;
  const waiters = new RecordWaiters<CompareRecord>(() => last?.record, 'comparison');
  const panels = new Set<ComparePanel>();
  const deps: ComparePanelDeps = {
    extensionUri: context.extensionUri,
    client: async () => (await session.connection()).client,
    log: log(),
    onRecord: (panel) => {
      if (panel === last) waiters.notify();
    },
  };

  /** A tree node or target, or nothing (then the user picks); then the two synchronizations. */
  async function compare(arg?: unknown): Promise<void> {
    const picked = targetFrom(arg) ?? (await pickShareSubscription());
    if (!picked || !isShareSubscriptionTarget(picked)) return;
    const target = plainTarget(picked);
    const pair = await pickTwoSynchronizations(deps.client, target);
    if (!pair) return;
    const [a, b] = [sanitizeSynchronization(pair.a), sanitizeSynchronization(pair.b)];
    if (!a || !b) return;
    const panel = ComparePanel.create(deps, { target, a, b, query: {} });
    last = panel;
    panels.add(panel);
    panel.panel.onDidDispose(() => panels.delete(panel));
    waiters.notify();
  }

  context.subscriptions.push(vscode.commands.registerCommand(COMPARE_COMMAND, compare), { dispose: () => [...panels].forEach((p) => p.dispose()) });
  return {
    lastCompare: () => last?.record,
    html: () => last?.panel.webview.html,
    post: async (message) => (last ? last.post(message) : false),
    waitFor: (check, timeoutMs) => waiters.waitFor(check, timeoutMs),
  };
}
