// Microsoft.ContainerInstance routes: PUT/GET of a container group and its async-operation status.
import { RequestContext } from './context';
import { StoredGroup, groupView, normalizeLocation } from './container-group-view';
import { toCloudError, validateContainerGroup } from './container-group-validation';
import { LroOutcome } from './lro-store';
import { Reply, cloudError, jsonReply } from './reply';

export const ACI_API_VERSION = '2023-05-01';

function groupKey(ctx: RequestContext): string {
  const { subscriptionId, resourceGroup, name } = ctx.params;
  return `${subscriptionId}|${resourceGroup}|${name}`.toLowerCase();
}

function retryAfter(ctx: RequestContext): Record<string, string> {
  return { 'retry-after': String(ctx.state.settings.retryAfterSeconds) };
}

function parseJsonBody(body: Buffer): { ok: true; value: unknown } | { ok: false; message: string } {
  const text = body.toString('utf8');
  if (text.trim() === '') return { ok: false, message: 'The request content was invalid and could not be deserialized: the body is empty.' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: `The request content was invalid and could not be deserialized: ${(e as Error).message}` };
  }
}

export function putContainerGroup(ctx: RequestContext): Reply {
  const parsed = parseJsonBody(ctx.body);
  if (!parsed.ok) {
    return cloudError(400, { code: 'InvalidRequestContent', message: parsed.message, details: [{ code: 'InvalidRequestContent', message: parsed.message }] });
  }
  const { subscriptionId, resourceGroup, name } = ctx.params;
  const problems = validateContainerGroup(name, parsed.value);
  if (problems.length > 0) return cloudError(400, toCloudError(problems, ctx.fault === 'validation-targets'));

  const body = parsed.value as Record<string, unknown>;
  const key = groupKey(ctx);
  const existed = ctx.state.groups.has(key);
  const outcome: LroOutcome = ctx.fault === 'lro-failed' ? 'Failed' : ctx.fault === 'lro-canceled' ? 'Canceled' : 'Succeeded';
  const location = normalizeLocation(String(body.location));
  const operation = ctx.state.lro.start({ subscriptionId, location, groupKey: key, groupName: name, outcome, fault: ctx.fault });
  const stored: StoredGroup = { subscriptionId, resourceGroup, name, body: structuredClone(body), operation };
  ctx.state.groups.set(key, stored);

  const statusUrl = `${ctx.state.baseUrl}/subscriptions/${subscriptionId}/providers/Microsoft.ContainerInstance/locations/${location}/operations/${operation.id}?api-version=${ACI_API_VERSION}`;
  return jsonReply(existed ? 200 : 201, groupView(stored), { 'azure-asyncoperation': statusUrl, ...retryAfter(ctx) });
}

export function getContainerGroup(ctx: RequestContext): Reply {
  const stored = ctx.state.groups.get(groupKey(ctx));
  if (!stored) {
    const { resourceGroup, name } = ctx.params;
    return cloudError(404, {
      code: 'ResourceNotFound',
      message: `The Resource 'Microsoft.ContainerInstance/containerGroups/${name}' under resource group '${resourceGroup}' was not found.`,
    });
  }
  // Polling the resource itself also advances the operation (ARM clients may poll either URL).
  ctx.state.lro.poll(stored.operation);
  return jsonReply(200, groupView(stored));
}

export function getOperationStatus(ctx: RequestContext): Reply {
  const op = ctx.state.lro.get(ctx.params.operationId);
  if (!op || op.subscriptionId.toLowerCase() !== ctx.params.subscriptionId.toLowerCase()) {
    return cloudError(404, { code: 'OperationNotFound', message: `The operation '${ctx.params.operationId}' was not found.` });
  }
  if (ctx.fault === 'lro-status-error' || op.fault === 'lro-status-error') {
    return cloudError(500, { code: 'InternalServerError', message: 'Encountered internal server error while reading the operation status.' });
  }
  if (ctx.fault === 'token-expired' && op.polls === 0) {
    const expired = ctx.state.tokens.takeExpiryFault(ctx.token, ctx.state.baseUrl, ctx.url.pathname.toLowerCase());
    if (expired) return expired;
  }
  ctx.state.lro.poll(op);
  const body = ctx.state.lro.statusBody(op, ctx.url.pathname);
  return jsonReply(200, body, op.status === 'InProgress' ? retryAfter(ctx) : {});
}
