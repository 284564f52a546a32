/**
 * Hover in container group definitions: on a key, the property's description, type, allowed values and
 * whether it is required; on an enum value, that value's description. Keys match in any letter case,
 * as the service reads them.
 */
import { DefinitionDocument, findNodeAtOffset, PathSegment } from '../definition';
import { describeProperty, enumDescription, propertyInfo, schemaAt } from '../schema/documentSchema';
import { resolveRef } from '../schema/schemaLookup';
import { markdownText } from './markdownText';

export interface HoverResult {
  markdown: string;
  range: { start: number; end: number };
}

export function hover(doc: DefinitionDocument, offset: number): HoverResult | undefined {
  if (!Number.isFinite(offset) || offset < 0 || offset > doc.text.length) return undefined;
  const at = findNodeAtOffset(doc.root, offset);
  if (!at || at.path.length === 0) return undefined;
  const { node, path, isKey } = at;
  if (isKey) {
    // Ranges are half-open: the character after the key (`:` or a quote) is not the key.
    if (!node.keyRange || (offset === node.keyRange.end && node.keyRange.end > node.keyRange.start)) return undefined;
    const markdown = describeAt(doc, path);
    return markdown ? { markdown, range: node.keyRange } : undefined;
  }
  if (node.kind === 'object' || node.kind === 'array') return undefined;
  if (offset === node.range.end && node.range.end > node.range.start) return undefined;
  const base = describeAt(doc, path);
  if (!base) return undefined;
  const schema = schemaAt(doc, path);
  const value = node.value;
  const described = value !== null && value !== undefined ? enumDescription(schema, String(value)) : undefined;
  if (described) {
    const head = `\`${described.value}\`${described.description ? `: ${described.description}` : ''}`;
    return { markdown: `${head}\n\n---\n\n${base}`, range: node.range };
  }
  return { markdown: base, range: node.range };
}

/** Description of the property (or array item) at `path`; undefined where the schema says nothing. */
function describeAt(doc: DefinitionDocument, path: PathSegment[]): string | undefined {
  const schema = schemaAt(doc, path);
  if (!schema) return undefined;
  const last = path[path.length - 1];
  if (typeof last === 'number') return describeProperty(undefined, schema, false);
  const parent = resolveRef(schemaAt(doc, path.slice(0, -1)));
  const info = propertyInfo(parent, last);
  // A key the schema does not name (a tag, say) is the document's own text.
  return describeProperty(info?.name ?? markdownText(last), schema, info?.required ?? false);
}
