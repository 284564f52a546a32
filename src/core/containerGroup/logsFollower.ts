/**
 * Follows one container's log: reads the last `tail` lines every `intervalMs`, hands on only the new ones, backs
 * off on throttling and transient failures (saying why and for how long), and stops when told to, when the
 * group or container is gone (404), or on an error that a retry cannot fix.
 */
import { isArmError, type ArmError, errorMessage } from '../arm/errors';
import { backoffDelayMs, MAX_THROTTLE_WAIT_MS, realSleep, type SleepFn } from '../arm/retryPolicy';
import { LogMerger, type MergeResult } from './logsMerge';

export type FollowState =
  | { kind: 'following' }
  /** The last read failed; the next one is in `retryInMs`. */
  | { kind: 'retrying'; message: string; retryInMs: number }
  | { kind: 'stopped'; reason: StopReason; message?: string };

/** `user`: stop was asked for; `gone`: the group or container no longer exists; `error`: a retry would not help. */
export type StopReason = 'user' | 'gone' | 'error';

export interface LogFollowerOptions {
  /** One read of the last `tail` lines (the follower asks for timestamps, so lines are placed by time). */
  read(tail: number, signal: AbortSignal): Promise<string>;
  tail: number;
  /** Between reads while all is well. Default 2000 (what `az container logs --follow` waits). */
  intervalMs?: number;
  /** Longest wait after failures, Retry-After included. Default 60000. */
  maxBackoffMs?: number;
  sleep?: SleepFn;
  random?: () => number;
  /** What was shown before, when following resumes: the first read then adds only what is new. */
  merger?: LogMerger;
  onLines(result: MergeResult): void;
  onState(state: FollowState): void;
}

// The service's answer while a container has not started yet: the log comes later, so keep asking
// (virtual-kubelet/virtual-kubelet issue #237 shows it for a group still starting).
const LOG_NOT_YET = 'ContainerLogNotAvailable';
const MIN_RETRY_AFTER_MS = 1000;

function retryable(err: ArmError): boolean {
  if (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'parse') return true;
  return err.status === 408 || err.status === 429 || (err.status !== undefined && err.status >= 500);
}

export class LogFollower {
  private readonly abort = new AbortController();
  private readonly merger: LogMerger;
  private readonly intervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly sleep: SleepFn;
  private current: FollowState = { kind: 'following' };
  private running: Promise<void> | undefined;

  constructor(private readonly options: LogFollowerOptions) {
    this.merger = options.merger ?? new LogMerger(options.tail);
    this.intervalMs = Math.max(1, options.intervalMs ?? 2000);
    this.maxBackoffMs = Math.max(this.intervalMs, options.maxBackoffMs ?? 60_000);
    this.sleep = options.sleep ?? realSleep;
  }

  /** What this follower has shown, for a later one that resumes. */
  get shown(): LogMerger {
    return this.merger;
  }

  get state(): FollowState {
    return this.current;
  }

  /** Starts the loop once; the promise settles when following has stopped. */
  start(): Promise<void> {
    this.running ??= this.loop();
    return this.running;
  }

  /** Stops following; resolves once no read is under way any more. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
    if (this.current.kind !== 'stopped') this.setState({ kind: 'stopped', reason: 'user' });
  }

  private setState(state: FollowState): void {
    this.current = state;
    this.options.onState(state);
  }

  private async loop(): Promise<void> {
    const signal = this.abort.signal;
    let failures = 0;
    this.setState({ kind: 'following' });
    while (!signal.aborted) {
      let wait = this.intervalMs;
      try {
        const content = await this.options.read(this.options.tail, signal);
        if (signal.aborted) break;
        failures = 0;
        if (this.current.kind !== 'following') this.setState({ kind: 'following' });
        const result = this.merger.merge(content);
        if (result.lines.length > 0 || result.gap || result.restarted) this.options.onLines(result);
      } catch (err) {
        if (signal.aborted) break;
        const stop = this.stopFor(err);
        if (stop) {
          this.setState(stop);
          return;
        }
        failures++;
        wait = this.retryDelay(err as ArmError, failures);
        this.setState({ kind: 'retrying', message: errorMessage(err), retryInMs: wait });
      }
      try {
        await this.sleep(wait, signal);
      } catch {
        break; // stopped while waiting
      }
    }
    this.setState({ kind: 'stopped', reason: 'user' });
  }

  /** The final state for an error that ends following, or undefined when a later read may succeed. */
  private stopFor(err: unknown): FollowState | undefined {
    const message = errorMessage(err);
    if (!isArmError(err)) return { kind: 'stopped', reason: 'error', message };
    if (err.status === 404) return err.code === LOG_NOT_YET ? undefined : { kind: 'stopped', reason: 'gone', message };
    if (err.kind === 'canceled') return { kind: 'stopped', reason: 'user' };
    return retryable(err) ? undefined : { kind: 'stopped', reason: 'error', message };
  }

  private retryDelay(err: ArmError, failures: number): number {
    if (err.status === 404) return this.intervalMs; // not started yet: ask again at the usual pace
    if (err.retryAfterMs !== undefined && err.retryAfterMs > 0) {
      // All of the wait Azure named (a read sent sooner is refused again), up to the client's bound for one wait.
      return Math.min(Math.max(err.retryAfterMs, MIN_RETRY_AFTER_MS), MAX_THROTTLE_WAIT_MS);
    }
    return Math.max(this.intervalMs, backoffDelayMs(failures, this.intervalMs, this.maxBackoffMs, this.options.random));
  }
}
