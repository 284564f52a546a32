// Containers_ExecuteCommand and Containers_Attach: POST …/containers/{c}/exec and …/attach, api-version 2023-05-01.
//
// Sources:
// - azure-rest-api-specs, containerinstance stable/2023-05-01 containerInstance.json: exec takes ContainerExecRequest
//   `{command: string, terminalSize: {rows: int32, cols: int32}}`; both answer 200 `{webSocketUri, password}`
//   (examples ContainerExec.json and ContainerAttach.json).
// - The socket URLs' shapes: azure-powershell src/ContainerInstance/examples/Invoke-AzContainerInstanceCommand.md
//   (`wss://bridge-linux-xx.<region>.management.azurecontainer.io/exec/caas-<id>/bridge-<id>?rows=12&cols=12&api-version=…`)
//   and Add-AzContainerInstanceOutput.md (`wss://….cloudapp.azure.com:19390/logstream/sessionId/<guid>?api-version=1.0`).
//   Here they point at this emulator, `ws://127.0.0.1:<port>/…`, and are served by execSocket.ts.
// - An unknown group: 404 ResourceNotFound, as every action on it (containerGroupActions.ts); an unknown container:
//   the nested resource's ResourceNotFound, as the logs route answers it; a group still changing: 409
//   ContainerGroupTransitioning (same file).
// - A stopped group, or a container that has ended: what the service answers exec or attach with is not on public
//   record. The stopped group's words are those the service gives another action on a stopped group
//   ("Container Group '<g>' in resource group '<rg>' is stopped", Azure/azure-cli#8136; code not shown there);
//   the ended container's follow that style. Codes and status are this emulator's choice.
// - A session's password is single-use and short-lived: the service does not publish how long; here 60 s.
import { randomBytes, randomUUID } from 'node:crypto';
import { RequestContext } from './context';
import { StoredGroup, groupKey, groupView } from './containerGroupView';
import { findContainer } from './containerGroupLogs';
import { deserializationProblem } from './containerGroupErrors';
import { Reply, cloudError, jsonReply } from './reply';

export const GRANT_LIFETIME_MS = 60_000;

export interface ExecGrant {
  kind: 'exec' | 'attach';
  id: string;
  password: string;
  groupKey: string;
  containerName: string;
  command: string;
  rows: number;
  cols: number;
  windows: boolean;
  image: string;
  issuedAt: number;
  used: boolean;
}

type Obj = Record<string, unknown>;

/** The group and container the request names, or the refusal the service answers with. */
function runningContainer(ctx: RequestContext): { stored: StoredGroup; image: string; windows: boolean } | Reply {
  const { resourceGroup, name, containerName } = ctx.params;
  const stored = ctx.state.groups.get(groupKey(ctx.params));
  if (!stored) {
    return cloudError(404, { code: 'ResourceNotFound', message: `The Resource 'Microsoft.ContainerInstance/containerGroups/${name}' under resource group '${resourceGroup}' was not found.` });
  }
  const facts = findContainer(stored, containerName);
  if (!facts) {
    return cloudError(404, {
      code: 'ResourceNotFound',
      message: `The Resource 'Microsoft.ContainerInstance/containerGroups/${stored.name}/containers/${containerName}' under resource group '${resourceGroup}' was not found.`,
    });
  }
  if (stored.operation.status === 'InProgress') {
    return cloudError(409, { code: 'ContainerGroupTransitioning', message: `The container group '${stored.name}' is still transitioning, please retry later.` });
  }
  const view = groupView(stored);
  const props = view.properties as Obj;
  const groupState = String((props.instanceView as Obj | undefined)?.state ?? '');
  if (groupState !== 'Running') {
    return cloudError(409, { code: 'ContainerGroupNotRunning', message: `Container Group '${stored.name}' in resource group '${stored.resourceGroup}' is ${groupState.toLowerCase() || 'not running'}.` });
  }
  const all = [...((props.containers as Obj[]) ?? []), ...((props.initContainers as Obj[]) ?? [])];
  const container = all.find((c) => c.name === containerName);
  const state = String(((container?.properties as Obj | undefined)?.instanceView as Obj | undefined)?.currentState ? (((container!.properties as Obj).instanceView as Obj).currentState as Obj).state : '');
  if (state !== 'Running') {
    return cloudError(409, { code: 'ContainerNotRunning', message: `Container '${containerName}' in container group '${stored.name}' is ${state.toLowerCase() || 'not running'}.` });
  }
  return { stored, image: facts.image, windows: String(props.osType) === 'Windows' };
}

