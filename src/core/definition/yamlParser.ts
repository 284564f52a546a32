/**
 * YAML → definition node tree, via the `yaml` package (YAML 1.2 core schema, ranges kept).
 * `az container create --file` reads files with a YAML 1.1 loader, so plain scalars that YAML 1.1 reads
 * differently (`on`, `yes`, `0777`, `1:30`, unquoted dates) get warnings with a quoting fix.
 */
import { Alias, Document, isAlias, isMap, isPair, isScalar, isSeq, Node as YamlNode, parseAllDocuments, Scalar, visit } from 'yaml';
import { duplicateKeyFinding } from './jsonParser';
import { Code } from './findingCodes';
import { addMergedProperties } from './mergeKeys';
import { yaml11Finding } from './yaml11';
import { BlockYamlOptions, parseBlockYaml } from './blockYaml';
import { DefinitionNode, Finding, MAX_DEPTH, ParseResult, PathSegment, Range } from './types';

export interface YamlParseOutput extends ParseResult {
  /** True when the text uses anchors, aliases or merge keys (incremental re-parse then falls back). */
  usesAliases: boolean;
  documentCount: number;
}

interface Ctx {
  shift: number;
  /** The root's path, and its first item's index when it is a slice of a sequence (see BlockYamlOptions). */
  rootPath: PathSegment[];
  firstIndex: number;
  diagnostics: Finding[];
  doc: Document.Parsed;
  usesAliases: boolean;
  aliasDepth: number;
  /** Values produced by expanding aliases so far; bounded so a few bytes cannot expand to millions. */
  expanded: number;
  /** Each alias's anchored node, found once for the document (see aliasTargets). */
  targets?: Map<Alias, YamlNode>;
}

/**
 * The node each alias stands for: the last node before it with its anchor, as the package's Alias.resolve finds
 * it — in one walk of the document, where resolve walks it again for every alias (a file with an alias in each
 * of a thousand containers took minutes).
 */
function aliasTargets(doc: Document.Parsed): Map<Alias, YamlNode> {
  const targets = new Map<Alias, YamlNode>();
  const last = new Map<string, YamlNode>();
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) {
        const target = last.get(node.source);
        if (target) targets.set(node, target);
      } else if (node.anchor) {
        last.set(node.anchor, node);
      }
    },
  });
  return targets;
}

/**
 * How many values aliases may expand to in one document. Real definitions repeat a few blocks; a file of a few
 * hundred bytes whose anchors nest ("billion laughs") would otherwise take seconds, then all memory.
 */
export const MAX_ALIAS_EXPANSION = 100_000;

/**
 * Where flow brackets (`[`, `{`) first nest deeper than MAX_DEPTH, outside quotes and comments; -1 if never.
 * The yaml package reads flow collections recursively, and at depths near the stack's limit its result
 * depends on how much stack is left: such text is refused before it gets there.
 */
function flowDepthExceededAt(text: string): number {
  let depth = 0;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
      else if (c === '\n' && depth === 0) quote = undefined; // a stray quote in block text
      continue;
    }
    if (c === '"' || c === "'") {
      if (depth > 0 || i === 0 || /[\s:[{,-]/.test(text.charAt(i - 1))) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text.charAt(i - 1)))) {
      const end = text.indexOf('\n', i);
      if (end < 0) break;
      i = end;
    } else if (c === '[' || c === '{') {
      if (++depth > MAX_DEPTH) return i;
    } else if ((c === ']' || c === '}') && depth > 0) {
      depth--;
    }
  }
  return -1;
}

/** Parses `text`: the fast reader when it takes the text, else the `yaml` package. */
export function parseYaml(text: string, options: BlockYamlOptions = {}): YamlParseOutput {
  const block = parseBlockYaml(text, { ...options, readAlone: parseYamlFully });
  if (block) return { root: block.root, diagnostics: block.diagnostics, usesAliases: block.usesAliases, documentCount: 1 };
  return parseYamlFully(text, options);
}

