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
//   A delete is not refused so: no source shows it, users delete groups stuck in creation, and ContainerGroupsDelete.json
//   answers 202 with an azure-asyncoperation URL ("Delete started."). The emulator gives that 202 for a group whose
//   operation still runs and the recorded 200 for a settled one; which the service picks when is not published.
// - Restart: "Restarts all containers in a container group in place. If container image has updates, new image will be
//   downloaded." (containerInstance.json, Restart-AzContainerGroup): each container is a new instance with its own log
//   and restartCount one more. A stopped group is not restarted: "Container Group '<name>' in resource group '<rg>' is
//   stopped." (Azure/azure-cli#8136 for `az container restart` on a stopped group; code ContainerGroupStopped from
//   MicrosoftDocs/azure-docs#71458). Neither source gives the status; 409 is assumed. The product never restarts a
//   stopped group (allowedActions offers start and delete for it).
// - Stop: the group's instanceView.state is Stopped (container-state.md: "stopped and won't run without user action");
//   its containers end Terminated (microsoft/vscode-docker#2602/#2605; docker/compose-cli#508 saw a stopped group
//   with no container state at all, so the product reads the group's state, never its containers', for a stopped
//   group). Their last log stays readable, as much as the service keeps of a stopped instance (containerGroupLogs.ts).
import { regionalRequestId } from './armHeaders';
import { ACI_OPERATIONS_API_VERSION, getContainerGroup } from './containerGroups';
import { StoredGroup, findGroup, groupId, groupKey, groupView, runStartOf } from './containerGroupView';
import { RequestContext } from './context';
import { Reply, cloudError, jsonReply } from './reply';

function noContent(stored: StoredGroup): Reply {
  return { status: 204, headers: regionalRequestId(stored.operation.location), body: '' };
}

/** The stored group, or the reply ARM gives when there is none (or it is still changing). */
function actionTarget(ctx: RequestContext): StoredGroup | Reply {
  const stored = findGroup(ctx.state, groupKey(ctx.params));
  if (!stored) return getContainerGroup(ctx); // 404 ResourceNotFound, as for a GET
  if (stored.operation.status === 'InProgress' || stored.deleting) {
    return cloudError(409, {
      code: 'ContainerGroupTransitioning',
      message: `The container group '${stored.name}' is still transitioning, please retry later.`,
    });
  }
  return stored;
}

const isReply = (v: StoredGroup | Reply): v is Reply => (v as Reply).status !== undefined;

const iso = (ctx: RequestContext): string => new Date(ctx.state.now()).toISOString();

function statusUrl(ctx: RequestContext, stored: StoredGroup, operationId: string): string {
  return `${ctx.state.baseUrl}/subscriptions/${stored.subscriptionId}/providers/Microsoft.ContainerInstance/locations/${stored.operation.location}/operations/${operationId}?api-version=${ACI_OPERATIONS_API_VERSION}`;
}

export function stopContainerGroup(ctx: RequestContext): Reply {
  const stored = actionTarget(ctx);
  if (isReply(stored)) return stored;
  stored.stoppedAt ??= iso(ctx);
  return noContent(stored);
}

export function startContainerGroup(ctx: RequestContext): Reply {
  const stored = actionTarget(ctx);
  if (isReply(stored)) return stored;
  if (!stored.stoppedAt && stored.operation.status === 'Succeeded') return noContent(stored); // already running
  // Starting runs the group again: a new operation, followed through its status URL like a create, new containers.
  const { subscriptionId, resourceGroup, name } = stored;
  const location = stored.operation.location;
  stored.operation = ctx.state.lro.start({ subscriptionId, location, groupKey: groupKey(ctx.params), groupName: name, groupId: groupId({ subscriptionId, resourceGroup, name }), outcome: 'Succeeded' });
  stored.stoppedAt = undefined;
  stored.restarts = undefined;
  stored.runStart = undefined;
  stored.previousRunStart = undefined;
  return { status: 202, headers: { 'azure-asyncoperation': statusUrl(ctx, stored, stored.operation.id), ...regionalRequestId(location) }, body: '' };
}

export function restartContainerGroup(ctx: RequestContext): Reply {
  const stored = actionTarget(ctx);
  if (isReply(stored)) return stored;
  if (stored.stoppedAt) {
    return cloudError(409, { code: 'ContainerGroupStopped', message: `Container Group '${stored.name}' in resource group '${stored.resourceGroup}' is stopped.` });
  }
  stored.previousRunStart = runStartOf(stored);
  stored.runStart = iso(ctx);
  stored.restarts = (stored.restarts ?? 0) + 1;
  return noContent(stored);
}

export function deleteContainerGroup(ctx: RequestContext): Reply {
  const key = groupKey(ctx.params);
  const stored = findGroup(ctx.state, key);
  if (!stored) return { status: 204, headers: {}, body: '' };
  if (stored.operation.status === 'InProgress' || stored.deleting) {
    // Deleting a group still being created: "Delete started." with a status URL; the group is gone when it ends.
    const { subscriptionId, resourceGroup, name } = stored;
    stored.deleting ??= ctx.state.lro.start({ subscriptionId, location: stored.operation.location, groupKey: key, groupName: name, groupId: groupId({ subscriptionId, resourceGroup, name }), outcome: 'Succeeded' });
    return { status: 202, headers: { 'azure-asyncoperation': statusUrl(ctx, stored, stored.deleting.id), ...regionalRequestId(stored.operation.location) }, body: '' };
  }
  const body = groupView(stored);
  ctx.state.groups.delete(key);
  return jsonReply(200, body, regionalRequestId(stored.operation.location));
}
