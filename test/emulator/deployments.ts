// Microsoft.Resources deployments at resource group scope, api-version 2021-04-01: PUT/GET a deployment, its async
// operation status, its operations, and cancel. Shapes from Azure/azure-rest-api-specs
// specification/resources/resource-manager/Microsoft.Resources/stable/2021-04-01 (examples PutDeploymentResourceGroup,
// GetDeploymentOperations, CancelDeployments; definitions DeploymentExtended, DeploymentOperation) and the operation
// as MicrosoftDocs/azure-docs articles/azure-resource-manager/templates/deployment-history.md shows one.
import { createHash, randomUUID } from 'node:crypto';
import type { RequestContext } from './context';
import { Reply, cloudError, jsonReply } from './reply';
import { type Obj } from './armTemplates/functions';
import { displayType } from './armTemplates/templateParameters';
import { TemplateRun } from './armTemplates/templateRun';
import { createResources, preflight, prepareRun, removeUnmentioned } from './deploymentCreate';
import {
  DeploymentOperation,
  StoredDeployment,
  advanceDeployment,
  deploymentKey,
  deploymentView,
  isTerminal,
  isoDuration,
  operationError,
  operationState,
} from './deploymentStore';

export const DEPLOYMENTS_API_VERSION = '2021-04-01';

function deploymentId(p: Record<string, string>): string {
  return `/subscriptions/${p.subscriptionId}/resourceGroups/${p.resourceGroup}/providers/Microsoft.Resources/deployments/${p.deploymentName}`;
}

/** "4/4/2020 2:17:07 AM" (UTC), the form ARM's deployment messages use. */
function usTime(ms: number): string {
  const d = new Date(ms);
  const h = d.getUTCHours() % 12 || 12;
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${h}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}

function notFound(ctx: RequestContext): Reply {
  // ARM's answer for a deployment it does not have ({"code":"DeploymentNotFound","message":"Deployment 'azuredeploy'
  // could not be found."}, as az CLI users paste it).
  return cloudError(404, { code: 'DeploymentNotFound', message: `Deployment '${ctx.params.deploymentName}' could not be found.` });
}

function find(ctx: RequestContext): StoredDeployment | undefined {
  return ctx.state.deployments.get(deploymentKey({ ...ctx.params, name: ctx.params.deploymentName }));
}

