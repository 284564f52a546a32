/**
 * ARM resource paths. Every segment, whether the user typed it or the service returned it, goes through
 * `segment()`: percent-encoded so a name can never add path segments or query parameters, and refused when it
 * is `.` or `..` (which a URL resolves away, so the request would address the parent resource).
 */

export const ACI_API_VERSION = '2023-05-01';
export const DATA_SHARE_API_VERSION = '2021-08-01';

/** One ARM path segment; throws a message naming `what` when the value is not a name. */
export function segment(value: string, what: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new Error(`The ${what} must not be empty.`);
  }
  // Percent-encoding leaves periods as they are, and a URL resolves `.` and `..`: the path would lose segments.
  if (value === '.' || value === '..') throw new Error(`The ${what} '${value}' is not a name: '.' and '..' would change the resource's path.`);
  return encodeURIComponent(value);
}

export interface ResourceGroupRef {
  subscriptionId: string;
  resourceGroup: string;
}

export function resourceGroupPath(ref: ResourceGroupRef): string {
  return `/subscriptions/${segment(ref.subscriptionId, 'subscription id')}/resourceGroups/${segment(ref.resourceGroup, 'resource group name')}`;
}

export interface ContainerGroupRef extends ResourceGroupRef {
  name: string;
}

export function containerGroupPath(ref: ContainerGroupRef): string {
  return `${resourceGroupPath(ref)}/providers/Microsoft.ContainerInstance/containerGroups/${segment(ref.name, 'container group name')}`;
}

/**
 * Another resource type of Microsoft.ContainerInstance addressed like a container group: `collection` is its
 * path segment (containerGroupProfiles, ngroups).
 */
export function containerInstanceResourcePath(ref: ContainerGroupRef, collection: string): string {
  return `${resourceGroupPath(ref)}/providers/Microsoft.ContainerInstance/${segment(collection, 'resource type')}/${segment(ref.name, 'resource name')}`;
}

export interface ShareSubscriptionRef extends ResourceGroupRef {
  accountName: string;
  shareSubscriptionName: string;
}

export function shareSubscriptionPath(ref: ShareSubscriptionRef): string {
  return (
    `${resourceGroupPath(ref)}/providers/Microsoft.DataShare/accounts/${segment(ref.accountName, 'Data Share account name')}` +
    `/shareSubscriptions/${segment(ref.shareSubscriptionName, 'share subscription name')}`
  );
}
