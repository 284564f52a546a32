/**
 * Cancel Synchronization: the running synchronization of a share subscription (the one followed, or the one the
 * listing shows), confirmed, then POST …/cancelSynchronization with its id, followed until the service has
 * stopped it; the tree says "Canceling" meanwhile and the synchronization's own end is told as always.
 */
import * as vscode from 'vscode';
import { ArmError } from '../../core/arm/errors';
import { cancelSynchronization as sendCancel } from '../../core/services/dataShareConsumer';
import { runningSynchronization } from '../../core/synchronization/shareSubscriptionReads';
import { isCanceledStatus } from '../../core/synchronization/syncStatus';
import { shareSubscriptionKey } from '../../core/settings/model';
import { ago } from '../../tree/synchronizationText';
import type { CommandContext } from '../shared/registerCommand';
import { announceEnd, startWatch } from './followSynchronization';
import { chooseShareSubscription, clientOf, destination, nameOf, notify, serviceWords } from './syncTarget';

export interface CancelResult {
  outcome: 'canceled' | 'notRunning' | 'ended' | 'failed' | 'dismissed' | 'invalid';
  synchronizationId?: string;
  /** The synchronization's status once the cancel was done. */
  status?: string;
  notifications: string[];
}

export async function cancelSynchronization(ctx: CommandContext, arg: unknown): Promise<CancelResult> {
  const result: CancelResult = { outcome: 'dismissed', notifications: [] };
  const target = await chooseShareSubscription(ctx, arg, result.notifications);
  if (!target) return { ...result, outcome: result.notifications.length ? 'invalid' : 'dismissed' };
  const key = shareSubscriptionKey(target);
  const client = await clientOf(ctx);
  const sync = ctx.services.syncWatches.running(key)?.snapshot ?? (await runningSynchronization(client, target));
  if (!sync) {
    void notify(ctx, result.notifications, 'info', vscode.l10n.t('No synchronization of {0} is running.', nameOf(target)));
    return { ...result, outcome: 'notRunning' };
  }
  result.synchronizationId = sync.synchronizationId;
  const question = vscode.l10n.t('Cancel the synchronization of {0} started {1}?', nameOf(target), ago(sync.startTime));
  result.notifications.push(question);
  const button = vscode.l10n.t('Cancel Synchronization');
  const detail = [destination(target), vscode.l10n.t('Data sets already copied stay where they landed; the rest are not copied in this run.')].join('\n\n');
  if ((await ctx.ui.message('warning', question, { modal: true, detail, dismiss: vscode.l10n.t('Keep Running') }, button)) !== button) return result;

  // Followed from here on (a synchronization started elsewhere gets a watch), so the tree shows the cancel. A watch
  // that already existed belongs to a Synchronize Now or Watch that tells the end itself.
  const existing = ctx.services.syncWatches.running(key);
  const watch = existing ?? startWatch(ctx, target, key, sync, false);
  watch.cancelRequested();
  ctx.log.info(`cancel synchronization ${sync.synchronizationId} of ${target.shareSubscriptionName}`);
  try {
    await ctx.ui.progress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Canceling the synchronization of {0}…', nameOf(target)) }, () =>
      sendCancel(client, target, sync.synchronizationId, { onProgress: (p) => ctx.log.info(`${target.shareSubscriptionName}: cancel ${p.status} (${p.polls} polls)`) }),
    );
  } catch (err) {
    // The synchronization goes on: the tree stops saying "Canceling".
    watch.cancelFailed();
    if (err instanceof ArmError && err.kind === 'canceled') return result;
    ctx.log.error(`${target.shareSubscriptionName}: cancel failed: ${err instanceof Error ? err.message : String(err)}`);
    void notify(ctx, result.notifications, 'error', vscode.l10n.t('Azure did not cancel the synchronization of {0}: {1}', nameOf(target), serviceWords(err)));
    return { ...result, outcome: 'failed' };
  }
  // The cancel is done once the service says so; the synchronization's end comes from the listing, which may show
  // it ended otherwise (Succeeded just before the cancel landed). Canceled is set only when it shows no end.
  watch.followListing();
  await watch.refresh();
  if (!watch.snapshot.ended) await watch.finish('Canceled');
  if (!existing) await announceEnd(ctx, target, watch, result.notifications);
  const status = watch.snapshot.status;
  return { ...result, outcome: isCanceledStatus(status) ? 'canceled' : 'ended', status };
}