export function putDeployment(ctx: RequestContext): Reply {
  const prepared = prepareRun(ctx);
  if ('reply' in prepared) return prepared.reply;
  const { body, run } = prepared;
  const key = deploymentKey({ ...ctx.params, name: ctx.params.deploymentName });
  const existing = ctx.state.deployments.get(key);
  if (existing) advanceDeployment(ctx.state, existing, false);
  if (existing && !isTerminal(existing.state)) {
    // ARM refuses to replace a deployment that still runs, in these words (quoted with code DeploymentActive in public
    // Go tests of ARM clients: "… previous deployment from '4/4/2020 2:17:07 AM' is still active (expiration time is
    // '4/11/2020 2:17:01 AM') …": US-style times, seven days on).
    return cloudError(409, {
      code: 'DeploymentActive',
      message: `Unable to edit or replace deployment '${existing.name}': previous deployment from '${usTime(existing.acceptedAt)}' is still active (expiration time is '${usTime(existing.acceptedAt + 7 * 86_400_000)}'). Please see https://aka.ms/arm-deploy for usage details.`,
    });
  }
  const problem = preflight(ctx, run);
  if (problem) return problem;

  const deployRun = new TemplateRun(run.template, run.supplied, ctx.body.toString('utf8'), run.target, run.runtime, false);
  const operations = createResources(ctx, deployRun);
  if (String((body.properties as Obj).mode).toLowerCase() === 'complete') removeUnmentioned(ctx, deployRun);
  // The status id is 20 digits starting 0858, as in the Azure-AsyncOperation URLs ARM gives for deployments
  // ("…/resourcegroups/{rg}/providers/Microsoft.Resources/deployments/{name}/operationStatuses/08585341014485256763
  // ?api-version=2021-04-01", a header copied into a public Go client's test mock).
  const statusId = `0858${String(BigInt(`0x${randomUUID().replace(/-/g, '').slice(0, 15)}`)).padStart(16, '0').slice(0, 16)}`;
  const d: StoredDeployment = {
    subscriptionId: ctx.params.subscriptionId,
    resourceGroup: ctx.params.resourceGroup,
    name: ctx.params.deploymentName,
    id: deploymentId(ctx.params),
    state: 'Accepted',
    acceptedAt: ctx.state.now(),
    statusId,
    correlationId: String(ctx.headers['x-ms-correlation-request-id'] ?? randomUUID()),
    mode: String((body.properties as Obj).mode),
    parameters: Object.fromEntries(
      [...deployRun.parameters.values()].map((p) => [p.name, (p.secure ? { type: displayType(p.type) } : { type: displayType(p.type), value: p.value }) as Obj]),
    ),
    templateHash: BigInt(`0x${createHash('sha256').update(JSON.stringify(run.template)).digest('hex').slice(0, 15)}`).toString(),
    providers: providersOf(operations),
    dependencies: dependenciesOf(deployRun),
    operations,
    run: deployRun,
  };
  ctx.state.deployments.set(key, d);
  const statusUrl = `${ctx.state.baseUrl}${d.id}/operationStatuses/${statusId}?api-version=${DEPLOYMENTS_API_VERSION}`;
  return jsonReply(existing ? 200 : 201, deploymentView(ctx.state, d), { 'azure-asyncoperation': statusUrl });
}

function providersOf(ops: DeploymentOperation[]): Obj[] {
  const byNamespace = new Map<string, Map<string, Set<string>>>();
  for (const op of ops) {
    const [ns, ...rest] = op.resourceType.split('/');
    const types = byNamespace.get(ns) ?? new Map<string, Set<string>>();
    const locations = types.get(rest.join('/')) ?? new Set<string>();
    const location = op.group?.operation.location;
    if (location) locations.add(location);
    types.set(rest.join('/'), locations);
    byNamespace.set(ns, types);
  }
  return [...byNamespace].map(([namespace, types]) => ({
    namespace,
    resourceTypes: [...types].map(([resourceType, locations]) => ({ resourceType, locations: [...locations] })),
  }));
}

function dependenciesOf(run: TemplateRun): Obj[] {
  return run.instances
    .filter((i) => i.dependsOn.length > 0)
    .map((i) => ({
      dependsOn: run.instances
        .filter((t) => t !== i && i.dependsOn.some((d) => [t.id, t.name, `${t.type}/${t.name}`].some((x) => x.toLowerCase() === d.toLowerCase())))
        .map((t) => ({ id: t.id, resourceType: t.type, resourceName: t.name })),
      id: i.id,
      resourceType: i.type,
      resourceName: i.name,
    }));
}

export function getDeployment(ctx: RequestContext): Reply {
  const d = find(ctx);
  if (!d) return notFound(ctx);
  advanceDeployment(ctx.state, d, true);
  return jsonReply(200, deploymentView(ctx.state, d));
}

export function getDeploymentStatus(ctx: RequestContext): Reply {
  const d = find(ctx);
  if (!d || d.statusId.toLowerCase() !== ctx.params.operationId.toLowerCase()) {
    return cloudError(404, { code: 'OperationNotFound', message: `The operation '${ctx.params.operationId}' was not found.` });
  }
  advanceDeployment(ctx.state, d, true);
  // The status resource of a deployment: {status} and, once failed, the deployment's error (ARM's asynchronous
  // operation status shape, "Track asynchronous Azure operations" in the ARM docs: status, and error when it failed).
  const body: Obj = { status: d.state };
  if (d.error) body.error = d.error as unknown as Obj;
  return jsonReply(200, body);
}

