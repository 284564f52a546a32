// ContainerGroups_ListByResourceGroup (GET …/resourceGroups/{rg}/providers/Microsoft.ContainerInstance/containerGroups,
// 2023-05-01): `{ value, nextLink }` pages of the stored groups. Shapes follow azure-rest-api-specs
// specification/containerinstance/resource-manager/Microsoft.ContainerInstance/ContainerInstance/stable/2023-05-01/:
// examples/ContainerGroupsListByResourceGroup.json (items like a GET: read-only fields present, secrets absent) and
// containerInstance.json's ListResultContainerGroupProperties, which has no group-level `instanceView`.
import { RequestContext } from './context';
import { findGroup, groupView, type StoredGroup } from './containerGroupView';
import { ACI_API_VERSION } from './containerGroups';
import { Reply, cloudError, jsonReply } from './reply';

/** Azure picks its own page size; a small one here makes every client follow nextLink. */
export const CONTAINER_GROUP_PAGE_SIZE = 2;

export function listContainerGroupsByResourceGroup(ctx: RequestContext): Reply {
  const { subscriptionId, resourceGroup } = ctx.params;
  const rawOffset = ctx.url.searchParams.get('$skipToken');
  const offset = rawOffset === null ? 0 : Number(rawOffset);
  if (!Number.isInteger(offset) || offset < 0) {
    return cloudError(400, { code: 'InvalidSkipToken', message: 'The continuation token is not valid.' });
  }
  const prefix = `${subscriptionId}|${resourceGroup}|`.toLowerCase();
  const groups = [...ctx.state.groups.keys()]
    .filter((key) => key.startsWith(prefix))
    .sort((a, b) => a.localeCompare(b))
    .map((key) => findGroup(ctx.state, key))
    .filter((stored): stored is StoredGroup => stored !== undefined)
    .map((stored) => {
      const view = groupView(stored);
      const { instanceView: _listsHaveNone, ...properties } = view.properties as Record<string, unknown>;
      return { ...view, properties };
    });
  const body: { value: unknown[]; nextLink?: string } = { value: groups.slice(offset, offset + CONTAINER_GROUP_PAGE_SIZE) };
  if (offset + CONTAINER_GROUP_PAGE_SIZE < groups.length) {
    body.nextLink = `${ctx.state.baseUrl}${ctx.url.pathname}?api-version=${ACI_API_VERSION}&$skipToken=${offset + CONTAINER_GROUP_PAGE_SIZE}`;
  }
  return jsonReply(200, body);
}
