/**
 * Send-and-wait for ARM long-running operations: poll Azure-AsyncOperation if given, else Location,
 * else (a PUT) the resource itself, until Succeeded/Failed/Canceled; then, for a PUT, GET the resource
 * (original-uri). A POST or DELETE ends with its operation: AutoRest's final-state-via for them reads no
 * resource afterwards. A POST or DELETE answered 202 with neither header ends at once as `accepted`: the
 * resource-manager RPC requires a Location on those answers ("Delete Resource", "Call Action"), so there is
 * nothing the client was told to follow, and @azure/core-lro too stops there for them instead of polling.
 * Status URLs are requested exactly as the service gave them (a path read against the ARM endpoint; the client
 * adds an api-version only when one is missing), and the wait between polls never drops below the default
 * interval unless a positive Retry-After asks for it.
 */
import type { ArmClient, ArmResponse } from './client';
import { ArmError, isErrorInSuccess } from './errors';
import { errorParts, failIfUnsuccessful, isTerminalState, lroFailure, provisioningStateOf, statusUnknown, type PollMode } from './lroOutcome';
import { StatusPoller } from './lroPoller';
import { parseRetryAfterMs, type SleepFn, type ThrottleListener } from './retryPolicy';

export interface LroProgress {
  /** Latest status: the status resource's `status`, or the resource's provisioningState. */
  status: string;
  polls: number;
  elapsedMs: number;
}

export interface PutAndWaitOptions {
  /** Default PUT. POST (an action) and DELETE end without reading the resource again. */
  method?: 'PUT' | 'POST' | 'DELETE';
  path: string;
  apiVersion: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  onProgress?: (progress: LroProgress) => void;
  /** Told of the request's own answer before any poll (a POST's 202 may name what it started, e.g. a synchronization). */
  onStarted?: (response: ArmResponse<unknown>) => void;
  /** Told of each wait a throttled request or status read must keep before it is sent again. */
  onThrottle?: ThrottleListener;
  /** Wait between polls when the service sends no usable Retry-After (missing, zero, negative, past). Default 2000. */
  defaultPollMs?: number;
  /** Cap for a Retry-After between polls. Default 60000. */
  maxPollMs?: number;
  /** Stop waiting (outcome unknown, the operation may go on) once polling has taken this long; default 30 min. */
  maxWaitMs?: number;
  /** Consecutive failed status reads tolerated before giving up. Default 3. */
  statusReadRetries?: number;
  sleep?: SleepFn;
}

export interface LroResult<T> {
  /** The resource (PUT); for a POST or DELETE, the body of the response that ended it (often none). */
  resource: T;
  /**
   * True when Azure accepted a POST or DELETE (202) without naming a status URL: it goes on in Azure and
   * its end cannot be followed. `response` is then the 202 itself.
   */
  accepted?: boolean;
  /** The final GET of the resource, or the response that ended the operation (the request itself when it finished at once). */
  response: ArmResponse<T>;
  polls: number;
  elapsedMs: number;
}


export async function putAndWait<T = unknown>(client: ArmClient, options: PutAndWaitOptions): Promise<LroResult<T>> {
  const started = Date.now();
  const method = options.method ?? 'PUT';
  let polls = 0;
  const report = (status: string): void => options.onProgress?.({ status, polls, elapsedMs: Date.now() - started });
  const put = await send<T>(client, options);
  options.onStarted?.(put);
  // A relative status URL is read against the ARM endpoint; a foreign one is refused up front, before the first
  // poll could carry the token away.
  const asyncUrl = put.headers['azure-asyncoperation'] ? client.resolveServiceUrl(put.headers['azure-asyncoperation']) : undefined;
  const locationUrl = !asyncUrl && put.headers['location'] ? client.resolveServiceUrl(put.headers['location']) : undefined;

  const putState = provisioningStateOf(put.body);
  report(putState ?? (put.status === 202 ? 'Accepted' : 'Succeeded'));
  const mode: PollMode = asyncUrl ? 'async' : locationUrl ? 'location' : 'resource';
  if (mode === 'resource' && put.status === 202 && method !== 'PUT') {
    // Polling the resource instead would read a group that may show no sign of the operation for a while (a
    // delete ends in a 404 only), so nothing is polled: the caller says it was accepted and may still be going on.
    return { resource: put.body, response: put, accepted: true, polls, elapsedMs: Date.now() - started };
  }
  if (mode === 'resource' && put.status !== 202 && (putState === undefined || isTerminalState(putState))) {
    // Finished synchronously: no provisioningState means done and succeeded.
    failIfUnsuccessful(putState ?? 'Succeeded', undefined, put);
    return { resource: put.body, response: put, polls, elapsedMs: Date.now() - started };
  }

  const poller = new StatusPoller(client, options, mode, mode === 'async' ? asyncUrl : locationUrl, started, parseRetryAfterMs(put.headers['retry-after']), (status) => {
    polls = poller.polls;
    report(status);
  });
  const ended = await poller.untilTerminal();
  polls = poller.polls;
  // Polling the resource itself already read it in its final state: no second GET; an action or a delete reads none.
  if (mode === 'resource' || method !== 'PUT') return { resource: ended.body as T, response: ended as ArmResponse<T>, polls, elapsedMs: Date.now() - started };
  return { ...(await readFinal<T>(client, options)), polls, elapsedMs: Date.now() - started };
}

/** The request itself. Without an answer (a timeout) it may or may not have been accepted. */
async function send<T>(client: ArmClient, options: PutAndWaitOptions): Promise<ArmResponse<T>> {
  try {
    return await client.request<T>({
      method: options.method ?? 'PUT',
      path: options.path,
      apiVersion: options.apiVersion,
      body: options.body,
      headers: options.headers,
      signal: options.signal,
      onThrottle: options.onThrottle,
    });
  } catch (err) {
    if (err instanceof ArmError && err.kind === 'timeout') throw statusUnknown(err.message.replace(/\.$/, ''), err);
    throw err;
  }
}

/** A PUT's resource once its operation ended (original-uri): what Azure made of it. */
async function readFinal<T>(client: ArmClient, options: PutAndWaitOptions): Promise<{ resource: T; response: ArmResponse<T> }> {
  let final: ArmResponse<T>;
  try {
    final = await client.request<T>({ method: 'GET', path: options.path, apiVersion: options.apiVersion, headers: options.headers, signal: options.signal, onThrottle: options.onThrottle });
  } catch (err) {
    if (!(err instanceof ArmError) || err.kind === 'canceled' || err.kind === 'security') throw err;
    if (isErrorInSuccess(err)) throw lroFailure('Failed', errorParts(err), err);
    throw statusUnknown(`The operation finished but the resource could not be read (${err.message})`, err);
  }
  const finalState = provisioningStateOf(final.body);
  if (finalState !== undefined && isTerminalState(finalState)) failIfUnsuccessful(finalState, undefined, final);
  return { resource: final.body, response: final };
}
