/**
 * A fast reader for the plain block YAML that definitions are written in: block mappings and sequences,
 * one-line scalars (plain, single-quoted, double-quoted without escapes), one-line flow collections of such
 * scalars (`tags: {team: web}`, `command: [nginx, -g]`), comments. It builds the same tree and findings as
 * the full reader (yamlParser.ts, via the `yaml` package) and gives up (undefined) on anything else —
 * anchors, tags, block or multi-line scalars, multi-line or unusual flow collections,
 * tabs, CR line ends, several documents, anything the full reader would report as an error — so the full
 * reader handles those. Scalars resolve through the `yaml` package's own YAML 1.2 core schema tags.
 */
import { Document } from 'yaml';
import { duplicateKeyFinding } from './jsonParser';
import { DefinitionNode, Finding, MAX_DEPTH, PathSegment, Range } from './types';
import { yaml11Finding } from './yaml11';

interface ScalarTag {
  default?: boolean | 'key';
  test?: RegExp;
  resolve(value: string, onError: (message: string) => void, options: unknown): unknown;
}

let core: { tags: ScalarTag[]; options: unknown } | undefined;

/** The core schema's scalar tags, in the order the `yaml` package tries them. */
function coreSchema(): { tags: ScalarTag[]; options: unknown } {
  if (!core) {
    const doc = new Document(null, { version: '1.2' });
    core = { tags: (doc.schema.tags as ScalarTag[]).filter((t) => t.default === true && t.test), options: doc.options };
  }
  return core;
}

/** Thrown (and caught by parseBlockYaml) when the text leaves the subset this reader takes. */
class OutOfSubset extends Error {}

const out = (): never => {
  throw new OutOfSubset();
};

