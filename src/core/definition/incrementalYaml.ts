/**
 * Incremental YAML re-parse: when an edit falls inside one item of a block sequence (e.g. one of the
 * `containers`), only that item's text is parsed again and spliced into the tree; every later range is
 * shifted. Returns undefined whenever the shortcut could differ from a full parse; the caller then parses all.
 */
import { Code } from './findingCodes';
import { shiftFinding } from './shiftFinding';
import { DefinitionNode, Finding, PathSegment, Range } from './types';
import { parseYaml } from './yamlParser';

export interface YamlState {
  text: string;
  root: DefinitionNode | undefined;
  diagnostics: Finding[];
  usesAliases: boolean;
}

const UNSAFE_CODES = new Set<string>([Code.syntax, Code.multipleDocuments, Code.yamlWarning, Code.tooDeep, Code.emptyDocument, Code.complexKey, Code.alias]);

export function tryIncrementalYaml(prev: YamlState, newText: string, offset: number, deleteLength: number, insertText: string): YamlState | undefined {
  if (!prev.root || prev.usesAliases || prev.diagnostics.some((d) => UNSAFE_CODES.has(d.code))) return undefined;
  const editEnd = offset + deleteLength;
  const target = outermostItemAround(prev.root, offset, editEnd);
  if (!target) return undefined;
  const { item, path } = target;
  const text = prev.text;
  const S = item.range.start;
  const lineStart = text.lastIndexOf('\n', S - 1) + 1;
  const dash = /^( *)- +$/.exec(text.slice(lineStart, S));
  if (!dash) return undefined;
  const dashCol = dash[1].length;
  const E = spanEnd(text, item.range.end, dashCol);
  if (!(offset > S && editEnd <= E)) return undefined;

  const delta = insertText.length - deleteLength;
  const newE = E + delta;
  if (newE < newText.length && newText[newE - 1] !== '\n') return undefined;
  const slice = newText.slice(S, newE);
  if (!laterLinesIndented(slice, dashCol)) return undefined;

  const column = S - lineStart;
  const sub = parseYaml(' '.repeat(column) + slice, S - column);
  if (sub.documentCount !== 1 || sub.usesAliases || !sub.root || sub.root.kind !== 'object') return undefined;
  if (sub.diagnostics.some((d) => UNSAFE_CODES.has(d.code))) return undefined;
  const replacement = sub.root;
  if (replacement.range.start !== S || replacement.range.end > newE) return undefined;

  const diagnostics: Finding[] = [];
  for (const d of prev.diagnostics) {
    if (d.range.start >= S && d.range.end <= E) continue;
    if (d.range.start < S && d.range.end > S) return undefined;
    diagnostics.push(d.range.start >= E ? shiftFinding(d, delta) : d);
  }
  for (const d of sub.diagnostics) diagnostics.push({ ...d, path: [...path, ...d.path] });
  // Last step, after every check that can give up: the previous tree is modified in place.
  const root = splice(prev.root, path, 0, replacement, item.range.end, E, delta);
  return { text: newText, root, diagnostics, usesAliases: false };
}

/** The outermost array item whose range strictly contains the edit, with its path. */
function outermostItemAround(root: DefinitionNode, start: number, end: number): { item: DefinitionNode; path: PathSegment[] } | undefined {
  let node: DefinitionNode = root;
  const path: PathSegment[] = [];
  for (let depth = 0; depth < 64; depth++) {
    if (node.kind === 'array') {
      const i = node.children.findIndex((c) => c.range.start < start && end <= c.range.end + 1);
      if (i < 0) return undefined;
      const item = node.children[i];
      return item.kind === 'object' ? { item, path: [...path, i] } : undefined;
    }
    if (node.kind !== 'object') return undefined;
    const next = node.properties.find((p) => p.range.start <= start && end <= p.range.end + 1 && (!p.keyRange || p.keyRange.end < start));
    if (!next) return undefined;
    path.push(next.key ?? '');
    node = next;
  }
  return undefined;
}

/** End of the item's lines: up to the next non-blank line indented at or left of the dash. */
function spanEnd(text: string, contentEnd: number, dashCol: number): number {
  let pos = text.indexOf('\n', Math.max(contentEnd - 1, 0));
  if (pos < 0) return text.length;
  pos += 1;
  while (pos < text.length) {
    const next = text.indexOf('\n', pos);
    const line = text.slice(pos, next < 0 ? text.length : next);
    const indent = line.length - line.replace(/^ +/, '').length;
    if (line.trim() !== '' && indent <= dashCol) return pos;
    if (next < 0) return text.length;
    pos = next + 1;
  }
  return text.length;
}

function laterLinesIndented(slice: string, dashCol: number): boolean {
  const lines = slice.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (line.trim() === '') continue;
    const indent = line.length - line.replace(/^ +/, '').length;
    if (indent <= dashCol) return false;
  }
  return true;
}

function shiftRange(r: Range, delta: number): Range {
  return { start: r.start + delta, end: r.end + delta };
}


/**
 * Splices in place (like tree-sitter's edit): ancestors get their new end, later subtrees are shifted and
 * the item is replaced. The caller marks the previous document as superseded.
 */
function splice(node: DefinitionNode, path: PathSegment[], depth: number, replacement: DefinitionNode, oldItemEnd: number, E: number, delta: number): DefinitionNode {
  if (depth === path.length) {
    if (node.key !== undefined) replacement.key = node.key;
    if (node.keyRange) replacement.keyRange = node.keyRange;
    if (node.keyPlain !== undefined) replacement.keyPlain = node.keyPlain;
    return replacement;
  }
  const seg = path[depth];
  if (node.kind === 'array') {
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      if (i === seg) children[i] = splice(children[i], path, depth + 1, replacement, oldItemEnd, E, delta);
      else if (children[i].range.start >= E) shiftInPlace(children[i], delta);
    }
  } else if (node.kind === 'object') {
    let done = false;
    const properties = node.properties;
    for (let i = 0; i < properties.length; i++) {
      const p = properties[i];
      if (!done && p.key === seg && p.range.start <= replacement.range.start && (p.range.end >= E || p.range.end >= oldItemEnd)) {
        done = true;
        properties[i] = splice(p, path, depth + 1, replacement, oldItemEnd, E, delta);
      } else if (p.range.start >= E) {
        shiftInPlace(p, delta);
      }
    }
  }
  // Every ancestor on the path is a block collection (block items cannot sit in flow ones): it ends with its last member.
  const members = node.kind === 'array' ? node.children : node.kind === 'object' ? node.properties : [];
  if (members.length) node.range = { start: node.range.start, end: Math.max(node.range.start, members[members.length - 1].range.end) };
  return node;
}

function shiftInPlace(node: DefinitionNode, delta: number): void {
  node.range = shiftRange(node.range, delta);
  if (node.keyRange) node.keyRange = shiftRange(node.keyRange, delta);
  if (node.kind === 'object') for (const p of node.properties) shiftInPlace(p, delta);
  else if (node.kind === 'array') for (const c of node.children) shiftInPlace(c, delta);
}
