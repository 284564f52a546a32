/**
 * The completion site in JSON, from the node tree at the cursor plus the characters just before it.
 * The tree of an incomplete document (unclosed string or brace) still has the object being written,
 * so `{"properties": {"os|` finds the key `os` of `properties`.
 */
import { DefinitionDocument, DefinitionNode, PathSegment } from '../definition';
import { chainAt, itemIndexAt } from './nodeChain';
import { lineIndent, Site } from './site';

export function jsonSite(doc: DefinitionDocument, offset: number): Site | undefined {
  const text = doc.text;
  const { links, isKey } = chainAt(doc.root, offset);
  const last = links[links.length - 1];
  if (!last) return rootSite(doc, offset);
  if (isKey && last.node.keyRange) {
    const kr = last.node.keyRange;
    if (offset === kr.start && text[kr.start] === '"') return undefined;
    const closed = kr.end - kr.start >= 2 && text[kr.end - 1] === '"' && !text.slice(kr.start + 1, kr.end - 1).includes('\n');
    const end = closed ? kr.end : Math.max(offset, lineBreakBefore(text, kr.start, kr.end));
    const keyOnly = /^\s*:/.test(text.slice(kr.end, kr.end + 200));
    const parent = links[links.length - 2];
    return {
      kind: 'key',
      path: parent.path,
      object: parent.node,
      range: { start: kr.start, end },
      keyOnly,
      editing: kr,
      newItem: false,
      column: lineIndent(text, kr.start),
      suffix: keyOnly ? '' : commaIfMemberFollows(text, end),
    };
  }
  const node = last.node;
  if (node.kind !== 'object' && node.kind !== 'array') {
    if (offset === node.range.end && (node.kind === 'string' ? stringClosed(text, node.range.start, node.range.end) : false)) return undefined;
    if (offset <= node.range.start && node.range.end > node.range.start) return undefined;
    const closed = node.kind === 'string' && stringClosed(text, node.range.start, node.range.end);
    const end = closed || node.kind !== 'string' ? Math.max(offset, node.range.end) : offset;
    const quote = text[node.range.start] === '"' ? '"' : '';
    return { kind: 'value', path: last.path, quote, range: { start: node.range.start, end }, column: lineIndent(text, node.range.start), suffix: commaIfMemberFollows(text, end) };
  }
  return containerSite(doc, node, last.path, offset);
}

/** Cursor in the whitespace of an object or array (or on a bare word typed there). */
function containerSite(doc: DefinitionDocument, node: DefinitionNode, path: PathSegment[], offset: number): Site | undefined {
  const text = doc.text;
  let start = offset;
  while (start > node.range.start && /[A-Za-z0-9_$.-]/.test(text[start - 1])) start--;
  const prev = previousSignificant(text, start, node.range.start);
  if (prev === undefined) return undefined;
  const range = { start, end: offset };
  if (node.kind === 'object') {
    if (prev.char === '{' || prev.char === ',') {
      if (prev.index < node.range.start) return undefined;
      return { kind: 'key', path, object: node, range, keyOnly: false, newItem: false, column: lineIndent(text, start), suffix: commaIfMemberFollows(text, offset) };
    }
    if (prev.char === ':') {
      let owner: DefinitionNode | undefined;
      for (const p of node.properties) if (p.keyRange && p.keyRange.end <= prev.index) owner = p;
      if (!owner || owner.key === undefined) return undefined;
      return { kind: 'value', path: [...path, owner.key], quote: '', range, column: lineIndent(text, owner.keyRange!.start), suffix: commaIfMemberFollows(text, offset) };
    }
    return undefined;
  }
  if (prev.char === '[' || prev.char === ',') {
    return { kind: 'item', path: [...path, itemIndexAt(node, offset)], range, column: lineIndent(text, start), suffix: commaIfMemberFollows(text, offset) };
  }
  return undefined;
}

/** An empty document or only whitespace: the root object's keys are written inside a new `{`. */
function rootSite(doc: DefinitionDocument, offset: number): Site | undefined {
  const before = doc.text.slice(0, offset);
  if (before.trim() === '{' && !doc.root) {
    return { kind: 'key', path: [], object: undefined, range: { start: offset, end: offset }, keyOnly: false, newItem: false, column: lineIndent(doc.text, offset), suffix: '' };
  }
  return undefined;
}

function stringClosed(text: string, start: number, end: number): boolean {
  if (end - start < 2 || text[end - 1] !== '"') return false;
  let backslashes = 0;
  for (let i = end - 2; i > start && text[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0;
}

/** An unclosed string runs to the end of the document; the typed token ends at its line. */
function lineBreakBefore(text: string, start: number, end: number): number {
  const nl = text.indexOf('\n', start);
  return nl >= 0 && nl < end ? nl : end;
}

function previousSignificant(text: string, offset: number, floor: number): { char: string; index: number } | undefined {
  for (let i = offset - 1; i >= Math.max(0, floor); i--) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
    if (c === '/' && text[i - 1] === '*') {
      const open = text.lastIndexOf('/*', i - 2);
      if (open < 0) return undefined;
      i = open;
      continue;
    }
    return { char: c, index: i };
  }
  return undefined;
}

/** `,` when the next token after `offset` starts another member or item. */
function commaIfMemberFollows(text: string, offset: number): string {
  const m = /^\s*(.)/.exec(text.slice(offset, offset + 400));
  return m && /["{[0-9tfn-]/.test(m[1]) ? ',' : '';
}
