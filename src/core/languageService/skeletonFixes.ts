/**
 * Quick fixes that write new values, so they take the completion's skeletons: the number meant by text where
 * a number goes, "declare it" for a mount naming no volume, and a missing required property added with a
 * value that passes. Offered after the finding's own fixes; edits are plain text in the document's format
 * and indentation.
 */
import { DefinitionDocument, DefinitionNode, Finding, Fix, PathSegment, TextEdit } from '../definition';
import { Code } from '../definition/findingCodes';
import { nodeAtPath } from '../definition/nodeQuery';
import { schemaAt } from '../schema/documentSchema';
import { detectLayout, Layout, yamlKey, yamlString } from '../completion/render';
import { arr, obj, Skel, skeletonFor } from '../completion/skeleton';
import { lineIndent, lineStartOf } from '../completion/site';
import { suggestName, VOLUME_NAME } from '../validation/rules/naming';

/** The fixes for `finding` in `doc` (none when the document's shape gives no safe edit). */
export function skeletonFixes(doc: DefinitionDocument, finding: Finding): Fix[] {
  switch (finding.code) {
    case Code.type:
      return numberFixes(doc, finding);
    case Code.mountUnknownVolume:
      return volumeFixes(doc, finding);
    case Code.required:
      return requiredFixes(doc, finding);
    default:
      return [];
  }
}

