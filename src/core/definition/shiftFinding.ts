/** Moving findings with the text they point into (incremental parses, items validated on their own). */
import type { Finding, Fix, Range } from './types';

function shiftRange(r: Range, delta: number): Range {
  return { start: r.start + delta, end: r.end + delta };
}

/**
 * A finding with range objects of its own, not shared with the tree's nodes: the incremental re-parse moves
 * node ranges in place, which must not move findings already reported.
 */
export function detachedFinding(f: Finding): Finding {
  return shiftFinding(f, 0);
}

/** A finding moved by `delta` characters, with its fixes' edits (new range objects throughout). */
export function shiftFinding(f: Finding, delta: number): Finding {
  const shiftFix = (fix: Fix): Fix => ({ ...fix, edits: fix.edits.map((e) => ({ ...e, range: shiftRange(e.range, delta) })) });
  const out: Finding = { ...f, range: shiftRange(f.range, delta) };
  if (f.fix) out.fix = shiftFix(f.fix);
  if (f.moreFixes) out.moreFixes = f.moreFixes.map(shiftFix);
  return out;
}