/** Characters that cannot start a plain scalar here (or start one this reader leaves to the full reader). */
const NOT_PLAIN_START = new Set(['[', ']', '{', '}', ',', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);
const KEY = /[A-Za-z_][A-Za-z0-9_.\-/]*:(?= |\n|$)/y;
/** A plain scalar inside a flow collection: a word without spaces, colons, `#` or flow indicators. */
const FLOW_PLAIN = /(?:[A-Za-z0-9_.~+]|-(?=[A-Za-z0-9_.~+]))[A-Za-z0-9_.~+\-/]*/y;

/** `text.indexOf(search, from)` when found before `end`, else -1 (without searching past `end`). */
function indexOnLine(text: string, search: string, from: number, end: number): number {
  const at = text.slice(from, end).indexOf(search);
  return at < 0 ? -1 : from + at;
}

export interface BlockYamlOutput {
  root: DefinitionNode;
  diagnostics: Finding[];
}

export interface BlockYamlOptions {
  /** Ranges are moved by this many characters (for a slice re-parsed on its own). */
  shift?: number;
  /** The path of the text's root value in the whole document (for findings' paths). */
  basePath?: PathSegment[];
  /** Index of the root sequence's first item in the whole sequence. */
  firstIndex?: number;
}

export function parseBlockYaml(text: string, options: BlockYamlOptions = {}): BlockYamlOutput | undefined {
  if (/[\t\r\uFEFF]/.test(text)) return undefined;
  try {
    return new Reader(text, options).read();
  } catch (e) {
    if (e instanceof OutOfSubset) return undefined;
    throw e;
  }
}

/** A path built only when a finding needs it: most nodes have none. */
interface PathLink {
  up: PathLink | undefined;
  seg: PathSegment;
  depth: number;
}

class Reader {
  /** Content lines (blank and comment-only lines left out): where the content starts, its column, the line's end. */
  private readonly starts: number[] = [];
  private readonly cols: number[] = [];
  private readonly ends: number[] = [];
  /** The next content line not yet read. */
  private line = 0;
  private readonly diagnostics: Finding[] = [];
  private readonly shift: number;

  constructor(private readonly text: string, private readonly options: BlockYamlOptions) {
    this.shift = options.shift ?? 0;
    let pos = 0;
    while (pos <= text.length) {
      let end = text.indexOf('\n', pos);
      if (end < 0) end = text.length;
      let c = pos;
      while (c < end && text.charCodeAt(c) === 32) c++;
      if (c < end && text[c] !== '#') {
        if (c === pos && (text.startsWith('---', c) || text.startsWith('...', c) || text[c] === '%')) out();
        this.starts.push(c);
        this.cols.push(c - pos);
        this.ends.push(end);
      }
      pos = end + 1;
    }
  }

  read(): BlockYamlOutput {
    const first = this.starts[0];
    if (first === undefined) return out();
    const root = this.node(first, undefined, this.options.firstIndex ?? 0);
    if (this.line < this.starts.length) out();
    return { root, diagnostics: this.diagnostics };
  }

  // Content line i; past the last one, the end of the text at column -1, which closes every collection.
  private startOf(i: number): number {
    return this.starts[i] ?? this.text.length;
  }

  private colOf(i: number): number {
    return this.cols[i] ?? -1;
  }

  private endOf(i: number): number {
    return this.ends[i] ?? this.text.length;
  }

  /** A block collection starting at `at` on the current line (a scalar alone on a line is left to the full reader). */
  private node(at: number, path: PathLink | undefined, firstIndex = 0): DefinitionNode {
    if ((path?.depth ?? 0) + (this.options.basePath?.length ?? 0) > MAX_DEPTH) out();
    if (this.isDash(at)) return this.sequence(at, path, firstIndex);
    if (this.keyEnd(at) >= 0) return this.mapping(at, path);
    return out();
  }

  private isDash(at: number): boolean {
    const next = this.text[at + 1];
    return this.text[at] === '-' && (next === ' ' || next === '\n' || next === undefined);
  }

  /** Offset of the `:` after a plain key at `at`, or -1. */
  private keyEnd(at: number): number {
    KEY.lastIndex = at;
    return KEY.test(this.text) ? KEY.lastIndex - 1 : -1;
  }

  private column(at: number): number {
    return at - (this.text.lastIndexOf('\n', at - 1) + 1);
  }

  private pathOf(link: PathLink | undefined): PathSegment[] {
    const segs: PathSegment[] = [];
    for (let l = link; l; l = l.up) segs.push(l.seg);
    return [...(this.options.basePath ?? []), ...segs.reverse()];
  }

  private mapping(first: number, path: PathLink | undefined): DefinitionNode {
    const col = this.column(first);
    const properties: DefinitionNode[] = [];
    const seen = new Set<string>();
    let at = first;
    let end: number; // the last property's end
    for (;;) {
      const line = this.line;
      const colon = this.keyEnd(at);
      if (colon < 0 || colon - at > 1000) out();
      const source = this.text.slice(at, colon);
      const keyValue = this.resolve(source);
      const key = keyValue === null ? '' : String(keyValue);
      const keyRange = { start: at + this.shift, end: colon + this.shift };
      const childPath: PathLink = { up: path, seg: key, depth: (path?.depth ?? 0) + 1 };
      const valueAt = this.skipSpaces(colon + 1);
      let child: DefinitionNode;
      if (valueAt < this.endOf(line) && this.text[valueAt] !== '#') {
        child = this.scalar(valueAt, line, col, childPath);
        this.line = line + 1;
      } else {
        this.line = line + 1;
        const next = this.line;
        if (this.colOf(next) > col) child = this.node(this.startOf(next), childPath);
        else if (this.colOf(next) === col && this.isDash(this.startOf(next))) child = this.sequence(this.startOf(next), childPath, 0);
        else child = { kind: 'null', value: null, range: { start: valueAt + this.shift, end: valueAt + this.shift }, plain: true };
      }
      child.key = key;
      child.keyRange = keyRange;
      child.keyPlain = true;
      const warning = yaml11Finding(source, keyRange, () => this.pathOf(childPath));
      if (warning) this.diagnostics.push(warning);
      if (seen.has(key)) this.diagnostics.push(duplicateKeyFinding(key, keyRange, this.pathOf(childPath)));
      seen.add(key);
      properties.push(child);
      end = child.range.end;
      const next = this.line;
      if (this.colOf(next) < col) break;
      if (this.colOf(next) > col || this.isDash(this.startOf(next))) out();
      at = this.startOf(next);
    }
    return { kind: 'object', properties, range: { start: first + this.shift, end } };
  }

  private sequence(first: number, path: PathLink | undefined, firstIndex: number): DefinitionNode {
    const col = this.column(first);
    const children: DefinitionNode[] = [];
    let at = first;
    let end: number; // the last item's end
    for (;;) {
      const line = this.line;
      const itemPath: PathLink = { up: path, seg: firstIndex + children.length, depth: (path?.depth ?? 0) + 1 };
      const content = this.skipSpaces(at + 1);
      let item: DefinitionNode;
      if (content >= this.endOf(line) || this.text[content] === '#') {
        this.line = line + 1;
        if (this.colOf(this.line) <= col) out();
        item = this.node(this.startOf(this.line), itemPath);
      } else if (this.isDash(content)) {
        item = out();
      } else if (this.keyEnd(content) >= 0) {
        item = this.mapping(content, itemPath);
      } else {
        item = this.scalar(content, line, col, itemPath);
        this.line = line + 1;
      }
      children.push(item);
      end = item.range.end;
      const next = this.line;
      if (this.colOf(next) < col) break;
      if (this.colOf(next) > col) out();
      if (!this.isDash(this.startOf(next))) break;
      at = this.startOf(next);
    }
    return { kind: 'array', children, range: { start: first + this.shift, end } };
  }

  private skipSpaces(at: number): number {
    while (this.text.charCodeAt(at) === 32) at++;
    return at;
  }

  /** After a value: only spaces, then the line's end or a comment. */
  private endOfLine(at: number, line: number): void {
    const rest = this.skipSpaces(at);
    if (rest < this.endOf(line) && !(this.text[rest] === '#' && rest > at)) out();
  }

  /**
   * A one-line scalar or flow collection at `at`; the line must end after it, and no line indented more than
   * its collection (`col`) may follow (that would continue a plain scalar).
   */
  private scalar(at: number, line: number, col: number, path: PathLink): DefinitionNode {
    if (this.colOf(line + 1) > col) out();
    const text = this.text;
    const c = text.charAt(at);
    if (c === '{' || c === '[') {
      const { node, end } = this.flow(at, line, path);
      this.endOfLine(end, line);
      return node;
    }
    if (c === "'" || c === '"') {
      const { node, end } = this.quoted(at, line);
      this.endOfLine(end, line);
      return node;
    }
    if (NOT_PLAIN_START.has(c) || ((c === '-' || c === '?' || c === ':') && (text[at + 1] === ' ' || at + 1 >= this.endOf(line)))) out();
    // A plain scalar runs to the line's end or a comment (` #`); trailing spaces are not part of it.
    const lineEnd = this.endOf(line);
    const hash = indexOnLine(text, ' #', at, lineEnd);
    let end = hash >= 0 ? hash : lineEnd;
    while (end > at && text.charCodeAt(end - 1) === 32) end--;
    const source = text.slice(at, end);
    if (source.includes(': ') || source.endsWith(':')) out();
    return this.plain(source, at, end, path);
  }

  /** A quoted scalar on one line (double-quoted only without escapes); `end` is after its closing quote. */
  private quoted(at: number, line: number): { node: DefinitionNode; end: number } {
    const text = this.text;
    const c = text.charAt(at);
    let close = at + 1;
    for (;;) {
      close = indexOnLine(text, c, close, this.endOf(line));
      if (close < 0) out();
      if (c === "'" && text[close + 1] === "'") close += 2;
      else break;
    }
    const inner = text.slice(at + 1, close);
    if (c === '"' && inner.includes('\\')) out();
    const value = c === "'" ? inner.replace(/''/g, "'") : inner;
    return { node: { kind: 'string', value, range: { start: at + this.shift, end: close + 1 + this.shift }, plain: false }, end: close + 1 };
  }

  /**
   * A flow mapping or sequence closed on its line: `{k: v, …}` with plain keys, `[v, …]`, whose values are
   * plain words (no spaces, colons or indicators), quoted scalars or such collections. No trailing commas,
   * empty entries, `k:v` pairs or pairs inside sequences: those are left to the full reader.
   */
  private flow(first: number, line: number, path: PathLink): { node: DefinitionNode; end: number } {
    // Its members must stay within MAX_DEPTH too: the full reader reports deeper ones.
    if (path.depth + (this.options.basePath?.length ?? 0) >= MAX_DEPTH) out();
    const text = this.text;
    const isMap = text[first] === '{';
    const close = isMap ? '}' : ']';
    const lineEnd = this.endOf(line);
    const members: DefinitionNode[] = [];
    const seen = new Set<string>();
    let at = this.skipSpaces(first + 1);
    while (text[at] !== close) {
      if (members.length > 0) {
        if (text[at] !== ',') out();
        at = this.skipSpaces(at + 1);
      }
      let memberPath: PathLink;
      let key: { source: string; value: string; range: Range } | undefined;
      if (isMap) {
        const colon = this.keyEnd(at);
        if (colon < 0 || text[colon + 1] !== ' ') out();
        const source = text.slice(at, colon);
        const keyValue = this.resolve(source);
        key = { source, value: keyValue === null ? '' : String(keyValue), range: { start: at + this.shift, end: colon + this.shift } };
        memberPath = { up: path, seg: key.value, depth: path.depth + 1 };
        at = this.skipSpaces(colon + 1);
      } else {
        memberPath = { up: path, seg: members.length, depth: path.depth + 1 };
      }
      const { node, end } = this.flowValue(at, line, memberPath);
      if (key) {
        node.key = key.value;
        node.keyRange = key.range;
        node.keyPlain = true;
        const warning = yaml11Finding(key.source, key.range, () => this.pathOf(memberPath));
        if (warning) this.diagnostics.push(warning);
        if (seen.has(key.value)) this.diagnostics.push(duplicateKeyFinding(key.value, key.range, this.pathOf(memberPath)));
        seen.add(key.value);
      }
      members.push(node);
      at = this.skipSpaces(end);
      if (at >= lineEnd) out();
    }
    const range = { start: first + this.shift, end: at + 1 + this.shift };
    const node: DefinitionNode = isMap ? { kind: 'object', properties: members, range } : { kind: 'array', children: members, range };
    return { node, end: at + 1 };
  }

  /** A value inside a flow collection. */
  private flowValue(at: number, line: number, path: PathLink): { node: DefinitionNode; end: number } {
    const c = this.text[at];
    if (c === '{' || c === '[') return this.flow(at, line, path);
    if (c === "'" || c === '"') return this.quoted(at, line);
    FLOW_PLAIN.lastIndex = at;
    if (!FLOW_PLAIN.test(this.text)) out();
    const end = FLOW_PLAIN.lastIndex;
    if (end > this.endOf(line)) out();
    return { node: this.plain(this.text.slice(at, end), at, end, path), end };
  }

  /** A plain scalar's node, with the YAML 1.1 warning its text calls for. */
  private plain(source: string, at: number, end: number, path: PathLink): DefinitionNode {
    const value = this.resolve(source);
    const r = { start: at + this.shift, end: end + this.shift };
    const warning = yaml11Finding(source, r, () => this.pathOf(path));
    if (warning) this.diagnostics.push(warning);
    if (value === null || value === undefined) return { kind: 'null', value: null, range: r, plain: true };
    if (typeof value === 'boolean') return { kind: 'boolean', value, range: r, plain: true };
    if (typeof value === 'number') return { kind: 'number', value, range: r, plain: true };
    if (typeof value === 'bigint') return { kind: 'number', value: Number(value), range: r, plain: true };
    return { kind: 'string', value: String(value), range: r, plain: true };
  }

  /** A plain scalar's value under the YAML 1.2 core schema, as the `yaml` package resolves it. */
  private resolve(source: string): unknown {
    const { tags, options } = coreSchema();
    const tag = tags.find((t) => t.test!.test(source));
    if (!tag) return source;
    let failed = false;
    const value = tag.resolve(source, () => (failed = true), options);
    if (failed) out();
    return value !== null && typeof value === 'object' && 'value' in value ? value.value : value;
  }
}
