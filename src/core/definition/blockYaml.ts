/**
 * A fast reader for the block YAML that definitions are written in: block mappings and sequences, one-line
 * scalars (plain, single-quoted, double-quoted without escapes), block scalars (blockScalar.ts), one-line flow
 * collections of such scalars (`tags: {team: web}`, `command: ["/bin/sh", -c]`), keys that are resource IDs,
 * anchors, aliases and merge keys (`<<: *base`), comments. It builds the same tree and findings as the full
 * reader (yamlParser.ts, via the `yaml` package) and gives up (undefined) on anything else — tags, multi-line
 * plain or quoted scalars, multi-line or unusual flow collections, tabs, CR line ends, several documents,
 * anything the full reader would report as an error — so the full reader handles those. Scalars resolve
 * through the `yaml` package's own YAML 1.2 core schema tags.
 */
import { aliasCopy } from './aliasCopy';
import { readBlockScalar } from './blockScalar';
import { Code } from './findingCodes';
import { addMergedProperties } from './mergeKeys';
import { duplicateKeyFinding } from './jsonParser';
import { DefinitionNode, Finding, MAX_DEPTH, PathSegment, Range } from './types';
import { yaml11Finding } from './yaml11';
import { indexOnLine, out, OutOfSubset, resolvePlain, WholeText, YamlLines } from './yamlLines';

