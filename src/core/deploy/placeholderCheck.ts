/**
 * A deploy sends the definition as written, so one that still holds a placeholder from an example
 * (`<subscription-ID>`, `XXXX`) is refused before anything is asked or sent, naming the line and the field.
 */
import { templateContainerGroups } from '../definition/armTemplate';
import { findExamplePlaceholder, isCommandPath, placeholderForm } from '../definition/examplePlaceholders';
import { toLineCol } from '../definition/lineCol';
import { findProperty } from '../definition/nodeQuery';
import { parseDefinitionFile } from '../definition/parseDefinition';
import { isSecretField } from '../definition/secrets';
import { isTemplateExpression } from '../definition/templateExpression';
import type { DefinitionNode, PathSegment, Range } from '../definition/types';
import { formatBodyPath } from './resolveSecrets';

export interface UnfilledPlaceholder {
  /** One-based, as shown to the user. */
  line: number;
  range: Range;
  /** The body path of the field, e.g. `properties.volumes[0].secret.ssl.crt`. */
  field: string;
  /** The placeholder as written, or only its form (`<…>`, `XXXX`) in a secret field. */
  shown: string;
}

/** The parts of a group a deploy sends. */
const SENT = ['location', 'tags', 'zones', 'identity', 'properties'];

function search(node: DefinitionNode, path: PathSegment[], found: (value: string, range: Range, path: PathSegment[]) => boolean): boolean {
  if (isCommandPath(path)) return false;
  if (node.kind === 'string') return !isTemplateExpression(node.value) && found(String(node.value), node.range, path);
  if (node.kind === 'array') return node.children.some((c, i) => search(c, [...path, i], found));
  if (node.kind !== 'object') return false;
  return node.properties.some((p) => {
    const at = [...path, p.key ?? ''];
    // Map keys can be values too (identity resource IDs under userAssignedIdentities).
    return (p.keyRange !== undefined && found(p.key ?? '', p.keyRange, at)) || search(p, at, found);
  });
}

/** The first placeholder from an example in what a deploy of `text` would send; none when the text does not parse. */
export function findUnfilledPlaceholder(text: string, fileName: string): UnfilledPlaceholder | undefined {
  const { root } = parseDefinitionFile(text, fileName);
  if (!root) return undefined;
  const groups = findProperty(root, 'resources') ? templateContainerGroups(root).map((g) => g.node) : [root];
  let result: UnfilledPlaceholder | undefined;
  const found = (value: string, range: Range, path: PathSegment[]): boolean => {
    const secret = isSecretField(path);
    const placeholder = findExamplePlaceholder(value, secret);
    if (placeholder === undefined) return false;
    result = { line: toLineCol(text, range.start).line + 1, range, field: formatBodyPath(path), shown: secret ? placeholderForm(placeholder) : placeholder };
    return true;
  };
  for (const group of groups) {
    for (const key of SENT) {
      const node = findProperty(group, key);
      if (node && search(node, [key], found)) return result;
    }
  }
  return result;
}
