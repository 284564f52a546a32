/**
 * Showing a followed synchronization until it ends: a progress notification (no Cancel button, which would read as
 * cancelling the synchronization: Escape or the notification's hide send it to the background, the status bar and
 * the tree keep showing it; Cancel Synchronization is its own command), then one notification naming the outcome
 * and the failed data sets, with Open Report.
 */
import * as vscode from 'vscode';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import { syncOutcome } from '../../core/synchronization/syncStatus';
import { SynchronizationWatch, UNKNOWN_STATUS, progressCounts, type WatchSnapshot } from '../../core/synchronization/syncWatch';
import { watchReaders } from '../../core/synchronization/shareSubscriptionReads';
import type { ShareSubscriptionSynchronization } from '../../core/services/dataShare';
import { ago, doneText, failedNames, stateText } from '../../tree/synchronizationText';
import { AgoRefresh } from '../../tree/agoRefresh';
import type { CommandContext } from '../shared/registerCommand';
import { clientOf, nameOf, notify } from './syncTarget';

export type SyncOutcome = 'succeeded' | 'failed' | 'canceled' | 'unknown';

/** Seconds between reads of a running synchronization's details (each read is one POST listing per 50 data sets). */
export function refreshMs(): number {
  const seconds = vscode.workspace.getConfiguration('aciDataShare').get<number>('synchronizationRefreshSeconds', 15);
  return Math.max(2, Number.isFinite(seconds) ? seconds : 15) * 1000;
}

/** A new watch of `sync`, registered so the tree and open reports follow it. */
export function startWatch(ctx: CommandContext, target: ShareSubscriptionTarget, key: string, sync: ShareSubscriptionSynchronization, followsOperation: boolean): SynchronizationWatch {
  const watch = new SynchronizationWatch(key, sync, watchReaders(() => clientOf(ctx), target), {
    everyMs: refreshMs(),
    followsOperation,
    onError: (m) => ctx.log.warn(`${target.shareSubscriptionName}: reading synchronization ${sync.synchronizationId}: ${m}`),
  });
  ctx.services.syncWatches.add(watch);
  watch.start();
  return watch;
}

function ended(watch: SynchronizationWatch): Promise<WatchSnapshot> {
  if (watch.snapshot.ended) return Promise.resolve(watch.snapshot);
  return new Promise((resolve) => {
    const sub = watch.onChange((s) => {
      if (!s.ended) return;
      sub.dispose();
      resolve(s);
    });
  });
}

/** The progress notification, until the synchronization ends. */
export function showProgress(ctx: CommandContext, target: ShareSubscriptionTarget, watch: SynchronizationWatch): void {
  const title = vscode.l10n.t('Synchronizing {0}', nameOf(target));
  void ctx.ui.progress({ location: vscode.ProgressLocation.Notification, title, cancellable: false }, (progress, token) => {
    // In the tree's words (Synchronizing, not the service's InProgress).
    const message = (s: WatchSnapshot) => vscode.l10n.t('{0} · started {1} · {2}', stateText(s), ago(s.startTime), doneText(s));
    progress.report({ message: message(watch.snapshot) });
    return new Promise<void>((resolve) => {
      // "started N min ago" is said again when the minute turns, though nothing else moved.
      const agoRefresh = new AgoRefresh(
        () => [watch.snapshot.ended ? undefined : watch.snapshot.startTime],
        () => progress.report({ message: message(watch.snapshot) }),
      );
      agoRefresh.update();
      const sub = watch.onChange((s) => {
        if (s.ended) {
          finish();
          return;
        }
        progress.report({ message: message(s) });
        agoRefresh.update();
      });
      // Only when VS Code itself ends the notification (the window closing).
      const cancel = token.onCancellationRequested(() => finish());
      function finish(): void {
        sub.dispose();
        cancel.dispose();
        agoRefresh.dispose();
        resolve();
      }
      if (watch.snapshot.ended) finish();
    });
  });
}

/** Waits for the end and tells it: outcome, failed data sets, Open Report. */
export async function announceEnd(ctx: CommandContext, target: ShareSubscriptionTarget, watch: SynchronizationWatch, notifications: string[]): Promise<{ outcome: SyncOutcome; snapshot: WatchSnapshot }> {
  const s = await ended(watch);
  const name = nameOf(target);
  const { failed, done } = progressCounts(s);
  const open = { [vscode.l10n.t('Open Report')]: () => vscode.commands.executeCommand('aciDataShare.showSynchronizationReport', target, s.synchronizationId) };
  const outcome = syncOutcome(s.status);
  ctx.log.info(`${target.shareSubscriptionName}: synchronization ${s.synchronizationId} ended ${s.status}: ${done} data sets done, ${failed} failed${s.message ? ` (${s.message})` : ''}`);
  if (outcome === 'succeeded') {
    void notify(ctx, notifications, 'info', vscode.l10n.t('{0}: synchronization succeeded · {1}.', name, doneText(s)), open);
    return { outcome: 'succeeded', snapshot: s };
  }
  if (outcome === 'canceled') {
    void notify(ctx, notifications, 'info', vscode.l10n.t('{0}: synchronization canceled · {1} before it stopped.', name, doneText(s)), open);
    return { outcome: 'canceled', snapshot: s };
  }
  if (outcome === 'failed') {
    const text = failed
      ? vscode.l10n.t('{0}: synchronization failed · {1} of {2} data sets failed: {3}.', name, failed, done, failedNames(s))
      : vscode.l10n.t('{0}: synchronization failed: {1}', name, s.message ?? s.status);
    void notify(ctx, notifications, 'error', text, open);
    return { outcome: 'failed', snapshot: s };
  }
  if (s.status === UNKNOWN_STATUS) {
    // The watch stopped without an end: said as such, not as an end the service reported.
    void notify(ctx, notifications, 'warning', vscode.l10n.t('{0}: stopped following the synchronization: it no longer appears among the recent synchronizations, so how it ended is unknown.', name), open);
    return { outcome: 'unknown', snapshot: s };
  }
  void notify(ctx, notifications, 'warning', vscode.l10n.t('{0}: the synchronization ended as {1}.', name, s.status), open);
  return { outcome: 'unknown', snapshot: s };
}