/** Characters that cannot start a plain scalar here (or start one this reader leaves to the full reader). */
const NOT_PLAIN_START = new Set(['[', ']', '{', '}', ',', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);
/** A plain scalar inside a flow collection: a word or path without spaces, colons, `#` or flow indicators. */
const FLOW_PLAIN = /(?:[A-Za-z0-9_.~+/]|-(?=[A-Za-z0-9_.~+/]))[A-Za-z0-9_.~+\-/]*/y;
/** An anchor (`&name`) or alias (`*name`) token, up to a space or flow indicator. */
const NAME = /[^\s[\]{},]+/y;
/** Values aliases may expand to before the full reader takes over (it reports expansions past its own limit). */
const MAX_COPIED = 50_000;

export interface BlockYamlOutput {
  root: DefinitionNode;
  diagnostics: Finding[];
  /** True when the text has anchors, aliases or merge keys. */
  usesAliases: boolean;
}

export interface BlockYamlOptions {
  /** Ranges are moved by this many characters (for a slice re-parsed on its own). */
  shift?: number;
  /** The path of the text's root value in the whole document (for findings' paths). */
  basePath?: PathSegment[];
  /** Index of the root sequence's first item in the whole sequence. */
  firstIndex?: number;
  /**
   * The full reader, for an entry (a sequence item, a mapping's key and value) this reader does not take:
   * that entry's lines alone are read by it, the rest of the text still by this reader.
   */
  readAlone?: (text: string, options: BlockYamlOptions) => { root: DefinitionNode | undefined; diagnostics: Finding[]; usesAliases: boolean; documentCount: number };
}

/** Findings that say an entry read alone may not read as it does in the whole text. */
const NOT_ALONE = new Set<string>([Code.syntax, Code.yamlWarning, Code.multipleDocuments, Code.emptyDocument, Code.tooDeep, Code.complexKey, Code.alias, Code.aliasExpansion]);

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

class Reader extends YamlLines {
  /** The next content line not yet read. */
  private line = 0;
  private readonly diagnostics: Finding[] = [];
  private readonly shift: number;
  /** Anchored values by name (a later anchor of the same name replaces an earlier one, as for the full reader). */
  private readonly anchors = new Map<string, DefinitionNode>();
  private readonly copied = { nodes: 0 };
  /** Anchors whose value is being read: an alias to one of them is left to the full reader. */
  private readonly open = new Set<string>();
  private usesAliases = false;

  constructor(text: string, private readonly options: BlockYamlOptions) {
    super(text);
    this.shift = options.shift ?? 0;
  }

  read(): BlockYamlOutput {
    const first = this.starts[0];
    if (first === undefined) return out();
    const root = this.node(first, undefined, this.options.firstIndex ?? 0);
    if (this.line < this.starts.length) out();
    return { root, diagnostics: this.diagnostics, usesAliases: this.usesAliases };
  }

  /** A block collection starting at `at` on the current line (a scalar alone on a line is left to the full reader). */
  private node(at: number, path: PathLink | undefined, firstIndex = 0): DefinitionNode {
    if ((path?.depth ?? 0) + (this.options.basePath?.length ?? 0) > MAX_DEPTH) out();
    if (this.isDash(at)) return this.sequence(at, path, firstIndex);
    if (this.keyEnd(at) >= 0 || this.isMergeKey(at)) return this.mapping(at, path);
    return out();
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
    for (;;) {
      const line = this.line;
      if (this.isMergeKey(at)) {
        this.merge(at, line, col, path, properties, seen);
        const next = this.line;
        if (this.colOf(next) < col) break;
        if (this.colOf(next) > col || this.isDash(this.startOf(next))) out();
        at = this.startOf(next);
        continue;
      }
      const mark = this.diagnostics.length;
      let child: DefinitionNode;
      try {
        child = this.member(at, line, col, path);
      } catch (e) {
        if (!(e instanceof OutOfSubset) || e instanceof WholeText || at !== this.startOf(line)) throw e;
        this.diagnostics.length = mark;
        this.line = line;
        child = this.alone(line, col, false, path, 0);
      }
      const key = child.key ?? '';
      const keyRange = child.keyRange!;
      const childPath: PathLink = { up: path, seg: key, depth: (path?.depth ?? 0) + 1 };
      if (seen.has(key)) {
        // A key that replaces merged (<<) values is normal YAML; only literal repeats are reported.
        const existing = properties.findIndex((p) => p.key === key);
        if ((properties[existing] as { merged?: boolean } | undefined)?.merged) properties.splice(existing, 1);
        else this.diagnostics.push(duplicateKeyFinding(key, keyRange, this.pathOf(childPath)));
      }
      seen.add(key);
      properties.push(child);
      const next = this.line;
      if (this.colOf(next) < col) break;
      if (this.colOf(next) > col || this.isDash(this.startOf(next))) out();
      at = this.startOf(next);
    }
    // A block collection ends where its last member ends (merged and replaced members included).
    const last = properties.at(-1) ?? out();
    return { kind: 'object', properties, range: { start: first + this.shift, end: last.range.end } };
  }

  /** A mapping's entry at `at` (a plain key, then its value): the value's node, with the key set on it. */
  private member(at: number, line: number, col: number, path: PathLink | undefined): DefinitionNode {
    const colon = this.keyEnd(at);
    if (colon < 0 || colon - at > 1000) out();
    const source = this.text.slice(at, colon);
    const keyValue = resolvePlain(source);
    const key = keyValue === null ? '' : String(keyValue);
    const keyRange = { start: at + this.shift, end: colon + this.shift };
    const childPath: PathLink = { up: path, seg: key, depth: (path?.depth ?? 0) + 1 };
    let valueAt = this.skipSpaces(colon + 1);
    const anchor = this.text[valueAt] === '&' ? this.anchorAt(valueAt) : undefined;
    if (anchor) valueAt = anchor.next;
    let child: DefinitionNode;
    if (valueAt < this.endOf(line) && this.text[valueAt] !== '#') {
      child = this.text[valueAt] === '*' ? this.alias(valueAt, line, col, childPath) : this.scalar(valueAt, line, col, childPath);
    } else {
      this.line = line + 1;
      const next = this.line;
      if (this.colOf(next) > col) child = this.node(this.startOf(next), childPath);
      else if (this.colOf(next) === col && this.isDash(this.startOf(next))) child = this.sequence(this.startOf(next), childPath, 0);
      else if (anchor) child = out();
      else child = { kind: 'null', value: null, range: { start: valueAt + this.shift, end: valueAt + this.shift }, plain: true };
    }
    if (anchor) this.anchored(anchor.name, child);
    child.key = key;
    child.keyRange = keyRange;
    child.keyPlain = true;
    const warning = yaml11Finding(source, keyRange, () => this.pathOf(childPath));
    if (warning) this.diagnostics.push(warning);
    return child;
  }

  /**
   * The entry on `line` read alone by the full reader: its lines run to the next line at its column or left
   * of it (a mapping key's indentless sequence stays with it). WholeText when it may read differently alone.
   */
  private alone(line: number, col: number, isSeq: boolean, path: PathLink | undefined, index: number): DefinitionNode {
    const readAlone = this.options.readAlone;
    if (!readAlone) throw new WholeText();
    let next = line + 1;
    while (next < this.starts.length && (this.colOf(next) > col || (!isSeq && this.colOf(next) === col && this.isDash(this.startOf(next))))) next++;
    const start = this.lineStartOf(this.startOf(line));
    const end = next < this.starts.length ? this.lineStartOf(this.startOf(next)) : this.text.length;
    const sub = readAlone(this.text.slice(start, end), { shift: this.shift + start, basePath: this.pathOf(path), firstIndex: index });
    const root = sub.root;
    const members = root?.kind === 'object' ? root.properties : root?.kind === 'array' ? root.children : [];
    const member = members[0];
    const at = this.startOf(line) + this.shift;
    if (sub.documentCount !== 1 || sub.usesAliases || !root || !member || members.length !== 1 || root.kind !== (isSeq ? 'array' : 'object')) throw new WholeText();
    if ((isSeq ? root.range.start : member.keyRange?.start) !== at || sub.diagnostics.some((d) => NOT_ALONE.has(d.code))) throw new WholeText();
    this.diagnostics.push(...sub.diagnostics);
    this.line = next;
    return member;
  }

  private sequence(first: number, path: PathLink | undefined, firstIndex: number): DefinitionNode {
    const col = this.column(first);
    const children: DefinitionNode[] = [];
    let at = first;
    let end: number; // the last item's end
    for (;;) {
      const line = this.line;
      const itemPath: PathLink = { up: path, seg: firstIndex + children.length, depth: (path?.depth ?? 0) + 1 };
      const mark = this.diagnostics.length;
      let item: DefinitionNode;
      try {
        item = this.item(at, line, col, itemPath);
      } catch (e) {
        if (!(e instanceof OutOfSubset) || e instanceof WholeText || at !== this.startOf(line)) throw e;
        this.diagnostics.length = mark;
        this.line = line;
        item = this.alone(line, col, true, path, firstIndex + children.length);
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

  /** A sequence's item whose dash is at `at`. */
  private item(at: number, line: number, col: number, itemPath: PathLink): DefinitionNode {
    let content = this.skipSpaces(at + 1);
    const anchor = this.text[content] === '&' ? this.anchorAt(content) : undefined;
    if (anchor) content = anchor.next;
    let item: DefinitionNode;
    if (content >= this.endOf(line) || this.text[content] === '#') {
      this.line = line + 1;
      if (this.colOf(this.line) <= col) out();
      item = this.node(this.startOf(this.line), itemPath);
    } else if (this.isDash(content)) {
      item = out();
    } else if (this.keyEnd(content) >= 0 || this.isMergeKey(content)) {
      // `- &a key: value` anchors the key, which this reader leaves to the full one.
      item = anchor ? out() : this.mapping(content, itemPath);
    } else {
      item = this.text[content] === '*' ? this.alias(content, line, col, itemPath) : this.scalar(content, line, col, itemPath);
    }
    if (anchor) this.anchored(anchor.name, item);
    return item;
  }

  /**
   * A one-line scalar or flow collection at `at`; the line must end after it, and no line indented more than
   * its collection (`col`) may follow (that would continue a plain scalar).
   */
  private scalar(at: number, line: number, col: number, path: PathLink): DefinitionNode {
    const text = this.text;
    const c = text.charAt(at);
    if (c === '|' || c === '>') {
      const block = readBlockScalar(text, at, col) ?? out();
      let next = line + 1;
      while (next < this.starts.length && this.startOf(next) < block.next) next++;
      this.line = next;
      return { kind: 'string', value: block.value, range: { start: at + this.shift, end: block.end + this.shift }, plain: false };
    }
    if (this.colOf(line + 1) > col) out();
    this.line = line + 1;
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
        const keyValue = resolvePlain(source);
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

  /** `&name` at `at`: the name, and where the value after it starts. */
  private anchorAt(at: number): { name: string; next: number } {
    NAME.lastIndex = at + 1;
    if (!NAME.test(this.text) || !/[ \n]/.test(this.text[NAME.lastIndex] ?? '\n')) out();
    this.usesAliases = true;
    const name = this.text.slice(at + 1, NAME.lastIndex);
    this.open.add(name);
    return { name, next: this.skipSpaces(NAME.lastIndex) };
  }

  private anchored(name: string, node: DefinitionNode): void {
    this.open.delete(name);
    this.anchors.set(name, node);
  }

  /** `*name` alone on the line at `at` (after its key or dash): a copy of the anchored value, placed here. */
  private alias(at: number, line: number, col: number, path: PathLink): DefinitionNode {
    const { name, end } = this.aliasName(at, this.endOf(line));
    this.endOfLine(end, line);
    if (this.colOf(line + 1) > col) out();
    this.line = line + 1;
    return this.expand(name, { start: at + this.shift, end: end + this.shift }, this.pathOf(path));
  }

  private aliasName(at: number, lineEnd: number): { name: string; end: number } {
    NAME.lastIndex = at + 1;
    if (this.text[at] !== '*' || !NAME.test(this.text) || NAME.lastIndex > lineEnd) out();
    return { name: this.text.slice(at + 1, NAME.lastIndex), end: NAME.lastIndex };
  }

  /** The anchored value `name` at `range`, with the note the full reader gives each alias written in the file. */
  private expand(name: string, range: Range, path: PathSegment[]): DefinitionNode {
    if (this.open.has(name)) out();
    const target = this.anchors.get(name) ?? out();
    this.usesAliases = true;
    this.diagnostics.push({ code: Code.alias, severity: 'info', message: `Alias *${name} repeats the anchored value; findings inside it are shown here.`, range: { ...range }, path });
    const copy = aliasCopy(target, range, this.copied);
    if (this.copied.nodes > MAX_COPIED) out();
    return copy;
  }

  /** `<<: *a` or `<<: [*a, *b]`: the anchored mappings' entries join this one, unless it has the key already. */
  private merge(at: number, line: number, col: number, path: PathLink | undefined, properties: DefinitionNode[], seen: Set<string>): void {
    const keyRange = { start: at + this.shift, end: at + 2 + this.shift };
    const lineEnd = this.endOf(line);
    let v = this.skipSpaces(at + 3);
    const names: string[] = [];
    let end: number;
    if (this.text[v] === '[') {
      do {
        const alias = this.aliasName(this.skipSpaces(v + 1), lineEnd);
        names.push(alias.name);
        v = this.skipSpaces(alias.end);
      } while (this.text[v] === ',');
      if (this.text[v] !== ']') out();
      end = v + 1;
    } else {
      const alias = this.aliasName(v, lineEnd);
      names.push(alias.name);
      end = alias.end;
    }
    this.endOfLine(end, line);
    if (this.colOf(line + 1) > col) out();
    this.line = line + 1;
    for (const name of names) {
      addMergedProperties(properties, seen, this.expand(name, keyRange, this.pathOf(path)));
    }
  }

  /** A plain scalar's node, with the YAML 1.1 warning its text calls for. */
  private plain(source: string, at: number, end: number, path: PathLink): DefinitionNode {
    const value = resolvePlain(source);
    const r = { start: at + this.shift, end: end + this.shift };
    const warning = yaml11Finding(source, r, () => this.pathOf(path));
    if (warning) this.diagnostics.push(warning);
    if (value === null || value === undefined) return { kind: 'null', value: null, range: r, plain: true };
    if (typeof value === 'boolean') return { kind: 'boolean', value, range: r, plain: true };
    if (typeof value === 'number') return { kind: 'number', value, range: r, plain: true };
    if (typeof value === 'bigint') return { kind: 'number', value: Number(value), range: r, plain: true };
    return { kind: 'string', value: String(value), range: r, plain: true };
  }
}
