/**
 * The completion site in YAML, read from the cursor's line and the node tree at the line above it.
 * Works while the line is still incomplete (`    ima`, `image: `, `- `): the cursor line decides key vs
 * value, the indentation decides which mapping or sequence it belongs to. Only a few lines are read.
 */
import { DefinitionDocument, DefinitionNode, PathSegment } from '../definition';
import { chainAt, ChainLink, itemIndexAt } from './nodeChain';
import { columnOf, lineEndOf, lineStartOf, Site, wordEnd } from './site';

interface Owner {
  path: PathSegment[];
  node: DefinitionNode | undefined;
}

const KEY_VALUE = /^("[^"]*"|'[^']*'|[^\s:#'"{[\]},&*!|>%@`-][^:#]*?|-[^\s:#][^:#]*?)\s*: +(.*)$/;
const PARTIAL_KEY = /^["']?[A-Za-z0-9_$.-]*$/;

export function yamlSite(doc: DefinitionDocument, offset: number): Site | undefined {
  const text = doc.text;
  const lineStart = lineStartOf(text, offset);
  const lineEnd = lineEndOf(text, offset);
  if (offset > lineEnd) return undefined;
  const m = /^( *)((?:- +)?)(.*)$/.exec(text.slice(lineStart, offset));
  if (!m) return undefined;
  const [, spaces, dash, content] = m;
  const dashCol = spaces.length;
  const contentCol = dashCol + dash.length;
  if (/(^|\s)#/.test(content) || content.startsWith('- ')) return undefined;

  const kv = KEY_VALUE.exec(content);
  if (kv) {
    const key = unquote(kv[1]);
    const partial = kv[2];
    if (/^[[{|>&*!%@`]/.test(partial) || /\s#/.test(partial)) return undefined;
    const owner = dash ? itemOwner(doc, lineStart, dashCol) : mappingOwner(doc, lineStart, contentCol);
    if (!owner) return undefined;
    const start = offset - partial.length;
    return {
      kind: 'value',
      path: [...owner.path, key],
      quote: partial[0] === '"' || partial[0] === "'" ? partial[0] : '',
      range: { start, end: Math.max(offset, valueEnd(text, start, lineEnd)) },
      column: contentCol,
      suffix: '',
    };
  }
  if (!PARTIAL_KEY.test(content)) return undefined;
  const start = offset - content.length;
  const end = wordEnd(text, offset, lineEnd);
  const keyOnly = /^["']?\s*:/.test(text.slice(end, lineEnd));
  const owner = dash ? itemOwner(doc, lineStart, dashCol) : mappingOwner(doc, lineStart, contentCol);
  if (!owner) return undefined;
  const editing = { start: lineStart, end: lineEnd };
  const others = owner.node?.kind === 'object' ? owner.node.properties.some((p) => p.keyRange && (p.keyRange.start < editing.start || p.keyRange.start > editing.end)) : false;
  return {
    kind: 'key',
    path: owner.path,
    object: owner.node,
    range: { start, end },
    keyOnly,
    editing,
    newItem: !!dash && !keyOnly && !others,
    column: contentCol,
    suffix: '',
  };
}

function unquote(key: string): string {
  if (key.length >= 2 && (key[0] === '"' || key[0] === "'") && key[key.length - 1] === key[0]) return key.slice(1, -1);
  return key.trim();
}

/** End of the value that starts at `start`: a closed quoted string, or the line up to a comment. */
function valueEnd(text: string, start: number, lineEnd: number): number {
  const q = text[start];
  if (q === '"' || q === "'") {
    const close = text.indexOf(q, start + 1);
    return close >= 0 && close < lineEnd ? close + 1 : lineEnd;
  }
  const line = text.slice(start, lineEnd);
  const comment = line.search(/\s#/);
  return start + (comment >= 0 ? line.slice(0, comment) : line).trimEnd().length;
}

/** Offset on the nearest line above with content, placed so the tree lookup lands as deep as possible. */
function previousContentOffset(text: string, lineStart: number): number | undefined {
  let end = lineStart - 1;
  while (end > 0) {
    const start = lineStartOf(text, end);
    const body = stripComment(text.slice(start, end)).trimEnd();
    if (body.trim() === '---') return undefined;
    if (body.trim().length > 0) {
      // On `key:` the colon is the key's end, so the lookup finds that member even when its value is empty.
      return start + body.length - (body.endsWith(':') ? 1 : 0);
    }
    end = start - 1;
  }
  return undefined;
}

function stripComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[{,-]/.test(line[i - 1])) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) {
      return line.slice(0, i);
    }
  }
  return line;
}

function linksAbove(doc: DefinitionDocument, lineStart: number): ChainLink[] | undefined {
  const at = previousContentOffset(doc.text, lineStart);
  if (at === undefined) return undefined;
  return chainAt(doc.root, at).links;
}

function keyColumn(doc: DefinitionDocument, node: DefinitionNode): number | undefined {
  if (node.kind !== 'object') return undefined;
  const first = node.properties.find((p) => p.keyRange);
  return first?.keyRange ? columnOf(doc.text, first.keyRange.start) : undefined;
}

function sequenceColumn(doc: DefinitionDocument, node: DefinitionNode): number | undefined {
  return node.kind === 'array' && doc.text[node.range.start] === '-' ? columnOf(doc.text, node.range.start) : undefined;
}

/** The mapping a key at `column` on the line at `lineStart` belongs to. */
function mappingOwner(doc: DefinitionDocument, lineStart: number, column: number): Owner | undefined {
  const links = linksAbove(doc, lineStart);
  if (!links || links.length === 0) return { path: [], node: doc.root };
  for (let i = links.length - 1; i >= 0; i--) {
    const { node } = links[i];
    const keyCol = keyColumn(doc, node);
    if (keyCol !== undefined) {
      if (keyCol === column) return links[i];
      // A shallower mapping: the key belongs to the value of the member the line above is in.
      if (keyCol < column) return links[i + 1] ?? links[i];
      continue;
    }
    const seqCol = sequenceColumn(doc, node);
    if (seqCol !== undefined && seqCol < column) {
      return links[i + 1] ?? { path: [...links[i].path, itemIndexAt(node, lineStart)], node: undefined };
    }
  }
  return { path: [], node: doc.root };
}

/** The new or current item of the sequence whose dash is at `dashCol` on the line at `lineStart`. */
function itemOwner(doc: DefinitionDocument, lineStart: number, dashCol: number): Owner | undefined {
  const seq = sequenceOwner(doc, lineStart, dashCol);
  if (!seq) return undefined;
  const index = itemIndexAt(seq.node, lineStart + dashCol);
  const item = seq.node?.kind === 'array' ? seq.node.children[index] : undefined;
  return { path: [...seq.path, index], node: item && item.range.start >= lineStart ? item : undefined };
}

function sequenceOwner(doc: DefinitionDocument, lineStart: number, dashCol: number): Owner | undefined {
  const links = linksAbove(doc, lineStart);
  if (!links || links.length === 0) return doc.root?.kind === 'array' ? { path: [], node: doc.root } : undefined;
  for (let i = links.length - 1; i >= 0; i--) {
    const { node } = links[i];
    if (sequenceColumn(doc, node) === dashCol) return links[i];
    const keyCol = keyColumn(doc, node);
    // `key:` followed by `- ` at the same column (or deeper) starts that key's sequence.
    if (keyCol !== undefined && keyCol <= dashCol) return links[i + 1];
  }
  return undefined;
}
