/** What a share subscription's node reads from Azure: the source's schedule, the consumer's triggers, the data sets. */
import type * as vscode from 'vscode';
import type { ArmClient } from '../core/arm/client';
import { collectAll } from '../core/services/dataShare';
import { listTriggers, type ScheduledTrigger } from '../core/services/dataShareConsumer';
import { readLandings, type Landings } from '../core/synchronization/shareSubscriptionReads';
import type { ShareSubscriptionTarget } from '../core/settings/model';

export interface ShareSubscriptionSource {
  settings(target: ShareSubscriptionTarget, token: vscode.CancellationToken): Promise<unknown[]>;
  triggers(target: ShareSubscriptionTarget, token: vscode.CancellationToken): Promise<ScheduledTrigger[]>;
  landings(target: ShareSubscriptionTarget, token: vscode.CancellationToken): Promise<Landings>;
}

/** Runs `read` with an abort signal that follows the node's cancellation token. */
async function withSignal<T>(token: vscode.CancellationToken, read: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abort = new AbortController();
  const listener = token.onCancellationRequested(() => abort.abort());
  try {
    return await read(abort.signal);
  } finally {
    listener.dispose();
  }
}

export function shareSubscriptionSource(session: {
  connection(): Promise<{ client: ArmClient }>;
  listSourceSettings(target: ShareSubscriptionTarget, token: vscode.CancellationToken): Promise<unknown[]>;
}): ShareSubscriptionSource {
  return {
    settings: (target, token) => session.listSourceSettings(target, token),
    triggers: async (target, token) => {
      const { client } = await session.connection();
      return withSignal(token, (signal) => collectAll(listTriggers(client, target, signal)));
    },
    landings: async (target, token) => {
      const { client } = await session.connection();
      return withSignal(token, (signal) => readLandings(client, target, signal));
    },
  };
}