/** parseYaml through the `yaml` package, whatever the text holds. */
export function parseYamlFully(text: string, options: BlockYamlOptions = {}): YamlParseOutput {
  const shift = options.shift ?? 0;
  const diagnostics: Finding[] = [];
  const tooDeepAt = flowDepthExceededAt(text);
  if (tooDeepAt >= 0) {
    diagnostics.push({ code: Code.tooDeep, severity: 'error', message: `Nesting deeper than ${MAX_DEPTH} levels is not read.`, range: { start: shift + tooDeepAt, end: shift + tooDeepAt + 1 }, path: [] });
    return { root: undefined, diagnostics, usesAliases: false, documentCount: 0 };
  }
  let docs: Document.Parsed[];
  try {
    docs = parseAllDocuments(text, { uniqueKeys: false, version: '1.2', prettyErrors: false }) as Document.Parsed[];
    if (!Array.isArray(docs)) docs = [];
  } catch {
    diagnostics.push({ code: Code.tooDeep, severity: 'error', message: 'The document is nested too deeply to read.', range: { start: shift, end: shift + Math.min(1, text.length) }, path: [] });
    return { root: undefined, diagnostics, usesAliases: false, documentCount: 0 };
  }
  const clampRange = (pos: [number, number]): Range => {
    const start = Math.min(Math.max(pos[0], 0), text.length);
    return { start: start + shift, end: Math.min(Math.max(pos[1], start), text.length) + shift };
  };
  for (const doc of docs) {
    for (const e of doc.errors) {
      diagnostics.push({ code: Code.syntax, severity: 'error', message: yamlMessage(e.message), range: clampRange(e.pos), path: [], data: { yamlCode: e.code } });
    }
    for (const w of doc.warnings) {
      diagnostics.push({ code: Code.yamlWarning, severity: 'warning', message: yamlMessage(w.message), range: clampRange(w.pos), path: [], data: { yamlCode: w.code } });
    }
  }
  for (const extra of docs.slice(1)) {
    const [start, end] = extra.range ?? [0, 0];
    diagnostics.push({
      code: Code.multipleDocuments,
      severity: 'error',
      message: 'Only one YAML document is allowed per definition file; move this document to its own file or delete it.',
      range: clampRange([start, end]),
      path: [],
    });
  }
  const first = docs[0];
  if (!first || first.contents === null) {
    if (!diagnostics.some((d) => d.severity === 'error')) {
      diagnostics.push({ code: Code.emptyDocument, severity: 'error', message: 'The document is empty; write a container group definition.', range: { start: shift, end: shift + text.length }, path: [] });
    }
    return { root: undefined, diagnostics, usesAliases: false, documentCount: docs.length };
  }
  const rootPath = options.basePath ?? [];
  const ctx: Ctx = { shift, rootPath, firstIndex: options.firstIndex ?? 0, diagnostics, doc: first, usesAliases: false, aliasDepth: 0, expanded: 0 };
  const root = convert(first.contents, rootPath, ctx, undefined);
  return { root, diagnostics, usesAliases: ctx.usesAliases, documentCount: docs.length };
}

function yamlMessage(message: string): string {
  // The package appends a source excerpt after a blank line; the range already shows where.
  const nl = message.indexOf('\n');
  const firstLine = (nl < 0 ? message : message.slice(0, nl)).trim();
  return /[.!?]$/.test(firstLine) ? firstLine : firstLine + '.';
}

function rangeOf(node: { range?: [number, number, number] | null }, ctx: Ctx, fallback: Range): Range {
  if (!node.range) return fallback;
  return { start: node.range[0] + ctx.shift, end: node.range[1] + ctx.shift };
}

