/** Quick picks of the report command: a configured share subscription, then one of its synchronizations. */
import * as vscode from 'vscode';
import { ui } from '../../ui/userInput';
import type { ArmClient } from '../../core/arm/client';
import { isArmError } from '../../core/arm/errors';
import { formatDuration, formatUtcDateTime } from '../../core/report/format';
import type { SynchronizationSummary } from '../../core/report/messages';
import { sanitizeSynchronizations } from '../../core/report/synchronization';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import { collectAll, listSynchronizations } from '../../core/services/dataShare';
import { log } from '../../output/log';
import { shareSubscriptions } from '../../settings/configuration';

export async function pickShareSubscription(): Promise<ShareSubscriptionTarget | undefined> {
  const configured = shareSubscriptions().items;
  if (configured.length === 0) {
    const add = vscode.l10n.t('Add Share Subscription…');
    const choice = await ui().message('info', vscode.l10n.t('No share subscriptions are configured.'), add);
    if (choice === add) await vscode.commands.executeCommand('aciDataShare.addShareSubscription');
    return undefined;
  }
  if (configured.length === 1) return configured[0];
  const picked = await ui().quickPick(
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
  const failed = /fail/i.test(s.status ?? '');
  const duration = s.durationMs !== undefined ? formatDuration(s.durationMs) : vscode.l10n.t('running');
  return {
    label: `${failed ? '$(error)' : '$(history)'} ${label}`,
    description: [s.synchronizationMode ?? '', status, duration].filter(Boolean).join(' · '),
    detail: [s.startTime ? formatUtcDateTime(s.startTime) : '', s.message ?? ''].filter(Boolean).join(' — '),
    sync: s,
  };
}

/** Shows the quick pick at once (busy) and fills it when the listing arrives; undefined when dismissed. */
export async function pickSynchronization(client: () => Promise<ArmClient>, target: ShareSubscriptionTarget): Promise<SynchronizationSummary | undefined> {
  const abort = new AbortController();
  const items = (async () => newestFirst(await loadSynchronizations(await client(), target, abort.signal)).map(syncItem))();
  try {
    const picked = await ui().quickPick(items, {
      title: vscode.l10n.t('Synchronizations of {0}', target.label ?? target.shareSubscriptionName),
      placeHolder: vscode.l10n.t('Loading synchronizations…'),
      loadedPlaceHolder: (count) =>
        count > 0 ? vscode.l10n.t('Pick a synchronization (newest first)') : vscode.l10n.t('This share subscription has no synchronizations yet'),
      matchOnDescription: true,
      matchOnDetail: true,
    });
    return picked?.sync;
  } catch (err) {
    if (!abort.signal.aborted) {
      void ui().message('error', vscode.l10n.t('Could not list synchronizations: {0}', err instanceof Error ? err.message : String(err)));
    }
    return undefined;
  } finally {
    // Dismissed while loading: the listing stops too.
    abort.abort();
  }
}
