/**
 * Start, stop, restart and delete a deployed container group (Microsoft.ContainerInstance 2023-05-01), through the
 * one ARM client and its long-running-operation code. What the service answers (swagger and recordings):
 * - start: POST …/start, 202 with Azure-AsyncOperation while it starts, 204 when it already runs (LRO);
 * - stop: POST …/stop, 204 (not an LRO);
 * - restart: POST …/restart, 204 (an LRO: a status URL, when sent, is followed);
 * - delete: DELETE, 200 with the group as it was (recorded), 202 with Azure-AsyncOperation, or 204 when there is
 *   no such group.
 * A group never deployed answers the POSTs 404; that and the delete's 204 end as `notDeployed`. A 202 that names
 * no status URL (the RPC requires one) ends as `accepted`: Azure took the request and its end is not known. Any other error
 * (409 ContainerGroupTransitioning while the group changes, say) is thrown as the ArmError, in the service's words.
 */
import type { ArmClient } from '../arm/client';
import { ArmError } from '../arm/errors';
import { putAndWait, type LroProgress } from '../arm/lro';
import type { SleepFn, ThrottleListener } from '../arm/retryPolicy';
import { ACI_API_VERSION, containerGroupPath, type ContainerGroupRef } from '../services/resourcePaths';

export type ContainerGroupAction = 'start' | 'stop' | 'restart' | 'delete';

export const CONTAINER_GROUP_ACTIONS: readonly ContainerGroupAction[] = ['start', 'stop', 'restart', 'delete'];

/** The group's state once the action has ended, as the tree shows it. */
export function stateAfter(action: ContainerGroupAction): string {
  return action === 'stop' ? 'Stopped' : action === 'delete' ? 'Deleted' : 'Running';
}

export interface ActionOptions {
  signal?: AbortSignal;
  onProgress?: (progress: LroProgress) => void;
  /** Told of each wait Azure imposes (throttling) before a request is sent again. */
  onThrottle?: ThrottleListener;
  /** Wait between status polls when Azure names none. Default 2000. */
  defaultPollMs?: number;
  sleep?: SleepFn;
}

export interface ActionResult {
  action: ContainerGroupAction;
  /**
   * `notDeployed`: Azure has no such group (404 on an action, 204 on a delete); nothing was changed.
   * `accepted`: Azure answered 202 without a status URL to follow; the action may still be under way.
   */
  outcome: 'succeeded' | 'notDeployed' | 'accepted';
  /** HTTP status of the answer that ended the action. */
  status: number;
  polls: number;
  elapsedMs: number;
  requestId?: string;
  /** The service's own words when the group does not exist. */
  message?: string;
}

export async function runContainerGroupAction(
  client: ArmClient,
  ref: ContainerGroupRef,
  action: ContainerGroupAction,
  options: ActionOptions = {},
): Promise<ActionResult> {
  const started = Date.now();
  const path = containerGroupPath(ref);
  try {
    if (action === 'stop') {
      const res = await client.request({ method: 'POST', path: `${path}/stop`, apiVersion: ACI_API_VERSION, signal: options.signal, onThrottle: options.onThrottle });
      // The swagger gives stop a 204 only; a 202 took the request without saying when it ends.
      const outcome = res.status === 202 ? 'accepted' : 'succeeded';
      return { action, outcome, status: res.status, polls: 0, elapsedMs: Date.now() - started, requestId: res.requestId };
    }
    const result = await putAndWait(client, {
      method: action === 'delete' ? 'DELETE' : 'POST',
      path: action === 'delete' ? path : `${path}/${action}`,
      apiVersion: ACI_API_VERSION,
      signal: options.signal,
      onProgress: options.onProgress,
      onThrottle: options.onThrottle,
      defaultPollMs: options.defaultPollMs,
      sleep: options.sleep,
    });
    const { status, requestId } = result.response;
    // ContainerGroups_Delete: "204 No Content - the specified container group was not found."
    const outcome = result.accepted ? 'accepted' : action === 'delete' && status === 204 && result.polls === 0 ? 'notDeployed' : 'succeeded';
    return { action, outcome, status, polls: result.polls, elapsedMs: result.elapsedMs, requestId };
  } catch (err) {
    if (err instanceof ArmError && err.kind === 'http' && err.status === 404) {
      return { action, outcome: 'notDeployed', status: 404, polls: 0, elapsedMs: Date.now() - started, requestId: err.requestId, message: err.serviceMessage ?? err.message };
    }
    throw err;
  }
}
