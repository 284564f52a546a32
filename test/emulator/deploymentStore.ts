// Template deployments as Microsoft.Resources 2021-04-01 keeps them, and how they move on with time.
//
// A deployment is Accepted when its PUT is answered (PutDeploymentResourceGroup example, 201), Running from the next
// look at it, and ends when every resource operation has ended: Succeeded, or Failed with DeploymentFailed when one
// failed, or Canceled by a cancel. Container group operations are the container group store's own (lroStore.ts), so
// they end after the emulator's poll count or time like a group PUT; other resources succeed at once.
import { randomUUID } from 'node:crypto';
import type { EmulatorState } from './context';
import type { StoredGroup } from './containerGroupView';
import type { Obj } from './armTemplates/functions';
import type { TemplateRun } from './armTemplates/templateRun';
import type { ArmError } from './armTemplates/templateErrors';
import { TemplateFailure } from './armTemplates/templateErrors';

export type DeploymentState = 'Accepted' | 'Running' | 'Succeeded' | 'Failed' | 'Canceled';

export interface DeploymentOperation {
  operationId: string;
  resourceId: string;
  resourceType: string;
  resourceName: string;
  startedAt: number;
  /** The container group this operation provisions (its state is the group operation's). */
  group?: StoredGroup;
  /** Set when the deployment was canceled while this operation still ran. */
  canceled?: boolean;
  /** The resource could not be deployed (its body could not be evaluated, or its provider refused it): the operation failed at once. */
  failure?: ArmError;
  /** The provider's HTTP status for a refusal (the operation's statusCode); BadRequest when not given. */
  failureStatus?: number;
}

export interface StoredDeployment {
  subscriptionId: string;
  resourceGroup: string;
  name: string;
  id: string;
  state: DeploymentState;
  acceptedAt: number;
  endedAt?: number;
  statusId: string;
  correlationId: string;
  mode: string;
  /** Parameters as GET shows them: {name: {type, value}}, secure values left out. */
  parameters: Obj;
  templateHash: string;
  providers: Obj[];
  dependencies: Obj[];
  operations: DeploymentOperation[];
  run: TemplateRun;
  outputs?: Obj;
  error?: ArmError;
}

export interface WhatIfJob {
  id: string;
  subscriptionId: string;
  polls: number;
  startedAt: number;
  result: Obj;
}

export function deploymentKey(p: { subscriptionId?: string; resourceGroup?: string; name?: string }): string {
  return `${p.subscriptionId}|${p.resourceGroup}|${p.name}`.toLowerCase();
}

export function newOperationId(): string {
  // Deployment operation ids are 16 upper-case hex digits (MicrosoftDocs azure-docs, deployment-history.md: "13EFD9907103D640").
  return randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
}

export function isTerminal(s: DeploymentState): boolean {
  return s === 'Succeeded' || s === 'Failed' || s === 'Canceled';
}

/** A resource operation's provisioningState: the group operation's, or Succeeded for a plain resource. */
export function operationState(op: DeploymentOperation): 'Running' | 'Succeeded' | 'Failed' | 'Canceled' {
  if (op.failure) return 'Failed';
  if (!op.group) return 'Succeeded';
  const s = op.group.operation.status;
  if (s === 'InProgress') return op.canceled ? 'Canceled' : 'Running';
  return s;
}

/** "PT12.5S": the ISO 8601 duration the deployment shows. */
export function isoDuration(ms: number): string {
  return `PT${(Math.max(0, ms) / 1000).toFixed(3).replace(/\.?0+$/, '')}S`;
}

/** The failure of a resource operation as operations and the deployment error show it. */
export function operationError(op: DeploymentOperation): ArmError | undefined {
  const state = operationState(op);
  if (state !== 'Failed') return undefined;
  if (op.failure) return { ...op.failure, target: op.resourceId };
  const inner = op.group ? op.group.operation : undefined;
  // "The resource operation completed with terminal provisioning state 'Failed'." with the provider's error inside
  // (ResourceDeploymentFailure, as users quote it in Azure/azure-quickstart-templates#12094 and microsoft/mwt-ds#8).
  return {
    code: 'ResourceDeploymentFailure',
    target: op.resourceId,
    message: "The resource operation completed with terminal provisioning state 'Failed'.",
    details: inner ? [{ code: 'ContainerGroupDeploymentFailed', message: `The container group '${op.resourceName}' failed to provision: the image could not be pulled.` }] : [],
  };
}

/**
 * Moves the deployment on: `poll` counts a look at the status URL, the deployment or its operations as a poll of
 * its container group operations (as a GET of a group does).
 */
export function advanceDeployment(state: EmulatorState, d: StoredDeployment, poll: boolean): void {
  if (isTerminal(d.state)) return;
  if (d.state === 'Accepted') {
    // The first look sees it Running; with no look at all, time moves it on just the same.
    if (poll) {
      d.state = 'Running';
      return;
    }
    if (state.now() - d.acceptedAt < 1000) return;
    d.state = 'Running';
  }
  for (const op of d.operations) {
    if (!op.group) continue;
    if (poll) state.lro.poll(op.group.operation);
    else state.lro.advance(op.group.operation);
  }
  const states = d.operations.map(operationState);
  if (states.some((s) => s === 'Running')) return;
  d.endedAt = state.now();
  const failed = d.operations.filter((op) => operationState(op) === 'Failed');
  if (failed.length > 0) {
    d.state = 'Failed';
    d.error = {
      code: 'DeploymentFailed',
      message: 'At least one resource deployment operation failed. Please list deployment operations for details. Please see https://aka.ms/arm-deployment-operations for usage details.',
      details: failed.map((op) => operationError(op) as ArmError),
    };
    return;
  }
  if (states.some((s) => s === 'Canceled')) {
    d.state = 'Canceled';
    return;
  }
  try {
    d.outputs = d.run.outputs();
    d.state = 'Succeeded';
  } catch (e) {
    if (!(e instanceof TemplateFailure) && !(e instanceof Error && 'toArmError' in e)) throw e;
    d.state = 'Failed';
    // An output that cannot be evaluated fails the deployment after its resources were created.
    d.error = {
      code: 'DeploymentOutputEvaluationFailed',
      message: `Unable to evaluate template outputs: '${Object.keys((d.run.template.outputs as Obj) ?? {}).join(',')}'. Please see error details and deployment operations. Please see https://aka.ms/arm-common-errors for usage details.`,
      details: [{ code: 'DeploymentOutputEvaluationFailed', message: (e).message }],
    };
  }
}

/** GET deployment's body (PutDeploymentResourceGroup example's shape). */
export function deploymentView(state: EmulatorState, d: StoredDeployment): Obj {
  const props: Obj = {
    templateHash: d.templateHash,
    parameters: d.parameters,
    mode: d.mode,
    provisioningState: d.state,
    timestamp: new Date(d.endedAt ?? state.now()).toISOString(),
    duration: isoDuration((d.endedAt ?? state.now()) - d.acceptedAt),
    correlationId: d.correlationId,
    providers: d.providers,
    dependencies: d.dependencies,
  };
  if (d.state === 'Succeeded') {
    props.outputs = d.outputs ?? {};
    props.outputResources = d.operations.map((op) => ({ id: op.resourceId }));
  }
  if (d.error) props.error = d.error as unknown as Obj;
  return { id: d.id, name: d.name, type: 'Microsoft.Resources/deployments', properties: props };
}
