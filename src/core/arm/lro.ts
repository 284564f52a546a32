/**
 * Send-and-wait for ARM long-running operations: poll Azure-AsyncOperation if given, else Location,
 * else (a PUT) the resource itself, until Succeeded/Failed/Canceled; then, for a PUT, GET the resource
 * (original-uri). A POST or DELETE ends with its operation: AutoRest's final-state-via for them reads no
 * resource afterwards. A POST or DELETE answered 202 with neither header ends at once as `accepted`: the
 * resource-manager RPC requires a Location on those answers ("Delete Resource", "Call Action"), so there is
 * nothing the client was told to follow, and @azure/core-lro too stops there for them instead of polling.
 * Status URLs are requested exactly as the service gave them (the client adds an api-version only when
 * one is missing), and the wait between polls never drops below the default interval unless a positive
 * Retry-After asks for it.
 */
import type { ArmClient, ArmResponse } from './client';
import { ArmError, isErrorInSuccess, parseServiceError, type ParsedServiceError } from './errors';
import { isRetryableStatus, MAX_THROTTLE_WAIT_MS, parseRetryAfterMs, pollDelayMs, realSleep, waitTooLongError, type SleepFn, type ThrottleListener } from './retryPolicy';

/** Code of the error thrown when the request went out but its outcome could not be read. */
export const STATUS_UNAVAILABLE = 'OperationStatusUnavailable';

/** True when Azure may still be working on the operation though its status could not be read. */
export function isStatusUnavailable(err: unknown): boolean {
  return err instanceof ArmError && err.code === STATUS_UNAVAILABLE;
}

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

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'cancelled']);

export function isTerminalState(state: string | undefined): boolean {
  return state !== undefined && TERMINAL.has(state.toLowerCase());
}

export function provisioningStateOf(body: unknown): string | undefined {
  const props = (body as { properties?: { provisioningState?: unknown } } | null | undefined)?.properties;
  return typeof props?.provisioningState === 'string' ? props.provisioningState : undefined;
}

type PollMode = 'async' | 'location' | 'resource';