const isReply = (v: unknown): v is Reply => typeof (v as Reply).status === 'number';

function whole(v: unknown, fallback: number): number | undefined {
  if (v === undefined || v === null) return fallback;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2 ** 31 - 1 ? v : undefined;
}

export function execContainer(ctx: RequestContext): Reply {
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.toString('utf8') || 'null');
  } catch (e) {
    return cloudError(400, { code: 'InvalidRequestContent', message: `The request content was invalid and could not be deserialized: ${(e as Error).message}` });
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return cloudError(400, { code: 'InvalidRequestContent', message: 'The request content was invalid and could not be deserialized: the body is not a JSON object.' });
  }
  const b = body as Obj;
  if (typeof b.command !== 'string') {
    const p = deserializationProblem(b, ['command'], b.command === undefined ? "Required property 'command' not found in JSON." : `Error converting value ${JSON.stringify(b.command)} to type 'System.String'.`);
    return cloudError(400, { code: p.code, message: p.message });
  }
  const size = (b.terminalSize as Obj | undefined) ?? {};
  const rows = whole(size.rows, 24);
  const cols = whole(size.cols, 80);
  if (rows === undefined || cols === undefined) {
    const p = deserializationProblem(b, ['terminalSize', rows === undefined ? 'rows' : 'cols'], `Error converting value ${JSON.stringify(rows === undefined ? size.rows : size.cols)} to type 'System.Int32'.`);
    return cloudError(400, { code: p.code, message: p.message });
  }
  const target = runningContainer(ctx);
  if (isReply(target)) return target;
  const grant = issue(ctx, 'exec', target, { command: b.command, rows, cols });
  const caas = randomBytes(16).toString('hex');
  const url = `${ctx.state.baseUrl.replace(/^http/, 'ws')}/exec/caas-${caas}/bridge-${grant.id}?rows=${rows}&cols=${cols}&api-version=2018-02-01-preview`;
  return jsonReply(200, { webSocketUri: url, password: grant.password });
}

export function attachContainer(ctx: RequestContext): Reply {
  const target = runningContainer(ctx);
  if (isReply(target)) return target;
  const grant = issue(ctx, 'attach', target, { command: '', rows: 0, cols: 0 });
  const url = `${ctx.state.baseUrl.replace(/^http/, 'ws')}/logstream/sessionId/${grant.id}?api-version=1.0`;
  return jsonReply(200, { webSocketUri: url, password: grant.password });
}

function issue(ctx: RequestContext, kind: ExecGrant['kind'], target: { stored: StoredGroup; image: string; windows: boolean }, shape: { command: string; rows: number; cols: number }): ExecGrant {
  const now = Date.now();
  for (const [id, g] of ctx.state.execGrants) if (now - g.issuedAt > GRANT_LIFETIME_MS) ctx.state.execGrants.delete(id);
  const grant: ExecGrant = {
    kind,
    id: randomUUID(),
    password: randomBytes(24).toString('base64url'),
    groupKey: groupKey(target.stored),
    containerName: ctx.params.containerName,
    image: target.image,
    windows: target.windows,
    issuedAt: now,
    used: false,
    ...shape,
  };
  ctx.state.execGrants.set(grant.id, grant);
  return grant;
}
