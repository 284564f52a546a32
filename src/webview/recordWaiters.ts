/**
 * Lets tests wait until a panel's test record satisfies a condition: the panel calls notify() whenever its
 * record changes, and each waiter checks again then (no polling, no timed assertions: the timeout only ends
 * a wait that can no longer succeed, with the record in the error).
 */
export class RecordWaiters<R> {
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly current: () => R | undefined,
    private readonly what: string,
  ) {}

  notify(): void {
    for (const w of [...this.waiters]) w();
  }

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