export async function putAndWait<T = unknown>(client: ArmClient, options: PutAndWaitOptions): Promise<LroResult<T>> {
  const started = Date.now();
  const sleep = options.sleep ?? realSleep;
  // @azure/core-lro waits 2 s between polls when the service names no interval; so do we.
  const defaultPollMs = options.defaultPollMs ?? 2000;
  const maxPollMs = options.maxPollMs ?? 60_000;
  const maxWaitMs = options.maxWaitMs ?? 30 * 60_000;
  const statusReadRetries = options.statusReadRetries ?? 3;
  const { signal } = options;
  let polls = 0;
  const report = (status: string): void => options.onProgress?.({ status, polls, elapsedMs: Date.now() - started });

  let put: ArmResponse<T>;
  try {
    put = await client.request<T>({
      method: options.method ?? 'PUT',
      path: options.path,
      apiVersion: options.apiVersion,
      body: options.body,
      headers: options.headers,
      signal,
      onThrottle: options.onThrottle,
    });
  } catch (err) {
    // Without an answer the PUT may or may not have been accepted.
    if (err instanceof ArmError && err.kind === 'timeout') throw statusUnknown(err.message.replace(/\.$/, ''), err);
    throw err;
  }
  const asyncUrl = put.headers['azure-asyncoperation'];
  const locationUrl = put.headers['location'];
  // Refuse foreign status URLs up front, before the first poll could carry the token away.
  if (asyncUrl) client.assertAllowedUrl(asyncUrl);
  else if (locationUrl) client.assertAllowedUrl(locationUrl);

  const putState = provisioningStateOf(put.body);
  report(putState ?? (put.status === 202 ? 'Accepted' : 'Succeeded'));
  const mode: PollMode = asyncUrl ? 'async' : locationUrl ? 'location' : 'resource';

  if (mode === 'resource' && put.status === 202 && (options.method ?? 'PUT') !== 'PUT') {
    // Polling the resource instead would read a group that may show no sign of the operation for a while (a
    // delete ends in a 404 only), so nothing is polled: the caller says it was accepted and may still be going on.
    return { resource: put.body, response: put, accepted: true, polls, elapsedMs: Date.now() - started };
  }
  if (mode === 'resource' && put.status !== 202 && (putState === undefined || isTerminalState(putState))) {
    // Finished synchronously: no provisioningState means done and succeeded.
    failIfUnsuccessful(putState ?? 'Succeeded', undefined, put);
    return { resource: put.body, response: put, polls, elapsedMs: Date.now() - started };
  }

  // The wait before the next poll: the last answer's Retry-After (a status, or a throttled read), else the default.
  let retryAfter = parseRetryAfterMs(put.headers['retry-after']);
  // A throttled status read waits all Azure asked for, not the capped poll interval; throttledMs sums those waits.
  let throttleWait: number | undefined;
  let throttledMs = 0;
  let readFailures = 0;
  try {
    for (;;) {
      await sleep(throttleWait ?? pollDelayMs(retryAfter, defaultPollMs, maxPollMs), signal);
      throttleWait = undefined;
      polls++;
      let poll: ArmResponse<unknown>;
      try {
        poll = await client.request<unknown>({
          method: 'GET',
          ...(mode === 'async' ? { url: asyncUrl } : mode === 'location' ? { url: locationUrl } : { path: options.path }),
          apiVersion: options.apiVersion,
          headers: options.headers,
          signal,
          maxRetries: 0, // the poll loop itself retries
        });
      } catch (err) {
        if (!(err instanceof ArmError) || err.kind === 'canceled' || err.kind === 'security') {
          throw err;
        }
        if (isErrorInSuccess(err)) {
          // Read from a status URL, an error body says nothing about the operation; from a Location URL or the
          // resource it is the operation's answer, and it failed.
          if (mode !== 'async') throw lroFailure('Failed', errorParts(err), err);
          if (++readFailures > statusReadRetries) throw unreadableStatus(err.status ?? 200, errorParts(err), err, polls);
          continue;
        }
        if (err.retryAfterMs !== undefined && err.status !== undefined && isRetryableStatus(err.status)) {
          if (throttledMs + err.retryAfterMs > MAX_THROTTLE_WAIT_MS || Date.now() + err.retryAfterMs - started > maxWaitMs) {
            throw statusUnknown(`The status of the operation could not be read: ${waitTooLongError(err, err.retryAfterMs, Date.now()).message.replace(/\.$/, '')}`, err);
          }
          throttleWait = err.retryAfterMs;
          throttledMs += throttleWait;
          options.onThrottle?.({ status: err.status, code: err.code, waitMs: throttleWait, retryAt: Date.now() + throttleWait });
          continue;
        }
        if (mode === 'location' && isFinalLocationFailure(err)) {
          throw new ArmError(`The operation failed: ${err.message}`, {
            kind: 'lro',
            status: err.status,
            code: err.code ?? 'OperationFailed',
            details: err.details,
            requestId: err.requestId,
            correlationId: err.correlationId,
            cause: err,
          });
        }
        readFailures++;
        if (readFailures > statusReadRetries) {
          throw statusUnknown(`The status of the operation could not be read after ${polls} polls (${err.message})`, err);
        }
        retryAfter = err.retryAfterMs;
        continue;
      }
      retryAfter = parseRetryAfterMs(poll.headers['retry-after']);

      const status = pollStatus(mode, poll);
      if (status === undefined) {
        // A 200 without a `status` says nothing about the operation.
        readFailures++;
        if (readFailures > statusReadRetries) throw unreadableStatus(poll.status, undefined, poll, polls);
        continue;
      }
      readFailures = 0;
      report(status);
      if (!isTerminalState(status)) {
        // A status that never ends must not keep the deploy waiting (and polling) for ever.
        if (Date.now() - started >= maxWaitMs) {
          throw statusUnknown(`The operation was still ${status} after ${Math.round((Date.now() - started) / 60_000)} min of waiting`, new ArmError(status, { kind: 'lro', requestId: poll.requestId, correlationId: poll.correlationId }));
        }
        continue;
      }
      failIfUnsuccessful(status, mode === 'async' ? poll.body : undefined, poll);
      // Polling the resource itself already read it in its final state: no second GET; an action or a delete reads none.
      if (mode === 'resource' || (options.method ?? 'PUT') !== 'PUT') {
        return { resource: poll.body as T, response: poll as ArmResponse<T>, polls, elapsedMs: Date.now() - started };
      }
      break;
    }
  } catch (err) {
    if (err instanceof ArmError && err.kind === 'canceled') {
      throw new ArmError('Stopped waiting for the operation because it was canceled; it may still be running in Azure.', {
        kind: 'canceled',
      });
    }
    throw err;
  }

  let final: ArmResponse<T>;
  try {
    final = await client.request<T>({ method: 'GET', path: options.path, apiVersion: options.apiVersion, headers: options.headers, signal, onThrottle: options.onThrottle });
  } catch (err) {
    if (!(err instanceof ArmError) || err.kind === 'canceled' || err.kind === 'security') throw err;
    if (isErrorInSuccess(err)) throw lroFailure('Failed', errorParts(err), err);
    throw statusUnknown(`The operation finished but the resource could not be read (${err.message})`, err);
  }
  const finalState = provisioningStateOf(final.body);
  if (finalState !== undefined && isTerminalState(finalState)) {
    failIfUnsuccessful(finalState, undefined, final);
  }
  return { resource: final.body, response: final, polls, elapsedMs: Date.now() - started };
}

