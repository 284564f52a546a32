/**
 * Fills `{{secret:NAME}}` placeholders from the editor's secret storage at deploy time. They are resolved only
 * in secret fields and in the user and password of a URL that may carry credentials (a gitRepo volume's
 * repository), so a secret can never end up in a field that is shown, returned or logged.
 */
import { findSecretReferences, isSecretField, secretSpan, urlCredentials } from '../definition/secrets';

export type BodyPath = readonly (string | number)[];

/** `properties.containers[0].properties.image` style, as CloudError targets are written. */
export function formatBodyPath(path: BodyPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${seg}` : seg;
  }
  return out;
}

export interface SecretResolution {
  /** The body with placeholders replaced (a copy; the input is not changed). */
  body: unknown;
  /** Every secret value in the body (resolved or written literally), for redaction of logs and messages. */
  secretValues: string[];
  /** Placeholder names that have no stored value. */
  missing: string[];
  /**
   * Each stored secret filled in, with the field it went to (names and paths only, never values): `path` as
   * the body has it, `field` as the user reads it (elements by name, `properties.` left out, as the diff shows them).
   */
  used: { name: string; path: string; field: string }[];
  /** Placeholders written outside a secret field (not resolved: the value would be shown and returned). */
  misplaced: { name: string; path: string }[];
  /** Placeholders whose name no stored secret can have (never resolved; the deploy is refused). */
  invalid: { name: string; path: string }[];
}

export type SecretLookup = (name: string) => string | undefined;

/** An element's name for the user: its `name`, a registry's `server`, else its index. */
function elementName(item: unknown, index: number): string {
  const o = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
  const name = typeof o.name === 'string' && o.name ? o.name : typeof o.server === 'string' && o.server ? o.server : undefined;
  return name ?? String(index);
}

/** `containers[web].environmentVariables[DB_PASSWORD].secureValue` for the body path of that field. */
export function namedField(root: unknown, path: BodyPath): string {
  let at: unknown = root;
  let out = '';
  for (const seg of path) {
    const here = at;
    at = here && typeof here === 'object' ? (here as Record<string | number, unknown>)[seg] : undefined;
    if (typeof seg === 'number') out += `[${elementName(at, seg)}]`;
    else if (seg !== 'properties') out += out ? `.${seg}` : seg;
  }
  return out;
}

/** Replaces placeholders in secret fields with values from `lookup`, and collects all secret values. */
export function resolveSecretPlaceholders(body: unknown, lookup: SecretLookup): SecretResolution {
  const secretValues = new Set<string>();
  const missing = new Set<string>();
  const misplaced: SecretResolution['misplaced'] = [];
  const invalid: SecretResolution['invalid'] = [];
  const used: SecretResolution['used'] = [];

  const visit = (value: unknown, path: BodyPath): unknown => {
    if (typeof value === 'string') {
      const refs = findSecretReferences(value);
      const span = secretSpan(path, value);
      const inSpan = (r: { start: number; end: number }) => span !== undefined && r.start >= span.start && r.end <= span.end;
      for (const r of refs) if (!inSpan(r)) misplaced.push({ name: r.name, path: formatBodyPath(path) });
      if (!span) return value;
      let resolved = value;
      for (const r of refs.filter(inSpan).reverse()) {
        if (!r.valid) {
          invalid.push({ name: r.name, path: formatBodyPath(path) });
          continue;
        }
        const secret = lookup(r.name);
        if (secret === undefined) {
          missing.add(r.name);
          continue;
        }
        secretValues.add(secret);
        used.push({ name: r.name, path: formatBodyPath(path), field: namedField(body, path) });
        resolved = resolved.slice(0, r.start) + secret + resolved.slice(r.end);
      }
      if (!isSecretField(path)) for (const c of urlCredentials(resolved)) secretValues.add(c);
      else if (resolved.length > 0) secretValues.add(resolved);
      return resolved;
    }
    if (Array.isArray(value)) return value.map((v, i) => visit(v, [...path, i]));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = visit(v, [...path, k]);
      return out;
    }
    if ((typeof value === 'number' || typeof value === 'boolean') && isSecretField(path)) secretValues.add(String(value));
    return value;
  };

  const resolvedBody = visit(body, []);
  return { body: resolvedBody, secretValues: [...secretValues], missing: [...missing], used, misplaced, invalid: invalid.reverse() };
}
