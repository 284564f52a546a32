/**
 * Maps a deploy error back to the range in the definition file it is about, so a deploy failure shows where
 * the file is wrong: from the error's `target` (a body path such as `properties.containers[0].properties.image`),
 * a path in its `additionalInfo`, a JSON path or a quoted name in its message, or what its code is known to be
 * about (errorHints.ts). An error about the request that points nowhere lands on the top of the definition.
 */
import { findProperty } from '../definition/nodeQuery';
import type { DefinitionNode, PathSegment, Range } from '../definition/types';
import { parseDefinitionFile } from '../definition/parseDefinition';
import type { ArmErrorKind, ErrorAdditionalInfo, ErrorDetail } from '../arm/errors';
import { hintsFor, pathsInMessage } from './errorHints';

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

/** The member `seg` of `node` (ignoring case, through an alias, or inside a `properties` the path left out). */
function step(node: DefinitionNode | undefined, seg: PathSegment): DefinitionNode | undefined {
  if (!node) return undefined;
  if (typeof seg === 'number') return node.kind === 'array' ? node.children[seg] : undefined;
  const found = findProperty(node, seg) ?? (KEY_ALIASES[seg.toLowerCase()] ?? []).map((a) => findProperty(node, a)).find(Boolean);
  if (found || seg.toLowerCase() === 'properties') return found;
  // SDK-style paths flatten `properties` away (`containers[0].image`); the body still nests it.
  const nested = findProperty(node, 'properties');
  return nested?.kind === 'object' ? (findProperty(nested, seg) ?? undefined) : undefined;
}

export interface TargetRange {
  range: Range;
  /** False when only a parent of the target exists in the file (e.g. a missing required property). */
  exact: boolean;
  /** How many segments of the path were found in the file. */
  matched: number;
}

function bodyOf(root: DefinitionNode | undefined, prefix: readonly PathSegment[]): DefinitionNode | undefined {
  let node = root;
  for (const seg of prefix) node = step(node, seg);
  return node;
}

/** The top of a node: its key, else its first member's key, else its first character. */
function headOf(node: DefinitionNode): Range {
  if (node.keyRange) return node.keyRange;
  const first = node.kind === 'object' ? node.properties[0]?.keyRange : undefined;
  return first ?? { start: node.range.start, end: Math.min(node.range.end, node.range.start + 1) };
}

/**
 * The range for a body path inside the file. `prefix` locates the body in the file (for an ARM template,
 * ['resources', index]). A missing property maps to the key of its deepest existing parent.
 */
export function rangeForBodyPath(root: DefinitionNode | undefined, path: readonly PathSegment[], prefix: readonly PathSegment[] = []): TargetRange | undefined {
  const body = bodyOf(root, prefix);
  if (!body) return undefined;
  let deepest: DefinitionNode = body;
  let matched = 0;
  for (const seg of path) {
    const next = step(deepest, seg);
    if (!next) break;
    deepest = next;
    matched++;
  }
  const exact = matched === path.length;
  if (exact && deepest.kind !== 'object' && deepest.kind !== 'array') return { range: deepest.range, exact, matched };
  return { range: headOf(deepest), exact, matched };
}

/** `['properties','containers',0,'name']` → `properties.containers[0].name`. */
export function formatBodyPath(path: readonly PathSegment[]): string {
  return path.map((seg, i) => (typeof seg === 'number' ? `[${seg}]` : i === 0 ? seg : `.${seg}`)).join('');
}

export interface ErrorLocation {
  /** The body path the problem was placed on (empty when it points nowhere and sits on the top of the definition). */
  target: string;
  code?: string;
  message: string;
  range: Range;
  exact: boolean;
  /** What placed it: the error's target, its additionalInfo, a path or name in its message, its code, or nothing. */
  placedBy: 'target' | 'additionalInfo' | 'message' | 'name' | 'code' | 'document';
}

/** The error fields this reads (an ArmError, or a plain parsed body). */
export interface LocatableError {
  kind?: ArmErrorKind;
  status?: number;
  code?: string;
  message: string;
  /** The service's words alone (an ArmError's `message` adds the status and code around them). */
  serviceMessage?: string;
  target?: string;
  details?: ErrorDetail[];
  additionalInfo?: ErrorAdditionalInfo[];
}

