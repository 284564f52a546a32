/**
 * Which actions a container group's live state leaves open, for the tree's menus. What ACI allows:
 * - MicrosoftDocs azure-docs articles/container-instances/container-instances-stop-start.md: stop is for a running
 *   group and "has no effect" on one that already terminated (Succeeded or Failed); start is for a stopped group,
 *   stopped by hand or because its containers terminated on their own; restart restarts a running group's containers.
 * - containerInstance.json (2023-05-01): ContainerGroups_Start answers 204 when the group already runs; an action
 *   on a group that does not exist answers 404.
 * - While the group still changes (provisioning not ended) ACI refuses actions with 409 ContainerGroupTransitioning.
 * - provisioningState Canceled: the deployment that was creating or updating the group was canceled (ARM's RPC,
 *   "Asynchronous operations": Canceled ends the PUT without its result; the Azure SDK's ContainerGroupProvisioningState
 *   docs: "Resource creation was canceled"). Nothing was started, so nothing can be stopped or restarted, and Start
 *   only restarts a group that ran (container-instances-stop-start.md): deploy again, or delete.
 * Delete is always offered (it is how a stuck or absent group is cleared). Before the live state is known, or for a
 * state not listed here, every action is offered: a menu never hides what might work.
 */
import { isEnded, phaseOf, readContainerState, readGroupState } from '../arm/armStates';
import { CONTAINER_GROUP_ACTIONS, type ContainerGroupAction } from './actions';
import type { LiveGroup } from './liveState';

/** What a read of the live state gave (the tree's live result fits it): no such group, or the group. */
export type LiveRead = { deployed: false } | { deployed: true; group: Pick<LiveGroup, 'provisioningState' | 'state'> };

export function allowedActions(live: LiveRead | undefined): readonly ContainerGroupAction[] {
  if (!live) return CONTAINER_GROUP_ACTIONS;
  if (!live.deployed) return ['delete'];
  const { provisioningState, state } = live.group;
  if (provisioningState !== undefined && !isEnded(provisioningState)) return ['delete'];
  if (phaseOf(provisioningState) === 'canceled') return ['delete'];
  switch (readGroupState(state)) {
    case 'Running':
      return ['stop', 'restart', 'delete'];
    case 'Stopped':
    case 'Succeeded':
    case 'Failed':
      return ['start', 'delete'];
    default:
      return CONTAINER_GROUP_ACTIONS;
  }
}

/**
 * The group node's contextValue: `containerGroup` while its live state is unknown (every action), else
 * `containerGroup.live` and a `.canStart`, `.canStop`, `.canRestart`, `.canDelete` per open action. Menus that
 * match `^containerGroup(\.|$)` keep matching every form.
 */
export function groupContextValue(live: LiveRead | undefined): string {
  if (!live) return 'containerGroup';
  return ['containerGroup.live', ...allowedActions(live).map((a) => `can${a[0].toUpperCase()}${a.slice(1)}`)].join('.');
}

/**
 * A container node's contextValue, for Open Shell and Show Live Output (ACI opens a session only on a running
 * container of a running group: container-instances-exec.md). `container.running` / `initContainer.running` when
 * the live state says both run; `container.notRunning` / `initContainer` when it says either does not; `container`
 * while that is not known (a menu never hides what might work). An init container ends before the others start,
 * so it is offered only while it is seen running.
 */
export function containerContextValue(init: boolean, groupState: string | undefined, containerState: string | undefined): string {
  const groupStopped = groupState !== undefined && readGroupState(groupState) !== 'Running';
  const running = readContainerState(containerState) === 'Running';
  if (init) return running && !groupStopped ? 'initContainer.running' : 'initContainer';
  if (groupStopped || (containerState !== undefined && !running)) return 'container.notRunning';
  return running ? 'container.running' : 'container';
}
