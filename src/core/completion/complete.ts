/**
 * Completion in container group definitions (JSON and YAML): property names with snippets that fill the
 * required members, enum values, booleans, references, secret placeholders and whole-block snippets.
 * Reads only the nodes around the cursor, so it stays fast on very large definitions.
 */
import { DefinitionDocument, nodeAtPath, PathSegment } from '../definition';
import { looseName, resolveRef, schemaVersions, SchemaNode } from '../schema/schemaLookup';
import { newestStableVersion } from '../schema/apiVersion';
import { Block, BlockContext, blocksAt, ITEM_BLOCKS, MEMBER_BLOCKS } from './blocks';
import { jsonSite } from './jsonSite';
import { firstContainerPort, referenceValues, usedNames } from './references';
import { detectLayout, Layout, renderMember, renderValue, yamlKey, yamlString } from './render';
import { describeProperty, groupRelativePath, schemaAt, typeLabel } from '../schema/documentSchema';
import { ItemSite, KeySite, Site, ValueSite } from './site';
import { arr, Skel, skeletonFor } from './skeleton';
import { yamlSite } from './yamlSite';

export interface CompletionEntry {
  label: string;
  kind: 'property' | 'value' | 'enum' | 'boolean' | 'reference' | 'snippet';
  /**
   * VS Code snippet syntax when isSnippet. Lines after the first carry their full indentation
   * (insert with keepWhitespace so the editor does not indent them again).
   */
  insertText: string;
  isSnippet: boolean;
  /** Offsets of the text to replace (the partial word typed). */
  range: { start: number; end: number };
  detail?: string;
  /** Markdown. */
  documentation?: string;
  sortText?: string;
  filterText?: string;
  preselect?: boolean;
}

export interface CompleteOptions {
  /** Names of secrets known for this definition, offered as `{{secret:NAME}}` in secret fields. */
  secretNames?: string[];
}

interface Ctx {
  doc: DefinitionDocument;
  site: Site;
  layout: Layout;
  secretNames: string[];
}

export function complete(doc: DefinitionDocument, offset: number, options: CompleteOptions = {}): CompletionEntry[] {
  if (!Number.isFinite(offset) || offset < 0 || offset > doc.text.length) return [];
  const site = doc.format === 'yaml' ? yamlSite(doc, offset) : jsonSite(doc, offset);
  if (!site) return [];
  const ctx: Ctx = { doc, site, layout: detectLayout(doc.text, doc.format), secretNames: options.secretNames ?? [] };
  switch (site.kind) {
    case 'key':
      return keyEntries(ctx, site);
    case 'value':
      return valueEntries(ctx, site);
    case 'item':
      return itemEntries(ctx, site);
  }
}

function isObjectSchema(s: SchemaNode | undefined): boolean {
  return !!s && (s.type === 'object' || !!s.properties || (!s.type && !s.enum && !!s.additionalProperties));
}

