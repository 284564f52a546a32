/**
 * Maps the `target` of a CloudError (a body path such as `properties.containers[0].properties.image`) back
 * to the range of that property in the definition file, so a deploy failure shows where the file is wrong.
 */
import { findProperty } from '../definition/nodeQuery';
import type { DefinitionNode, PathSegment, Range } from '../definition/types';
import { parseDefinitionFile } from '../definition/parseDefinition';
import type { ErrorDetail } from '../arm/errors';

/**
 * `properties.containers[0].properties.image` → ['properties','containers',0,'properties','image'].
 * Undefined for text that is not a property path (some services put a resource id or a free word there).
 */
export function parseTargetPath(target: string): PathSegment[] | undefined {
  const t = target.trim().replace(/^\$\.?/, '');
  if (!t) return undefined;
  const path: PathSegment[] = [];
  const re = /([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[['"]([^'"]+)['"]\]|(\.)/gy;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t)) !== null) {
    if (m[1] !== undefined) path.push(m[1]);
    else if (m[2] !== undefined) path.push(Number(m[2]));
    else if (m[3] !== undefined) path.push(m[3]);
    last = re.lastIndex;
  }
  return last === t.length && path.length > 0 ? path : undefined;
}

/** Keys the body uses that the file may spell differently. */
const KEY_ALIASES: Record<string, string[]> = { azurefile: ['cloudFile'] };

function step(node: DefinitionNode | undefined, seg: PathSegment): DefinitionNode | undefined {
  if (!node) return undefined;
  if (typeof seg === 'number') return node.kind === 'array' ? node.children[seg] : undefined;
  const found = findProperty(node, seg);
  if (found) return found;
  for (const alias of KEY_ALIASES[seg.toLowerCase()] ?? []) {
    const a = findProperty(node, alias);
    if (a) return a;
  }
  return undefined;
}

export interface TargetRange {
  range: Range;
  /** False when only a parent of the target exists in the file (e.g. a missing required property). */
  exact: boolean;
}

/**
 * The range for a body path inside the file. `prefix` locates the body in the file (for an ARM template,
 * ['resources', index]). A missing property maps to the key of its deepest existing parent.
 */
export function rangeForBodyPath(root: DefinitionNode | undefined, path: readonly PathSegment[], prefix: readonly PathSegment[] = []): TargetRange | undefined {
  let node = root;
  for (const seg of prefix) node = step(node, seg);
  if (!node) return undefined;
  let deepest: DefinitionNode = node;
  let exact = true;
  for (const seg of path) {
    const next = step(deepest, seg);
    if (!next) {
      exact = false;
      break;
    }
    deepest = next;
  }
  if (exact && deepest.kind !== 'object' && deepest.kind !== 'array') return { range: deepest.range, exact };
  if (deepest.keyRange) return { range: deepest.keyRange, exact };
  const first = deepest.kind === 'object' ? deepest.properties[0]?.keyRange : undefined;
  return { range: first ?? { start: deepest.range.start, end: Math.min(deepest.range.end, deepest.range.start + 1) }, exact };
}

export interface ErrorLocation {
  target: string;
  code?: string;
  message: string;
  range: Range;
  exact: boolean;
}

/** Every target in the error and its details (depth-first, de-duplicated), located in the file's text. */
export function locateErrorTargets(
  text: string,
  fileName: string,
  error: { code?: string; message: string; target?: string; details?: ErrorDetail[] },
  prefix: readonly PathSegment[] = [],
): ErrorLocation[] {
  const root = parseDefinitionFile(text, fileName).root;
  const out: ErrorLocation[] = [];
  const seen = new Set<string>();
  const add = (target: string | undefined, code: string | undefined, message: string | undefined): void => {
    if (!target) return;
    const key = `${target}\u0000${message ?? ''}`;
    if (seen.has(key)) return;
    const path = parseTargetPath(target);
    if (!path) return;
    const located = rangeForBodyPath(root, path, prefix);
    if (!located) return;
    seen.add(key);
    out.push({ target, code, message: message ?? code ?? 'Azure rejected this value.', ...located });
  };
  const walk = (details: ErrorDetail[] | undefined): void => {
    for (const d of details ?? []) {
      add(d.target, d.code, d.message);
      walk(d.details);
    }
  };
  walk(error.details);
  // The top-level error repeats its first detail; it counts only when no detail carried the same target.
  if (error.target && !out.some((o) => o.target === error.target)) add(error.target, error.code, error.message);
  return out;
}
