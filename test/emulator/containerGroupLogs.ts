// Containers_ListLogs: GET …/containerGroups/{g}/containers/{c}/logs?api-version=2023-05-01[&tail=N][&timestamps=true].
//
// Shapes and words from the real service:
// - 200 `{"content": "<lines>"}` (azure-rest-api-specs, containerinstance 2023-05-01 examples/ContainerListLogs.json,
//   Containers_ListLogs.json in the TypeSpec layout); `tail` keeps the last N lines; without it the whole log, which
//   the service caps at 4 MB for a running instance (docs "Resource availability & quota limits for ACI").
// - An unknown group: 404 ResourceNotFound "The Resource 'Microsoft.ContainerInstance/containerGroups/{g}' under
//   resource group '{rg}' was not found." — seen on this very logs URL in virtual-kubelet/virtual-kubelet issue #237.
// - A container that has not started yet: 404 ContainerLogNotAvailable "Log of container '{c}' in container group
//   '{g}' is not available yet. Please check container 'InstanceView' for more information or retry later." (same issue).
// - An unknown container name: no recording found; answered as ARM's ResourceNotFound for the nested resource.
// - With timestamps=true each line starts with its RFC 3339 time and a space (the `docker logs --timestamps` form).
//
// The log grows with the clock: a running container writes a few start-up lines when the group's operation ends,
// then one line every LOG_LINE_MS; an init container wrote its lines and exited before the others started. A restart
// starts a new instance and with it a new log (containerGroupActions.ts). A stopped group's containers keep the log
// they wrote until the stop, of which the service keeps 16 KB or 1,000 lines ("Resource availability & quota limits
// for ACI": log size of a stopped instance; the docker ACI integration still showed a stopped container's logs,
// docker-archive/cloud-integration-beta#28).
// Every line and time is derived from the group, the container and the line's number, so runs are repeatable.
import { RequestContext } from './context';
import { StoredGroup, findGroup, groupKey, runStartOf } from './containerGroupView';
import { Reply, cloudError, jsonReply } from './reply';

export const LOG_LINE_MS = 1000;
/** The running-instance limit of the log the service keeps. */
export const MAX_LOG_BYTES = 4 * 1024 * 1024;
/** The limits of the log kept of a stopped instance. */
export const MAX_STOPPED_LOG_BYTES = 16 * 1024;
export const MAX_STOPPED_LOG_LINES = 1000;

const STARTUP = ['Starting {c} ({image})', 'Configuration loaded from /etc/{c}/config', 'Listening on 0.0.0.0:{port}'];
const RUNNING = ['GET / 200 {n}ms', 'GET /healthz 200 1ms', 'Cache refreshed: {n} entries', 'POST /api/orders 201 {n}ms', 'Worker {n} idle'];
const INIT = ['Preparing volume for {c}', 'Downloaded 3 files to /mnt/init', 'Init step complete, exiting with code 0'];

type Obj = Record<string, unknown>;

export interface ContainerFacts {
  name: string;
  image: string;
  port: string;
  init: boolean;
}

export function findContainer(g: StoredGroup, name: string): ContainerFacts | undefined {
  const props = (g.body.properties as Obj | undefined) ?? {};
  for (const [key, init] of [['containers', false], ['initContainers', true]] as const) {
    const list = Array.isArray(props[key]) ? (props[key] as Obj[]) : [];
    // Container names are matched as written (the service keeps them case-sensitively in the group).
    const c = list.find((x) => x && typeof x === 'object' && x.name === name);
    if (c) {
      const p = (c.properties as Obj | undefined) ?? {};
      const ports = Array.isArray(p.ports) ? (p.ports as Obj[]) : [];
      return { name, image: String(p.image ?? ''), port: String(ports[0]?.port ?? 80), init };
    }
  }
  return undefined;
}

/** Nanosecond RFC 3339, as container runtimes print it. */
function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
}

function message(c: ContainerFacts, i: number): string {
  const fill = (t: string): string => t.replace('{c}', c.name).replace('{image}', c.image).replace('{port}', c.port).replace('{n}', String((i * 7) % 97));
  if (c.init) return fill(INIT[i]);
  return i < STARTUP.length ? fill(STARTUP[i]) : `${fill(RUNNING[i % RUNNING.length])} (#${i - STARTUP.length + 1})`;
}

