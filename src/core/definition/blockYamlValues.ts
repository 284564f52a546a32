/**
 * The one-line values of the fast block YAML reader (blockYaml.ts): plain, quoted and block scalars, one-line flow
 * collections, anchors, aliases and merge keys, and the state they share with the block structure (the line
 * reached, findings, anchors). Anything outside that subset ends the reading (`out()`), so the full reader takes it.
 */
import { aliasCopy } from './aliasCopy';
import { readBlockScalar } from './blockScalar';
import type { BlockYamlOptions } from './blockYaml';
import { Code } from './findingCodes';
import { addMergedProperties } from './mergeKeys';
import { duplicateKeyFinding } from './jsonParser';
import { DefinitionNode, Finding, MAX_DEPTH, PathSegment, Range } from './types';
import { yaml11Finding } from './yaml11';
import { indexOnLine, out, resolvePlain, YamlLines } from './yamlLines';

/** Characters that cannot start a plain scalar here (or start one this reader leaves to the full reader). */
const NOT_PLAIN_START = new Set(['[', ']', '{', '}', ',', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);
/** A plain scalar inside a flow collection: a word or path without spaces, colons, `#` or flow indicators. */
const FLOW_PLAIN = /(?:[A-Za-z0-9_.~+/]|-(?=[A-Za-z0-9_.~+/]))[A-Za-z0-9_.~+\-/]*/y;
/** An anchor (`&name`) or alias (`*name`) token, up to a space or flow indicator. */
const NAME = /[^\s[\]{},]+/y;
/** Values aliases may expand to before the full reader takes over (it reports expansions past its own limit). */
const MAX_COPIED = 50_000;

/** A path built only when a finding needs it: most nodes have none. */
export interface PathLink {
  up: PathLink | undefined;
  seg: PathSegment;
  depth: number;
}

/** The reader's state, and everything it reads on one line. */
export abstract class ValueReader extends YamlLines {
  /** The next content line not yet read. */
  protected line = 0;
  protected readonly diagnostics: Finding[] = [];
  protected readonly shift: number;
  /** Anchored values by name (a later anchor of the same name replaces an earlier one, as for the full reader). */
  protected readonly anchors = new Map<string, DefinitionNode>();
  protected readonly copied = { nodes: 0 };
  /** Anchors whose value is being read: an alias to one of them is left to the full reader. */
  protected readonly open = new Set<string>();
  protected usesAliases = false;

  constructor(text: string, protected readonly options: BlockYamlOptions) {
    super(text);
    this.shift = options.shift ?? 0;
  }

  protected pathOf(link: PathLink | undefined): PathSegment[] {
    const segs: PathSegment[] = [];
    for (let l = link; l; l = l.up) segs.push(l.seg);
    return [...(this.options.basePath ?? []), ...segs.reverse()];
  }

  /**
   * A one-line scalar or flow collection at `at`; the line must end after it, and no line indented more than
   * its collection (`col`) may follow (that would continue a plain scalar).
   */
  protected scalar(at: number, line: number, col: number, path: PathLink): DefinitionNode {
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
  protected quoted(at: number, line: number): { node: DefinitionNode; end: number } {
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
  protected flow(first: number, line: number, path: PathLink): { node: DefinitionNode; end: number } {
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
  protected flowValue(at: number, line: number, path: PathLink): { node: DefinitionNode; end: number } {
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
  protected anchorAt(at: number): { name: string; next: number } {
    NAME.lastIndex = at + 1;
    if (!NAME.test(this.text) || !/[ \n]/.test(this.text[NAME.lastIndex] ?? '\n')) out();
    this.usesAliases = true;
    const name = this.text.slice(at + 1, NAME.lastIndex);
    this.open.add(name);
    return { name, next: this.skipSpaces(NAME.lastIndex) };
  }

  protected anchored(name: string, node: DefinitionNode): void {
    this.open.delete(name);
    this.anchors.set(name, node);
  }

  /** `*name` alone on the line at `at` (after its key or dash): a copy of the anchored value, placed here. */
  protected alias(at: number, line: number, col: number, path: PathLink): DefinitionNode {
    const { name, end } = this.aliasName(at, this.endOf(line));
    this.endOfLine(end, line);
    if (this.colOf(line + 1) > col) out();
    this.line = line + 1;
    return this.expand(name, { start: at + this.shift, end: end + this.shift }, this.pathOf(path));
  }

  protected aliasName(at: number, lineEnd: number): { name: string; end: number } {
    NAME.lastIndex = at + 1;
    if (this.text[at] !== '*' || !NAME.test(this.text) || NAME.lastIndex > lineEnd) out();
    return { name: this.text.slice(at + 1, NAME.lastIndex), end: NAME.lastIndex };
  }

  /** The anchored value `name` at `range`, with the note the full reader gives each alias written in the file. */
  protected expand(name: string, range: Range, path: PathSegment[]): DefinitionNode {
    if (this.open.has(name)) out();
    const target = this.anchors.get(name) ?? out();
    this.usesAliases = true;
    this.diagnostics.push({ code: Code.alias, severity: 'info', message: `Alias *${name} repeats the anchored value; findings inside it are shown here.`, range: { ...range }, path });
    const copy = aliasCopy(target, range, this.copied);
    if (this.copied.nodes > MAX_COPIED) out();
    return copy;
  }

  /** `<<: *a` or `<<: [*a, *b]`: the anchored mappings' entries join this one, unless it has the key already. */
  protected merge(at: number, line: number, col: number, path: PathLink | undefined, properties: DefinitionNode[], seen: Set<string>): void {
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
  protected plain(source: string, at: number, end: number, path: PathLink): DefinitionNode {
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
