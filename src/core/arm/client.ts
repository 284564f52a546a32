/**
 * The one HTTP path to Azure Resource Manager: token, headers, timeout, cancellation, retries,
 * error mapping and logging all happen here so every caller gets the same behaviour.
 */
import { randomUUID } from 'crypto';
import * as http from 'http';
import * as https from 'https';
import fetch, { FetchError, type Response } from 'node-fetch';
import type { TokenProvider } from './tokenProvider';
import { ArmError, errorFromResponse, errorFromSuccessBody, errorInSuccessBody, reasonPhrase } from './errors';
import { quotaKindOf, remainingQuota } from './rateLimit';
import { redactText, redactUrl } from './redact';
import {
  backoffDelayMs,
  canceledError,
  formatWait,
  isRetryableNetworkCode,
  isRetryableStatus,
  MAX_THROTTLE_WAIT_MS,
  parseRetryAfterMs,
  realSleep,
  waitTooLongError,
  type SleepFn,
  type ThrottleListener,
} from './retryPolicy';
import { resolveRequestUrl, resolveServiceUrl, trimTrailingSlash, validateTokenEndpoint } from './urlPolicy';
import { hasQueryName, withQuery, type QueryValue } from './query';
import { parseSuccessBody, redactedError, type RawResponse } from './responseBody';

/** Fits a VS Code LogOutputChannel. */
export interface ArmLogger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ArmClientOptions {
  /** ARM base URL, e.g. https://management.azure.com */
  endpoint: string;
  tokenProvider: TokenProvider;
  /** Token scope, e.g. https://management.azure.com/.default */
  scope: string;
  userAgent: string;
  logger?: ArmLogger;
  /** Per attempt, including reading the body. Default 60000. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 4. */
  maxRetries?: number;
  /** Upper bound for a backoff wait between attempts when the service names none. Default 30000. */
  maxRetryDelayMs?: number;
  /** Most time one request waits in all on `Retry-After`s; a longer wait fails at once. Default MAX_THROTTLE_WAIT_MS. */
  maxThrottleWaitMs?: number;
  /** First backoff step when the service gives no Retry-After. Default 1000. */
  retryBaseDelayMs?: number;
  sleep?: SleepFn;
  /** Largest response body read, counted after decompression. Default MAX_RESPONSE_BYTES. */
  maxResponseBytes?: number;
}

/**
 * 32 MiB. The replies read here are one container group (its definition with status and events) or one page
 * of a listing: kilobytes to a few megabytes at most. The cap leaves a wide margin for those while keeping a
 * hostile or broken server (a 100 MB body, or a small gzip reply that inflates to gigabytes) from filling the
 * extension host's memory.
 */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;


export interface ArmRequest {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Path below the endpoint, starting with "/". */
  path?: string;
  /** Absolute URL (nextLink, Azure-AsyncOperation, Location); must be on the endpoint's origin. */
  url?: string;
  apiVersion: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the client's maxRetries for this call (the LRO poller handles its own retries). */
  maxRetries?: number;
  /**
   * Level of the line a 2xx answer logs; default `info`. A listing's later pages use `debug` and the pager
   * logs one summary instead: thousands of identical lines bury what matters and each costs the host a write.
   * Failures, retries and other statuses log at their own level whatever this says.
   */
  logLevel?: 'info' | 'debug';
  /** Told of each wait a `Retry-After` imposes before the request is sent again (the adapters show it, with Cancel). */
  onThrottle?: ThrottleListener;
}

export interface ArmResponse<T> {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: T;
  requestId?: string;
  correlationId?: string;
  durationMs: number;
}

const EXPIRED_TOKEN_CODE = 'ExpiredAuthenticationToken';

const noopLogger: ArmLogger = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/**
 * One pool of kept-alive connections for every client: a report of thousands of pages would otherwise pay a new
 * connection (and TLS handshake) per page. Idle sockets do not keep the process alive.
 */
const AGENTS = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
const agentFor = (url: URL): http.Agent => (url.protocol === 'http:' ? AGENTS.http : AGENTS.https);

export class ArmClient {
  /** Normalized ARM base URL without a trailing slash. */
  readonly endpoint: string;
  private readonly endpointUrl: URL;
  private readonly tokenProvider: TokenProvider;
  private readonly scope: string;
  private readonly userAgent: string;
  /** Where every request logs; the pager writes its listing summaries here too. */
  readonly logger: ArmLogger;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;
  private readonly maxThrottleWaitMs: number;
  private readonly retryBaseDelayMs: number;
  private readonly sleep: SleepFn;
  private readonly maxResponseBytes: number;