function keyEntries(ctx: Ctx, site: KeySite): CompletionEntry[] {
  const schema = schemaAt(ctx.doc, site.path);
  if (!schema) return [];
  if (!isObjectSchema(schema)) {
    // YAML `- |` in a list of strings or numbers: the item is a value.
    return site.newItem ? valueEntries(ctx, { kind: 'value', path: site.path, range: site.range, column: site.column, quote: '', suffix: '' }) : [];
  }
  const present = new Set<string>();
  if (site.object?.kind === 'object') {
    for (const p of site.object.properties) {
      if (p.key === undefined || (site.editing && p.keyRange && p.keyRange.start >= site.editing.start && p.keyRange.start <= site.editing.end)) continue;
      present.add(looseName(p.key));
    }
  }
  const entries: CompletionEntry[] = [];
  const quoted = ctx.doc.format === 'json' && ctx.doc.text[site.range.start] === '"';
  const context = contextName(site.path);
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const ps = resolveRef(raw);
    if (!ps || ps.readOnly === true || present.has(looseName(name))) continue;
    const required = (schema.required ?? []).includes(name);
    const entry = memberEntry(ctx, site, name, site.keyOnly ? undefined : skeletonFor(ps, name, context));
    entries.push({
      ...entry,
      kind: 'property',
      detail: typeLabel(ps) + (required ? ' · required' : ''),
      documentation: describeProperty(name, ps, required),
      sortText: (required ? '0' : '1') + name,
      filterText: quoted ? JSON.stringify(name) : undefined,
    });
  }
  if (site.keyOnly) return entries;
  const rel = groupRelativePath(ctx.doc, site.path);
  if (!rel) return entries;
  const bctx = blockContext(ctx, site.path);
  // Blocks are written for container groups: an NGroups resource's `properties` has none of their members.
  const offered = new Set(Object.keys(schema.properties ?? {}).map(looseName));
  for (const block of blocksAt(MEMBER_BLOCKS, rel)) {
    if (present.has(looseName(block.key!)) || !offered.has(looseName(block.key!))) continue;
    entries.push(snippetEntry(memberEntry(ctx, site, block.key!, block.skel(bctx)), block, quoted ? JSON.stringify(block.key) : block.label));
  }
  // An array the object does not have yet, written with its first item.
  for (const block of ITEM_BLOCKS) {
    const parts = block.at.split('/');
    const key = parts[parts.length - 1];
    if (present.has(looseName(key)) || !offered.has(looseName(key)) || blocksAt([block], [...rel, key]).length === 0) continue;
    const entry = memberEntry(ctx, site, key, arr(block.skel(blockContext(ctx, [...site.path, key]))));
    entries.push(snippetEntry({ ...entry, label: `${key}: ${block.label}` }, block, quoted ? JSON.stringify(key) : `${key} ${block.label}`));
  }
  if (site.newItem && rel.length > 0) {
    const arrayPath = site.path.slice(0, -1);
    for (const block of blocksAt(ITEM_BLOCKS, rel.slice(0, -1))) {
      const text = renderValue(block.skel(blockContext(ctx, arrayPath)), site.column, ctx.layout);
      entries.push(snippetEntry({ label: block.label, insertText: text, isSnippet: true, range: site.range }, block, undefined));
    }
  }
  return entries;
}

/** `key: value` (or just the key when a value follows) at a key site. */
function memberEntry(ctx: Ctx, site: KeySite, name: string, skel: Skel | undefined): Omit<CompletionEntry, 'kind'> {
  if (!skel) {
    const text = ctx.doc.format === 'json' ? JSON.stringify(name) : yamlKey(name);
    return { label: name, insertText: text, isSnippet: false, range: site.range };
  }
  const text = renderMember(name, skel, site.column, ctx.layout) + site.suffix;
  return { label: name, insertText: text, isSnippet: true, range: site.range };
}

function snippetEntry(entry: Omit<CompletionEntry, 'kind'>, block: Block, filterText: string | undefined): CompletionEntry {
  return { ...entry, label: entry.label === block.key ? block.label : entry.label, kind: 'snippet', detail: block.detail, sortText: '2' + block.label, filterText };
}

function contextName(path: readonly PathSegment[]): string {
  return path.filter((s) => typeof s === 'string').join('/');
}

function blockContext(ctx: Ctx, arrayPath: readonly PathSegment[]): BlockContext {
  let used: Set<string> | undefined;
  return {
    uniqueName(base) {
      used ??= usedNames(nodeAtPath(ctx.doc.root, arrayPath));
      if (!used.has(base)) return base;
      let i = 2;
      while (used.has(`${base}${i}`)) i++;
      return `${base}${i}`;
    },
    secret: (fallback) => `{{secret:${ctx.secretNames[0] ?? fallback}}}`,
    get port() {
      return firstContainerPort(ctx.doc, arrayPath) ?? 80;
    },
  };
}

