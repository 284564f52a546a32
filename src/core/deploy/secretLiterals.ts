/**
 * Secret values written literally in a definition (not as `{{secret:NAME}}`): they are known before anything
 * is validated, so a deploy can redact them from the findings it logs and shows, not only from its later lines,
 * and the CLI can keep them out of everything it prints.
 */
import { parseDefinitionFile } from '../definition/parseDefinition';
import type { DefinitionNode, PathSegment, Range } from '../definition/types';
import { isSecretField } from '../definition/secrets';

export interface SecretScalar {
  range: Range;
  /** The value as parsed and as written (a YAML `0777` is both 777 and "0777"), blanks trimmed. */
  literals: string[];
}

/** Each scalar in a secret field of a parsed definition. */
export function secretScalars(root: DefinitionNode | undefined, text: string): SecretScalar[] {
  const out: SecretScalar[] = [];
  const visit = (node: DefinitionNode | undefined, path: PathSegment[]): void => {
    if (!node) return;
    if (node.kind === 'object') for (const p of node.properties) visit(p, [...path, p.key ?? '']);
    else if (node.kind === 'array') node.children.forEach((c, i) => visit(c, [...path, i]));
    else if (node.kind !== 'null' && isSecretField(path)) {
      const written = text.slice(node.range.start, node.range.end).trim();
      const literals = [String(node.value).trim(), (/^(['"]).*\1$/s.test(written) ? written.slice(1, -1) : written).trim()];
      out.push({ range: node.range, literals: [...new Set(literals.filter(Boolean))] });
    }
  };
  visit(root, []);
  return out;
}

/** Each literal of every secret field of a definition file's text. */
export function secretLiteralsInText(text: string, fileName: string): string[] {
  return [...new Set(secretScalars(parseDefinitionFile(text, fileName).root, text).flatMap((s) => s.literals))];
}