/** Findings with these fixes added to their other fixes. */
export function withSkeletonFixes(doc: DefinitionDocument, findings: Finding[]): Finding[] {
  return findings.map((f) => {
    const more = skeletonFixes(doc, f);
    return more.length ? { ...f, moreFixes: [...(f.moreFixes ?? []), ...more] } : f;
  });
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

function numberFixes(doc: DefinitionDocument, f: Finding): Fix[] {
  const expected = f.data?.expected;
  const node = nodeAtPath(doc.root, f.path);
  if ((expected !== 'number' && expected !== 'integer') || node?.kind !== 'string') return [];
  const text = String(node.value).trim().toLowerCase();
  const digits = /-?\d+(?:\.\d+)?/.exec(text.replace(',', '.'));
  let value = digits ? Number(digits[0]) : WORDS.indexOf(text);
  if (value < 0) {
    // No number in the text: the value a new definition would carry.
    const key = f.path[f.path.length - 1];
    const skel = skeletonFor(schemaAt(doc, f.path), typeof key === 'string' ? key : '', '');
    if (skel.t !== 'num') return [];
    value = skel.value;
  }
  if (expected === 'integer') value = Math.round(value);
  return [{ title: `Change to ${value}`, edits: [{ range: node.range, newText: String(value) }] }];
}

function volumeFixes(doc: DefinitionDocument, f: Finding): Fix[] {
  const node = nodeAtPath(doc.root, f.path);
  if (!node || node.kind !== 'string') return [];
  const name = String(node.value);
  const at = f.path.findIndex((s) => s === 'containers' || s === 'initContainers');
  if (at <= 0) return [];
  // A name the volume-name rule refuses is not declared as written: the volume gets a valid one and the mount
  // is renamed to it, so the fix leaves no new finding behind.
  const valid = validVolumeName(name);
  const props = f.path.slice(0, at);
  if (valid !== name && volumeNames(doc, props).has(valid)) return [];
  const title = valid === name ? `Declare volume ${name} (an emptyDir)` : `Declare volume ${valid} (an emptyDir) and mount it here`;
  const declare = declareVolume(doc, props, valid, title);
  if (!declare || valid === name) return declare ? [declare] : [];
  const rename: TextEdit = { range: node.range, newText: doc.format === 'json' ? JSON.stringify(valid) : valid };
  return [{ ...declare, edits: [rename, ...declare.edits] }];
}

/** `name` when the volume-name rule takes it, else the nearest name it takes (`data` → `data-volume`). */
export function validVolumeName(name: string): string {
  if (VOLUME_NAME.test(name)) return name;
  const base = suggestName(name, 56) || 'volume';
  return VOLUME_NAME.test(base) ? base : `${base}-volume`;
}

function volumeNames(doc: DefinitionDocument, props: PathSegment[]): Set<string> {
  const volumes = nodeAtPath(doc.root, [...props, 'volumes']);
  const names = new Set<string>();
  if (volumes?.kind !== 'array') return names;
  for (const v of volumes.children) {
    const n = v.kind === 'object' ? v.properties.find((p) => p.key === 'name') : undefined;
    if (n?.kind === 'string') names.add(String(n.value));
  }
  return names;
}

/** Adds `{ name, emptyDir: {} }` to the group's volumes (the list is created when there is none). */
function declareVolume(doc: DefinitionDocument, props: PathSegment[], name: string, title: string): Fix | undefined {
  const item = obj(['name', { t: 'str', value: name, fixed: true }], ['emptyDir', obj()]);
  const parent = nodeAtPath(doc.root, props);
  const volumes = nodeAtPath(doc.root, [...props, 'volumes']);
  if (!volumes) {
    const edit = parent && insertMember(doc, parent, 'volumes', arr(item));
    return edit && { title, edits: [edit] };
  }
  if (volumes.kind !== 'array' || volumes.children.length === 0) return undefined;
  const last = volumes.children[volumes.children.length - 1];
  const layout = detectLayout(doc.text, doc.format);
  const end = trimmedEnd(doc.text, last.range.end);
  if (doc.format === 'json') {
    const indent = doc.text.slice(lineStartOf(doc.text, last.range.start), last.range.start);
    if (indent.trim()) return { title, edits: [{ range: { start: end, end }, newText: `, ${json(item, '', layout)}` }] };
    return { title, edits: [{ range: { start: end, end }, newText: `,\n${indent}${json(item, indent, layout)}` }] };
  }
  if (isFlow(doc.text, volumes)) return undefined;
  const dash = ' '.repeat(lineIndent(doc.text, last.range.start));
  const column = last.range.start - lineStartOf(doc.text, last.range.start);
  return { title, edits: [{ range: { start: end, end }, newText: `\n${dash}- ${yamlLines(item, column, layout).join('\n').trimStart()}` }] };
}

function requiredFixes(doc: DefinitionDocument, f: Finding): Fix[] {
  const key = f.data?.missingProperty;
  const parent = nodeAtPath(doc.root, f.path.slice(0, -1));
  if (typeof key !== 'string' || !parent) return [];
  const skel = skeletonFor(schemaAt(doc, f.path), key, f.path.filter((s) => typeof s === 'string').join('/'));
  if (skel.t === 'open') return [];
  const edit = insertMember(doc, parent, key, skel);
  return edit ? [{ title: `Add ${key}`, edits: [edit] }] : [];
}

/** An edit adding `key` after the last member of a block object (none for empty or flow objects). */
function insertMember(doc: DefinitionDocument, parent: DefinitionNode, key: string, skel: Skel): TextEdit | undefined {
  if (parent.kind !== 'object' || parent.properties.length === 0) return undefined;
  const first = parent.properties[0];
  const last = parent.properties[parent.properties.length - 1];
  if (!first.keyRange) return undefined;
  const layout = detectLayout(doc.text, doc.format);
  const end = trimmedEnd(doc.text, last.range.end);
  const lineStart = lineStartOf(doc.text, first.keyRange.start);
  const before = doc.text.slice(lineStart, first.keyRange.start);
  if (doc.format === 'json') {
    const member = `${JSON.stringify(key)}: ${json(skel, before.trim() ? '' : before, layout)}`;
    return { range: { start: end, end }, newText: before.trim() ? `, ${member}` : `,\n${before}${member}` };
  }
  if (isFlow(doc.text, parent)) return undefined;
  const column = first.keyRange.start - lineStart;
  return { range: { start: end, end }, newText: `\n${yamlMember(key, skel, column, layout).join('\n')}` };
}

function trimmedEnd(text: string, end: number): number {
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  return end;
}

function isFlow(text: string, node: DefinitionNode): boolean {
  return text[node.range.start] === '{' || text[node.range.start] === '[';
}

function plainScalar(skel: Skel, layout: Layout): string | undefined {
  const quote = (s: string) => (layout.format === 'json' ? JSON.stringify(s) : yamlString(s));
  switch (skel.t) {
    case 'str':
      return quote(skel.value);
    case 'num':
      return String(skel.value);
    case 'bool':
      return String(skel.value);
    case 'choice':
      return quote(skel.options[0]);
    case 'open':
      return '{}';
    case 'obj':
      return skel.entries.length ? undefined : '{}';
    case 'arr':
      return skel.items.length ? undefined : '[]';
  }
}

function yamlMember(key: string, skel: Skel, column: number, layout: Layout): string[] {
  const pad = ' '.repeat(column);
  const scalar = plainScalar(skel, layout);
  if (scalar !== undefined) return [`${pad}${yamlKey(key)}: ${scalar}`];
  if (skel.t === 'obj') return [`${pad}${yamlKey(key)}:`, ...yamlLines(skel, column + layout.unit.length, layout)];
  if (skel.t !== 'arr') return [];
  const items = skel.items.flatMap((item) => {
    const s = plainScalar(item, layout);
    if (s !== undefined) return [`${pad}- ${s}`];
    const lines = yamlLines(item, column + 2, layout);
    return [`${pad}- ${lines[0].trimStart()}`, ...lines.slice(1)];
  });
  return [`${pad}${yamlKey(key)}:`, ...items];
}

function yamlLines(skel: Skel, column: number, layout: Layout): string[] {
  if (skel.t !== 'obj') return [' '.repeat(column) + (plainScalar(skel, layout) ?? '')];
  return skel.entries.flatMap(([k, v]) => yamlMember(k, v, column, layout));
}

function json(skel: Skel, indent: string, layout: Layout): string {
  const scalar = plainScalar(skel, layout);
  if (scalar !== undefined) return scalar;
  const inner = indent + layout.unit;
  if (skel.t === 'arr') return `[\n${skel.items.map((i) => inner + json(i, inner, layout)).join(',\n')}\n${indent}]`;
  if (skel.t !== 'obj') return '{}';
  return `{\n${skel.entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${json(v, inner, layout)}`).join(',\n')}\n${indent}}`;
}
