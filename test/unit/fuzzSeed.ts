// One seed and one size for every property-based test file. The seed makes a CI run reproducible: FUZZ_SEED=<n>
// explores others (a failure prints the seed and path to replay it). The size keeps `npm test` quick:
// ACI_DS_FUZZ_SCALE=1 runs every property its full (nightly) number of times; the default runs a tenth of them,
// never fewer than MIN_RUNS, so no property is ever skipped.
import fc from 'fast-check';

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
fc.configureGlobal({ seed: FUZZ_SEED });

const DEFAULT_SCALE = 0.1;
const MIN_RUNS = 10;
const scale = Number(process.env.ACI_DS_FUZZ_SCALE ?? DEFAULT_SCALE);
export const FUZZ_SCALE = Number.isFinite(scale) && scale > 0 ? scale : DEFAULT_SCALE;

/** How many times to run a property whose nightly size is `nightly`: scaled, at least MIN_RUNS (or `nightly` if smaller). */
export function fuzzRuns(nightly: number): number {
  return Math.max(Math.min(nightly, MIN_RUNS), Math.round(nightly * FUZZ_SCALE));
}
