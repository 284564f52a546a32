/**
 * Secrets in a definition: the fields Azure treats as secrets (and hides in its responses), and the
 * `{{secret:NAME}}` placeholders that keep secret values out of definition files. Parsing, validation,
 * completion, symbols and deploy all read this one knowledge, so they agree on what is secret.
 */

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
    const name = (m[1] ?? '').trim(); // the group always takes part in a match
    out.push({ name, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, valid: isValidSecretName(name) });
  }
  return out;
}

/** A value that is exactly one placeholder (surrounding blanks allowed). */
export function isSecretPlaceholder(text: string): boolean {
  const refs = findSecretReferences(text);
  const only = refs.length === 1 ? refs[0] : undefined;
  return only !== undefined && text.slice(0, only.start).trim() === '' && text.slice(only.end).trim() === '';
}

const lower = (p: readonly (string | number)[]): string[] => p.map((s) => (typeof s === 'number' ? '#' : s.toLowerCase()));

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
  // NGroups (2025-09-01 NGroupCGPropertyVolume): each profile reference may add Azure Files volumes with their key.
  ['properties', 'containergroupprofiles', '#', 'containergroupproperties', 'volumes', '#', 'azurefile', 'storageaccountkey'],
];
/**
 * Paths whose values are URLs that may carry credentials (`https://user:token@host/…`, as a private gitRepo
 * volume is cloned): the user and password are secret, the rest of the URL is not.
 */
const SECRET_USERINFO_FIELDS: string[][] = [['properties', 'volumes', '#', 'gitrepo', 'repository']];
/** Everything below these paths is secret (protected settings may nest). */
const SECRET_SUBTREES: string[][] = [['properties', 'extensions', '#', 'properties', 'protectedsettings']];

/**
 * The path inside the resource a template path leads to: `resources[i]…`, also through the inner templates of
 * nested deployments (`resources[i].properties.template.resources[j]…`).
 */
function resourceRelative(p: string[]): string[] {
  while (p[0] === 'resources' && p.length > 2) {
    p = p.slice(2);
    if (p[0] === 'properties' && p[1] === 'template' && p[2] === 'resources') p = p.slice(2);
  }
  return p;
}

/**
 * Whether a value at `path` is a secret. `path` is relative to the container group (a request body, a YAML
 * file or an ARM body) or inside an ARM template (`resources[i]…`, nested deployments' templates included);
 * property names in any letter case.
 */
export function isSecretField(path: readonly (string | number)[]): boolean {
  const p = resourceRelative(lower(path));
  if (SECRET_FIELDS.some((f) => matches(p, f))) return true;
  return SECRET_SUBTREES.some((s) => p.length > s.length && matches(p.slice(0, s.length), s));
}

/** Whether a value at `path` is a URL whose user and password are secret (see `urlUserinfo`). */
export function isSecretUrlField(path: readonly (string | number)[]): boolean {
  const p = resourceRelative(lower(path));
  return SECRET_USERINFO_FIELDS.some((f) => matches(p, f));
}

/** `scheme://` then the authority, up to the first `/`, `?` or `#`. */
const AUTHORITY = /^\s*[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/;

/** Where the user and password of a URL are ([start, end) before the last `@` of its authority); undefined if none. */
export function urlUserinfo(url: string): { start: number; end: number } | undefined {
  const m = AUTHORITY.exec(url);
  const authority = m?.[1];
  const at = authority?.lastIndexOf('@') ?? -1;
  if (!m || authority === undefined || at <= 0) return undefined;
  const start = m[0].length - authority.length;
  return { start, end: start + at };
}

/**
 * The secret part of a string value at `path`: all of it in a secret field, the user and password of a URL
 * in a field whose URLs may carry credentials; undefined when nothing in it is secret.
 */
export function secretSpan(path: readonly (string | number)[], value: string): { start: number; end: number } | undefined {
  if (isSecretField(path)) return { start: 0, end: value.length };
  return isSecretUrlField(path) ? urlUserinfo(value) : undefined;
}

/** The URL with its user and password shown as `***` (any string: only a URL's userinfo changes). */
export function maskUserinfo(value: string): string {
  const span = urlUserinfo(value);
  return span ? `${value.slice(0, span.start)}***${value.slice(span.end)}` : value;
}

/** The secrets a URL's userinfo holds: `user:password` and the password; a lone user (a token) as itself. */
export function urlCredentials(url: string): string[] {
  const span = urlUserinfo(url);
  if (!span) return [];
  const userinfo = url.slice(span.start, span.end);
  const colon = userinfo.indexOf(':');
  const parts = [userinfo];
  if (colon >= 0) parts.push(userinfo.slice(colon + 1));
  // Written percent-encoded in the URL, sent decoded by a Git client: both forms are secrets.
  for (const p of [...parts]) {
    try {
      parts.push(decodeURIComponent(p));
    } catch {
      // not percent-encoded
    }
  }
  return [...new Set(parts.filter(Boolean))];
}
