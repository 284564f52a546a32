/** Quick picks of the report commands: a configured share subscription, then one or two of its synchronizations. */
import * as vscode from 'vscode';
import { type PickOptions } from '../../ui/userInput';
import type { ArmClient } from '../../core/arm/client';
import { isArmError, errorMessage } from '../../core/arm/errors';
import { formatDuration, formatUtcDateTime } from '../../core/report/shared/format';
import type { SynchronizationSummary } from '../../core/report/shared/panelTypes';
import { sanitizeSynchronizations } from '../../core/report/shared/synchronization';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import { collectAll, listSynchronizations } from '../../core/services/dataShare';
import { shareSubscriptions } from '../../settings/configuration';
import { log } from '../../output/log';
import type { Prompts } from '../shared/registerCommand';
import { isFailedStatus, isRunningStatus } from '../../core/synchronization/syncStatus';

export async function pickShareSubscription(ctx: Prompts): Promise<ShareSubscriptionTarget | undefined> {
  const configured = shareSubscriptions().items;
  if (configured.length === 0) {
    const add = vscode.l10n.t('Add Share Subscription…');
    const choice = await ctx.ui.message('info', vscode.l10n.t('No share subscriptions are configured.'), add);
    if (choice === add) await vscode.commands.executeCommand('aciDataShare.addShareSubscription');
    return undefined;
  }
  if (configured.length === 1) return configured[0];
  const picked = await ctx.ui.quickPick(
    configured.map((t) => ({ label: t.label ?? t.shareSubscriptionName, description: `${t.shareSubscriptionName} · ${t.accountName} · ${t.resourceGroup}`, target: t })),
    { title: vscode.l10n.t('Share subscription'), placeHolder: vscode.l10n.t('Pick a share subscription'), matchOnDescription: true },
  );
  return picked?.target;
}

/** Newest first by start time; records without one go last. */
export function newestFirst(syncs: SynchronizationSummary[]): SynchronizationSummary[] {
  const time = (s: SynchronizationSummary) => {
    const t = Date.parse(s.startTime ?? '');
    return Number.isNaN(t) ? -Infinity : t;
  };
  return syncs.slice().sort((a, b) => time(b) - time(a));
}

async function listAll(client: ArmClient, target: ShareSubscriptionTarget, signal: AbortSignal): Promise<unknown[]> {
  try {
    return await collectAll(listSynchronizations(client, target, { orderby: 'startTime desc', signal }));
  } catch (err) {
    // A service that does not take $orderby here still lists; the order is applied locally anyway.
    if (isArmError(err) && err.kind === 'http' && err.status === 400) return collectAll(listSynchronizations(client, target, { signal }));
    throw err;
  }
}

/** The listing's records with only their known, well-typed fields (as rows are), so none can break the pick. */
export async function loadSynchronizations(client: ArmClient, target: ShareSubscriptionTarget, signal: AbortSignal): Promise<SynchronizationSummary[]> {
  const { items, dropped } = sanitizeSynchronizations(await listAll(client, target, signal));
  if (dropped > 0) log().warn(`Synchronizations of ${target.shareSubscriptionName}: left out ${dropped} record(s) without a synchronization id.`);
  return items;
}

type SyncItem = vscode.QuickPickItem & { sync: SynchronizationSummary };

function syncItem(s: SynchronizationSummary): SyncItem {
  const start = s.startTime ? new Date(s.startTime) : undefined;
  const label = start && !Number.isNaN(start.getTime()) ? start.toLocaleString() : (s.startTime ?? vscode.l10n.t('No start time'));
  const status = s.status ?? vscode.l10n.t('Unknown');
  const failed = isFailedStatus(s.status);
  // Only a run still going reads "running"; an ended one without a duration shows none.
  const duration = s.durationMs !== undefined ? formatDuration(s.durationMs) : isRunningStatus(s.status) ? vscode.l10n.t('running') : '';
  return {
    label: `${failed ? '$(error)' : '$(history)'} ${label}`,
    description: [s.synchronizationMode ?? '', status, duration].filter(Boolean).join(' · '),
    detail: [s.startTime ? formatUtcDateTime(s.startTime) : '', s.message ?? ''].filter(Boolean).join(' — '),
    sync: s,
  };
}

