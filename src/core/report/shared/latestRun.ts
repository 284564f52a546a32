/**
 * One slot of cancellable work where only the newest run may publish. Starting a run aborts the one before
 * it, so a reload stops the older listing instead of letting it keep paging, and a result that arrives late
 * from an older run can be recognised (isCurrent() is false) and dropped instead of replacing a newer one.
 */

export interface RunTicket {
  /** Passed to the service calls of this run; aborted by a newer start, stop() or close(). */
  readonly signal: AbortSignal;
  /** True while no newer run has started and the slot is open: only then may the run publish. */
  isCurrent(): boolean;
}

export class LatestRun {
  private generation = 0;
  private controller: AbortController | undefined;
  private closed = false;

  /** Begins a new run, aborting the previous one. After close() the ticket is already aborted and stale. */
  start(): RunTicket {
    this.controller?.abort();
    const controller = new AbortController();
    const generation = ++this.generation;
    if (this.closed) controller.abort();
    this.controller = controller;
    return { signal: controller.signal, isCurrent: () => !this.closed && generation === this.generation };
  }

  /** Aborts the running one, which stays current so it can still report that it stopped. */
  stop(): void {
    this.controller?.abort();
  }

  /** The owner is gone: abort the running one and make every ticket stale. */
  close(): void {
    this.closed = true;
    this.generation++;
    this.controller?.abort();
    this.controller = undefined;
  }
}