function valueEntries(ctx: Ctx, site: ValueSite): CompletionEntry[] {
  const schema = schemaAt(ctx.doc, site.path);
  const entries: CompletionEntry[] = [];
  const add = (label: string, kind: CompletionEntry['kind'], value: string | number | boolean, extra: Partial<CompletionEntry> = {}): void => {
    const insertText = scalarText(ctx, site, value) + site.suffix;
    entries.push({ label, kind, insertText, isSnippet: false, range: site.range, filterText: site.quote ? scalarText(ctx, site, value) : undefined, ...extra });
  };
  if (schema?.enum) {
    const descriptions = (schema.markdownEnumDescriptions ?? schema.enumDescriptions ?? []) as string[];
    schema.enum.forEach((v, i) => add(String(v), 'enum', String(v), { documentation: descriptions[i], sortText: String(i).padStart(3, '0'), preselect: schema.default === v || undefined }));
  } else if (schema?.type === 'boolean') {
    add('true', 'boolean', true);
    add('false', 'boolean', false);
  }
  const last = site.path[site.path.length - 1];
  if (typeof last === 'string' && looseName(last) === 'apiversion' && schema?.type === 'string') {
    // Every version with a schema: stable ones newest first (the newest preselected), then previews, marked.
    const newest = newestStableVersion();
    const all = schemaVersions().reverse();
    [...all.filter((v) => !v.preview), ...all.filter((v) => v.preview)].forEach((v, i) =>
      add(v.version, 'value', v.version, { detail: v.preview ? 'api-version (preview)' : 'api-version', sortText: `${i}`.padStart(3, '0'), preselect: v.version === newest || undefined }),
    );
  }
  for (const ref of referenceValues(ctx.doc, site.path, ctx.secretNames)) add(String(ref.value), 'reference', ref.value, { detail: ref.detail });
  if (ctx.doc.format === 'json' && site.range.start === site.range.end && schema && (isObjectSchema(schema) || schema.type === 'array')) {
    const text = renderValue(skeletonFor(schema, String(site.path[site.path.length - 1]), contextName(site.path)), site.column, ctx.layout);
    entries.push({ label: schema.type === 'array' ? '[ ]' : '{ }', kind: 'snippet', insertText: text + site.suffix, isSnippet: true, range: site.range, detail: typeLabel(schema), sortText: '9' });
  }
  return entries;
}

/** A scalar written the way the site needs: JSON literal, or YAML plain/quoted (keeping a quote typed). */
function scalarText(ctx: Ctx, site: ValueSite, value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  if (ctx.doc.format === 'json') return JSON.stringify(value);
  if (site.quote === '"') return JSON.stringify(value);
  if (site.quote === "'") return `'${value.replace(/'/g, "''")}'`;
  return yamlString(value);
}

/** A new JSON array item: item blocks and the required-members skeleton, or values for scalar items. */
function itemEntries(ctx: Ctx, site: ItemSite): CompletionEntry[] {
  const schema = schemaAt(ctx.doc, site.path);
  if (!schema) return [];
  if (!isObjectSchema(schema)) return valueEntries(ctx, { kind: 'value', path: site.path, range: site.range, column: site.column, quote: '', suffix: site.suffix });
  const arrayPath = site.path.slice(0, -1);
  const entries: CompletionEntry[] = [];
  const rel = groupRelativePath(ctx.doc, arrayPath);
  for (const block of rel ? blocksAt(ITEM_BLOCKS, rel) : []) {
    const text = renderValue(block.skel(blockContext(ctx, arrayPath)), site.column, ctx.layout) + site.suffix;
    entries.push(snippetEntry({ label: block.label, insertText: text, isSnippet: true, range: site.range }, block, undefined));
  }
  const generic = renderValue(skeletonFor(schema, String(arrayPath[arrayPath.length - 1] ?? ''), contextName(arrayPath)), site.column, ctx.layout);
  entries.push({ label: '{ }', kind: 'snippet', insertText: generic + site.suffix, isSnippet: true, range: site.range, detail: 'new item with its required properties', sortText: '9' });
  return entries;
}
