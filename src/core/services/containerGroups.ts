/**
 * Container group operations (Microsoft.ContainerInstance): at api-version 2023-05-01 unless the caller names the
 * version a definition file asks for.
 */
import type { ArmClient, ArmResponse } from '../arm/client';
import { putAndWait, type LroProgress, type LroResult } from '../arm/lro';
import type { SleepFn, ThrottleListener } from '../arm/retryPolicy';
import { listPages } from '../arm/paging';
import { ACI_API_VERSION, containerGroupPath, containerInstanceResourcePath, resourceGroupPath, type ContainerGroupRef, type ResourceGroupRef } from './resourcePaths';

export { ACI_API_VERSION, containerGroupPath, type ContainerGroupRef } from './resourcePaths';

/** The parts of a container group this layer reads; the rest passes through untouched. */
export interface ContainerGroupResource {
  id?: string;
  name?: string;
  type?: string;
  location?: string;
  tags?: Record<string, string>;
  properties?: { provisioningState?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** The api-version of the request (default ACI_API_VERSION). */
  apiVersion?: string;
  /** Another resource type of the provider at the same place (containerGroupProfiles, ngroups); container groups when unset. */
  collection?: string;
}

export function getContainerGroup(
  client: ArmClient,
  ref: ContainerGroupRef,
  options: RequestOptions = {},
): Promise<ArmResponse<ContainerGroupResource>> {
  return client.request<ContainerGroupResource>({
    method: 'GET',
    path: options.collection ? containerInstanceResourcePath(ref, options.collection) : containerGroupPath(ref),
    apiVersion: options.apiVersion ?? ACI_API_VERSION,
    signal: options.signal,
  });
}

export interface PutContainerGroupOptions extends RequestOptions {
  onProgress?: (progress: LroProgress) => void;
  /** Told of each wait Azure imposes (throttling) before a request is sent again. */
  onThrottle?: ThrottleListener;
  /** Wait between status polls when Azure sends no usable Retry-After. Default 2000. */
  defaultPollMs?: number;
  /** The wait between polls (tests inject one to see the requested intervals). */
  sleep?: SleepFn;
}

/** Create or update, then wait until provisioning is Succeeded (or throw ArmError kind `lro`). */
export function putContainerGroup(
  client: ArmClient,
  ref: ContainerGroupRef,
  body: unknown,
  options: PutContainerGroupOptions = {},
): Promise<LroResult<ContainerGroupResource>> {
  return putAndWait<ContainerGroupResource>(client, {
    path: options.collection ? containerInstanceResourcePath(ref, options.collection) : containerGroupPath(ref),
    apiVersion: options.apiVersion ?? ACI_API_VERSION,
    body,
    signal: options.signal,
    onProgress: options.onProgress,
    onThrottle: options.onThrottle,
    defaultPollMs: options.defaultPollMs,
    sleep: options.sleep,
  });
}

/** Every container group of a resource group, all pages (ContainerGroups_ListByResourceGroup). */
export async function listContainerGroups(client: ArmClient, ref: ResourceGroupRef, options: RequestOptions = {}): Promise<ContainerGroupResource[]> {
  const groups: ContainerGroupResource[] = [];
  const request = { method: 'GET' as const, path: `${resourceGroupPath(ref)}/providers/Microsoft.ContainerInstance/containerGroups`, apiVersion: ACI_API_VERSION };
  for await (const page of listPages<ContainerGroupResource>(client, { ...request, signal: options.signal }, { signal: options.signal })) {
    groups.push(...page.items.filter((g) => g && typeof g === 'object' && typeof g.name === 'string' && g.name !== ''));
  }
  return groups.sort((a, b) => String(a.name).localeCompare(String(b.name)));
}
