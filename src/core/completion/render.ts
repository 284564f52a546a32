/**
 * Renders skeletons as VS Code snippets in the document's format. Lines after the first carry their full
 * indentation (the first line starts at the cursor), so the text is inserted as is (keepWhitespace).
 */
import { DefinitionFormat } from '../definition';
import { Skel } from './skeleton';

export interface Layout {
  format: DefinitionFormat;
  /** Indentation unit: spaces or one tab per level. */
  unit: string;
  /** Character used for a column (a tab-indented JSON file counts one tab as one column). */
  pad: string;
}

/** Reads the indentation unit from the first indented line of the document. */
export function detectLayout(text: string, format: DefinitionFormat): Layout {
  const m = /\n([ \t]+)[^\s-]/.exec(text.slice(0, 8192));
  if (m && m[1][0] === '\t') return { format, unit: '\t', pad: '\t' };
  const width = m ? Math.min(Math.max(m[1].length, 2), 8) : 2;
  return { format, unit: ' '.repeat(format === 'yaml' ? Math.min(width, 4) : width), pad: ' ' };
}

class Stops {
  next = 1;
}

export function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, (c) => '\\' + c);
}

function escapeChoice(text: string): string {
  return text.replace(/[\\$}|,]/g, (c) => '\\' + c);
}

const YAML_RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;

/** A YAML scalar for a string: plain when YAML (1.1 and 1.2) reads it back as the same string, else quoted. */
export function yamlString(value: string): string {
  const plain = /^[A-Za-z/_][A-Za-z0-9_./@+:, -]*$/.test(value) && !/(: |:$| $|,$| #)/.test(value) && !YAML_RESERVED.test(value);
  return plain ? value : `'${value.replace(/'/g, "''")}'`;
}

export function yamlKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$.-]*$/.test(key) ? key : `'${key.replace(/'/g, "''")}'`;
}

function scalar(skel: Skel, layout: Layout, stops: Stops): string | undefined {
  const json = layout.format === 'json';
  switch (skel.t) {
    case 'str': {
      if (skel.fixed) return escapeSnippet(json ? JSON.stringify(skel.value) : yamlString(skel.value));
      if (json) return `"\${${stops.next++}:${escapeSnippet(JSON.stringify(skel.value).slice(1, -1))}}"`;
      const written = skel.value === '' ? '' : yamlString(skel.value);
      const quoted = written.startsWith("'");
      const inner = quoted ? written.slice(1, -1) : written;
      const stop = inner ? `\${${stops.next++}:${escapeSnippet(inner)}}` : `\${${stops.next++}}`;
      return quoted ? `'${stop}'` : stop;
    }
    case 'num':
      return skel.fixed ? String(skel.value) : `\${${stops.next++}:${skel.value}}`;
    case 'bool':
      return `\${${stops.next++}|${skel.value},${!skel.value}|}`;
    case 'choice': {
      const stop = `\${${stops.next++}|${skel.options.map(escapeChoice).join(',')}|}`;
      return json ? `"${stop}"` : stop;
    }
    default:
      return undefined;
  }
}

function yamlMember(key: string, skel: Skel, column: number, layout: Layout, stops: Stops): string[] {
  const k = escapeSnippet(yamlKey(key));
  const inner = column + layout.unit.length;
  const s = scalar(skel, layout, stops);
  if (s !== undefined) return [`${k}: ${s}`];
  switch (skel.t) {
    case 'open':
      return [`${k}:`, layout.pad.repeat(inner) + `\${${stops.next++}}`];
    case 'obj':
      if (skel.entries.length === 0) return [`${k}: {}`];
      return [`${k}:`, ...skel.entries.flatMap(([ck, cs]) => indentFirst(yamlMember(ck, cs, inner, layout, stops), inner, layout))];
    case 'arr':
      if (skel.items.length === 0) return [`${k}: []`];
      return [`${k}:`, ...skel.items.flatMap((item) => yamlItem(item, inner, layout, stops))];
    default:
      return [`${k}:`];
  }
}

/** A sequence item with its dash at `dashColumn`; every line indented. */
function yamlItem(skel: Skel, dashColumn: number, layout: Layout, stops: Stops): string[] {
  const lines = yamlItemBody(skel, dashColumn + 2, layout, stops);
  lines[0] = layout.pad.repeat(dashColumn) + '- ' + lines[0];
  return lines;
}

/** The content of an item at `column`: first line unindented (it follows the dash), later lines indented. */
export function yamlItemBody(skel: Skel, column: number, layout: Layout, stops: Stops = new Stops()): string[] {
  const s = scalar(skel, layout, stops);
  if (s !== undefined) return [s];
  if (skel.t === 'obj' && skel.entries.length > 0) {
    const [first, ...rest] = skel.entries;
    return [
      ...yamlMember(first[0], first[1], column, layout, stops),
      ...rest.flatMap(([ck, cs]) => indentFirst(yamlMember(ck, cs, column, layout, stops), column, layout)),
    ];
  }
  if (skel.t === 'open') return [`\${${stops.next++}}`];
  return [skel.t === 'arr' ? '[]' : '{}'];
}

function indentFirst(lines: string[], column: number, layout: Layout): string[] {
  return [layout.pad.repeat(column) + lines[0], ...lines.slice(1)];
}

function jsonValue(skel: Skel, column: number, layout: Layout, stops: Stops): string {
  const s = scalar(skel, layout, stops);
  if (s !== undefined) return s;
  const inner = layout.pad.repeat(column) + layout.unit;
  const close = layout.pad.repeat(column);
  const innerColumn = column + layout.unit.length;
  switch (skel.t) {
    case 'open':
      return `{\n${inner}\${${stops.next++}}\n${close}}`;
    case 'obj':
      if (skel.entries.length === 0) return '{}';
      return `{\n${skel.entries.map(([k, v]) => inner + jsonMember(k, v, innerColumn, layout, stops)).join(',\n')}\n${close}}`;
    case 'arr':
      if (skel.items.length === 0) return '[]';
      return `[\n${skel.items.map((v) => inner + jsonValue(v, innerColumn, layout, stops)).join(',\n')}\n${close}]`;
    default:
      return 'null';
  }
}

function jsonMember(key: string, skel: Skel, column: number, layout: Layout, stops: Stops): string {
  return `${escapeSnippet(JSON.stringify(key))}: ${jsonValue(skel, column, layout, stops)}`;
}

/** `key: value` at a key site whose key starts at `column`. */
export function renderMember(key: string, skel: Skel, column: number, layout: Layout): string {
  const stops = new Stops();
  if (layout.format === 'json') return jsonMember(key, skel, column, layout, stops);
  return yamlMember(key, skel, column, layout, stops).join('\n');
}

/** A value on its own (a value site, a JSON array item, or the members of a YAML item after its dash). */
export function renderValue(skel: Skel, column: number, layout: Layout): string {
  const stops = new Stops();
  if (layout.format === 'json') return jsonValue(skel, column, layout, stops);
  return yamlItemBody(skel, column, layout, stops).join('\n');
}
