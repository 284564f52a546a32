/**
 * Secret values written literally in a definition (not as `{{secret:NAME}}`): they are known before anything
 * is validated, so a deploy can redact them from the findings it logs and shows, not only from its later lines,
 * and the CLI can keep them out of everything it prints.
 */
import { parseDefinitionFile } from '../definition/parseDefinition';
import { secretUrlNodes, secretValueNodes } from '../definition/secretValues';
import { isSecretPlaceholder, urlCredentials } from '../definition/secrets';
import type { DefinitionNode, Range } from '../definition/types';

export interface SecretScalar {
  range: Range;
  /** The value as parsed and as written (a YAML `0777` is both 777 and "0777"), blanks trimmed. */
  literals: string[];
}

/**
 * Each scalar holding a secret value (see `secretValueNodes`), and each URL with credentials in a field whose
 * URLs' user and password are secret (those are its literals): a finding on a value may quote it.
 */
export function secretScalars(root: DefinitionNode | undefined, text: string): SecretScalar[] {
  // A `{{secret:NAME}}` reference (quoted or not) names a secret; it is not one, and advice may quote it.
  const values = secretValueNodes(root).filter((node) => !isSecretPlaceholder(String(node.value))).map((node) => {
    const written = text.slice(node.range.start, node.range.end).trim();
    const literals = [String(node.value).trim(), (/^(['"]).*\1$/s.test(written) ? written.slice(1, -1) : written).trim()];
    return { range: node.range, literals: [...new Set(literals.filter(Boolean))] };
  });
  const urls = secretUrlNodes(root).map((node) => ({ range: node.range, literals: urlCredentials(String(node.value)) }));
  return [...values, ...urls];
}

/** Each literal of every secret value of a definition file's text. */
export function secretLiteralsInText(text: string, fileName: string): string[] {
  return [...new Set(secretScalars(parseDefinitionFile(text, fileName).root, text).flatMap((s) => s.literals))];
}
