/**
 * One vocabulary per ARM status field the product reads: each field's values as the swagger enums and published
 * examples spell them, read case-insensitively (the published what-if example answers `"status": "succeeded"`), and
 * the one rule that says whether what they describe has ended and how. Every reader of these fields (long-running
 * operations, template deployments and their operations, what-if, a container group's live state, its actions, the
 * tree) decides through here, never by comparing spellings of its own.
 *
 * Sources: Azure/azure-rest-api-specs specification/resources/…/Microsoft.Resources/stable/2021-04-01/resources.json
 * (ProvisioningState of a deployment, ChangeType, PropertyChangeType) and its examples; the resource-manager RPC
 * "Asynchronous operations" (status InProgress/Succeeded/Failed/Canceled; any value other than the three terminal
 * ones means the operation still runs); containerinstance …/stable/2023-05-01 (containerInstance.json and examples:
 * group provisioningState Pending/Creating/Succeeded/Failed, Created in ContainerGroupsCreatePriority; instance view
 * state Running/Stopped/Pending/Succeeded/Failed; container currentState.state Running/Waiting/Terminated).
 */

/** Deployment and deployment-operation provisioningState: the 2021-04-01 swagger's ProvisioningState enum. */
export const DEPLOYMENT_STATES = ['NotSpecified', 'Accepted', 'Running', 'Ready', 'Creating', 'Created', 'Deleting', 'Deleted', 'Canceled', 'Failed', 'Succeeded', 'Updating'] as const;
export type DeploymentState = (typeof DEPLOYMENT_STATES)[number];

/** The status of an Azure-AsyncOperation resource: the RPC's four, and what providers send while they work. */
export const LRO_STATUSES = ['InProgress', 'Accepted', 'Running', 'Pending', 'Creating', 'Updating', 'Deleting', 'Succeeded', 'Failed', 'Canceled'] as const;
export type LroStatus = (typeof LRO_STATUSES)[number];

/** A container group's provisioningState (ACI 2023-05-01 examples and recordings; Repairing and Deleting while the service works on it). */
export const GROUP_PROVISIONING_STATES = ['Pending', 'Accepted', 'Creating', 'Created', 'Updating', 'Repairing', 'Deleting', 'Succeeded', 'Failed', 'Canceled'] as const;
export type GroupProvisioningState = (typeof GROUP_PROVISIONING_STATES)[number];

/** A container group's instanceView.state. */
export const GROUP_STATES = ['Pending', 'Running', 'Stopped', 'Repairing', 'Succeeded', 'Failed'] as const;
export type GroupState = (typeof GROUP_STATES)[number];

/** A container's instanceView.currentState.state / previousState.state. */
export const CONTAINER_STATES = ['Waiting', 'Running', 'Terminated'] as const;
export type ContainerState = (typeof CONTAINER_STATES)[number];

/** What-if: a resource's changeType, and a property delta's propertyChangeType (2021-04-01 enums). */
export const CHANGE_TYPES = ['Create', 'Delete', 'Ignore', 'Deploy', 'NoChange', 'Modify', 'Unsupported'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];
export const PROPERTY_CHANGE_TYPES = ['Create', 'Delete', 'Modify', 'Array', 'NoEffect'] as const;
export type PropertyChangeType = (typeof PROPERTY_CHANGE_TYPES)[number];

/** Spellings some services use for a canonical value. */
const ALIASES: Record<string, string> = { cancelled: 'Canceled' };

/** The canonical spelling of `raw` in `values`, matched case-insensitively; undefined for no value or one not listed. */
export function canonical<T extends string>(values: readonly T[], raw: unknown): T | undefined {
  if (typeof raw !== 'string') return undefined;
  const lower = raw.trim().toLowerCase();
  const wanted = (ALIASES[lower] ?? lower).toLowerCase();
  return values.find((v) => v.toLowerCase() === wanted);
}

export const readDeploymentState = (raw: unknown): DeploymentState | undefined => canonical(DEPLOYMENT_STATES, raw);
export const readLroStatus = (raw: unknown): LroStatus | undefined => canonical(LRO_STATUSES, raw);
export const readGroupProvisioningState = (raw: unknown): GroupProvisioningState | undefined => canonical(GROUP_PROVISIONING_STATES, raw);
export const readGroupState = (raw: unknown): GroupState | undefined => canonical(GROUP_STATES, raw);
export const readContainerState = (raw: unknown): ContainerState | undefined => canonical(CONTAINER_STATES, raw);
export const readChangeType = (raw: unknown): ChangeType | undefined => canonical(CHANGE_TYPES, raw);
export const readPropertyChangeType = (raw: unknown): PropertyChangeType | undefined => canonical(PROPERTY_CHANGE_TYPES, raw);

/** Where an operation stands, by ARM's rule for every provisioning state and operation status. */
export type Phase = 'inProgress' | 'succeeded' | 'failed' | 'canceled';

/**
 * Succeeded, Failed and Canceled (any case, `Cancelled` too) end an operation; any other value means it still runs
 * (the RPC: a provider may add its own non-terminal states). Undefined when there is no value to read.
 */
export function phaseOf(raw: unknown): Phase | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  switch (canonical(['Succeeded', 'Failed', 'Canceled'] as const, raw)) {
    case 'Succeeded':
      return 'succeeded';
    case 'Failed':
      return 'failed';
    case 'Canceled':
      return 'canceled';
    default:
      return 'inProgress';
  }
}

/** True when the state or status is one an operation ends in. */
export function isEnded(raw: unknown): boolean {
  const phase = phaseOf(raw);
  return phase !== undefined && phase !== 'inProgress';
}

/**
 * A waiting container's detailStatus that says it will not start on its own: the runtime's reasons for a crash loop
 * or an image it cannot pull (CrashLoopBackOff, ImagePullBackOff, ErrImagePull, Error, …), as ACI reports them.
 */
export function isFailingWaitReason(detailStatus: string | undefined): boolean {
  return /backoff|error|fail/i.test(detailStatus ?? '');
}
