/**
 * How many data sets of each synchronization failed. The synchronization record has no such count, so each
 * one is read from listSynchronizationDetails, asking the service for the failed ones only
 * (`$filter=status eq 'Failed'`); a service that refuses the filter gets the plain listing, counted here. Each
 * count reads at most FAILURE_COUNT_MAX_PAGES pages (then it is a lower bound) and only a few run at once, so
 * a trend of many synchronizations with large reports costs a bounded number of requests.
 */
import type { ArmClient } from '../../arm/client';
import { isArmError } from '../../arm/errors';
import { listSynchronizationDetails, type ShareSubscriptionRef } from '../../services/dataShare';
import { isFailedStatus } from '../../synchronization/syncStatus';
import type { FailedCount } from './trend';

export const FAILURE_COUNT_MAX_PAGES = 20;
/**
 * Counts sent at once. Each costs a round trip (50–300 ms against Azure), so a trend of 30 waits 30 / this many
 * of them. 6 keeps the burst far inside ARM's token bucket (200 writes per subscription, refilled at 10/s:
 * these POST listings count as writes) while a trend of 30 needs 5 trips, not 15.
 */
export const FAILURE_COUNT_CONCURRENCY = 6;
export const FAILED_FILTER = "status eq 'Failed'";

async function countPages(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  synchronizationId: string,
  signal: AbortSignal | undefined,
  filter: string | undefined,
): Promise<FailedCount> {
  let count = 0;
  let more = false;
  for await (const page of listSynchronizationDetails(client, ref, synchronizationId, { filter, signal, maxPages: FAILURE_COUNT_MAX_PAGES })) {
    // Counted by status even when filtered, so a service that ignores the filter is not taken at its word.
    count += page.items.filter((d) => typeof d === 'object' && d !== null && isFailedStatus(d.status)).length;
    more = page.nextLink !== undefined;
  }
  return { count, atLeast: more };
}

/** The failed data sets of one synchronization. */
export async function countFailedDataSets(client: ArmClient, ref: ShareSubscriptionRef, synchronizationId: string, signal?: AbortSignal): Promise<FailedCount> {
  try {
    return await countPages(client, ref, synchronizationId, signal, FAILED_FILTER);
  } catch (err) {
    // The 2021-08-01 swagger takes any OData $filter here, but its only example filters by name: a service that
    // answers 400 to a filter on status is asked again without one.
    if (isArmError(err) && err.kind === 'http' && err.status === 400 && !signal?.aborted) return countPages(client, ref, synchronizationId, signal, undefined);
    throw err;
  }
}

export type FailureResult = { synchronizationId: string; failed: FailedCount } | { synchronizationId: string; error: unknown };

/**
 * Counts each synchronization's failures, `concurrency` at a time in the order given, handing each result to
 * `onResult` as it arrives. A failing count is reported and the others go on; an abort ends them all.
 */
export async function countFailures(
  ids: readonly string[],
  count: (id: string) => Promise<FailedCount>,
  onResult: (result: FailureResult) => void,
  options: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < ids.length && !options.signal?.aborted) {
      const synchronizationId = ids[next++];
      try {
        const failed = await count(synchronizationId);
        if (!options.signal?.aborted) onResult({ synchronizationId, failed });
      } catch (error) {
        if (!options.signal?.aborted) onResult({ synchronizationId, error });
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? FAILURE_COUNT_CONCURRENCY, ids.length));
  await Promise.all(Array.from({ length: workers }, worker));
}
