/** Placeholders that name no stored secret: found by the language worker with the definition's other findings. */
import { findSecretReferences } from '../definition/secrets';
import { Code } from '../definition/findingCodes';
import type { Finding } from '../definition/types';

/** A warning on each `{{secret:NAME}}` whose name is not in the secret store (deploy would stop on it). */
export function unknownSecretFindings(text: string, known: readonly string[]): Finding[] {
  const names = new Set(known);
  return findSecretReferences(text)
    // Malformed names are an error of the definition's own checks (invalidSecretName).
    .filter((r) => r.valid && !names.has(r.name))
    .map((r) => ({
      code: Code.unknownSecret,
      severity: 'warning' as const,
      message: `No secret named "${r.name}" is stored. Run "ACI & Data Share: Set Secret…" to store it before deploying.`,
      range: { start: r.start, end: r.end },
      path: [],
    }));
}
