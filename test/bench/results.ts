/** The shape every benchmark reports: rows of figures, printed as one table or as JSON. */
import type { Timing } from './stats';

export type Figure =
  | { kind: 'timing'; timing: Timing }
  | { kind: 'value'; value: number; unit: string }
  | { kind: 'text'; text: string }
  | { kind: 'na'; reason: string };

export interface Row {
  section: string;
  name: string;
  ours: Figure;
  peer?: Figure;
  /** How many times faster ours is (peer p50 / ours p50). */
  speedup?: number;
  /** The goal, as text (e.g. "p50 < 50 ms"). */
  target?: string;
  /** Whether the figure meets the target; undefined when there is none or it cannot be judged. */
  met?: boolean;
  note?: string;
}

export const timing = (t: Timing): Figure => ({ kind: 'timing', timing: t });
export const value = (v: number, unit: string): Figure => ({ kind: 'value', value: v, unit });
export const text = (t: string): Figure => ({ kind: 'text', text: t });
export const notAvailable = (reason: string): Figure => ({ kind: 'na', reason });

/** p50 of a timing figure, or the value of a value figure. */
export function headline(f: Figure | undefined): number | undefined {
  if (!f) return undefined;
  if (f.kind === 'timing') return f.timing.p50;
  if (f.kind === 'value') return f.value;
  return undefined;
}

export function speedup(ours: Figure, peer: Figure): number | undefined {
  const a = headline(ours);
  const b = headline(peer);
  return a !== undefined && b !== undefined && a > 0 ? b / a : undefined;
}
