// One seed for every property-based test file, so a CI run is reproducible: FUZZ_SEED=<n> explores others
// (a failure prints the seed and path to replay it).
import fc from 'fast-check';

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
fc.configureGlobal({ seed: FUZZ_SEED });
