/**
 * Secret values written literally in a definition (not as `{{secret:NAME}}`): they are known before anything
 * is validated, so a deploy can redact them from the findings it logs and shows, not only from its later lines,
 * and the CLI can keep them out of everything it prints.
 */
import { findProperty } from '../definition/nodeQuery';
import { parseDefinitionFile } from '../definition/parseDefinition';
import type { DefinitionNode, PathSegment, Range } from '../definition/types';
import { isSecretField } from '../definition/secrets';

export interface SecretScalar {
  range: Range;
  /** The value as parsed and as written (a YAML `0777` is both 777 and "0777"), blanks trimmed. */
  literals: string[];
}

/** ARM template parameter types whose values ARM never logs or returns. */
const SECURE_PARAMETER_TYPES = new Set(['securestring', 'secureobject']);

/** The `defaultValue`s of the secure parameters an object (a template, an inner one included) declares. */
function secureDefaults(node: DefinitionNode): DefinitionNode[] {
  const declared = findProperty(node, 'parameters');
  if (declared?.kind !== 'object') return [];
  return declared.properties.flatMap((p) => {
    const type = findProperty(p, 'type');
    const secure = type?.kind === 'string' && SECURE_PARAMETER_TYPES.has(String(type.value).toLowerCase());
    const value = secure ? findProperty(p, 'defaultValue') : undefined;
    return value ? [value] : [];
  });
}

/**
 * Each scalar in a secret field of a parsed definition, and in the default of a secure template parameter
 * (a finding on the value a deploy would take may quote it).
 */
export function secretScalars(root: DefinitionNode | undefined, text: string): SecretScalar[] {
  const out: SecretScalar[] = [];
  const secretSubtrees = new Set<DefinitionNode>();
  const visit = (node: DefinitionNode | undefined, path: PathSegment[], secret: boolean): void => {
    if (!node) return;
    if (node.kind === 'object') {
      for (const d of secureDefaults(node)) secretSubtrees.add(d);
      for (const p of node.properties) visit(p, [...path, p.key ?? ''], secret || secretSubtrees.has(p));
    } else if (node.kind === 'array') node.children.forEach((c, i) => visit(c, [...path, i], secret));
    else if (node.kind !== 'null' && (secret || isSecretField(path))) {
      const written = text.slice(node.range.start, node.range.end).trim();
      const literals = [String(node.value).trim(), (/^(['"]).*\1$/s.test(written) ? written.slice(1, -1) : written).trim()];
      out.push({ range: node.range, literals: [...new Set(literals.filter(Boolean))] });
    }
  };
  visit(root, [], false);
  return out;
}

/** Each literal of every secret field of a definition file's text. */
export function secretLiteralsInText(text: string, fileName: string): string[] {
  return [...new Set(secretScalars(parseDefinitionFile(text, fileName).root, text).flatMap((s) => s.literals))];
}
