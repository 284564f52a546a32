/**
 * `{{secret:NAME}}` placeholders: secret values stay out of definition files and are filled in from the
 * editor's secret storage at deploy time. They are resolved only in the fields Azure treats as secrets (and
 * hides in its responses), so a secret can never end up in a field that is shown, returned or logged.
 */
import type { Finding } from '../definition/types';

export interface SecretReference {
  name: string;
  /** Offsets of the whole placeholder in the text, [start, end). */
  start: number;
  end: number;
  /** False when the name has characters a stored secret cannot have (the placeholder can never resolve). */
  valid: boolean;
}

/** Names: letters, digits, `.`, `_` and `-`, as accepted by the Set Secret command. */
export const SECRET_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,126}$/;
export const SECRET_NAME_RULE = "letters, digits, '.', '_' and '-', starting with a letter or digit (at most 127 characters)";
/**
 * Anything that looks like a placeholder, whatever its name: the editor, completion and deploy all read this
 * one pattern, so a malformed name is reported (and refused) instead of being sent as literal text.
 */
const PLACEHOLDER = /\{\{\s*secret\s*:([^{}]*)\}\}/gi;

export function isValidSecretName(name: string): boolean {
  return SECRET_NAME_PATTERN.test(name);
}

/** Every placeholder in a text (a document or one value), for diagnostics, completion and deploy. */
export function findSecretReferences(text: string): SecretReference[] {
  const out: SecretReference[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1].trim();
    out.push({ name, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, valid: isValidSecretName(name) });
  }
  return out;
}

export function hasSecretPlaceholder(text: string): boolean {
  return findSecretReferences(text).length > 0;
}

/** A value that is exactly one placeholder (surrounding blanks allowed). */
export function isSecretPlaceholder(text: string): boolean {
  const refs = findSecretReferences(text);
  return refs.length === 1 && text.slice(0, refs[0].start).trim() === '' && text.slice(refs[0].end).trim() === '';
}

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

const lower = (p: BodyPath): string[] => p.map((s) => (typeof s === 'number' ? '#' : s.toLowerCase()));

function matches(path: string[], pattern: string[]): boolean {
  return path.length === pattern.length && pattern.every((p, i) => p === '*' || p === path[i]);
}

/** Paths inside a group (lower case, `#` for an index, `*` for any key) whose string values are secrets. */
const SECRET_FIELDS: string[][] = [
  ['properties', 'containers', '#', 'properties', 'environmentvariables', '#', 'securevalue'],
  ['properties', 'initcontainers', '#', 'properties', 'environmentvariables', '#', 'securevalue'],
  ['properties', 'imageregistrycredentials', '#', 'password'],
  ['properties', 'volumes', '#', 'azurefile', 'storageaccountkey'],
  ['properties', 'volumes', '#', 'cloudfile', 'storageaccountkey'],
  ['properties', 'volumes', '#', 'secret', '*'],
  ['properties', 'diagnostics', 'loganalytics', 'workspacekey'],
  // The service marks LogAnalytics.workspaceResourceId x-ms-secret (write-only, stripped from responses),
  // so it is treated as a secret everywhere: placeholders resolve there and its value is redacted.
  ['properties', 'diagnostics', 'loganalytics', 'workspaceresourceid'],
];
/** Everything below these paths is secret (protected settings may nest). */
const SECRET_SUBTREES: string[][] = [['properties', 'extensions', '#', 'properties', 'protectedsettings']];

/** Whether `key` (any case) names a secret value in some secret field, for callers that know only the key. */
export function isSecretLeafKey(key: string): boolean {
  const k = key.toLowerCase();
  return SECRET_FIELDS.some((f) => f[f.length - 1] === k);
}

/**
 * Whether a value at `path` is a secret. `path` is relative to the container group (a request body, a YAML
 * file or an ARM body) or inside an ARM template (`resources[i]…`); property names in any letter case.
 */
export function isSecretField(path: readonly (string | number)[]): boolean {
  let p = lower(path);
  if (p[0] === 'resources' && p.length > 2) p = p.slice(2);
  if (SECRET_FIELDS.some((f) => matches(p, f))) return true;
  return SECRET_SUBTREES.some((s) => p.length > s.length && matches(p.slice(0, s.length), s));
}

export interface SecretResolution {
  /** The body with placeholders replaced (a copy; the input is not changed). */
  body: unknown;
  /** Every secret value in the body (resolved or written literally), for redaction of logs and messages. */
  secretValues: string[];
  /** Placeholder names that have no stored value. */
  missing: string[];
  /** Each stored secret filled in, with the field it went to (names and paths only, never values). */
  used: { name: string; path: string }[];
  /** Placeholders written outside a secret field (not resolved: the value would be shown and returned). */
  misplaced: { name: string; path: string }[];
  /** Placeholders whose name no stored secret can have (never resolved; the deploy is refused). */
  invalid: { name: string; path: string }[];
}

export type SecretLookup = (name: string) => string | undefined;

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
      if (!isSecretField(path)) {
        for (const r of refs) misplaced.push({ name: r.name, path: formatBodyPath(path) });
        return value;
      }
      let resolved = value;
      for (const r of refs.reverse()) {
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
        used.push({ name: r.name, path: formatBodyPath(path) });
        resolved = resolved.slice(0, r.start) + secret + resolved.slice(r.end);
      }
      if (resolved.length > 0) secretValues.add(resolved);
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

/** A warning on each `{{secret:NAME}}` whose name is not in the secret store (deploy would stop on it). */
export function unknownSecretFindings(text: string, known: readonly string[]): Finding[] {
  const names = new Set(known);
  return findSecretReferences(text)
    // Malformed names are an error of the definition's own checks (invalidSecretName).
    .filter((r) => r.valid && !names.has(r.name))
    .map((r) => ({
      code: 'ACI900',
      severity: 'warning' as const,
      message: `No secret named "${r.name}" is stored. Run "ACI & Data Share: Set Secret…" to store it before deploying.`,
      range: { start: r.start, end: r.end },
      path: [],
    }));
}
