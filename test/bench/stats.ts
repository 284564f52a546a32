/** Timing helpers: warm-up first, then `performance.now()` samples summarized as percentiles. */

export interface Timing {
  p50: number;
  p95: number;
  min: number;
  max: number;
  /** Number of measured samples (warm-up runs excluded). */
  n: number;
}

export interface LoopOptions {
  warmup: number;
  iterations: number;
}

/** Nearest-rank percentile of ascending samples (with few samples p95 is the slowest one). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

/** Times one call of `fn` (sync or async) in milliseconds. */
export async function timeOnce(fn: () => unknown): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/**
 * Runs `fn` `warmup` times unmeasured, then `iterations` times measured. `fn` gets the run index
 * (warm-up runs included) so callers can vary the input, e.g. alternate edit sites. `prepare`, when given,
 * runs before each call of `fn`, untimed (e.g. to put the text in place for the measured edit).
 */
export async function measure(options: LoopOptions, fn: (run: number) => unknown, prepare?: (run: number) => unknown): Promise<Timing> {
  let run = 0;
  for (let i = 0; i < options.warmup; i++) {
    await prepare?.(run);
    await fn(run++);
  }
  const samples: number[] = [];
  for (let i = 0; i < options.iterations; i++) {
    await prepare?.(run);
    const started = performance.now();
    await fn(run++);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}
