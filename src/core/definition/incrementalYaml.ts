/**
 * Incremental YAML re-parse. An edit usually stays inside a few entries of one block collection (items of
 * `containers`, keys of `properties`): only those entries' lines are parsed again, on their own, and spliced
 * into the tree; everything after them is shifted. The smallest collection whose entries bound the edit is
 * tried first, then the ones around it. A syntax error (an unclosed `[` or quote being typed) makes the region
 * grow until its last entry reads cleanly, which is where the full parser's damage ends too. Returns undefined
 * whenever the result could differ from a full parse (the caller then parses all): anchors or aliases in the
 * region, several documents, a region that does not start and end on its collection's column.
 */
import { Code } from './findingCodes';
import { duplicateKeyFinding } from './jsonParser';
import { detachedFinding, shiftFinding } from './shiftFinding';
import { DefinitionNode, Finding, PathSegment } from './types';
import { parseYaml } from './yamlParser';
import { blockMembers, entryRegion, Level, levelsAround, Region } from './yamlRegions';

export interface YamlState {
  text: string;
  root: DefinitionNode | undefined;
  diagnostics: Finding[];
  usesAliases: boolean;
}

/** Findings that say the document as a whole reads differently: never re-parsed in parts. */
const WHOLE_DOCUMENT_CODES = new Set<string>([Code.multipleDocuments, Code.tooDeep, Code.emptyDocument, Code.complexKey, Code.aliasExpansion]);

