/**
 * Containers_ExecuteCommand and Containers_Attach (api-version 2023-05-01), through the one ARM client.
 *
 * What the service takes and gives (azure-rest-api-specs, containerinstance 2023-05-01 containerInstance.json and
 * its examples ContainerExec.json / ContainerAttach.json):
 * - POST …/containers/{c}/exec with `{"command": string, "terminalSize": {"rows": int, "cols": int}}`;
 * - POST …/containers/{c}/attach with no body;
 * - both answer 200 `{"webSocketUri": "wss://…", "password": "…"}`.
 *
 * Limits the ACI documentation states ("Execute a command in a running Azure container instance", section
 * Restrictions, MicrosoftDocs/azure-docs articles/container-instances/container-instances-exec.md): exec launches
 * a single process and takes no arguments ("you can't chain commands like in sh -c …, or execute echo FOO"). The
 * request carries the terminal size once; the API has no call to resize a running session.
 *
 * The grant (URL and password) is a credential for a shell in the container: it is returned to the caller only,
 * never logged (the ARM client logs no bodies) and never put in an error message.
 */
import type { ArmClient } from '../arm/client';
import { ArmError } from '../arm/errors';
import { isLoopbackHost } from '../arm/urlPolicy';
import { isBridgeHost } from './socketHosts';
import { ACI_API_VERSION, containerGroupPath, segment, type ContainerGroupRef } from '../services/resourcePaths';

export interface TerminalSize {
  rows: number;
  cols: number;
}

/** Where and how to open a session's socket. Secret: never logged, shown or stored. */
export interface SocketGrant {
  readonly webSocketUri: string;
  readonly password: string;
}

export interface ContainerTarget {
  group: ContainerGroupRef;
  containerName: string;
  signal?: AbortSignal;
}

/** Why a command cannot be sent: the documented single-process, no-arguments rule, or nothing typed. */
export type CommandProblem = 'empty' | 'arguments';

/** Checks a command against the documented exec limits before anything is sent. */
export function commandProblem(command: string): CommandProblem | undefined {
  const trimmed = command.trim();
  if (trimmed.length === 0) return 'empty';
  return /\s/.test(trimmed) ? 'arguments' : undefined;
}

function containerPath(target: ContainerTarget, action: 'exec' | 'attach'): string {
  if (target.containerName.length === 0) throw new Error('The container name must not be empty.');
  return `${containerGroupPath(target.group)}/containers/${segment(target.containerName, 'container name')}/${action}`;
}

/** The terminal's size as the service takes it: whole rows and columns, at least 1 each. */
export function clampSize(size: TerminalSize): TerminalSize {
  const whole = (n: number, fallback: number): number => (Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 10_000) : fallback);
  return { rows: whole(size.rows, 24), cols: whole(size.cols, 80) };
}

export async function requestExec(client: ArmClient, target: ContainerTarget & { command: string; size: TerminalSize }): Promise<SocketGrant> {
  const problem = commandProblem(target.command);
  if (problem) throw new Error(problem === 'empty' ? 'No command to run.' : 'Azure Container Instances runs a single program without arguments.');
  const res = await client.request<unknown>({
    method: 'POST',
    path: containerPath(target, 'exec'),
    apiVersion: ACI_API_VERSION,
    body: { command: target.command.trim(), terminalSize: clampSize(target.size) },
    signal: target.signal,
    // The grant is single-use: a retried POST would only mint another one; one attempt, the caller decides.
    maxRetries: 0,
  });
  return grantOf(res.body, res.status, res.requestId);
}

export async function requestAttach(client: ArmClient, target: ContainerTarget): Promise<SocketGrant> {
  const res = await client.request<unknown>({ method: 'POST', path: containerPath(target, 'attach'), apiVersion: ACI_API_VERSION, signal: target.signal, maxRetries: 0 });
  return grantOf(res.body, res.status, res.requestId);
}

function grantOf(body: unknown, status: number, requestId: string | undefined): SocketGrant {
  const b = body as { webSocketUri?: unknown; password?: unknown } | null | undefined;
  if (!b || typeof b !== 'object' || typeof b.webSocketUri !== 'string' || typeof b.password !== 'string') {
    // The reply is not quoted: it would hold the password.
    throw new ArmError('The reply does not name a socket to connect to ({"webSocketUri", "password"} expected).', { kind: 'parse', status, requestId });
  }
  checkSocketUrl(b.webSocketUri);
  checkPassword(b.password);
  return { webSocketUri: b.webSocketUri, password: b.password };
}

/**
 * The password goes as the first text frame (exec) or the Authorization header (attach): a control character
 * (CR/LF above all) cannot go in a header, and the socket library throws on it, so such a grant is refused here.
 */
function checkPassword(password: string): void {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(password)) {
    throw new ArmError('The service gave a session password that cannot be sent: it holds control characters.', { kind: 'security' });
  }
}

/**
 * The whole grant checked where the socket is opened: its URL (checkSocketUrl), its password, and its host held to
 * the bridges of the cloud whose ARM endpoint is `armEndpoint` (socketHosts.ts). The host is named in the refusal;
 * the path and query are not (they carry the session id).
 */
export function checkSocketGrant(grant: SocketGrant, armEndpoint: string): URL {
  const url = checkSocketUrl(grant.webSocketUri);
  checkPassword(grant.password);
  if (!isBridgeHost(url.hostname, armEndpoint)) {
    throw new ArmError(`Refused to open the session: ${url.hostname} is not a Container Instances bridge of the signed-in cloud.`, { kind: 'security' });
  }
  return url;
}

/**
 * The socket's URL policy, in the spirit of the ARM client's (urlPolicy.ts): the password and everything typed
 * travel on this second connection, so it must be `wss` (TLS); plain `ws` is accepted only to a loopback address,
 * where the local emulator serves it. Its host is the service's bridge, not the ARM endpoint, so it cannot be held
 * to the endpoint's origin; no bearer token is ever sent on it. The URL is not quoted in the error (it may carry
 * a session id).
 */
export function checkSocketUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ArmError('The service named a socket address that is not a valid URL.', { kind: 'security' });
  }
  if (url.username || url.password) throw new ArmError('The service named a socket address with a user name or password in it.', { kind: 'security' });
  // The socket library refuses a fragment by throwing; a socket URL has no use for one.
  if (raw.includes('#')) throw new ArmError('The service named a socket address with a fragment (#) in it.', { kind: 'security' });
  if (url.protocol === 'wss:' || (url.protocol === 'ws:' && isLoopbackHost(url.hostname))) return url;
  throw new ArmError(`Refused to open the session over ${url.protocol.replace(':', '')}: only wss (encrypted) is allowed, plain ws only to this computer.`, { kind: 'security' });
}
