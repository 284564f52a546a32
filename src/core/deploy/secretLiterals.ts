/**
 * Secret values written literally in a definition (not as `{{secret:NAME}}`): they are known before anything
 * is validated, so a deploy can redact them from the findings it logs and shows, not only from its later lines.
 */
import { parseDefinitionFile } from '../definition/parseDefinition';
import type { DefinitionNode, PathSegment } from '../definition/types';
import { isSecretField } from '../definition/secrets';

/** Each scalar in a secret field, as parsed and as written (a YAML `0777` is both 777 and "0777"). */
export function secretLiteralsInText(text: string, fileName: string): string[] {
  const out = new Set<string>();
  const add = (s: string) => {
    const t = s.trim();
    if (t) out.add(t);
  };
  const visit = (node: DefinitionNode | undefined, path: PathSegment[]): void => {
    if (!node) return;
    if (node.kind === 'object') for (const p of node.properties) visit(p, [...path, p.key ?? '']);
    else if (node.kind === 'array') node.children.forEach((c, i) => visit(c, [...path, i]));
    else if (node.kind !== 'null' && isSecretField(path)) {
      add(String(node.value));
      const written = text.slice(node.range.start, node.range.end).trim();
      add(/^(['"]).*\1$/s.test(written) ? written.slice(1, -1) : written);
    }
  };
  visit(parseDefinitionFile(text, fileName).root, []);
  return [...out];
}
