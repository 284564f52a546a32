// Latency mode: holds each reply for a fixed delay (plus another for each listing page), as a round trip
// to Azure costs 50–300 ms where the emulator answers in about 1 ms. It also counts what a benchmark needs
// to judge a client's round trips: requests, the most in flight at once, and the sequential round trips
// (the largest set of requests whose lifetimes do not overlap: N pages read one after another are N;
// N reads sent together are 1).

/** Environment variable that sets the delay for `npm run sandbox` and the emulator's CLI. */
export const LATENCY_ENV = 'ACI_DS_EMULATOR_LATENCY_MS';

/** The delay the environment asks for (a whole number of ms), else undefined. */
export function latencyFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env[LATENCY_ENV];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${LATENCY_ENV} needs a non-negative integer (milliseconds)`);
  return n;
}

export interface LatencySettings {
  /** Added to every reply, token endpoint included. */
  delayMs: number;
  /** Added on top of delayMs to a reply that is a listing page (a JSON object starting with `value`). */
  pageDelayMs: number;
}

export interface LatencyStats extends LatencySettings {
  requests: number;
  inFlightMax: number;
  sequential: number;
}

/** One request's lifetime, as the gate tracks it. */
export interface Passage {
  readonly arrived: number;
}

export class LatencyGate {
  private settings: LatencySettings;
  private inFlight = 0;
  private inFlightMax = 0;
  private spans: [number, number][] = [];

  constructor(settings: Partial<LatencySettings> = {}) {
    this.settings = { delayMs: settings.delayMs ?? 0, pageDelayMs: settings.pageDelayMs ?? 0 };
  }

  set(settings: Partial<LatencySettings>): void {
    this.settings = { ...this.settings, ...settings };
  }

  enter(): Passage {
    this.inFlight += 1;
    this.inFlightMax = Math.max(this.inFlightMax, this.inFlight);
    return { arrived: performance.now() };
  }

  leave(passage: Passage): void {
    this.inFlight -= 1;
    this.spans.push([passage.arrived, performance.now()]);
  }

  /** How long to hold this reply before writing it. */
  delayFor(body: string): number {
    const page = body.startsWith('{"value":[');
    return this.settings.delayMs + (page ? this.settings.pageDelayMs : 0);
  }

  stats(): LatencyStats {
    return { ...this.settings, requests: this.spans.length, inFlightMax: this.inFlightMax, sequential: sequentialCount(this.spans) };
  }

  reset(): void {
    this.spans = [];
    this.inFlightMax = this.inFlight;
  }
}

/** The largest number of pairwise disjoint spans (earliest-finish greedy): the length of the longest chain of requests each sent after the previous one's reply. */
export function sequentialCount(spans: readonly (readonly [number, number])[]): number {
  const byEnd = [...spans].sort((a, b) => a[1] - b[1]);
  let count = 0;
  let lastEnd = -Infinity;
  for (const [start, end] of byEnd) {
    if (start >= lastEnd) {
      count += 1;
      lastEnd = end;
    }
  }
  return count;
}
