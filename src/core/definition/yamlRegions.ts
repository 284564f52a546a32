/**
 * Where an edit sits in a YAML tree, for the incremental re-parse: the block collections around it (innermost
 * first) and, in one of them, the lines of the entries the edit touches.
 */
import { DefinitionNode, PathSegment } from './types';

export interface Level {
  /** The block collection whose entries are re-parsed. */
  node: DefinitionNode;
  path: PathSegment[];
  /** The collections from the root down to `node`, each with the index of the member leading on. */
  chain: { node: DefinitionNode; index: number }[];
  /** Column of its keys (mapping) or dashes (sequence). */
  col: number;
}

export interface Region {
  /** Indexes of the first and last entry re-parsed. */
  first: number;
  last: number;
  /** The region's lines: from the first entry's line start to the next entry's (or the collection's end). */
  start: number;
  end: number;
}

export function blockMembers(node: DefinitionNode): DefinitionNode[] {
  return node.kind === 'object' ? node.properties : node.kind === 'array' ? node.children : [];
}

const lineStart = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;

/** Where the entry's line-leading token is: the key, or the dash before a sequence item (undefined if none). */
function entryBegin(text: string, collection: DefinitionNode, member: DefinitionNode): number | undefined {
  if (collection.kind === 'object') return member.keyRange?.start;
  let at = member.range.start - 1;
  while (at >= 0 && text[at] === ' ') at--;
  return text[at] === '-' ? at : undefined;
}

/** The block collections containing the edit, innermost first. */
export function levelsAround(root: DefinitionNode, text: string, from: number, to: number): Level[] {
  const levels: Level[] = [];
  const chain: { node: DefinitionNode; index: number }[] = [];
  const path: PathSegment[] = [];
  let node = root;
  for (let depth = 0; depth < 64; depth++) {
    const members = blockMembers(node);
    const first = members[0];
    if (!first || text[node.range.start] === '{' || text[node.range.start] === '[') break;
    const begin = entryBegin(text, node, first);
    if (begin === undefined) break;
    levels.push({ node, path: [...path], chain: [...chain, { node, index: -1 }], col: begin - lineStart(text, begin) });
    const index = members.findIndex((m) => (m.keyRange?.start ?? m.range.start) <= from && to <= m.range.end);
    const inner = members[index];
    if (inner === undefined) break; // no member holds the whole edit
    chain.push({ node, index });
    path.push(node.kind === 'array' ? index : inner.key ?? '');
    node = inner;
  }
  return levels.reverse();
}

/** True when only spaces come before `at` on its line. */
function leadsLine(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0 && text[i] !== '\n'; i--) if (text[i] !== ' ') return false;
  return true;
}

/**
 * The entries of the level's collection that the edit [from, to) touches, grown by `extra` entries after,
 * with their lines. Undefined when the edit is not within whole entries that each start a line.
 */
export function entryRegion(level: Level, text: string, from: number, to: number, extra = 0): Region | undefined {
  const { node, col } = level;
  const members = blockMembers(node);
  /** Start of entry i's line; undefined when the entry does not start a line (or there is no entry i). */
  const lineOf = (i: number): number | undefined => {
    const member = members[i];
    const begin = member && entryBegin(text, node, member);
    return begin !== undefined && leadsLine(text, begin) ? lineStart(text, begin) : undefined;
  };
  // The last entry whose line starts at or before the edit (binary search: entries are in text order).
  let lo = 0;
  let hi = members.length - 1;
  let first = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const member = members[mid];
    const begin = member && entryBegin(text, node, member);
    if (begin === undefined) return undefined;
    if (lineStart(text, begin) <= from) {
      first = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  if (first < 0) return undefined;
  let last = first;
  while (last + 1 < members.length && (lineOf(last + 1) ?? Infinity) < to) last++;
  last = Math.min(members.length - 1, last + extra);
  const lastMember = members[last];
  const start = lineOf(first);
  if (start === undefined || lastMember === undefined) return undefined;
  for (let i = first + 1; i <= last; i++) if (lineOf(i) === undefined) return undefined;
  let end: number | undefined;
  if (last + 1 < members.length) {
    end = lineOf(last + 1);
    if (end === undefined) return undefined;
  } else {
    end = collectionEnd(text, node, lastMember, col);
  }
  if (to > end || lastMember.range.end > end) return undefined;
  return { first, last, start, end };
}

/** Start of the first line after the last member that ends the collection (its column or left of it). */
function collectionEnd(text: string, node: DefinitionNode, lastMember: DefinitionNode, col: number): number {
  let pos = text.indexOf('\n', Math.max(lastMember.range.end - 1, lastMember.range.start));
  if (pos < 0) return text.length;
  pos++;
  while (pos < text.length) {
    let next = text.indexOf('\n', pos);
    if (next < 0) next = text.length;
    let c = pos;
    while (c < next && text.charCodeAt(c) === 32) c++;
    if (c < next && text[c] !== '#') {
      const indent = c - pos;
      const dash = text[c] === '-' && (c + 1 === next || text[c + 1] === ' ');
      if (indent < col || (indent === col && (node.kind === 'array' || !dash))) return pos;
    }
    pos = next + 1;
  }
  return text.length;
}