/** One operation as the list and the get show it (DeploymentOperation: id, operationId, properties). */
function operationView(d: StoredDeployment, op: DeploymentOperation, now: number): Obj {
  const state = operationState(op);
  const end = op.group?.operation.endTime ? Date.parse(op.group.operation.endTime) : state === 'Running' ? now : op.startedAt;
  const props: Obj = {
    provisioningOperation: 'Create',
    provisioningState: state,
    timestamp: new Date(end).toISOString(),
    duration: isoDuration(end - op.startedAt),
    trackingId: op.operationId.toLowerCase(),
    serviceRequestId: op.group ? `${op.group.operation.location}:${op.operationId.toLowerCase()}` : op.operationId.toLowerCase(),
  };
  if (state === 'Succeeded') props.statusCode = op.group ? 'Created' : 'OK';
  const error = operationError(op);
  if (error) {
    props.statusCode = op.failure ? (op.failureStatus === 409 ? 'Conflict' : 'BadRequest') : 'Conflict';
    props.statusMessage = { status: 'Failed', error: error as unknown as Obj };
  }
  props.targetResource = { id: op.resourceId, resourceType: op.resourceType, resourceName: op.resourceName };
  return { id: `${d.id}/operations/${op.operationId}`, operationId: op.operationId, properties: props };
}

/** Every operation of the deployment, the evaluation of its outputs last. */
function operationViews(ctx: RequestContext, d: StoredDeployment): Obj[] {
  advanceDeployment(ctx.state, d, false);
  const now = ctx.state.now();
  const value = d.operations.map((op) => operationView(d, op, now));
  if (d.state === 'Succeeded' && d.outputs && Object.keys(d.outputs).length > 0) {
    // Evaluating the outputs is an operation of its own, listed with no target resource.
    const at = new Date(d.endedAt ?? now).toISOString();
    value.push({ id: `${d.id}/operations/08584${d.statusId.slice(0, 11)}`, operationId: `08584${d.statusId.slice(0, 11)}`, properties: { provisioningOperation: 'EvaluateDeploymentOutput', provisioningState: 'Succeeded', timestamp: at, duration: 'PT0S', trackingId: randomUUID(), statusCode: 'OK', statusMessage: null } });
  }
  return value;
}

export function listDeploymentOperations(ctx: RequestContext): Reply {
  const d = find(ctx);
  if (!d) return notFound(ctx);
  return jsonReply(200, { value: operationViews(ctx, d) });
}

/** DeploymentOperations_Get: one operation by its id (the swagger's GetDeploymentOperations example). */
export function getDeploymentOperation(ctx: RequestContext): Reply {
  const d = find(ctx);
  if (!d) return notFound(ctx);
  const op = operationViews(ctx, d).find((o) => String(o.operationId).toLowerCase() === ctx.params.operationId.toLowerCase());
  // ARM's words for an operation id it does not have are not on public record; the code follows DeploymentNotFound.
  return op ? jsonReply(200, op) : cloudError(404, { code: 'DeploymentOperationNotFound', message: `Deployment operation '${ctx.params.operationId}' could not be found.` });
}

export function cancelDeployment(ctx: RequestContext): Reply {
  const d = find(ctx);
  if (!d) return notFound(ctx);
  advanceDeployment(ctx.state, d, false);
  if (isTerminal(d.state)) {
    // The swagger: "You can cancel a deployment only if the provisioningState is Accepted or Running." The code and
    // words of the refusal have no public record.
    return cloudError(409, { code: 'DeploymentCannotBeCanceled', message: `The deployment '${d.name}' cannot be canceled because it is in the terminal state '${d.state}'.` });
  }
  d.state = 'Canceled';
  d.endedAt = ctx.state.now();
  for (const op of d.operations) if (operationState(op) === 'Running') op.canceled = true;
  return { status: 204, headers: {}, body: '' };
}
