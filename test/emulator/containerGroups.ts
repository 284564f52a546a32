// Microsoft.ContainerInstance routes: PUT/GET of a container group and its async-operation status.
//
// By default these answer as the real service was recorded answering (Azure/azure-sdk-for-js
// sdk/containerinstance/arm-containerinstance/recordings/node/containerinstance_test/
// recording_containergroups_create_test.json, and the PUT/201 trace in Azure/azure-sdk-for-node issue #5072):
// the PUT's Azure-AsyncOperation points at …/locations/{region}/operations/{id} with api-version 2018-06-01
// whatever version the PUT used, no Retry-After anywhere, request ids `{region}:{guid}`.
import { regionalRequestId } from './armHeaders';
import { EmulatorState, RequestContext } from './context';
import type { FaultName } from './faults';
import { StoredGroup, findGroup, groupId, groupKey, groupView, normalizeLocation } from './containerGroupView';
import { toCloudError, validateContainerGroup } from './containerGroupValidation';
import { deployRefusal, refusalError } from './containerGroupRefusals';
import { ACI_API_VERSIONS, type AciApiVersion } from './containerGroupSchema';
import { LroOutcome, Operation } from './lroStore';
import { Reply, cloudError, jsonReply } from './reply';

export const ACI_API_VERSION = '2023-05-01';
/** The api-version of ACI's operation status URLs, fixed by the service (recorded with PUTs of 2018-10-01 and 2021-10-01). */
export const ACI_OPERATIONS_API_VERSION = '2018-06-01';

/** The `lro-retry-after` scenario: a generic ARM provider that sends Retry-After and says `InProgress`. */
function genericLro(ctx: RequestContext, op?: Operation): boolean {
  return ctx.fault === 'lro-retry-after' || op?.fault === 'lro-retry-after';
}

function retryAfter(ctx: RequestContext, op?: Operation): Record<string, string> {
  return genericLro(ctx, op) ? { 'retry-after': String(ctx.state.settings.retryAfterSeconds) } : {};
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

/** The api-version of a request the router let through (one of ACI_API_VERSIONS). */
function requestApiVersion(ctx: RequestContext): AciApiVersion {
  const v = ctx.url.searchParams.get('api-version');
  return ACI_API_VERSIONS.find((known) => known === v) ?? ACI_API_VERSION;
}

export function putContainerGroup(ctx: RequestContext): Reply {
  const parsed = parseJsonBody(ctx.body);
  if (!parsed.ok) {
    return cloudError(400, { code: 'InvalidRequestContent', message: parsed.message, details: [{ code: 'InvalidRequestContent', message: parsed.message }] });
  }
  const { subscriptionId, resourceGroup, name } = ctx.params;
  const problems = validateContainerGroup(name, parsed.value, requestApiVersion(ctx));
  if (problems.length > 0) return cloudError(400, toCloudError(problems, ctx.fault === 'validation-targets'));

  const body = parsed.value as Record<string, unknown>;
  const refusal = deployRefusal(name);
  if (refusal) {
    const { status, error } = refusalError(refusal, name, body, normalizeLocation(String(body.location)));
    return cloudError(status, error, regionalRequestId(normalizeLocation(String(body.location))));
  }
  const existed = findGroup(ctx.state, groupKey(ctx.params)) !== undefined;
  const stored = acceptContainerGroup(ctx.state, { subscriptionId, resourceGroup, name }, body, ctx.fault);
  const location = stored.operation.location;
  const statusUrl = `${ctx.state.baseUrl}/subscriptions/${subscriptionId}/providers/Microsoft.ContainerInstance/locations/${location}/operations/${stored.operation.id}?api-version=${ACI_OPERATIONS_API_VERSION}`;
  return jsonReply(existed ? 200 : 201, groupView(stored), { 'azure-asyncoperation': statusUrl, ...regionalRequestId(location), ...retryAfter(ctx) });
}

/**
 * Stores a validated group and starts its provisioning operation (a PUT of the group, or a template deployment that
 * creates it). The fault decides the operation's outcome.
 */
export function acceptContainerGroup(
  state: EmulatorState,
  at: { subscriptionId: string; resourceGroup: string; name: string },
  body: Record<string, unknown>,
  fault: FaultName | undefined,
): StoredGroup {
  const key = groupKey(at);
  const outcome: LroOutcome = fault === 'lro-failed' ? 'Failed' : fault === 'lro-canceled' ? 'Canceled' : 'Succeeded';
  const location = normalizeLocation(String(body.location));
  const id = groupId(at);
  const operation = state.lro.start({ subscriptionId: at.subscriptionId, location, groupKey: key, groupName: at.name, groupId: id, outcome, fault });
  const stored: StoredGroup = { ...at, body: structuredClone(body), operation };
  state.groups.set(key, stored);
  return stored;
}

export function getContainerGroup(ctx: RequestContext): Reply {
  const stored = findGroup(ctx.state, groupKey(ctx.params));
  if (!stored) {
    // ARM's own words for a resource it does not have, link included (as CLI and SDK users quote them, e.g.
    // "(ResourceNotFound) The Resource 'Microsoft.Compute/virtualMachines/…' under resource group '…' was not found.
    // For more details please go to https://aka.ms/ARMResourceNotFoundFix").
    const { resourceGroup, name } = ctx.params;
    return cloudError(404, {
      code: 'ResourceNotFound',
      message: `The Resource 'Microsoft.ContainerInstance/containerGroups/${name}' under resource group '${resourceGroup}' was not found. For more details please go to https://aka.ms/ARMResourceNotFoundFix`,
    });
  }
  // Polling the resource itself also advances the operation (ARM clients may poll either URL).
  ctx.state.lro.poll(stored.operation);
  if (stored.operation.status === 'Succeeded') stored.reads = (stored.reads ?? 0) + 1;
  return jsonReply(200, groupView(stored), regionalRequestId(stored.operation.location));
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
  const generic = genericLro(ctx, op);
  const body = ctx.state.lro.statusBody(op, generic ? { statusPath: ctx.url.pathname } : undefined);
  return jsonReply(200, body, { ...regionalRequestId(op.location), ...(op.status === 'InProgress' ? retryAfter(ctx, op) : {}) });
}