/** Whether the error may be about the definition: not sign-in, permission, throttling, service trouble or a cancel. */
function aboutTheRequest(error: LocatableError): boolean {
  if (error.kind !== undefined && error.kind !== 'http' && error.kind !== 'lro') return false;
  if (error.code === 'OperationCanceled') return false;
  const s = error.status;
  return s === undefined || (s >= 400 && s < 500 && ![401, 403, 404, 405, 407, 408, 429].includes(s));
}

/** String values of additionalInfo entries that name a field (`target`, `path`, `field`, `property…`). */
function infoPaths(info: ErrorAdditionalInfo[] | undefined): string[] {
  const out: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (!value || typeof value !== 'object' || depth > 3) return;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'string' && /^(target|path|field|property|propertyPath|jsonPath)$/i.test(key)) out.push(v);
      else visit(v, depth + 1);
    }
  };
  for (const entry of info ?? []) visit(entry.info, 0);
  return out;
}

interface Problem {
  code?: string;
  message: string;
  target?: string;
  additionalInfo?: ErrorAdditionalInfo[];
}

/**
 * Where one problem goes: the first candidate path that resolves (the target, a path in additionalInfo, one
 * in the message), else what the code and the names it quotes point at.
 */
function place(problem: Problem, root: DefinitionNode | undefined, prefix: readonly PathSegment[]): Omit<ErrorLocation, 'code' | 'message'> | undefined {
  const candidates: { text: string; placedBy: ErrorLocation['placedBy'] }[] = [
    ...(problem.target ? [{ text: problem.target, placedBy: 'target' as const }] : []),
    ...infoPaths(problem.additionalInfo).map((text) => ({ text, placedBy: 'additionalInfo' as const })),
    ...pathsInMessage(problem.message).map((text) => ({ text, placedBy: 'message' as const })),
  ];
  for (const c of candidates) {
    const path = parseTargetPath(c.text);
    const located = path && rangeForBodyPath(root, path, prefix);
    // A dotted word in a message may not be a path at all: it must find at least its first step.
    if (path && located && (located.matched > 0 || c.placedBy !== 'message')) return { target: formatBodyPath(path), range: located.range, exact: located.exact, placedBy: c.placedBy };
  }
  for (const hint of hintsFor(problem.code, problem.message, bodyOf(root, prefix))) {
    const located = rangeForBodyPath(root, hint.path, prefix);
    if (located) return { target: formatBodyPath(hint.path), range: located.range, exact: located.exact, placedBy: hint.how };
  }
  return undefined;
}

/**
 * One location per problem of the error (each detail, depth-first; the top level when no detail carries it),
 * located in the file's text. A problem that points nowhere lands on the top of the definition, unless the
 * error is not about the request at all (sign-in, throttling, a server fault, a network failure).
 */
export function locateErrorTargets(text: string, fileName: string, error: LocatableError, prefix: readonly PathSegment[] = []): ErrorLocation[] {
  const root = parseDefinitionFile(text, fileName).root;
  const fallback = aboutTheRequest(error) ? bodyOf(root, prefix) : undefined;
  const problems: Problem[] = [];
  const walk = (details: ErrorDetail[] | undefined): void => {
    for (const d of details ?? []) {
      if (d.message || d.target) problems.push({ code: d.code, message: d.message ?? d.code ?? '', target: d.target, additionalInfo: d.additionalInfo });
      walk(d.details);
    }
  };
  walk(error.details);
  // The top level repeats its first detail or wraps them (DeploymentFailed); it counts alone, or for a target of its own.
  if (problems.length === 0 || (error.target && !problems.some((p) => p.target === error.target))) {
    problems.push({ code: error.code, message: error.serviceMessage ?? error.message, target: error.target, additionalInfo: error.additionalInfo });
  }
  const out: ErrorLocation[] = [];
  const seen = new Set<string>();
  for (const p of problems) {
    const message = p.message || p.code || 'Azure rejected this value.';
    const located = place(p, root, prefix) ?? (fallback && { target: '', range: headOf(fallback), exact: false, placedBy: 'document' as const });
    const key = located && `${located.range.start}:${located.range.end}\u0000${message}`;
    if (!located || seen.has(key!)) continue;
    seen.add(key!);
    out.push({ code: p.code, message, ...located });
  }
  return out;
}
