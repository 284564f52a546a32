/**
 * Following one synchronization while it runs: its status (from the synchronize operation the extension started,
 * or, for one started elsewhere, from the share subscription's listing) and the data sets finished so far (from
 * its details). One watch per share subscription is shared by everything that shows it (tree, notification,
 * report), so showing it in more places costs no more requests. Details are read every `everyMs` (POST listings
 * count against ARM's write budget, which deploys share), once more when it ends, and never after.
 */
import { errorMessage } from '../arm/errors';
import type { ShareSubscriptionSynchronization, SynchronizationDetails } from '../services/dataShare';
import { isEndedStatus, isFailedStatus, syncOutcome } from './syncStatus';
import { isCanceling, isReading, nextPhase, readsListing, type WatchEvent, type WatchPhase } from './watchPhase';

export interface WatchSnapshot {
  readonly synchronizationId: string;
  readonly synchronizationMode?: string;
  /** Queued, InProgress, or the end (Succeeded, Failed, Canceled); "Canceling" once a cancel was asked for. */
  readonly status: string;
  readonly startTime?: string;
  readonly endTime?: string;
  readonly message?: string;
  /** When the cancel was first asked for (ISO), while the run is Canceling: Azure may take minutes to stop it. */
  readonly cancelAskedAt?: string;
  /** The data sets the details list so far (each appears as it finishes). */
  readonly details: readonly SynchronizationDetails[];
  /** How many data sets the share subscription has, when known. */
  readonly dataSetCount?: number;
  readonly ended: boolean;
  /** Details listings read by this watch (each may be several pages). */
  readonly detailReads: number;
}

export interface WatchReaders {
  details(synchronizationId: string, signal: AbortSignal): Promise<SynchronizationDetails[]>;
  /** The synchronization's own record (listSynchronizations), for a watch that follows no operation. */
  synchronization(synchronizationId: string, signal: AbortSignal): Promise<ShareSubscriptionSynchronization | undefined>;
  dataSetCount(signal: AbortSignal): Promise<number | undefined>;
}

export interface WatchOptions {
  everyMs: number;
  /** True when the caller follows the synchronize operation and reports its status and end. */
  followsOperation: boolean;
  onError?(message: string): void;
}

/** Listing reads in a row that do not find the synchronization before the watch gives up and ends it as Unknown. */
export const MAX_LISTING_MISSES = 4;
/** The status a watch ends with when its synchronization's end could not be learned. */
export const UNKNOWN_STATUS = 'Unknown';
/**
 * Listing reads in a row that fail (each after the client's own retries) before the watch gives up and ends as
 * Unknown: a revoked permission or a lasting outage would otherwise keep it polling, and its notification open, for ever.
 */
export const MAX_LISTING_FAILURES = 8;

/** Done (finished in any state) and failed data sets, and the total when known. */
export function progressCounts(s: WatchSnapshot): { done: number; failed: number; total?: number } {
  const failed = s.details.filter((d) => isFailedStatus(d.status)).length;
  const done = s.details.filter((d) => isEndedStatus(d.status)).length;
  return { done, failed, total: s.dataSetCount };
}

export class SynchronizationWatch {
  private state: WatchSnapshot;
  private readonly listeners = new Set<(s: WatchSnapshot) => void>();
  private readonly abort = new AbortController();
  /** Where the watch is in its life; moved only through WATCH_TRANSITIONS. */
  private phase: WatchPhase;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private reading: Promise<void> | undefined;
  /** The status shown before "Canceling", put back when the cancel fails. */
  private beforeCancel: string | undefined;
  private listingMisses = 0;
  private listingFailures = 0;

  constructor(
    readonly key: string,
    start: ShareSubscriptionSynchronization,
    private readonly readers: WatchReaders,
    private readonly options: WatchOptions,
  ) {
    this.phase = options.followsOperation ? 'operation' : 'listing';
    this.state = {
      synchronizationId: start.synchronizationId,
      synchronizationMode: start.synchronizationMode,
      status: start.status && syncOutcome(start.status) !== 'queued' ? start.status : 'Queued',
      startTime: start.startTime,
      details: [],
      ended: false,
      detailReads: 0,
    };
  }

  get snapshot(): WatchSnapshot {
    return this.state;
  }

  /** The watch's phase (see watchPhase.ts). */
  get currentPhase(): WatchPhase {
    return this.phase;
  }

  /** Takes the move the table allows for `event`; false (and no move) when it allows none. */
  private move(event: WatchEvent): boolean {
    const next = nextPhase(this.phase, event);
    if (next === undefined) return false;
    this.phase = next;
    return true;
  }

