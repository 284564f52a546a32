/**
 * The one reading of a Data Share synchronization status. The 2021-08-01 swagger types ShareSubscriptionSynchronization
 * and SynchronizationDetails `status` as a free string ("Raw Status"), so the words come from what the service is
 * published to send (Azure/azure-rest-api-specs, specification/datashare/…/stable/2021-08-01):
 *  - ShareSubscriptions_ListSynchronizations / _ListSynchronizationDetails examples: `Completed` (with an endTime);
 *  - ShareSubscriptions_Synchronize example: `Accepted` (202) and `Succeeded` (200);
 *  - ShareSubscriptions_CancelSynchronization example: `Queued` (202) and `Cancelled` (200, double l);
 *  - OperationResponse (the status URL's body): Accepted, InProgress, TransientFailure, Succeeded, Failed, Canceled;
 *  - recorded traffic (azure-cli-extensions datashare recordings): `Queued`.
 * `Canceling` is this extension's own word for a run whose cancel was asked for. Anything else is `other`: shown as
 * sent, neither running nor ended, so an unknown word never ends a watch nor blocks a new synchronization for ever.
 */

import type { LroResult } from '../arm/lro';

export type SyncOutcome = 'queued' | 'running' | 'canceling' | 'succeeded' | 'failed' | 'canceled' | 'other';

const OUTCOMES: Readonly<Record<string, SyncOutcome>> = {
  accepted: 'queued',
  queued: 'queued',
  inprogress: 'running',
  'in progress': 'running',
  running: 'running',
  // OperationResponse: a transient failure is retried by the service; the run goes on.
  transientfailure: 'running',
  canceling: 'canceling',
  cancelling: 'canceling',
  succeeded: 'succeeded',
  completed: 'succeeded',
  failed: 'failed',
  faulted: 'failed',
  error: 'failed',
  canceled: 'canceled',
  cancelled: 'canceled',
};

/** What a status word means, whatever its case or spacing; anything that is not a string reads as `other`. */
export function syncOutcome(status: unknown): SyncOutcome {
  if (typeof status !== 'string') return 'other';
  return OUTCOMES[status.trim().toLowerCase()] ?? 'other';
}

/** Succeeded, failed or canceled: the run is over. */
export function isEndedStatus(status: unknown): boolean {
  const o = syncOutcome(status);
  return o === 'succeeded' || o === 'failed' || o === 'canceled';
}

/** Queued, in progress or being canceled: a new synchronization cannot start until it ends. */
export function isRunningStatus(status: unknown): boolean {
  const o = syncOutcome(status);
  return o === 'queued' || o === 'running' || o === 'canceling';
}

/**
 * Whether a listed synchronization has not finished: queued, running or being canceled, or a word outside the
 * vocabulary (such as `Pending`) with no endTime, which is not taken for an end. An unknown word with an endTime
 * has ended, so it never blocks a new synchronization for ever.
 */
export function isUnfinished(s: { status?: unknown; endTime?: unknown }): boolean {
  const o = syncOutcome(s.status);
  if (o === 'other') return typeof s.endTime !== 'string' || s.endTime === '';
  return o === 'queued' || o === 'running' || o === 'canceling';
}

export function isSucceededStatus(status: unknown): boolean {
  return syncOutcome(status) === 'succeeded';
}

export function isFailedStatus(status: unknown): boolean {
  return syncOutcome(status) === 'failed';
}

export function isCanceledStatus(status: unknown): boolean {
  return syncOutcome(status) === 'canceled';
}

/**
 * The end a finished synchronize operation reports, or undefined when it reports none: a 202 without a status URL
 * (`accepted`), or an answer whose body says Queued/InProgress (the ShareSubscriptionSynchronization of the
 * ShareSubscriptions_Synchronize example carries `status`). Only a status poll that ended names Succeeded without
 * a body saying so (Failed and Canceled throw). The body is a synchronization, so its status is read in the
 * synchronization's words (syncStatus.ts: `Completed` ends it, `TransientFailure` does not); a word outside them is
 * no end: the run is followed from the listing, which shows that word.
 */
export function synchronizeEndStatus(result: LroResult<unknown>): string | undefined {
  if (result.accepted) return undefined;
  const body = result.resource as { status?: unknown; properties?: { provisioningState?: unknown } } | undefined;
  const status = typeof body?.status === 'string' ? body.status : typeof body?.properties?.provisioningState === 'string' ? body.properties.provisioningState : undefined;
  if (status !== undefined) return isEndedStatus(status) ? status : undefined;
  return result.polls > 0 ? 'Succeeded' : undefined;
}