/** How many lines the container has written by `now`, and when line i was written. */
export function logShape(g: StoredGroup, c: Pick<ContainerFacts, 'init'>, now: number): { count: number; timeOf(i: number): number } {
  const started = Date.parse(runStartOf(g));
  if (c.init) return { count: INIT.length, timeOf: (i) => Date.parse(g.operation.startTime) + i * 10 };
  const until = g.stoppedAt ? Math.min(now, Date.parse(g.stoppedAt)) : now;
  const running = Math.max(0, Math.floor((until - started) / LOG_LINE_MS));
  return { count: STARTUP.length + running, timeOf: (i) => (i < STARTUP.length ? started + i : started + (i - STARTUP.length + 1) * LOG_LINE_MS) };
}

/** Lines [from, to) of a container's log as written (no timestamps): what an attached socket streams. */
export function logLinesBetween(g: StoredGroup, containerName: string, from: number, to: number): string[] {
  const c = findContainer(g, containerName);
  if (!c) return [];
  const out: string[] = [];
  for (let i = Math.max(0, from); i < to; i++) out.push(message(c, i));
  return out;
}

/** The log content at `now`: the last `tail` lines (all when undefined), each with its time when asked. */
export function logContent(g: StoredGroup, containerName: string, now: number, tail: number | undefined, timestamps: boolean): string | undefined {
  const c = findContainer(g, containerName);
  if (!c) return undefined;
  const { count, timeOf } = logShape(g, c, now);
  const lines: string[] = [];
  let bytes = 0;
  const maxBytes = g.stoppedAt ? MAX_STOPPED_LOG_BYTES : MAX_LOG_BYTES;
  const maxLines = Math.min(tail ?? Infinity, g.stoppedAt ? MAX_STOPPED_LOG_LINES : Infinity);
  // Built from the end so only the lines sent are made.
  for (let i = count - 1; i >= 0 && lines.length < maxLines; i--) {
    const line = `${timestamps ? `${rfc3339(timeOf(i))} ` : ''}${message(c, i)}\n`;
    bytes += Buffer.byteLength(line);
    if (bytes > maxBytes) break;
    lines.push(line);
  }
  return lines.reverse().join('');
}


export function listContainerLogs(ctx: RequestContext): Reply {
  const { resourceGroup, name, containerName } = ctx.params;
  const stored = findGroup(ctx.state, groupKey(ctx.params));
  if (!stored) {
    return cloudError(404, { code: 'ResourceNotFound', message: `The Resource 'Microsoft.ContainerInstance/containerGroups/${name}' under resource group '${resourceGroup}' was not found.` });
  }
  const tailText = ctx.url.searchParams.get('tail');
  const tail = tailText === null ? undefined : Number(tailText);
  if (tail !== undefined && (!Number.isInteger(tail) || tail < 0 || tail > 2 ** 31 - 1)) {
    return cloudError(400, { code: 'InvalidParameter', message: `The value '${tailText}' of parameter 'tail' is not a valid 32-bit integer.` });
  }
  const timestamps = (ctx.url.searchParams.get('timestamps') ?? '').toLowerCase() === 'true';
  const running = stored.operation.status === 'Succeeded';
  const content = running ? logContent(stored, containerName, ctx.state.now(), tail, timestamps) : undefined;
  if (content !== undefined) return jsonReply(200, { content });
  const known = findContainer(stored, containerName) !== undefined;
  if (known) {
    return cloudError(404, {
      code: 'ContainerLogNotAvailable',
      message: `Log of container '${containerName}' in container group '${stored.name}' is not available yet. Please check container 'InstanceView' for more information or retry later.`,
    });
  }
  return cloudError(404, {
    code: 'ResourceNotFound',
    message: `The Resource 'Microsoft.ContainerInstance/containerGroups/${stored.name}/containers/${containerName}' under resource group '${resourceGroup}' was not found.`,
  });
}
