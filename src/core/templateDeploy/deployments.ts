/**
 * Resource group template deployments (Microsoft.Resources, api-version 2021-04-01): create (PUT), what-if (POST,
 * long-running), the operations list, cancel and read. The waits go through the one long-running-operation
 * implementation (arm/lro.ts). Shapes follow the swagger's examples PutDeploymentResourceGroup,
 * PostDeploymentWhatIfOnResourceGroup, GetDeploymentOperationsResourceGroup and CancelDeploymentResourceGroup.
 */
import type { ArmClient, ArmResponse } from '../arm/client';
import { putAndWait, type LroProgress, type LroResult } from '../arm/lro';
import { listPages } from '../arm/paging';
import type { ThrottleListener } from '../arm/retryPolicy';
import { resourceGroupPath, segment, type ResourceGroupRef } from '../services/resourcePaths';

export const DEPLOYMENTS_API_VERSION = '2021-04-01';

export interface DeploymentRef extends ResourceGroupRef {
  deploymentName: string;
}

/** A parameter as the request carries it: a value, or a Key Vault reference passed through as written. */
export type ParameterEntry = { value: unknown } | { reference: unknown };

export interface DeploymentBody {
  properties: {
    mode: 'Incremental';
    template: unknown;
    parameters: Record<string, ParameterEntry>;
  };
}

export interface DeploymentResource {
  id?: string;
  name?: string;
  properties?: {
    provisioningState?: string;
    outputs?: Record<string, { type?: string; value?: unknown }>;
    outputResources?: { id?: string }[];
    error?: unknown;
    correlationId?: string;
    duration?: string;
    [key: string]: unknown;
  };
}

export interface DeploymentOperation {
  id?: string;
  operationId?: string;
  properties?: {
    provisioningOperation?: string;
    provisioningState?: string;
    timestamp?: string;
    statusCode?: string;
    statusMessage?: unknown;
    targetResource?: { id?: string; resourceType?: string; resourceName?: string };
  };
}

/** Deployment names: 1–64 of letters, digits, `-`, `_`, `.`, `(` and `)` (the swagger's pattern `^[-\w\._\(\)]+$`). */
const NAME_CHARS = /[^-\w.()]/g;
const NAME_OK = /^[-\w.()]{1,64}$/;

/** `<template file name>-<UTC time>`: a new deployment per run, its history kept, named after the file it came from. */
export function deploymentNameFor(fileName: string, now: Date): string {
  const base = (fileName.split(/[\\/]/).pop() ?? 'template').replace(/\.(json|jsonc)$/i, '').replace(NAME_CHARS, '-') || 'template';
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${base.slice(0, 64 - stamp.length - 1)}-${stamp}`;
}

export function deploymentPath(ref: DeploymentRef): string {
  const name = ref.deploymentName;
  if (!NAME_OK.test(name)) throw new Error(`'${name}' is not a deployment name: 1 to 64 letters, digits, '-', '_', '.', '(' or ')'.`);
  return `${resourceGroupPath(ref)}/providers/Microsoft.Resources/deployments/${segment(name, 'deployment name')}`;
}

export interface WaitOptions {
  signal?: AbortSignal;
  onProgress?: (progress: LroProgress) => void;
  onThrottle?: ThrottleListener;
  defaultPollMs?: number;
}

/** Creates the deployment and waits until it ends; Failed and Canceled are thrown as ArmError kind `lro`. */
export function putDeployment(client: ArmClient, ref: DeploymentRef, body: DeploymentBody, options: WaitOptions = {}): Promise<LroResult<DeploymentResource>> {
  return putAndWait<DeploymentResource>(client, { path: deploymentPath(ref), apiVersion: DEPLOYMENTS_API_VERSION, body, ...options });
}

export interface WhatIfChange {
  resourceId?: string;
  changeType?: string;
  before?: unknown;
  after?: unknown;
  delta?: WhatIfPropertyChange[];
  unsupportedReason?: string;
}

export interface WhatIfPropertyChange {
  path?: string;
  propertyChangeType?: string;
  before?: unknown;
  after?: unknown;
  children?: WhatIfPropertyChange[];
}

export interface WhatIfResult {
  status?: string;
  properties?: { changes?: WhatIfChange[] };
  error?: unknown;
}

/** What the deployment would change (POST …/whatIf, answered 202 with a Location to follow). */
export async function whatIfDeployment(client: ArmClient, ref: DeploymentRef, body: DeploymentBody, options: WaitOptions = {}): Promise<WhatIfResult> {
  const result = await putAndWait<WhatIfResult>(client, { method: 'POST', path: `${deploymentPath(ref)}/whatIf`, apiVersion: DEPLOYMENTS_API_VERSION, body, ...options });
  return result.resource ?? {};
}

/** Every operation of the deployment so far (all pages). */
export async function listDeploymentOperations(client: ArmClient, ref: DeploymentRef, signal?: AbortSignal): Promise<DeploymentOperation[]> {
  const out: DeploymentOperation[] = [];
  const first = { method: 'GET' as const, path: `${deploymentPath(ref)}/operations`, apiVersion: DEPLOYMENTS_API_VERSION, logLevel: 'debug' as const, signal };
  for await (const page of listPages<DeploymentOperation>(client, first, { signal, maxPages: 20 })) out.push(...page.items);
  return out;
}

/** Cancels a deployment still running (204); Azure refuses one that has ended (409). */
export function cancelDeployment(client: ArmClient, ref: DeploymentRef): Promise<ArmResponse<unknown>> {
  return client.request({ method: 'POST', path: `${deploymentPath(ref)}/cancel`, apiVersion: DEPLOYMENTS_API_VERSION });
}

export async function getDeployment(client: ArmClient, ref: DeploymentRef, signal?: AbortSignal): Promise<DeploymentResource> {
  return (await client.request<DeploymentResource>({ method: 'GET', path: deploymentPath(ref), apiVersion: DEPLOYMENTS_API_VERSION, signal })).body;
}
