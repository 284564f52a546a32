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
import { ValueReader, type PathLink } from './blockYamlValues';
import { Code } from './findingCodes';
import { duplicateKeyFinding } from './jsonParser';
import { DefinitionNode, Finding, MAX_DEPTH, PathSegment } from './types';
import { yaml11Finding } from './yaml11';
import { out, OutOfSubset, resolvePlain, WholeText } from './yamlLines';

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

class Reader extends ValueReader {
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
}