/** `override` replaces every range (values reached through an alias point at the alias). */
function convert(node: YamlNode | null, path: PathSegment[], ctx: Ctx, override: Range | undefined, at?: Range): DefinitionNode {
  const fallback = at ?? { start: ctx.shift, end: ctx.shift };
  if (node === null || node === undefined) return { kind: 'null', value: null, range: { ...(override ?? fallback) } };
  // Each node gets range objects of its own (the incremental re-parse moves ranges in place).
  const range = override ? { ...override } : rangeOf(node, ctx, fallback);
  if (!withinBounds(path, ctx, range)) return { kind: 'null', value: null, range };
  if (isAlias(node)) return convertAlias(node, path, ctx, range);
  if (node.anchor) ctx.usesAliases = true;
  const placeholder = unquotedPlaceholder(node);
  if (placeholder !== undefined) return unquotedPlaceholderNode(placeholder, path, ctx, range);
  if (isMap(node)) {
    const properties = convertPairs(node.items, path, ctx, override, range);
    return { kind: 'object', properties, range: blockEnd(node.flow, override, range, properties) };
  }
  if (isSeq(node)) {
    const first = path === ctx.rootPath ? ctx.firstIndex : 0;
    const children = node.items.map((item, i) => convert(item as YamlNode | null, [...path, first + i], ctx, override, range));
    return { kind: 'array', children, range: blockEnd(node.flow, override, range, children) };
  }
  if (isScalar(node)) return convertScalar(node, path, ctx, override, range);
  return { kind: 'null', value: null, range };
}

/** Too deep, or past what aliases may expand to: said once, and the value is not read. */
function withinBounds(path: PathSegment[], ctx: Ctx, range: Range): boolean {
  if (path.length > MAX_DEPTH) {
    ctx.diagnostics.push({ code: Code.tooDeep, severity: 'error', message: `Nesting deeper than ${MAX_DEPTH} levels is not read.`, range, path });
    return false;
  }
  if (ctx.aliasDepth > 0 && ++ctx.expanded > MAX_ALIAS_EXPANSION) {
    if (ctx.expanded === MAX_ALIAS_EXPANSION + 1) {
      ctx.diagnostics.push({
        code: Code.aliasExpansion,
        severity: 'error',
        message: `Aliases here expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} values; the rest is not read. Write the repeated values out, or repeat fewer.`,
        range,
        path,
      });
    }
    return false;
  }
  return true;
}

/** An alias reads as the anchored value, placed where the alias is written. */
function convertAlias(node: Alias, path: PathSegment[], ctx: Ctx, range: Range): DefinitionNode {
  ctx.usesAliases = true;
  // One note per alias written in the file, not per copy an alias inside an anchor makes.
  if (ctx.aliasDepth === 0) {
    ctx.diagnostics.push({ code: Code.alias, severity: 'info', message: `Alias *${node.source} repeats the anchored value; findings inside it are shown here.`, range, path });
  }
  const target = ctx.aliasDepth < 20 ? (ctx.targets ??= aliasTargets(ctx.doc)).get(node) : undefined;
  if (!target) return { kind: 'null', value: null, range };
  ctx.aliasDepth++;
  const resolved = convert(target, path, ctx, range);
  ctx.aliasDepth--;
  return resolved;
}

/** `{{secret:NAME}}` unquoted is a YAML mapping: an error whose fix quotes it, read as the text meant. */
function unquotedPlaceholderNode(placeholder: string, path: PathSegment[], ctx: Ctx, range: Range): DefinitionNode {
  const quoted = `'{{secret:${placeholder}}}'`;
  ctx.diagnostics.push({
    code: Code.unquotedPlaceholder,
    severity: 'error',
    message: `Unquoted {{secret:${placeholder}}} is a YAML mapping, not text. Quote it: ${quoted}.`,
    range,
    path,
    fix: { title: `Quote it: ${quoted}`, edits: [{ range, newText: quoted }] },
  });
  return { kind: 'string', value: `{{secret:${placeholder}}}`, range };
}

