// Long-running operations behind the Azure-AsyncOperation status URL of a container group PUT.
//
// The status resource is shaped like the real service's, as recorded by the Azure SDK for JS
// (sdk/containerinstance/arm-containerinstance/recordings/node/containerinstance_test/
// recording_containergroups_create_test.json): `{id: <the group's id>, status: "Pending" … "Succeeded",
// startTime, properties: {events: []}}`, with no Retry-After.
//
// An operation goes on in Azure whether or not anyone asks about it: it ends after `pollsBeforeTerminal` polls or
// once `durationMs` has passed on the emulator's clock, whichever comes first, so a client that stops polling (a
// cancelled deploy) does not leave the group Pending for ever. Real creates took from about a minute to 19 minutes in
// the recordings; the emulator's default is shorter so tests and the sandbox do not wait.
import { randomUUID } from 'node:crypto';

export type LroOutcome = 'Succeeded' | 'Failed' | 'Canceled';
export type LroStatus = 'InProgress' | LroOutcome;

export interface Operation {
  id: string;
  subscriptionId: string;
  location: string;
  /** Store key of the container group this operation provisions. */
  groupKey: string;
  groupName: string;
  /** ARM id of the group; the real status resource's `id` is the group's, not the operation's. */
  groupId: string;
  outcome: LroOutcome;
  polls: number;
  status: LroStatus;
  startTime: string;
  endTime?: string;
  /** Fault that was in effect when the PUT was accepted (lro-status-error keeps applying to later polls). */
  fault?: string;
}

export class LroStore {
  private readonly operations = new Map<string, Operation>();

  /** @param pollsBeforeTerminal polls answered as still running before the next one reports the outcome. */
  constructor(
    private readonly pollsBeforeTerminal: number,
    private readonly durationMs: number,
    private readonly now: () => number,
  ) {}

  start(init: Pick<Operation, 'subscriptionId' | 'location' | 'groupKey' | 'groupName' | 'groupId' | 'outcome' | 'fault'>): Operation {
    const op: Operation = { ...init, id: randomUUID(), polls: 0, status: 'InProgress', startTime: new Date(this.now()).toISOString() };
    this.operations.set(op.id, op);
    return op;
  }

  get(id: string): Operation | undefined {
    const op = this.operations.get(id.toLowerCase());
    if (op) this.advance(op);
    return op;
  }

  /** Moves the operation to its outcome once its time has come, polled or not. */
  advance(op: Operation): void {
    if (op.status !== 'InProgress') return;
    const due = Date.parse(op.startTime) + this.durationMs;
    if (this.now() >= due) this.end(op, due);
  }

  /** Counts one poll (of the status URL or of the resource itself) and moves to the outcome when due. */
  poll(op: Operation): void {
    this.advance(op);
    if (op.status !== 'InProgress') return;
    op.polls += 1;
    if (op.polls > this.pollsBeforeTerminal) this.end(op, this.now());
  }

  private end(op: Operation, at: number): void {
    op.status = op.outcome;
    op.endTime = new Date(at).toISOString();
  }

  /**
   * Body of the status resource. `generic` answers like the ARM RPC's own examples instead (status
   * `InProgress`, the status URL's path as id, endTime), for the `lro-retry-after` scenario.
   */
  statusBody(op: Operation, generic: { statusPath: string } | undefined): Record<string, unknown> {
    const running = generic ? 'InProgress' : 'Pending';
    const body: Record<string, unknown> = generic
      ? { id: generic.statusPath, name: op.id, status: op.status === 'InProgress' ? running : op.status, startTime: op.startTime }
      : { id: op.groupId, status: op.status === 'InProgress' ? running : op.status, startTime: op.startTime, properties: { events: [] } };
    if (generic && op.endTime) body.endTime = op.endTime;
    if (op.status === 'Failed') {
      body.error = { code: 'ContainerGroupDeploymentFailed', message: `The container group '${op.groupName}' failed to provision: the image could not be pulled.` };
    } else if (op.status === 'Canceled') {
      body.error = { code: 'OperationCanceled', message: `The operation on container group '${op.groupName}' was canceled.` };
    }
    return body;
  }
}