  constructor(options: ArmClientOptions) {
    this.endpointUrl = validateTokenEndpoint(options.endpoint, 'ARM endpoint');
    this.endpoint = trimTrailingSlash(this.endpointUrl.href.split('?')[0]);
    this.tokenProvider = options.tokenProvider;
    this.scope = options.scope;
    this.userAgent = options.userAgent;
    this.logger = options.logger ?? noopLogger;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetries = Math.max(0, options.maxRetries ?? 4);
    this.maxRetryDelayMs = Math.max(0, options.maxRetryDelayMs ?? 30_000);
    this.maxThrottleWaitMs = Math.max(0, options.maxThrottleWaitMs ?? MAX_THROTTLE_WAIT_MS);
    this.retryBaseDelayMs = Math.max(0, options.retryBaseDelayMs ?? 1000);
    this.sleep = options.sleep ?? realSleep;
    this.maxResponseBytes = Math.max(1, options.maxResponseBytes ?? MAX_RESPONSE_BYTES);
  }

  /** Checks an absolute URL against the endpoint without sending anything (throws kind `security`). */
  assertAllowedUrl(url: string): void {
    resolveRequestUrl(this.endpointUrl, { url });
  }

  /** A status URL from the service, a path resolved against the endpoint, checked like any request (throws kind `security`). */
  resolveServiceUrl(raw: string): string {
    return resolveServiceUrl(this.endpointUrl, raw).href;
  }

  async request<T = unknown>(req: ArmRequest): Promise<ArmResponse<T>> {
    // Resolve and vet the target first: a foreign URL must fail before a token is even fetched.
    const url = resolveRequestUrl(this.endpointUrl, { path: req.path, url: req.url });
    // An absolute URL from the service (nextLink, Azure-AsyncOperation, Location) is used as given: ARM adds
    // api-version only when the link carries none, so a link pinned to another version keeps it.
    const keepVersion = req.url !== undefined && hasQueryName(url, 'api-version');
    const href = withQuery(url, { ...(req.query ?? {}), ...(keepVersion ? {} : { 'api-version': req.apiVersion }) });
    const logUrl = redactUrl(href);
    const signal = req.signal;
    const maxRetries = Math.max(0, req.maxRetries ?? this.maxRetries);
    const started = Date.now();
    let forceRefresh = false;
    let refreshedAfterExpiry = false;
    let throttledMs = 0;

    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) {
        throw canceledError(`${req.method} ${logUrl}`);
      }
      const token = await this.tokenProvider.getToken([this.scope], { signal, forceRefresh });
      forceRefresh = false;
      const attemptStart = Date.now();
      const raw = await this.exchange(req, href, logUrl, token.token, { attempt, maxRetries });
      if (raw === 'retry') continue;

      const { requestId, correlationId } = this.logAnswer(req, logUrl, raw, attemptStart);
      if (raw.status >= 200 && raw.status < 300) return this.success<T>(req, logUrl, raw, { requestId, correlationId, durationMs: Date.now() - started });
      const error = errorFromResponse({
        status: raw.status,
        contentType: raw.headers['content-type'] ?? '',
        // A service that echoes the request in its message must not carry the secrets into errors and logs.
        text: redactText(raw.text, []),
        requestId,
        correlationId,
        retryAfterMs: parseRetryAfterMs(raw.headers['retry-after']),
      });

      if (raw.status === 401 && error.code === EXPIRED_TOKEN_CODE) {
        if (!refreshedAfterExpiry) {
          refreshedAfterExpiry = true;
          forceRefresh = true;
          this.logger.info(`The sign-in token expired; requesting a fresh token from ${this.tokenProvider.id}.`);
          attempt--; // a token refresh is not a retry
          continue;
        }
        throw new ArmError(
          `Unauthorized (401): the sign-in token expired and a freshly requested token was rejected too; sign in again. [${EXPIRED_TOKEN_CODE}]`,
          { kind: 'http', status: 401, code: EXPIRED_TOKEN_CODE, requestId, correlationId },
        );
      }