  onChange(listener: (s: WatchSnapshot) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Reads the data set count once and starts the periodic reads. */
  start(): void {
    void this.readers.dataSetCount(this.abort.signal).then(
      (count) => count !== undefined && this.update({ dataSetCount: count }),
      (err: unknown) => this.options.onError?.(`data set count: ${String(err)}`),
    );
    this.schedule(0);
  }

  /** The synchronize operation's latest status (only non-terminal ones move the watch; its end comes through finish). */
  operationStatus(status: string): void {
    if (this.phase === 'ended' || isEndedStatus(status)) return;
    const outcome = syncOutcome(status);
    // A word outside the vocabulary is no end: the run goes on, shown in the service's own word.
    const shown = isCanceling(this.phase) ? 'Canceling' : outcome === 'queued' ? 'Queued' : outcome === 'running' ? 'InProgress' : status.trim() || this.state.status;
    if (shown !== this.state.status) this.update({ status: shown });
  }

  /** The operation could no longer be followed: go on from the share subscription's listing. */
  followListing(): void {
    this.move('followListing');
  }

  cancelRequested(): void {
    const wasCanceling = isCanceling(this.phase);
    if (!this.move('cancel')) return;
    if (!wasCanceling) this.beforeCancel = this.state.status;
    this.update({ status: 'Canceling', cancelAskedAt: wasCanceling ? this.state.cancelAskedAt : new Date().toISOString() });
  }

  /** The cancel was refused or could not be sent: the synchronization goes on, shown as it was. */
  cancelFailed(): void {
    if (!this.move('cancelFailed')) return;
    if (this.state.status === 'Canceling') this.update({ status: this.beforeCancel ?? 'InProgress', cancelAskedAt: undefined });
  }

  /**
   * Reads now instead of at the next tick (after a cancel, or when the operation ended). A read already under way
   * may have been started before followListing(), so a fresh one follows it.
   */
  async refresh(): Promise<void> {
    await this.reading;
    await this.tick();
  }

  /** The synchronization ended: one last read of its details, then nothing more is read. */
  async finish(status: string, message?: string, endTime?: string): Promise<void> {
    if (!this.move('finish')) return;
    if (this.timer) clearTimeout(this.timer);
    await this.reading;
    await this.readDetails();
    this.end({ status, message, endTime: endTime ?? this.state.endTime ?? new Date().toISOString() });
  }

  stop(): void {
    this.move('stop');
    this.halt();
  }

  /** No timer left, and every read under way cut short. */
  private halt(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.abort.abort();
  }

  private end(patch: Partial<WatchSnapshot>): void {
    if (!this.move('end')) return;
    this.halt();
    this.update({ ...patch, ended: true });
  }

  private schedule(ms: number): void {
    if (!isReading(this.phase)) return;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.schedule(this.options.everyMs));
    }, ms);
  }

  private tick(): Promise<void> {
    if (!isReading(this.phase)) return Promise.resolve();
    this.reading ??= (async () => {
      try {
        if (readsListing(this.phase)) await this.readSynchronization();
        if (this.phase !== 'ended') await this.readDetails();
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  private async readSynchronization(): Promise<void> {
    try {
      const sync = await this.readers.synchronization(this.state.synchronizationId, this.abort.signal);
      if (!sync) {
        // Not in the pages searched (newer ones pushed it out, or it is not listed yet): give up after a few reads
        // instead of polling for ever.
        if (++this.listingMisses >= MAX_LISTING_MISSES) {
          await this.readDetails();
          this.end({ status: UNKNOWN_STATUS, message: 'The synchronization no longer appears in the share subscription\'s recent synchronizations.' });
        }
        return;
      }
      this.listingMisses = 0;
      this.listingFailures = 0;
      const status = sync.status ?? this.state.status;
      if (isEndedStatus(status)) {
        await this.readDetails();
        this.end({ status, message: sync.message, endTime: sync.endTime });
      } else {
        this.update({ status: isCanceling(this.phase) ? 'Canceling' : status, startTime: sync.startTime ?? this.state.startTime });
      }
    } catch (err) {
      if (this.abort.signal.aborted) return;
      this.options.onError?.(`synchronization status: ${String(err)}`);
      if (++this.listingFailures >= MAX_LISTING_FAILURES) {
        this.end({ status: UNKNOWN_STATUS, message: `The synchronization's status could not be read ${MAX_LISTING_FAILURES} times in a row: ${errorMessage(err)}` });
      }
    }
  }

  private async readDetails(): Promise<void> {
    try {
      const details = await this.readers.details(this.state.synchronizationId, this.abort.signal);
      const changed = details.length !== this.state.details.length || details.some((d, i) => d.status !== this.state.details[i]?.status);
      this.state = { ...this.state, detailReads: this.state.detailReads + 1 };
      if (changed) this.update({ details });
    } catch (err) {
      if (!this.abort.signal.aborted) this.options.onError?.(`details: ${String(err)}`);
    }
  }

  private update(patch: Partial<WatchSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener(this.state);
  }
}
