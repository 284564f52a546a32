/**
 * Keeps secret values out of what the CLI prints. Messages already leave secret fields' values out; quick-fix
 * edits and their data may carry them (a `secureValue: 0777` fix writes `'0777'`), so a fix that would write or
 * replace a secret value is left out, and known secret values are masked anywhere else.
 */
import { redactText } from '../core/arm/redact';
import { isSecretField } from '../core/definition/secrets';
import { Finding, Fix, Range, TextEdit } from '../core/definition/types';
import { SecretScalar } from '../core/deploy/secretLiterals';

const overlaps = (a: Range, b: Range) => (a.start < b.end && b.start < a.end) || (a.start === a.end && a.start > b.start && a.start < b.end);

export function redactFindings(findings: Finding[], secrets: SecretScalar[]): Finding[] {
  if (secrets.length === 0) return findings;
  const literals = secrets.flatMap((s) => s.literals);
  const mask = (text: string) => redactText(text, literals);
  const leaks = (e: TextEdit) => mask(e.newText) !== e.newText || secrets.some((s) => overlaps(e.range, s.range) && s.literals.some((l) => e.newText.includes(l)));
  const keep = (fix: Fix | undefined, secretField: boolean): Fix | undefined =>
    !fix || secretField || fix.edits.some(leaks) ? undefined : { ...fix, title: mask(fix.title) };

  return findings.map((f) => {
    // On a secret field holding a value (not a {{secret:NAME}} reference): its fixes would write the value.
    const secretField = isSecretField(f.path) && secrets.some((s) => overlaps(f.range, s.range));
    const out: Finding = { ...f, message: mask(f.message) };
    delete out.fix;
    delete out.moreFixes;
    delete out.data;
    const fix = keep(f.fix, secretField);
    const moreFixes = f.moreFixes?.map((m) => keep(m, secretField)).filter((m): m is Fix => m !== undefined);
    if (fix) out.fix = fix;
    if (moreFixes?.length) out.moreFixes = moreFixes;
    if (f.data && !secretField) out.data = maskDeep(f.data, mask) as Record<string, unknown>;
    return out;
  });
}

function maskDeep(value: unknown, mask: (text: string) => string): unknown {
  if (typeof value === 'string') return mask(value);
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, mask));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(v, mask)]));
  return value;
}
