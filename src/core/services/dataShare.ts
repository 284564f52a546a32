/**
 * Share subscription reports (Microsoft.DataShare, api-version 2021-08-01). All three are POST
 * list operations, returned as page iterators; their next pages are POSTed with the same body.
 */
import type { ArmClient } from '../arm/client';
import type { QueryValue } from '../arm/query';
import { listPages, type ListingLimits, type Page } from '../arm/paging';
import { DATA_SHARE_API_VERSION, shareSubscriptionPath, type ShareSubscriptionRef } from './resourcePaths';

export { DATA_SHARE_API_VERSION, shareSubscriptionPath, type ShareSubscriptionRef } from './resourcePaths';

export interface ShareSubscriptionSynchronization {
  synchronizationId: string;
  synchronizationMode?: 'Incremental' | 'FullSync' | string;
  status?: string;
  message?: string;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
}

export interface SynchronizationDetails {
  dataSetId?: string;
  dataSetType?: string;
  name?: string;
  status?: string;
  message?: string;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
  filesRead?: number;
  filesWritten?: number;
  rowsRead?: number;
  rowsCopied?: number;
  sizeRead?: number;
  sizeWritten?: number;
  vCore?: number;
}

export interface SourceShareSynchronizationSetting {
  kind: 'ScheduleBased' | string;
  properties?: { recurrenceInterval?: 'Hour' | 'Day' | string; synchronizationTime?: string };
}

export interface ListOptions {
  signal?: AbortSignal;
  maxPages?: number;
  /** Caps past which the listing stops with `ListingLimit` (default LISTING_LIMITS). */
  limits?: ListingLimits;
}

export interface ODataListOptions extends ListOptions {
  /** OData `$filter`, e.g. "name eq 'dataset1'". */
  filter?: string;
  /** OData `$orderby`, e.g. "durationMs desc". */
  orderby?: string;
}

function odataQuery(options: ODataListOptions): Record<string, QueryValue> {
  return { $filter: options.filter || undefined, $orderby: options.orderby || undefined };
}

/** One POST list operation of a share subscription, page by page. */
function listOperation<T>(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  operation: string,
  options: ListOptions,
  request: { query?: Record<string, QueryValue>; body?: unknown } = {},
): AsyncGenerator<Page<T>, void, undefined> {
  return listPages<T>(
    client,
    { method: 'POST', path: `${shareSubscriptionPath(ref)}/${operation}`, apiVersion: DATA_SHARE_API_VERSION, ...request },
    { signal: options.signal, maxPages: options.maxPages, limits: options.limits },
  );
}

export function listSynchronizations(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  options: ODataListOptions = {},
): AsyncGenerator<Page<ShareSubscriptionSynchronization>, void, undefined> {
  return listOperation(client, ref, 'listSynchronizations', options, { query: odataQuery(options) });
}

export function listSynchronizationDetails(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  synchronizationId: string,
  options: ODataListOptions = {},
): AsyncGenerator<Page<SynchronizationDetails>, void, undefined> {
  return listOperation(client, ref, 'listSynchronizationDetails', options, { query: odataQuery(options), body: { synchronizationId } });
}

/** The service defines no $filter/$orderby for this operation. */
export function listSourceShareSynchronizationSettings(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  options: ListOptions = {},
): AsyncGenerator<Page<SourceShareSynchronizationSetting>, void, undefined> {
  return listOperation(client, ref, 'listSourceShareSynchronizationSettings', options);
}

/** Collects every item of a page iterator (for small lists and tests). */
export async function collectAll<T>(pages: AsyncIterable<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) {
    out.push(...page.items);
  }
  return out;
}