/**
 * The status a poll response stands for; undefined when an Azure-AsyncOperation answer carries no status
 * (ARM requires one), so that it is never mistaken for "still running" and polled forever.
 */
function pollStatus(mode: PollMode, poll: ArmResponse<unknown>): string | undefined {
  if (mode === 'async') {
    const status = (poll.body as { status?: unknown } | null | undefined)?.status;
    return typeof status === 'string' && status.trim().length > 0 ? status.trim() : undefined;
  }
  if (mode === 'location') {
    // 202 while running; the final response (200/204) means done.
    if (poll.status === 202) return 'InProgress';
    return provisioningStateOf(poll.body) ?? 'Succeeded';
  }
  return provisioningStateOf(poll.body) ?? 'Succeeded';
}

/** On a Location URL the final response of a failed operation is its error (a 4xx other than 408/429). */
function isFinalLocationFailure(err: ArmError): boolean {
  return err.kind === 'http' && err.status !== undefined && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
}

function failIfUnsuccessful(status: string, statusBody: unknown, response: ArmResponse<unknown>): void {
  const lower = status.toLowerCase();
  if (lower === 'succeeded') {
    return;
  }
  const parsed = parseServiceError(statusBody);
  throw lroFailure(lower === 'failed' ? 'Failed' : 'Canceled', parsed, response);
}

/** The service's error as an ArmError carries it. */
function errorParts(err: ArmError): ParsedServiceError {
  return { code: err.code, message: err.serviceMessage, target: err.target, details: err.details };
}

function lroFailure(
  state: 'Failed' | 'Canceled',
  parsed: ParsedServiceError | undefined,
  response?: { requestId?: string; correlationId?: string },
): ArmError {
  const code = parsed?.code ?? (state === 'Failed' ? 'OperationFailed' : 'OperationCanceled');
  const what = state === 'Failed' ? 'The operation failed' : 'The operation was canceled in Azure';
  const message = parsed?.message?.trim() || (state === 'Failed' ? 'no error details were returned' : 'no reason was given');
  return new ArmError(`${what}: ${message} [${code}]`, {
    kind: 'lro',
    code,
    target: parsed?.target,
    details: parsed?.details,
    requestId: response?.requestId,
    correlationId: response?.correlationId,
  });
}

function statusUnknown(what: string, last: ArmError): ArmError {
  return new ArmError(`${what}; the operation may still be running in Azure.`, {
    kind: 'lro',
    code: STATUS_UNAVAILABLE,
    status: last.status,
    requestId: last.requestId,
    correlationId: last.correlationId,
    cause: last,
  });
}

/** A 200 from the status URL whose body is an error or has no status. */
function unreadableStatus(status: number, parsed: ParsedServiceError | undefined, poll: { requestId?: string; correlationId?: string }, polls: number): ArmError {
  const why = parsed?.message
    ? `Azure answered ${status} with an error instead of a status: ${parsed.message.trim()}${parsed.code ? ` [${parsed.code}]` : ''}`
    : `Azure answered ${status} without a status`;
  return new ArmError(`The status of the operation could not be read after ${polls} polls (${why}); the operation may still be running in Azure.`, {
    kind: 'lro',
    code: STATUS_UNAVAILABLE,
    status,
    details: parsed?.code || parsed?.message ? [{ code: parsed.code, message: parsed.message, target: parsed.target }] : undefined,
    requestId: poll.requestId,
    correlationId: poll.correlationId,
  });
}