      if (raw.status >= 300 && raw.status < 400) {
        throw new ArmError(
          `${reasonPhrase(raw.status)} (${raw.status}): ARM answered with a redirect, which is not followed so the sign-in token stays on the ARM endpoint.`,
          { kind: 'http', status: raw.status, requestId, correlationId },
        );
      }

      if (isRetryableStatus(raw.status) && attempt < maxRetries) {
        const delay = this.retryDelay(req, logUrl, raw.status, error, { attempt, maxRetries, throttledMs });
        if (error.retryAfterMs !== undefined) throttledMs += delay;
        await this.sleep(delay, signal);
        continue;
      }
      throw error;
    }
  }

  /** One exchange; a network failure worth retrying waits its backoff and says 'retry', any other is thrown in words. */
  private async exchange(req: ArmRequest, href: string, logUrl: string, token: string, at: { attempt: number; maxRetries: number }): Promise<RawResponse | 'retry'> {
    const attemptStart = Date.now();
    try {
      return await this.send(req, href, token, req.signal);
    } catch (err) {
      const armErr = this.mapSendError(err, req.method, logUrl, req.signal);
      this.logger.warn(`${req.method} ${logUrl} failed after ${Date.now() - attemptStart} ms: ${armErr.message}`);
      if (armErr.kind !== 'network' || !isRetryableNetworkCode(armErr.code) || at.attempt >= at.maxRetries) throw armErr;
      const delay = backoffDelayMs(at.attempt, this.retryBaseDelayMs, this.maxRetryDelayMs);
      this.logger.warn(`Retrying ${req.method} ${logUrl} in ${delay} ms (attempt ${at.attempt + 2} of ${at.maxRetries + 1}): ${armErr.code}`);
      await this.sleep(delay, req.signal);
      return 'retry';
    }
  }

  /** Logs one answer with the IDs to quote in a support request and the remaining-request counter. */
  private logAnswer(req: ArmRequest, logUrl: string, raw: RawResponse, attemptStart: number): { requestId?: string; correlationId?: string } {
    const requestId = raw.headers['x-ms-request-id'];
    const correlationId = raw.headers['x-ms-correlation-request-id'];
    const remaining = remainingQuota(raw.headers, quotaKindOf(req.method));
    const ok = raw.status >= 200 && raw.status < 300;
    this.logger[ok && req.logLevel === 'debug' ? 'debug' : 'info'](
      `${req.method} ${logUrl} → ${raw.status} in ${Date.now() - attemptStart} ms` +
        ` (x-ms-request-id: ${requestId ?? '-'}, x-ms-correlation-request-id: ${correlationId ?? '-'}` +
        `${remaining !== undefined ? `, remaining ${remaining.kind}: ${remaining.count}` : ''})`,
    );
    return { requestId, correlationId };
  }

  /** A 2xx answer's body; a success status does not make an error body a success: the caller sees the service's error. */
  private success<T>(req: ArmRequest, logUrl: string, raw: RawResponse, ids: { requestId?: string; correlationId?: string; durationMs: number }): ArmResponse<T> {
    const { requestId, correlationId } = ids;
    const body = parseSuccessBody<T>(raw, requestId, correlationId);
    const inBody = errorInSuccessBody(body);
    if (inBody) {
      const err = errorFromSuccessBody(raw.status, redactedError(raw.text) ?? { code: inBody.code }, { requestId, correlationId });
      this.logger.warn(`${req.method} ${logUrl} answered ${raw.status} with an error body: ${err.message}`);
      throw err;
    }
    return { status: raw.status, headers: raw.headers, body, requestId, correlationId, durationMs: ids.durationMs };
  }

  /**
   * How long to wait before sending a retryable request again: the service's Retry-After to the millisecond, never
   * shortened (a wait past the bound fails at once, saying when to try again), else our own capped backoff.
   */
  private retryDelay(req: ArmRequest, logUrl: string, status: number, error: ArmError, at: { attempt: number; maxRetries: number; throttledMs: number }): number {
    const retryAfter = error.retryAfterMs;
    if (retryAfter !== undefined && at.throttledMs + retryAfter > this.maxThrottleWaitMs) {
      // Sending it sooner than Azure named is refused again and spends the quota: say when instead.
      throw waitTooLongError(error, retryAfter, Date.now(), this.maxThrottleWaitMs);
    }
    const delay = retryAfter ?? backoffDelayMs(at.attempt, this.retryBaseDelayMs, this.maxRetryDelayMs);
    const source = retryAfter !== undefined ? 'Retry-After' : 'backoff';
    const retryAt = Date.now() + delay;
    this.logger.warn(
      `Retrying ${req.method} ${logUrl} in ${delay} ms (${source}; attempt ${at.attempt + 2} of ${at.maxRetries + 1}): ${status} ${error.code ?? reasonPhrase(status)}` +
        (retryAfter !== undefined && delay >= 1000 ? `; ${status === 429 ? 'throttled by Azure' : 'Azure asked to wait'}, not before ${new Date(retryAt).toISOString()} (${formatWait(delay)})` : ''),
    );
    if (retryAfter !== undefined) req.onThrottle?.({ status, code: error.code, waitMs: delay, retryAt });
    return delay;
  }

  /** One HTTP exchange with its own timeout; the body is read inside the timeout too. */
  private async send(req: ArmRequest, href: string, token: string, signal: AbortSignal | undefined): Promise<RawResponse> {
    const controller = new AbortController();
    const onOuterAbort = (): void => controller.abort();
    signal?.addEventListener('abort', onOuterAbort, { once: true });
    if (signal?.aborted) controller.abort(); // aborted while the token was being fetched
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const headers: Record<string, string> = {
        ...(req.headers ?? {}),
        Accept: 'application/json',
        // Asked for explicitly: in VS Code's extension host every request goes through its proxy agent, which is
        // not a keep-alive agent, so without this header node closes the connection after each reply
        // (microsoft/vscode#173861). The proxy is still resolved per request; only direct connections are kept.
        Connection: 'keep-alive',
        'User-Agent': this.userAgent,
        'x-ms-client-request-id': randomUUID(),
        Authorization: `Bearer ${token}`,
      };
      let body: string | undefined;
      if (req.body !== undefined) {
        body = JSON.stringify(req.body);
        headers['Content-Type'] = 'application/json; charset=utf-8';
      } else if (req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') {
        headers['Content-Length'] = '0';
      }
      const res = await fetch(href, {
        method: req.method,
        headers,
        body,
        signal: controller.signal,
        // Never follow redirects: node-fetch would carry the Authorization header along.
        redirect: 'manual',
        agent: agentFor,
        // node-fetch counts the decoded bytes (after gzip/deflate/br) against this as they arrive.
        size: this.maxResponseBytes,
      });
      const lower: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        lower[name.toLowerCase()] = value;
      });
      const text = await this.readBody(res, lower, controller);
      return { status: res.status, headers: lower, text };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  /** The body as text, or a clear error once it passes the size cap (the connection is closed then). */
  private async readBody(res: Response, headers: Record<string, string>, controller: AbortController): Promise<string> {
    try {
      return await res.text();
    } catch (err) {
      if (!(err instanceof FetchError) || err.type !== 'max-size') throw err;
      // node-fetch stops keeping the bytes but would go on downloading and inflating them: close the connection.
      controller.abort();
      const mb = Math.round((this.maxResponseBytes / 1024 / 1024) * 10) / 10;
      throw new ArmError(
        `ARM answered ${res.status} with a body larger than ${mb} MB (after decompression); it was not read.`,
        { kind: 'parse', status: res.status, requestId: headers['x-ms-request-id'], correlationId: headers['x-ms-correlation-request-id'] },
      );
    }
  }

  private mapSendError(err: unknown, method: string, logUrl: string, signal: AbortSignal | undefined): ArmError {
    if (err instanceof ArmError) {
      return err;
    }
    if (signal?.aborted) {
      return canceledError(`${method} ${logUrl}`);
    }
    const name = (err as { name?: string } | null)?.name;
    if (name === 'AbortError') {
      const seconds = Math.round(this.timeoutMs / 100) / 10;
      return new ArmError(`${method} ${logUrl} timed out after ${seconds} seconds without a complete response.`, {
        kind: 'timeout',
      });
    }
    const code = err instanceof FetchError ? err.code ?? err.errno : (err as { code?: string } | null)?.code;
    const origin = new URL(this.endpoint).origin;
    // No `cause`: node-fetch's message carries the full URL, continuation token included.
    return new ArmError(`Network error talking to ${origin}: ${code ?? 'the connection failed'}.`, {
      kind: 'network',
      code: typeof code === 'string' ? code : undefined,
    });
  }
}
