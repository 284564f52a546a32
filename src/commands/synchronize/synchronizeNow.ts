/**
 * Synchronize Now…: Incremental or Full, confirmed, then POST …/synchronize followed by the one LRO implementation
 * while a watch reads the finished data sets, until one notification tells how it ended. A synchronization already
 * running is not started twice: the user is told and offered to watch it. A refusal is shown in the service's words.
 */
import * as vscode from 'vscode';
import { ArmError } from '../../core/arm/errors';
import { isStatusUnavailable } from '../../core/arm/lroOutcome';
import { synchronize, type SynchronizationMode } from '../../core/services/dataShareConsumer';
import type { ShareSubscriptionSynchronization } from '../../core/services/dataShare';
import { runningSynchronization } from '../../core/synchronization/shareSubscriptionReads';
import { isCanceledStatus, isFailedStatus, synchronizeEndStatus } from '../../core/synchronization/syncStatus';
import type { SynchronizationWatch } from '../../core/synchronization/syncWatch';
import { shareSubscriptionKey, type ShareSubscriptionTarget } from '../../core/settings/model';
import { ago } from '../../tree/synchronizationText';
import type { CommandContext } from '../shared/registerCommand';
import { announceEnd, refreshMs, showProgress, startWatch, type SyncOutcome } from './followSynchronization';
import { chooseShareSubscription, clientOf, destination, nameOf, notify, serviceWords } from './syncTarget';

export interface SynchronizeResult {
  outcome: SyncOutcome | 'refused' | 'alreadyRunning' | 'dismissed' | 'invalid';
  synchronizationId?: string;
  /** Names of the data sets that failed. */
  failedDataSets?: string[];
  errorCode?: string;
  /** Every notification and question this run showed. */
  notifications: string[];
}

interface ModeItem extends vscode.QuickPickItem {
  mode: SynchronizationMode;
}

/** Incremental or Full, each said in one line (https://learn.microsoft.com/azure/data-share/subscribe-to-data-share). */
async function pickMode(ctx: CommandContext, target: ShareSubscriptionTarget): Promise<SynchronizationMode | undefined> {
  const items: ModeItem[] = [
    { label: vscode.l10n.t('Incremental'), detail: vscode.l10n.t('Copies only what was added or changed since the last synchronization.'), mode: 'Incremental' },
    { label: vscode.l10n.t('Full'), detail: vscode.l10n.t('Copies all the shared data again, whatever was received before.'), mode: 'FullSync' },
  ];
  const picked = await ctx.ui.quickPick(items, { title: vscode.l10n.t('Synchronize {0}', nameOf(target)), placeHolder: vscode.l10n.t('How much to copy') });
  return picked?.mode;
}

/** The running synchronization this extension follows, or one the listing shows (started elsewhere). */
async function alreadyRunning(ctx: CommandContext, target: ShareSubscriptionTarget, key: string): Promise<{ watch?: SynchronizationWatch; sync?: ShareSubscriptionSynchronization }> {
  const watch = ctx.services.syncWatches.running(key);
  if (watch) return { watch };
  const sync = await runningSynchronization(await clientOf(ctx), target);
  return sync ? { sync } : {};
}

/** Offers to watch a synchronization already running; following it when the user says so. */
async function offerWatch(ctx: CommandContext, target: ShareSubscriptionTarget, key: string, found: { watch?: SynchronizationWatch; sync?: ShareSubscriptionSynchronization }, result: SynchronizeResult): Promise<SynchronizeResult> {
  const sync = found.watch?.snapshot ?? found.sync!;
  const text = vscode.l10n.t('A synchronization of {0} is already running (started {1}). Another can start once it ends.', nameOf(target), ago(sync.startTime));
  result.notifications.push(text);
  const watchButton = vscode.l10n.t('Watch');
  const answer = await ctx.ui.message('info', text, watchButton);
  result.synchronizationId = sync.synchronizationId;
  if (answer !== watchButton) return { ...result, outcome: 'alreadyRunning' };
  const watch = found.watch ?? startWatch(ctx, target, key, found.sync!, false);
  showProgress(ctx, target, watch);
  const end = await announceEnd(ctx, target, watch, result.notifications);
  return { ...result, outcome: end.outcome, failedDataSets: failedOf(end.snapshot.details) };
}

function failedOf(details: readonly { status?: string; name?: string }[]): string[] {
  return details.filter((d) => isFailedStatus(d.status)).map((d) => d.name ?? '');
}

