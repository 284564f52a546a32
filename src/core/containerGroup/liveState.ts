/**
 * What Azure says about a deployed container group (the GET body, api-version 2023-05-01): provisioning and
 * group state, address, each container's current and previous state with its restart count, and the events.
 */
import { isFailingWaitReason, readContainerState, readGroupProvisioningState, readGroupState } from '../arm/armStates';
import { list, prop, scalarText } from '../definition/plainValues';

export interface LiveEvent {
  name?: string;
  type?: string;
  message?: string;
  count?: number;
  firstTimestamp?: string;
  lastTimestamp?: string;
}

/** A ContainerState of the swagger; every field is optional there. */
export interface LiveContainerState {
  state?: string;
  detailStatus?: string;
  exitCode?: number;
  startTime?: string;
  finishTime?: string;
}

export interface LiveContainer {
  name: string;
  init: boolean;
  image?: string;
  current?: LiveContainerState;
  previous?: LiveContainerState;
  restartCount?: number;
  /** As Azure lists them (newestFirst orders them for display). */
  events: LiveEvent[];
}

export interface LiveGroup {
  provisioningState?: string;
  /** instanceView.state: Running, Stopped, Pending, Succeeded, Failed. */
  state?: string;
  ipType?: string;
  ip?: string;
  fqdn?: string;
  /** The group's own events, as Azure lists them. */
  events: LiveEvent[];
  containers: LiveContainer[];
}

function numberOf(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** A state in its vocabulary's spelling (`running` reads `Running`); a value outside it is kept as sent. */
function spelled(read: (raw: unknown) => string | undefined, raw: unknown): string | undefined {
  return read(raw) ?? scalarText(raw);
}

function containerState(v: unknown): LiveContainerState | undefined {
  if (v === undefined || v === null) return undefined;
  const s: LiveContainerState = {
    state: spelled(readContainerState, prop(v, 'state')),
    detailStatus: scalarText(prop(v, 'detailStatus')) || undefined,
    exitCode: numberOf(prop(v, 'exitCode')),
    startTime: scalarText(prop(v, 'startTime')),
    finishTime: scalarText(prop(v, 'finishTime')),
  };
  return Object.values(s).some((x) => x !== undefined) ? s : undefined;
}

function when(e: LiveEvent): number {
  const t = Date.parse(e.lastTimestamp ?? e.firstTimestamp ?? '');
  return Number.isNaN(t) ? -Infinity : t;
}

/** Newest first by last (else first) timestamp; events without a time keep their order, last. */
export function newestFirst(events: readonly LiveEvent[]): LiveEvent[] {
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => when(b.e) - when(a.e) || a.i - b.i)
    .map(({ e }) => e);
}

function events(v: unknown): LiveEvent[] {
  return list(v).map((e) => ({
    name: scalarText(prop(e, 'name')),
    type: scalarText(prop(e, 'type')),
    message: scalarText(prop(e, 'message')),
    count: numberOf(prop(e, 'count')),
    firstTimestamp: scalarText(prop(e, 'firstTimestamp')),
    lastTimestamp: scalarText(prop(e, 'lastTimestamp')),
  }));
}

function container(c: unknown, init: boolean): LiveContainer {
  const props = prop(c, 'properties');
  const iv = prop(props, 'instanceView');
  return {
    name: scalarText(prop(c, 'name')) ?? '',
    init,
    image: scalarText(prop(props, 'image')),
    current: containerState(prop(iv, 'currentState')),
    previous: containerState(prop(iv, 'previousState')),
    restartCount: numberOf(prop(iv, 'restartCount')),
    events: events(prop(iv, 'events')),
  };
}

/** The live-state model of a GET body. Environment values are never read. */
export function readLiveGroup(resource: unknown): LiveGroup {
  const props = prop(resource, 'properties');
  const ip = prop(props, 'ipAddress');
  const view = prop(props, 'instanceView');
  return {
    provisioningState: spelled(readGroupProvisioningState, prop(props, 'provisioningState')),
    state: spelled(readGroupState, prop(view, 'state')),
    ipType: scalarText(prop(ip, 'type')),
    ip: scalarText(prop(ip, 'ip')),
    fqdn: scalarText(prop(ip, 'fqdn')),
    events: events(prop(view, 'events')),
    containers: [...list(prop(props, 'initContainers')).map((c) => container(c, true)), ...list(prop(props, 'containers')).map((c) => container(c, false))],
  };
}

/** The exit code of the last run that ended: the current state's when it is terminated, else the previous state's. */
export function lastExitCode(c: LiveContainer): number | undefined {
  return c.current?.exitCode ?? c.previous?.exitCode;
}

/** How a container's state reads at a glance, for colouring: ok, waiting, failed, done or unknown. */
export type StateTone = 'ok' | 'waiting' | 'failed' | 'done' | 'unknown';

export function containerTone(c: LiveContainer): StateTone {
  switch (readContainerState(c.current?.state)) {
    case 'Running':
      return (c.restartCount ?? 0) > 0 && (c.previous?.exitCode ?? 0) !== 0 ? 'waiting' : 'ok';
    case 'Terminated':
      return (c.current?.exitCode ?? 0) === 0 ? 'done' : 'failed';
    case 'Waiting':
      return isFailingWaitReason(c.current?.detailStatus) ? 'failed' : 'waiting';
    default:
      return 'unknown';
  }
}
