/**
 * Test hooks' waits on a panel's record: each waiter checks its condition when the record changes and gives
 * up with the record in its message after a timeout. Shared by the report and the trend panels.
 */
export class RecordWaiters<R> {
  private readonly waiters = new Set<() => void>();

  /** `current` is the record tests look at (the last panel's); `what` names it in the timeout message. */
  constructor(
    private readonly current: () => R | undefined,
    private readonly what: string,
  ) {}

  /** The record changed: every waiter checks again. */
  notify(): void {
    for (const w of [...this.waiters]) w();
  }

  /** Resolves once `check` holds for the current record. */
  waitFor(check: (record: R) => boolean, timeoutMs = 60_000): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const test = () => {
        const record = this.current();
        if (record && check(record)) {
          clearTimeout(timer);
          this.waiters.delete(test);
          resolve(record);
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(test);
        reject(new Error(`${this.what} condition not met in ${timeoutMs} ms; record: ${JSON.stringify(this.current())}`));
      }, timeoutMs);
      this.waiters.add(test);
      test();
    });
  }
}
