/**
 * Containers_ListLogs (api-version 2023-05-01): the last `tail` lines of one container's log, through the one ARM
 * client. The reply is `{ "content": string }` (swagger example ContainerListLogs.json).
 */
import type { ArmClient } from '../arm/client';
import { ArmError } from '../arm/errors';
import { ACI_API_VERSION, containerGroupPath, segment, type ContainerGroupRef } from '../services/resourcePaths';

export interface ContainerLogsRequest {
  group: ContainerGroupRef;
  containerName: string;
  /** Lines from the end of the log; the service sends the whole log (up to 4 MB) without it. */
  tail?: number;
  /** Each line starts with its RFC 3339 time, as `docker logs --timestamps` writes it. */
  timestamps?: boolean;
  signal?: AbortSignal;
  /** Retries inside the client; a follower that backs off on its own passes 0. */
  maxRetries?: number;
}

export function containerLogsPath(group: ContainerGroupRef, containerName: string): string {
  if (containerName.length === 0) throw new Error('The container name must not be empty.');
  return `${containerGroupPath(group)}/containers/${segment(containerName, 'container name')}/logs`;
}

/** The log text as the service returns it (lines separated by "\n"). */
export async function getContainerLogs(client: ArmClient, req: ContainerLogsRequest): Promise<string> {
  const tail = req.tail === undefined ? undefined : Math.max(1, Math.floor(req.tail));
  const res = await client.request<unknown>({
    method: 'GET',
    path: containerLogsPath(req.group, req.containerName),
    apiVersion: ACI_API_VERSION,
    query: { tail, timestamps: req.timestamps === undefined ? undefined : String(req.timestamps) },
    signal: req.signal,
    maxRetries: req.maxRetries,
  });
  const body = res.body as { content?: unknown } | null | undefined;
  if (body === null || body === undefined) return ''; // an empty log may come back as no body
  if (typeof body !== 'object' || (body.content !== undefined && body.content !== null && typeof body.content !== 'string')) {
    throw new ArmError('The logs reply is not the expected {"content": "…"} object.', { kind: 'parse', status: res.status, requestId: res.requestId });
  }
  return typeof body.content === 'string' ? body.content : '';
}
