/**
 * Retry decisions and a cancellable sleep shared by the client and the LRO poller.
 */
import { ArmError } from './errors';

/** Statuses that ARM documents as transient (throttling, gateway and availability problems). */
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUS.has(status);
}

/** Socket-level failures where the request may simply be repeated. */
const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

export function isRetryableNetworkCode(code: string | undefined): boolean {
  return code !== undefined && RETRYABLE_CODES.has(code);
}

/**
 * Retry-After as milliseconds: integer seconds (what ARM sends) or an HTTP date. Undefined when absent
 * or unreadable so the caller falls back to its own backoff.
 */
export function parseRetryAfterMs(value: string | undefined | null, now: number = Date.now()): number | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  const text = value.trim();
  if (/^-\d/.test(text)) {
    return undefined; // a negative delay is no instruction (Date.parse would read it as a year)
  }
  if (/^\d+(\.\d+)?$/.test(text)) {
    return Math.round(Number(text) * 1000);
  }
  const date = Date.parse(text);
  if (!Number.isNaN(date)) {
    return Math.max(0, date - now);
  }
  return undefined;
}

const MIN_RETRY_AFTER_MS = 1000;

/**
 * The wait before the next status poll: a positive Retry-After (capped), else the caller's interval. A
 * Retry-After of zero, a negative one or a date in the past would make a tight loop, so it counts as none.
 */
export function pollDelayMs(retryAfterMs: number | undefined, intervalMs: number, capMs: number): number {
  // A positive Retry-After is honoured, but never below a second: a server cannot drive a tight polling loop.
  return retryAfterMs !== undefined && retryAfterMs > 0 ? Math.min(Math.max(retryAfterMs, MIN_RETRY_AFTER_MS), capMs) : intervalMs;
}

/** Exponential backoff with jitter: base·2^attempt, scaled by a random 0.5–1.0, then capped. */
export function backoffDelayMs(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const exp = baseMs * Math.pow(2, Math.min(attempt, 20));
  const jittered = exp * (0.5 + random() * 0.5);
  return Math.round(Math.min(capMs, jittered));
}

/**
 * The longest wait a `Retry-After` is honoured for: one hour. Container Instances counts creates and deletes in
 * windows of 5 minutes and of an hour (100 and 300 a subscription and region, "Resource availability & quota limits
 * for ACI"), so a throttled request may be told to wait until the hourly window has room again; provider throttles
 * are answered in minutes (`ResourceRequestsThrottled … after '372' seconds`, Azure/azqr#34). No documented window
 * is longer than an hour. A wait beyond it fails at once, naming the time Azure gave, instead of retrying early: a
 * request sent before that time is refused again and spends the exhausted quota (ARM "Understand how Azure Resource
 * Manager throttles requests"). The bound is on the sum of the waits of one request.
 */
export const MAX_THROTTLE_WAIT_MS = 60 * 60_000;

/** A wait the service asked for before the request is sent again: the adapters show it with a way to cancel. */
export interface ThrottleWait {
  /** The answer that asked for it: 429 when Azure throttles, 503 and the other retryable statuses when it is busy. */
  status: number;
  code?: string;
  waitMs: number;
  /** Epoch milliseconds; the request is not sent again before this. */
  retryAt: number;
}

export type ThrottleListener = (wait: ThrottleWait) => void;

/** "45 s", "5 min 12 s", "1 h 0 min": a wait as the log writes it (the adapters localize their own). */
export function formatWait(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
}

/** The error for a wait longer than the bound: nothing is sent again, and the user learns when Azure will take it. */
export function waitTooLongError(error: ArmError, waitMs: number, now: number, boundMs: number = MAX_THROTTLE_WAIT_MS): ArmError {
  const at = new Date(now + waitMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return new ArmError(
    `${error.message.replace(/\.$/, '')}. Azure asks to wait ${formatWait(waitMs)} (until ${at}), longer than the ${formatWait(boundMs)} waited here; try again after that time.`,
    { kind: error.kind, status: error.status, code: error.code, details: error.details, serviceMessage: error.serviceMessage, requestId: error.requestId, correlationId: error.correlationId, retryAfterMs: waitMs },
  );
}

export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

export function canceledError(what: string): ArmError {
  return new ArmError(`${what} was canceled.`, { kind: 'canceled' });
}

/** setTimeout that rejects with ArmError kind `canceled` as soon as the signal fires. */
export const realSleep: SleepFn = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(canceledError('The request'));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(canceledError('The request'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
