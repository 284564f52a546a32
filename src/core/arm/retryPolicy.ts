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
