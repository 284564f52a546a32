/**
 * The polling half of a long-running operation: reads its status URL (or the resource) until a terminal state,
 * waiting the interval or Retry-After the service names, all of a throttle's wait, and giving up (outcome unknown,
 * the operation may go on) after a few unreadable answers or the overall bound.
 */
import type { ArmClient, ArmResponse } from './client';
import { ArmError, isErrorInSuccess } from './errors';
import type { PutAndWaitOptions } from './lro';
import { WAIT_CANCELED, errorParts, failIfUnsuccessful, isFinalLocationFailure, isTerminalState, lroFailure, pollStatus, statusUnknown, unreadableStatus, type PollMode } from './lroOutcome';
import { isRetryableStatus, MAX_THROTTLE_WAIT_MS, pollDelayMs, parseRetryAfterMs, realSleep, waitTooLongError } from './retryPolicy';

export class StatusPoller {
  polls = 0;
  /** The wait before the next poll: the last answer's Retry-After (a status, or a throttled read), else the default. */
  private retryAfter: number | undefined;
  /** A throttled status read waits all Azure asked for, not the capped poll interval; throttledMs sums those waits. */
  private throttleWait: number | undefined;
  private throttledMs = 0;
  private readFailures = 0;

  constructor(
    private readonly client: ArmClient,
    private readonly options: PutAndWaitOptions,
    private readonly mode: PollMode,
    private readonly statusUrl: string | undefined,
    private readonly started: number,
    firstRetryAfter: number | undefined,
    private readonly report: (status: string) => void,
  ) {
    this.retryAfter = firstRetryAfter;
  }

  /** The answer that said the operation ended (and succeeded); a failure, cancel or unknown end is thrown. */
  async untilTerminal(): Promise<ArmResponse<unknown>> {
    try {
      for (;;) {
        const ended = await this.pollOnce();
        if (ended) return ended;
      }
    } catch (err) {
      if (err instanceof ArmError && err.kind === 'canceled') {
        throw new ArmError('Stopped waiting for the operation because it was canceled; it may still be running in Azure.', { kind: 'canceled', code: WAIT_CANCELED });
      }
      throw err;
    }
  }

  /** One wait and one read; the answer when it is terminal, else undefined (poll again). */
  private async pollOnce(): Promise<ArmResponse<unknown> | undefined> {
    const { options } = this;
    await (options.sleep ?? realSleep)(this.throttleWait ?? pollDelayMs(this.retryAfter, options.defaultPollMs ?? 2000, options.maxPollMs ?? 60_000), options.signal);
    this.throttleWait = undefined;
    this.polls++;
    let poll: ArmResponse<unknown>;
    try {
      poll = await this.client.request<unknown>({
        method: 'GET',
        ...(this.mode === 'resource' ? { path: options.path } : { url: this.statusUrl }),
        apiVersion: options.apiVersion,
        headers: options.headers,
        signal: options.signal,
        maxRetries: 0, // this loop itself retries
      });
    } catch (err) {
      this.afterReadError(err);
      return undefined;
    }
    this.retryAfter = parseRetryAfterMs(poll.headers['retry-after']);
    const status = pollStatus(this.mode, poll);
    if (status === undefined) {
      // A 200 without a `status` says nothing about the operation.
      if (++this.readFailures > this.statusReadRetries) throw unreadableStatus(poll.status, undefined, poll, this.polls);
      return undefined;
    }
    this.readFailures = 0;
    this.report(status);
    if (!isTerminalState(status)) {
      // A status that never ends must not keep the caller waiting (and polling) for ever.
      const waited = Date.now() - this.started;
      if (waited >= this.maxWaitMs) {
        throw statusUnknown(`The operation was still ${status} after ${Math.round(waited / 60_000)} min of waiting`, new ArmError(status, { kind: 'lro', requestId: poll.requestId, correlationId: poll.correlationId }));
      }
      return undefined;
    }
    failIfUnsuccessful(status, this.mode === 'async' ? poll.body : undefined, poll);
    return poll;
  }

  /** A status read that failed: poll again (after a throttle's whole wait), or the operation's end, or give up. */
  private afterReadError(err: unknown): void {
    if (!(err instanceof ArmError) || err.kind === 'canceled' || err.kind === 'security') throw err;
    if (isErrorInSuccess(err)) {
      // Read from a status URL, an error body says nothing about the operation; from a Location URL or the
      // resource it is the operation's answer, and it failed.
      if (this.mode !== 'async') throw lroFailure('Failed', errorParts(err), err);
      if (++this.readFailures > this.statusReadRetries) throw unreadableStatus(err.status ?? 200, errorParts(err), err, this.polls);
      return;
    }
    if (err.retryAfterMs !== undefined && err.status !== undefined && isRetryableStatus(err.status)) {
      if (this.throttledMs + err.retryAfterMs > MAX_THROTTLE_WAIT_MS || Date.now() + err.retryAfterMs - this.started > this.maxWaitMs) {
        throw statusUnknown(`The status of the operation could not be read: ${waitTooLongError(err, err.retryAfterMs, Date.now()).message.replace(/\.$/, '')}`, err);
      }
      this.throttleWait = err.retryAfterMs;
      this.throttledMs += err.retryAfterMs;
      this.options.onThrottle?.({ status: err.status, code: err.code, waitMs: err.retryAfterMs, retryAt: Date.now() + err.retryAfterMs });
      return;
    }
    if (this.mode === 'location' && isFinalLocationFailure(err)) {
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
    if (++this.readFailures > this.statusReadRetries) {
      throw statusUnknown(`The status of the operation could not be read after ${this.polls} polls (${err.message})`, err);
    }
    this.retryAfter = err.retryAfterMs;
  }

  private get statusReadRetries(): number {
    return this.options.statusReadRetries ?? 3;
  }

  private get maxWaitMs(): number {
    return this.options.maxWaitMs ?? 30 * 60_000;
  }
}