/** An anchor or alias token (`&name`, `*name`) may be in the text: conservative, a `*` inside a value counts too. */
const ANCHOR_OR_ALIAS = /(?:^|[\s[{,])[&*][^\s[\]{},]/;

const isYamlFinding = (d: Finding): boolean => d.code === Code.syntax || d.code === Code.yamlWarning;

/** Entries past the edit a region takes in, in turn, while an error runs on (an unclosed quote or bracket). */
const EXTRA_ENTRIES = [0, 1, 2, 4, 8];

export function tryIncrementalYaml(prev: YamlState, newText: string, offset: number, deleteLength: number, insertText: string): YamlState | undefined {
  if (!prev.root || prev.diagnostics.some((d) => WHOLE_DOCUMENT_CODES.has(d.code))) return undefined;
  const editEnd = offset + deleteLength;
  const delta = insertText.length - deleteLength;
  // Re-parsing more than a quarter of the text is no faster than parsing all of it.
  const budget = Math.max(4096, prev.text.length / 4);
  for (const level of levelsAround(prev.root, prev.text, offset, editEnd)) {
    // An error may take in the line after it: the region then grows until its last entry is clear of errors.
    for (const extra of EXTRA_ENTRIES) {
      const region = entryRegion(level, prev.text, offset, editEnd, extra);
      if (!region || region.end - region.start > budget) break;
      const next = reparse(prev, level, region, newText, delta);
      if (next !== 'grow') {
        if (next) return next;
        break;
      }
    }
  }
  return undefined;
}

/** The state after re-parsing the region; 'grow' when an error reaches its last entry; undefined to give up here. */
function reparse(prev: YamlState, level: Level, region: Region, newText: string, delta: number): YamlState | 'grow' | undefined {
  const { node: collection, path, col } = level;
  const isSeq = collection.kind === 'array';
  const { first, last, start, end } = region;
  const newEnd = end + delta;
  if (newEnd < start || (newEnd > start && newEnd < newText.length && newText[newEnd - 1] !== '\n')) return undefined;
  const slice = newText.slice(start, newEnd);
  const starts = entryLines(slice, col, isSeq);
  if (!starts) return undefined;
  // Copies made by aliases elsewhere must not change: no anchor may leave or enter the region, and the region
  // may not lie inside an anchored node (its copies would keep the old entries).
  if (prev.usesAliases && (ANCHOR_OR_ALIAS.test(prev.text.slice(start, end)) || insideAnchor(level, prev.text))) return undefined;

  // Findings of the previous parse: those inside the region go, later ones move; none may cross its edges.
  const kept: Finding[] = [];
  const removed = last - first + 1;
  for (const d of prev.diagnostics) {
    if (d.range.start >= start && d.range.end <= end && !(d.range.start === end && d.range.end === end)) continue;
    if (d.range.start < end && d.range.end > start) return undefined;
    // A syntax error after the region may come from its old text (an unclosed bracket or quote reaches on):
    // the region grows to take it in. With none after it, the old text left the parser in step at its end.
    if (isYamlFinding(d) && d.range.start >= end) {
      return end < prev.text.length && region.last + 1 < blockMembers(collection).length ? 'grow' : undefined;
    }
    kept.push(d.range.start >= end ? shiftFinding(d, delta) : d);
  }

  let entries: DefinitionNode[] = [];
  const found: Finding[] = [];
  // Both undefined when the region is left with no entry (its lines were deleted).
  const firstStart = starts[0];
  const lastStart = starts.at(-1);
  if (firstStart !== undefined && lastStart !== undefined) {
    const sub = parseYaml(slice, { shift: start, basePath: path, firstIndex: first });
    if (sub.documentCount !== 1 || sub.usesAliases || !sub.root) return undefined;
    if (sub.root.kind !== collection.kind || sub.root.range.start !== start + firstStart) return undefined;
    const lastEntry = start + lastStart;
    let grow = false;
    for (const d of sub.diagnostics) {
      if (WHOLE_DOCUMENT_CODES.has(d.code)) return undefined;
      // The last entry must read cleanly: the full parser is then back in step with the text that follows.
      if (isYamlFinding(d) && d.range.end >= lastEntry) grow = true;
      found.push(detachedFinding(d));
    }
    if (grow) return end < prev.text.length && last + 1 < blockMembers(collection).length ? 'grow' : undefined;
    entries = blockMembers(sub.root);
    if (entries.length !== starts.length) return undefined;
    if (!isSeq && starts.some((s, i) => entries[i]?.keyRange?.start !== start + s)) return undefined;
  }
  if (blockMembers(collection).length - removed + entries.length === 0) return undefined;

  // Last step, after every check that can give up. Later nodes are shifted in place (the previous document
  // is marked superseded); the collections on the path are copied, so a changed container is a new node.
  if (delta !== 0) shiftAfter(prev.root!, end, delta);
  // The chain runs from the root down to `collection`; each copy replaces its original in its parent's copy.
  const copies: DefinitionNode[] = [];
  let parent: { copy: DefinitionNode; index: number } | undefined;
  for (const { node, index } of level.chain) {
    const copy = copyOf(node);
    if (parent) blockMembers(parent.copy).splice(parent.index, 1, copy);
    copies.push(copy);
    parent = { copy, index };
  }
  const copy = copies.at(-1)!; // levelsAround ends every chain with the level's own collection, never empty
  const members = blockMembers(copy);
  members.splice(first, removed, ...entries);
  if (first === 0) {
    const begin = isSeq ? (firstStart !== undefined ? start + firstStart : end + delta + col) : members[0]?.keyRange?.start;
    if (begin !== undefined) copy.range = { start: begin, end: copy.range.end };
  }
  // Innermost first: each collection ends where its last member (possibly the copy below it) ends.
  for (const c of [...copies].reverse()) {
    const lastMember = blockMembers(c).at(-1);
    if (lastMember) c.range = { start: c.range.start, end: Math.max(c.range.start, lastMember.range.end) };
  }

  let diagnostics = kept;
  const shiftIndex = entries.length - removed;
  if (isSeq && shiftIndex !== 0) diagnostics = diagnostics.map((d) => reindexed(d, path, last, shiftIndex));
  diagnostics.push(...found);
  if (!isSeq) diagnostics = withDuplicateKeys(diagnostics, copy, path);
  return { text: newText, root: copies[0], diagnostics, usesAliases: prev.usesAliases };
}

/**
 * True when a collection on the level's chain (the root, each one leading to the edit, the level's own) may
 * carry an anchor: one written between where it begins in its parent (after the key, or after the previous
 * item) and its first entry. Conservative: an `&` or `*` token in a comment there counts too.
 */
function insideAnchor(level: Level, text: string): boolean {
  let lead = 0;
  for (const [i, { node, index }] of level.chain.entries()) {
    const first = blockMembers(node)[0];
    const firstAt = first ? (first.keyRange?.start ?? first.range.start) : node.range.start;
    if (ANCHOR_OR_ALIAS.test(text.slice(lead, Math.max(lead, firstAt)))) return true;
    if (i === level.chain.length - 1) break;
    const members = blockMembers(node);
    const next = members[index];
    if (!next) return true;
    lead = node.kind === 'array' ? (index > 0 ? members[index - 1]!.range.end : node.range.start) : next.keyRange?.end ?? next.range.start;
  }
  return false;
}

function copyOf(node: DefinitionNode): DefinitionNode {
  if (node.kind === 'object') return { ...node, properties: [...node.properties] };
  if (node.kind === 'array') return { ...node, children: [...node.children] };
  return { ...node };
}

/**
 * Offsets (in `slice`) where the region's entries start: content lines at the collection's column (dashes
 * for a sequence; keys, or an indentless sequence's dashes, for a mapping). Undefined when a line sits left
 * of the column, a sequence line at the column is not a dash, or a line could end the document.
 */
function entryLines(slice: string, col: number, isSeq: boolean): number[] | undefined {
  const starts: number[] = [];
  let firstContent = -1;
  let pos = 0;
  while (pos < slice.length) {
    let lineEnd = slice.indexOf('\n', pos);
    if (lineEnd < 0) lineEnd = slice.length;
    let c = pos;
    while (c < lineEnd && slice.charCodeAt(c) === 32) c++;
    const ch = slice[c];
    if (c < lineEnd && ch !== '#') {
      if (ch === '\t' || ch === '\r' || (c === pos && (slice.startsWith('---', c) || slice.startsWith('...', c) || ch === '%'))) return undefined;
      const indent = c - pos;
      if (indent < col) return undefined;
      if (firstContent < 0) firstContent = c;
      if (indent === col) {
        const dash = ch === '-' && (c + 1 === lineEnd || slice[c + 1] === ' ');
        if (isSeq && !dash) return undefined;
        if (isSeq || !dash) starts.push(c);
      }
    }
    pos = lineEnd + 1;
  }
  // Content before the first entry would join the entry before the region.
  if (firstContent >= 0 && starts[0] !== firstContent) return undefined;
  return starts;
}

/** Moves every node that starts at or after `from` by `delta`, and the ends of those that span it. */
function shiftAfter(node: DefinitionNode, from: number, delta: number): void {
  if (node.range.start >= from) {
    shiftInPlace(node, delta);
    return;
  }
  if (node.range.end < from) return;
  for (const m of blockMembers(node)) shiftAfter(m, from, delta);
}

/** Range objects are changed, not replaced (no allocation per node); findings never share them (detachedFinding). */
function shiftInPlace(node: DefinitionNode, delta: number): void {
  node.range.start += delta;
  node.range.end += delta;
  if (node.keyRange) {
    node.keyRange.start += delta;
    node.keyRange.end += delta;
  }
  if (node.kind === 'object') for (const p of node.properties) shiftInPlace(p, delta);
  else if (node.kind === 'array') for (const c of node.children) shiftInPlace(c, delta);
}

/** A finding under a later item of the sequence at `path` gets the item's new index. */
function reindexed(d: Finding, path: PathSegment[], last: number, shift: number): Finding {
  if (d.path.length <= path.length || !path.every((seg, i) => d.path[i] === seg)) return d;
  const index = d.path[path.length];
  if (typeof index !== 'number' || index <= last) return d;
  const moved = [...d.path];
  moved[path.length] = index + shift;
  return { ...d, path: moved };
}

/** Repeated keys of the mapping at `path`, found again over all its keys (the region saw only its own). */
function withDuplicateKeys(diagnostics: Finding[], mapping: DefinitionNode, path: PathSegment[]): Finding[] {
  const isOwn = (d: Finding): boolean => d.code === Code.duplicateKey && d.path.length === path.length + 1 && path.every((seg, i) => d.path[i] === seg);
  const out = diagnostics.filter((d) => !isOwn(d));
  const seen = new Set<string>();
  for (const p of blockMembers(mapping)) {
    const key = p.key ?? '';
    if (seen.has(key) && p.keyRange) out.push(duplicateKeyFinding(key, p.keyRange, [...path, key]));
    seen.add(key);
  }
  return out;
}