/** The listing as pick items, newest first. */
function synchronizationItems(client: () => Promise<ArmClient>, target: ShareSubscriptionTarget, signal: AbortSignal): Promise<SyncItem[]> {
  return (async () => newestFirst(await loadSynchronizations(await client(), target, signal)).map(syncItem))();
}

/** One pick from `items` (busy until they load); a listing that fails is reported and ends the pick. */
async function pickFrom(ctx: Prompts, items: Promise<SyncItem[]>, abort: AbortController, options: PickOptions): Promise<SynchronizationSummary | undefined> {
  try {
    const picked = await ctx.ui.quickPick(items, { matchOnDescription: true, matchOnDetail: true, ...options });
    return picked?.sync;
  } catch (err) {
    if (!abort.signal.aborted) {
      void ctx.ui.message('error', vscode.l10n.t('Could not list synchronizations: {0}', errorMessage(err)));
    }
    return undefined;
  }
}

/** Shows the quick pick at once (busy) and fills it when the listing arrives; undefined when dismissed. */
export async function pickSynchronization(ctx: Prompts, client: () => Promise<ArmClient>, target: ShareSubscriptionTarget): Promise<SynchronizationSummary | undefined> {
  const abort = new AbortController();
  try {
    return await pickFrom(ctx, synchronizationItems(client, target, abort.signal), abort, {
      title: vscode.l10n.t('Synchronizations of {0}', target.label ?? target.shareSubscriptionName),
      placeHolder: vscode.l10n.t('Loading synchronizations…'),
      loadedPlaceHolder: (count) =>
        count > 0 ? vscode.l10n.t('Pick a synchronization (newest first)') : vscode.l10n.t('This share subscription has no synchronizations yet'),
    });
  } finally {
    // Dismissed while loading: the listing stops too.
    abort.abort();
  }
}

/**
 * Two picks from one listing: the first synchronization, then another one. The older of the two (by start
 * time) is A and the newer B, whichever was picked first. Undefined when either pick is dismissed.
 */
export async function pickTwoSynchronizations(ctx: Prompts, 
  client: () => Promise<ArmClient>,
  target: ShareSubscriptionTarget,
): Promise<{ a: SynchronizationSummary; b: SynchronizationSummary } | undefined> {
  const abort = new AbortController();
  const name = target.label ?? target.shareSubscriptionName;
  try {
    const items = synchronizationItems(client, target, abort.signal);
    const first = await pickFrom(ctx, items, abort, {
      title: vscode.l10n.t('Compare synchronizations of {0} (1/2)', name),
      placeHolder: vscode.l10n.t('Loading synchronizations…'),
      loadedPlaceHolder: (count) =>
        count > 1 ? vscode.l10n.t('Pick the first synchronization to compare (newest first)') : vscode.l10n.t('A comparison needs two synchronizations; this share subscription has {0}', count),
    });
    if (!first) return undefined;
    const rest = (await items).filter((i) => i.sync.synchronizationId !== first.synchronizationId);
    if (rest.length === 0) {
      void ctx.ui.message('info', vscode.l10n.t('{0} has only one synchronization: there is nothing to compare it with.', name));
      return undefined;
    }
    const second = await pickFrom(ctx, Promise.resolve(rest), abort, {
      title: vscode.l10n.t('Compare synchronizations of {0} (2/2)', name),
      placeHolder: vscode.l10n.t('Pick the synchronization to compare it with'),
    });
    if (!second) return undefined;
    const [older, newer] = newestFirst([first, second]).reverse();
    return { a: older, b: newer };
  } finally {
    abort.abort();
  }
}