export async function synchronizeNow(ctx: CommandContext, arg: unknown): Promise<SynchronizeResult> {
  const result: SynchronizeResult = { outcome: 'dismissed', notifications: [] };
  const target = await chooseShareSubscription(ctx, arg, result.notifications);
  if (!target) return { ...result, outcome: result.notifications.length ? 'invalid' : 'dismissed' };
  const key = shareSubscriptionKey(target);
  const running = await alreadyRunning(ctx, target, key);
  if (running.watch || running.sync) return offerWatch(ctx, target, key, running, result);

  const mode = await pickMode(ctx, target);
  if (!mode) return result;
  const question = vscode.l10n.t('Synchronize {0} now ({1})?', nameOf(target), mode === 'FullSync' ? vscode.l10n.t('Full') : vscode.l10n.t('Incremental'));
  result.notifications.push(question);
  const button = vscode.l10n.t('Synchronize');
  if ((await ctx.ui.message('warning', question, { modal: true, detail: destination(target) }, button)) !== button) return result;

  const client = await clientOf(ctx);
  ctx.log.info(`synchronize ${target.shareSubscriptionName} (${mode}) in ${target.accountName} (${target.resourceGroup}, subscription ${target.subscriptionId})`);
  let watch: SynchronizationWatch | undefined;
  const operation = synchronize(client, target, mode, {
    onStarted: (sync) => {
      if (!sync) return;
      watch = startWatch(ctx, target, key, { ...sync, synchronizationMode: sync.synchronizationMode ?? mode }, true);
      showProgress(ctx, target, watch);
    },
    onProgress: (p) => watch?.operationStatus(p.status),
    onThrottle: (wait) => ctx.log.warn(`${target.shareSubscriptionName}: synchronize throttled; retrying in ${Math.ceil(wait.waitMs / 1000)} s`),
    // A synchronization runs for minutes or hours: its status is read as often as its data sets, not every 2 s.
    defaultPollMs: refreshMs(),
  });
  let lroEnd: { status: string; message?: string } | undefined;
  try {
    // Only an end the operation itself reports is taken; an answer still saying Queued or InProgress, or a 202
    // without a status URL, is followed from the listing.
    const status = synchronizeEndStatus(await operation);
    lroEnd = status ? { status } : undefined;
    if (!lroEnd) watch?.followListing();
  } catch (err) {
    if (!watch) return refused(ctx, target, err, result);
    if (isStatusUnavailable(err)) {
      ctx.log.warn(`${target.shareSubscriptionName}: ${String((err as Error).message)}; following it from the listing.`);
      watch.followListing();
    } else {
      lroEnd = { status: err instanceof ArmError && isCanceledStatus(err.operationState) ? 'Canceled' : 'Failed', message: err instanceof ArmError ? err.serviceMessage : undefined };
    }
  }
  // An answer that named no synchronization: the one the listing shows running is followed instead.
  const followed = watch ?? (await listedWatch(ctx, target, key, lroEnd));
  if (!followed) {
    const text = lroEnd
      ? vscode.l10n.t('{0}: synchronization finished.', nameOf(target))
      : vscode.l10n.t('{0}: Azure accepted the synchronization but named none to follow; its end is unknown. See its history in the share subscription.', nameOf(target));
    void notify(ctx, result.notifications, lroEnd ? 'info' : 'warning', text);
    return { ...result, outcome: lroEnd ? 'succeeded' : 'unknown' };
  }
  if (lroEnd) {
    // The listing's own status is the truth (the operation says Canceled and Failed alike as an error).
    followed.followListing();
    await followed.refresh();
    await followed.finish(lroEnd.status, lroEnd.message);
  }
  const end = await announceEnd(ctx, target, followed, result.notifications);
  return { ...result, outcome: end.outcome, synchronizationId: end.snapshot.synchronizationId, failedDataSets: failedOf(end.snapshot.details) };
}

/** The synchronization the listing shows running, watched from the listing, when the answer named none. */
async function listedWatch(ctx: CommandContext, target: ShareSubscriptionTarget, key: string, lroEnd: { status: string } | undefined): Promise<SynchronizationWatch | undefined> {
  if (lroEnd) return undefined;
  const sync = await runningSynchronization(await clientOf(ctx), target).catch(() => undefined);
  if (!sync) return undefined;
  const watch = startWatch(ctx, target, key, sync, false);
  showProgress(ctx, target, watch);
  return watch;
}

function refused(ctx: CommandContext, target: ShareSubscriptionTarget, err: unknown, result: SynchronizeResult): SynchronizeResult {
  if (err instanceof ArmError && err.kind === 'canceled') return { ...result, outcome: 'dismissed' };
  const words = serviceWords(err);
  ctx.log.error(`${target.shareSubscriptionName}: synchronize refused: ${err instanceof Error ? err.message : String(err)}`);
  const showOutput = { [vscode.l10n.t('Show Output')]: () => vscode.commands.executeCommand('aciDataShare.showOutput') };
  void notify(ctx, result.notifications, 'error', vscode.l10n.t('Azure did not start the synchronization of {0}: {1}', nameOf(target), words), showOutput);
  return { ...result, outcome: 'refused', errorCode: err instanceof ArmError ? err.code : undefined };
}
