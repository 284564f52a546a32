// Deterministic pseudo-random values derived from names, so generated data is identical between runs.
import { createHash } from 'node:crypto';

export function hashBytes(...parts: (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

/** A GUID-shaped string derived from the inputs. */
export function guidFrom(...parts: (string | number)[]): string {
  return guidOf(hashBytes(...parts));
}

/** The GUID guidFrom makes of parts whose hash is `hash` (a caller that also seeds a PRNG from them hashes once). */
export function guidOf(hash: Buffer): string {
  const h = hash.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Small seeded PRNG (mulberry32) returning floats in [0, 1). */
export function seededRandom(...parts: (string | number)[]): () => number {
  return randomOf(hashBytes(...parts));
}

/** The PRNG seededRandom makes of parts whose hash is `hash`. */
export function randomOf(hash: Buffer): () => number {
  let state = hash.readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function intBetween(rand: () => number, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}
