/**
 * What a deployment's operations and outputs say: per resource its state ("containerGroups/web: Running"), the
 * container groups it created or updated, each failed operation's error, and the template's outputs (secure ones
 * never shown).
 */
import { isEnded, phaseOf } from '../arm/armStates';
import { isPlainObject, prop } from '../definition/plainValues';
import type { DeploymentOperation, DeploymentResource } from './deployments';

export interface OperationState {
  /** `Microsoft.ContainerInstance/containerGroups`. */
  resourceType: string;
  resourceName: string;
  resourceId?: string;
  state: string;
  operation?: string;
}

export interface FailedOperation extends OperationState {
  code?: string;
  message: string;
  details?: { code?: string; message?: string; target?: string }[];
}

/** Operations on resources (not the deployment's own steps such as evaluating outputs), latest per resource. */
export function operationStates(operations: DeploymentOperation[]): OperationState[] {
  const byResource = new Map<string, OperationState>();
  for (const op of operations) {
    const target = op.properties?.targetResource;
    if (!target?.resourceType || !target.resourceName) continue;
    const key = `${target.resourceType}/${target.resourceName}`.toLowerCase();
    byResource.set(key, {
      resourceType: target.resourceType,
      resourceName: target.resourceName,
      resourceId: target.id,
      state: op.properties?.provisioningState ?? 'Unknown',
      operation: op.properties?.provisioningOperation,
    });
  }
  return [...byResource.values()];
}

/** `containerGroups/web: Running` (the type's last segment). */
export function describeState(s: OperationState): string {
  return `${s.resourceType.split('/').slice(1).join('/') || s.resourceType}/${s.resourceName}: ${s.state}`;
}

/** The progress line: running ones first, at most `max` resources. */
export function progressText(states: OperationState[], max = 3): string {
  const sorted = [...states].sort((a, b) => Number(isEnded(a.state)) - Number(isEnded(b.state)));
  const shown = sorted.slice(0, max).map(describeState);
  return shown.join(' · ') + (sorted.length > max ? ` · +${sorted.length - max}` : '');
}

function errorOf(statusMessage: unknown): { code?: string; message?: string; details?: unknown } | undefined {
  // statusMessage is { status, error: {code, message, details} } or, from some providers, the error itself.
  const error = prop(statusMessage, 'error') ?? statusMessage;
  if (!isPlainObject(error)) return typeof statusMessage === 'string' ? { message: statusMessage } : undefined;
  return { code: prop(error, 'code') as string | undefined, message: prop(error, 'message') as string | undefined, details: prop(error, 'details') };
}

/** Each failed resource operation with the error Azure gave for it. */
export function failedOperations(operations: DeploymentOperation[]): FailedOperation[] {
  const out: FailedOperation[] = [];
  for (const op of operations) {
    const target = op.properties?.targetResource;
    if (phaseOf(op.properties?.provisioningState) !== 'failed' || !target?.resourceType || !target.resourceName) continue;
    const error = errorOf(op.properties?.statusMessage);
    const details = Array.isArray(error?.details)
      ? error.details.filter(isPlainObject).map((d) => ({ code: prop(d, 'code') as string | undefined, message: prop(d, 'message') as string | undefined, target: prop(d, 'target') as string | undefined }))
      : undefined;
    out.push({
      resourceType: target.resourceType,
      resourceName: target.resourceName,
      resourceId: target.id,
      state: 'Failed',
      operation: op.properties?.provisioningOperation,
      code: error?.code,
      message: error?.message ?? error?.code ?? 'The operation failed.',
      ...(details?.length ? { details } : {}),
    });
  }
  return out;
}

const CONTAINER_GROUP_TYPE = 'microsoft.containerinstance/containergroups';

/** The container groups the deployment created or updated (from its operations, else its output resources). */
export function deployedContainerGroups(operations: DeploymentOperation[], deployment?: DeploymentResource): string[] {
  const names = operationStates(operations)
    .filter((s) => s.resourceType.toLowerCase() === CONTAINER_GROUP_TYPE && phaseOf(s.state) === 'succeeded')
    .map((s) => s.resourceName);
  for (const r of deployment?.properties?.outputResources ?? []) {
    const m = /\/providers\/Microsoft\.ContainerInstance\/containerGroups\/([^/]+)$/i.exec(r.id ?? '');
    if (m) names.push(decodeURIComponent(m[1]));
  }
  return [...new Set(names)];
}

export interface TemplateOutput {
  name: string;
  type: string;
  /** Absent for secure outputs (Azure does not return them either). */
  value?: string;
}

/** The template's outputs as text; a secure output's value is never kept. */
export function deploymentOutputs(deployment: DeploymentResource | undefined): TemplateOutput[] {
  const outputs = deployment?.properties?.outputs;
  if (!isPlainObject(outputs)) return [];
  return Object.entries(outputs).map(([name, o]) => {
    const type = String(prop(o, 'type') ?? 'string');
    const value = prop(o, 'value');
    const secure = /^secure/i.test(type);
    const text = value === undefined || secure ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
    return { name, type, ...(text !== undefined ? { value: text } : {}) };
  });
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+\.?$/i;

/** Outputs worth a Copy action: an IP address or a host name. */
export function addressOutputs(outputs: TemplateOutput[]): TemplateOutput[] {
  return outputs.filter((o) => o.value && (IPV4.test(o.value) || HOST.test(o.value) || /ip|fqdn|host|address|url/i.test(o.name)));
}

/** What an output's value is, so that its Copy action names it as users read it ("IP address", "FQDN") rather than by the template's output name. */
export function addressKind(value: string | undefined): 'ip' | 'fqdn' | 'other' {
  if (value === undefined) return 'other';
  return IPV4.test(value) ? 'ip' : HOST.test(value) ? 'fqdn' : 'other';
}
