/**
 * What a share subscription's consumer changes (Microsoft.DataShare 2021-08-01): start a synchronization, cancel
 * it, enable or disable the schedule (triggers), and read where each data set lands (source data sets and data
 * set mappings). Synchronize, cancel and the trigger writes are long-running operations followed by the one LRO
 * implementation (putAndWait); the listings are GET lists paged through nextLink.
 */
import type { ArmClient } from '../arm/client';
import { putAndWait, type LroProgress, type LroResult } from '../arm/lro';
import { listPages, type Page } from '../arm/paging';
import type { ThrottleListener } from '../arm/retryPolicy';
import { DATA_SHARE_API_VERSION, segment, shareSubscriptionPath, type ShareSubscriptionRef } from './resourcePaths';
import type { ShareSubscriptionSynchronization } from './dataShare';

export type SynchronizationMode = 'Incremental' | 'FullSync';

export interface OperationOptions {
  signal?: AbortSignal;
  onProgress?: (progress: LroProgress) => void;
  onThrottle?: ThrottleListener;
  /** Wait between status reads when the service names none (default: the LRO's). */
  defaultPollMs?: number;
}

export interface ScheduledTrigger {
  id?: string;
  name?: string;
  kind?: 'ScheduleBased' | string;
  properties?: {
    recurrenceInterval?: 'Hour' | 'Day' | string;
    synchronizationTime?: string;
    synchronizationMode?: SynchronizationMode | string;
    triggerStatus?: 'Active' | 'Inactive' | 'SourceSynchronizationSettingDeleted' | string;
    provisioningState?: string;
    userName?: string;
    createdAt?: string;
  };
}

export interface ConsumerSourceDataSet {
  id?: string;
  name?: string;
  properties?: { dataSetId?: string; dataSetType?: string; dataSetName?: string; dataSetPath?: string; dataSetLocation?: string };
}

export interface DataSetMapping {
  id?: string;
  name?: string;
  /** The sink's kind: Blob, BlobFolder, Container, AdlsGen2File, AdlsGen2Folder, AdlsGen2FileSystem, Kusto…, Sql…, Synapse…. */
  kind?: string;
  properties?: Record<string, unknown> & { dataSetId?: string; dataSetMappingStatus?: 'Ok' | 'Broken' | string };
}

/**
 * POST …/synchronize, followed to its end. `onStarted` is told of the synchronization the service accepted (its
 * id and start) before the first status read, so it can be shown and cancelled while it runs. A Failed or
 * Canceled end throws as every LRO does (lroOutcome.ts).
 */
export function synchronize(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  mode: SynchronizationMode,
  options: OperationOptions & { onStarted?: (synchronization: ShareSubscriptionSynchronization | undefined) => void } = {},
): Promise<LroResult<unknown>> {
  return putAndWait(client, {
    method: 'POST',
    path: `${shareSubscriptionPath(ref)}/synchronize`,
    apiVersion: DATA_SHARE_API_VERSION,
    body: { synchronizationMode: mode },
    signal: options.signal,
    onProgress: options.onProgress,
    onThrottle: options.onThrottle,
    defaultPollMs: options.defaultPollMs,
    onStarted: (response) => options.onStarted?.(synchronizationOf(response.body)),
  });
}

/** The synchronization a synchronize or cancel answer names (the ShareSubscriptionSynchronization of the examples). */
export function synchronizationOf(body: unknown): ShareSubscriptionSynchronization | undefined {
  const b = body as Partial<ShareSubscriptionSynchronization> | undefined;
  return b && typeof b.synchronizationId === 'string' && b.synchronizationId !== '' ? (b as ShareSubscriptionSynchronization) : undefined;
}

/** POST …/cancelSynchronization with the synchronization's id, followed until the service has stopped it. */
export function cancelSynchronization(client: ArmClient, ref: ShareSubscriptionRef, synchronizationId: string, options: OperationOptions = {}): Promise<LroResult<unknown>> {
  return putAndWait(client, {
    method: 'POST',
    path: `${shareSubscriptionPath(ref)}/cancelSynchronization`,
    apiVersion: DATA_SHARE_API_VERSION,
    body: { synchronizationId },
    signal: options.signal,
    onProgress: options.onProgress,
    onThrottle: options.onThrottle,
    defaultPollMs: options.defaultPollMs,
  });
}

function getList<T>(client: ArmClient, ref: ShareSubscriptionRef, collection: string, signal?: AbortSignal): AsyncGenerator<Page<T>, void, undefined> {
  return listPages<T>(client, { method: 'GET', path: `${shareSubscriptionPath(ref)}/${collection}`, apiVersion: DATA_SHARE_API_VERSION }, { signal });
}

export function listTriggers(client: ArmClient, ref: ShareSubscriptionRef, signal?: AbortSignal): AsyncGenerator<Page<ScheduledTrigger>, void, undefined> {
  return getList(client, ref, 'triggers', signal);
}

export function listConsumerSourceDataSets(client: ArmClient, ref: ShareSubscriptionRef, signal?: AbortSignal): AsyncGenerator<Page<ConsumerSourceDataSet>, void, undefined> {
  return getList(client, ref, 'consumerSourceDataSets', signal);
}

export function listDataSetMappings(client: ArmClient, ref: ShareSubscriptionRef, signal?: AbortSignal): AsyncGenerator<Page<DataSetMapping>, void, undefined> {
  return getList(client, ref, 'dataSetMappings', signal);
}

/** ARM names allow letters, digits, '-' and '_' here; the trigger's own name says what it is for. */
export const SCHEDULE_TRIGGER_NAME = 'ScheduleTrigger';

/** PUT …/triggers/{name}: a ScheduleBased trigger (Triggers_Create), read until provisioned. */
export function createScheduleTrigger(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  schedule: { recurrenceInterval: string; synchronizationTime: string; synchronizationMode: SynchronizationMode },
  options: OperationOptions & { name?: string } = {},
): Promise<LroResult<ScheduledTrigger>> {
  return putAndWait<ScheduledTrigger>(client, {
    method: 'PUT',
    path: `${shareSubscriptionPath(ref)}/triggers/${segment(options.name ?? SCHEDULE_TRIGGER_NAME, 'trigger name')}`,
    apiVersion: DATA_SHARE_API_VERSION,
    body: { kind: 'ScheduleBased', properties: schedule },
    signal: options.signal,
    onProgress: options.onProgress,
    onThrottle: options.onThrottle,
    defaultPollMs: options.defaultPollMs ?? 1000,
  });
}

/** DELETE …/triggers/{name} (Triggers_Delete: 200, 202 with a status URL, or 204 when there is none). */
export function deleteTrigger(client: ArmClient, ref: ShareSubscriptionRef, name: string, options: OperationOptions = {}): Promise<LroResult<unknown>> {
  return putAndWait(client, {
    method: 'DELETE',
    path: `${shareSubscriptionPath(ref)}/triggers/${segment(name, 'trigger name')}`,
    apiVersion: DATA_SHARE_API_VERSION,
    signal: options.signal,
    onProgress: options.onProgress,
    onThrottle: options.onThrottle,
    defaultPollMs: options.defaultPollMs ?? 1000,
  });
}
