/**
 * Why the service refused an exec or attach, in terms the user can act on. The service's own codes for a stopped
 * group or an ended container are not on public record, so a refusal other than sign-in or not-found is explained
 * by reading the group's live state (the GET every view uses): a group that is not running, or a container that
 * is not. The service's message is kept to show beside it.
 */
import type { ArmClient } from '../arm/client';
import { readContainerState, readGroupState } from '../arm/armStates';
import { ArmError, errorMessage } from '../arm/errors';
import { getContainerGroup } from '../services/containerGroups';
import { lastExitCode, readLiveGroup, type LiveGroup } from './liveState';
import type { ContainerTarget } from './execRequest';

export type RefusalKind = 'signInExpired' | 'notFound' | 'groupNotRunning' | 'containerNotRunning' | 'service';

export interface Refusal {
  kind: RefusalKind;
  /** The group's or the container's state, for the not-running kinds. */
  state?: string;
  exitCode?: number;
  /** The service's words (or the error's), never holding a secret. */
  message: string;
}

export async function explainRefusal(client: ArmClient, target: ContainerTarget, err: unknown): Promise<Refusal> {
  const message = err instanceof ArmError ? (err.serviceMessage ?? err.message) : errorMessage(err);
  if (!(err instanceof ArmError) || err.kind !== 'http') return { kind: 'service', message };
  if (err.status === 401) return { kind: 'signInExpired', message };
  if (err.status === 404) return { kind: 'notFound', message };
  try {
    const live = readLiveGroup((await getContainerGroup(client, target.group, { signal: target.signal })).body);
    const notRunning = notRunningRefusal(live, target.containerName, message);
    if (notRunning) return notRunning;
  } catch {
    // The state could not be read: the service's words stand alone.
  }
  return { kind: 'service', message };
}

/**
 * Why a session cannot open on this container, read from the group's live state before anything is asked: the
 * group is not running, or the container is not. Undefined when both run, or when a state is not given (the
 * service then decides).
 */
export function notRunningRefusal(live: Pick<LiveGroup, 'state' | 'containers'>, containerName: string, message = ''): Refusal | undefined {
  if (live.state && readGroupState(live.state) !== 'Running') return { kind: 'groupNotRunning', state: live.state, message };
  const c = live.containers.find((x) => x.name === containerName);
  if (c?.current?.state && readContainerState(c.current.state) !== 'Running') {
    return { kind: 'containerNotRunning', state: c.current.state, exitCode: c.current.exitCode ?? lastExitCode(c), message };
  }
  return undefined;
}