/** A mapping's pairs in order: plain-text keys only, merges (`<<`) spread in, literal repeats reported. */
function convertPairs(items: readonly unknown[], path: PathSegment[], ctx: Ctx, override: Range | undefined, range: Range): DefinitionNode[] {
  const properties: DefinitionNode[] = [];
  const seen = new Set<string>();
  for (const pair of items) {
    if (!isPair(pair)) continue;
    const keyNode = pair.key as YamlNode | null;
    if (keyNode !== null && !isScalar(keyNode)) {
      ctx.diagnostics.push({ code: Code.complexKey, severity: 'error', message: 'Only plain text keys are allowed here.', range: override ?? rangeOf(keyNode, ctx, range), path });
      continue;
    }
    const keyScalar = keyNode;
    const key = keyScalar === null || keyScalar.value === null ? '' : String(keyScalar.value);
    const keyRange = override ? { ...override } : keyScalar ? rangeOf(keyScalar, ctx, range) : { start: range.start, end: range.start };
    if (key === '<<' && keyScalar?.type === 'PLAIN') {
      ctx.usesAliases = true;
      mergeInto(properties, seen, pair.value as YamlNode | null, path, ctx, keyRange);
      continue;
    }
    const child = convert(pair.value as YamlNode | null, [...path, key], ctx, override, { start: keyRange.end, end: keyRange.end });
    child.key = key;
    child.keyRange = keyRange;
    child.keyPlain = !keyScalar || keyScalar.type === 'PLAIN';
    if (keyScalar && !override) checkYaml11(keyScalar, keyRange, [...path, key], ctx);
    if (seen.has(key)) {
      // A key that replaces merged (<<) values is normal YAML; only literal repeats are reported.
      const existing = properties.findIndex((p) => p.key === key);
      const prior = properties[existing]; // undefined when not found (-1)
      if (prior?.keyRange && (prior as { merged?: boolean }).merged) {
        properties.splice(existing, 1);
      } else if (!override) {
        ctx.diagnostics.push(duplicateKeyFinding(key, keyRange, [...path, key]));
      }
    }
    seen.add(key);
    properties.push(child);
  }
  return properties;
}

function convertScalar(node: Scalar, path: PathSegment[], ctx: Ctx, override: Range | undefined, range: Range): DefinitionNode {
  if (!override) checkYaml11(node, range, path, ctx);
  const value = node.value;
  const plain = node.type === 'PLAIN';
  if (value === null || value === undefined) return { kind: 'null', value: null, range, plain };
  if (typeof value === 'boolean') return { kind: 'boolean', value, range, plain };
  if (typeof value === 'number') return { kind: 'number', value, range, plain };
  if (typeof value === 'bigint') return { kind: 'number', value: Number(value), range, plain };
  return { kind: 'string', value: String(value), range, plain };
}

/**
 * A block collection ends where its last member ends (the package's end would take in trailing blank
 * lines and comments, which an incremental re-parse cannot reproduce); flow collections end at the bracket.
 */
function blockEnd(flow: boolean | undefined, override: Range | undefined, range: Range, members: DefinitionNode[]): Range {
  const last = members.at(-1);
  if (flow || override || !last) return range;
  return { start: range.start, end: Math.max(range.start, last.range.end) };
}

/** Expands a YAML 1.1 merge key (`<<: *base` or `<<: [*a, *b]`); explicit keys of the map win. */
function mergeInto(properties: DefinitionNode[], seen: Set<string>, value: YamlNode | null, path: PathSegment[], ctx: Ctx, keyRange: Range): void {
  const sources = isSeq(value) ? (value.items as YamlNode[]) : [value];
  for (const source of sources) {
    addMergedProperties(properties, seen, convert(source, path, ctx, keyRange));
  }
}

/**
 * The name in `{{secret:NAME}}` written without quotes, which YAML reads as a flow mapping whose only key is the
 * mapping `{secret:NAME}`; undefined for anything else.
 */
function unquotedPlaceholder(node: YamlNode): string | undefined {
  if (!isMap(node) || !node.flow || node.items.length !== 1) return undefined;
  const outer = node.items[0];
  if (!isPair(outer) || outer.value !== null || !isMap(outer.key) || !outer.key.flow || outer.key.items.length !== 1) return undefined;
  const inner = outer.key.items[0];
  if (!isPair(inner) || inner.value !== null || !isScalar(inner.key)) return undefined;
  return /^secret:(.*)$/.exec(String(inner.key.value))?.[1]?.trim();
}

function checkYaml11(node: Scalar, range: Range, path: PathSegment[], ctx: Ctx): void {
  if (node.type !== 'PLAIN' || typeof node.source !== 'string') return;
  const finding = yaml11Finding(node.source, range, () => path);
  if (finding) ctx.diagnostics.push(finding);
}
