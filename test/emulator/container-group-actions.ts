// Microsoft.ContainerInstance start / stop / restart / delete of a container group, answered as the real service does.
//
// Sources:
// - Azure/azure-rest-api-specs specification/containerinstance/resource-manager/Microsoft.ContainerInstance/stable/
//   2023-05-01/containerInstance.json: Start is an LRO answering 202 ("the container group is starting") or 204
//   (already running); Stop answers 204 and is not an LRO; Restart is an LRO answering 204; Delete is an LRO answering
//   200 (the group), 202 or 204 ("the specified container group was not found").
// - The same folder's examples/ContainerGroupsStart.json: the 202 carries an azure-asyncoperation header pointing at
//   …/locations/{location}/operations/{id}; ContainerGroupsStop.json and ContainerGroupsRestart.json: 204, no body.
// - Azure/azure-sdk-for-js sdk/containerinstance/arm-containerinstance/recordings/node/containerinstance_test/
//   recording_containergroups_delete_test.json: the real DELETE answers 200 with the group as it was (provisioningState
//   Succeeded), no status URL, x-ms-ratelimit-remaining-subscription-deletes, a `{region}:{guid}` request id; the
//   resource group's list right after no longer holds it.
// - ARM answers an action on a resource that does not exist 404 ResourceNotFound, as a GET (getContainerGroup).
// - An action while the group is still changing: 409 ContainerGroupTransitioning, "The container group '<name>' is
//   still transitioning, please retry later." (MicrosoftDocs SupportArticles-docs, "Container group remains in a
//   transitioning state (StatusCode 409, ContainerGroupTransitioning)", and the same text from `az container start`).
import { regionalRequestId } from './arm-headers';
import { ACI_OPERATIONS_API_VERSION, getContainerGroup } from './container-groups';
import { StoredGroup, groupId, groupKey, groupView } from './container-group-view';
import { RequestContext } from './context';
import { Reply, cloudError, jsonReply } from './reply';

function noContent(stored: StoredGroup): Reply {
  return { status: 204, headers: regionalRequestId(stored.operation.location), body: '' };
}

/** The stored group, or the reply ARM gives when there is none (or it is still changing). */
function actionTarget(ctx: RequestContext): StoredGroup | Reply {
  const stored = ctx.state.groups.get(groupKey(ctx.params));
  if (!stored) return getContainerGroup(ctx); // 404 ResourceNotFound, as for a GET
  if (stored.operation.status === 'InProgress') {
    return cloudError(409, {
      code: 'ContainerGroupTransitioning',
      message: `The container group '${stored.name}' is still transitioning, please retry later.`,
    });
  }
  return stored;
}

const isReply = (v: StoredGroup | Reply): v is Reply => (v as Reply).status !== undefined;

export function stopContainerGroup(ctx: RequestContext): Reply {
  const stored = actionTarget(ctx);
  if (isReply(stored)) return stored;
  stored.stoppedAt = new Date().toISOString();
  return noContent(stored);
}

export function startContainerGroup(ctx: RequestContext): Reply {
  const stored = actionTarget(ctx);
  if (isReply(stored)) return stored;
  if (!stored.stoppedAt && stored.operation.status === 'Succeeded') return noContent(stored); // already running
  // Starting runs the group again: a new operation, followed through its status URL like a create.
  const { subscriptionId, resourceGroup, name } = stored;
  const location = stored.operation.location;
  stored.operation = ctx.state.lro.start({ subscriptionId, location, groupKey: groupKey(ctx.params), groupName: name, groupId: groupId({ subscriptionId, resourceGroup, name }), outcome: 'Succeeded' });
  stored.stoppedAt = undefined;
  const statusUrl = `${ctx.state.baseUrl}/subscriptions/${subscriptionId}/providers/Microsoft.ContainerInstance/locations/${location}/operations/${stored.operation.id}?api-version=${ACI_OPERATIONS_API_VERSION}`;
  return { status: 202, headers: { 'azure-asyncoperation': statusUrl, ...regionalRequestId(location) }, body: '' };
}

export function restartContainerGroup(ctx: RequestContext): Reply {
  const stored = actionTarget(ctx);
  if (isReply(stored)) return stored;
  stored.stoppedAt = undefined;
  return noContent(stored);
}

export function deleteContainerGroup(ctx: RequestContext): Reply {
  const key = groupKey(ctx.params);
  const stored = ctx.state.groups.get(key);
  if (!stored) return { status: 204, headers: {}, body: '' };
  if (stored.operation.status === 'InProgress') return actionTarget(ctx) as Reply;
  const body = groupView(stored);
  ctx.state.groups.delete(key);
  return jsonReply(200, body, regionalRequestId(stored.operation.location));
}
