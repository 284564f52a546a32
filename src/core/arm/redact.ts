/**
 * Removes secrets from text that goes to logs or error messages.
 */
import { PATTERN_LIMIT, quotedPattern, secretPattern, tokenPattern, wholeForms } from './secretForms';

/** Query parameters whose values are continuation tokens, signatures or credentials. */
const SECRET_PARAM = /(^\$?skiptoken$)|(^sig$)|token|secret|password|passwd|credential|signature|(^code$)|(^key$)|apikey|api_key|(^sas)/i;

export function isSecretQueryParam(name: string): boolean {
  return SECRET_PARAM.test(name);
}

/**
 * Returns the URL with secret-looking query values replaced by `***` and any user:password removed.
 * A string that is not a URL is returned with its query part redacted the same way.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactQueryString(url);
  }
  if (parsed.username || parsed.password) {
    parsed.username = '';
    parsed.password = '';
  }
  const base = `${parsed.origin}${parsed.pathname}`;
  const query = parsed.search ? redactQueryString(parsed.search) : '';
  return base + query + (parsed.hash ? '#***' : '');
}

/** Works on the raw query text so that parameter order and encoding stay as they were. */
function redactQueryString(text: string): string {
  const q = text.indexOf('?');
  if (q < 0) {
    return text;
  }
  const head = text.slice(0, q + 1);
  const parts = text.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) {
      return pair;
    }
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name);
    } catch {
      // keep the raw name
    }
    return isSecretQueryParam(name) ? `${pair.slice(0, eq)}=***` : pair;
  });
  return head + parts.join('&');
}

/**
 * Secrets of 1 to 3 characters are hidden where they stand as a whole token (no letter, digit or `_` on either
 * side, ASCII) and as a whole quoted value, never inside a longer word: `abc` is hidden in "value abc rejected" but "abcd"
 * stays. Such a secret is guessable anyway; hiding it everywhere would mangle every message.
 */
const MIN_TEXT_SECRET = 4;

/**
 * A secret's first SECRET_PREFIX characters are a secret too (for secrets longer than that): a service or a log
 * that cuts a long value keeps its start, and the start alone must not show. The start is hidden as written (in
 * any of upper, lower or its own case); a shorter cut shows at most SECRET_PREFIX - 1 characters.
 */
export const SECRET_PREFIX = 12;

/**
 * Unicode: the text is compared in its composed form (NFC), and each secret is registered as given, composed and,
 * where they differ, in its compatibility form (NFKC). So a secret echoed decomposed (NFD, as some systems store text) or in
 * a compatibility form (NFKD) is found; text that had to be composed is shown composed.
 */
function secretVariants(secrets: readonly (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const s of secrets) {
    // As given too: its encodings (percent, base64, hex) are of the text as given.
    if (typeof s === 'string' && s.length > 0) out.push(...new Set([s, s.normalize('NFC'), s.normalize('NFKC')]));
  }
  return out;
}

/** The starts of the longer secrets, cut at a code point boundary, in each letter case. */
function secretPrefixes(secrets: readonly string[]): string[] {
  const starts = secrets.filter((s) => [...s].length > SECRET_PREFIX).map((s) => [...s].slice(0, SECRET_PREFIX).join(''));
  return [...new Set(starts.flatMap((p) => [p, p.toUpperCase(), p.toLowerCase()]))];
}

interface Matchers {
  /** Every form of the secrets of 4 to PATTERN_LIMIT characters. */
  forms?: RegExp;
  /** The same, split across lines: run only on text that has line breaks. */
  split?: RegExp;
  /** Longer secrets' whole forms, as strings. */
  whole: string[];
  /** The starts of secrets longer than SECRET_PREFIX, as strings (searched after the whole secrets). */
  prefixes: string[];
  /** Shorter secrets as whole quoted values. */
  quoted?: RegExp;
  /** Shorter secrets as whole tokens. */
  token?: RegExp;
}

/** Compiled patterns of the last few sets of secrets: a deploy redacts every line with the same set. */
const compiled = new Map<string, Matchers>();
const COMPILED_KEPT = 16;

const NONE: Matchers = { whole: [], prefixes: [] };

function matchers(secrets: readonly (string | undefined)[]): Matchers {
  if (secrets.length === 0) return NONE;
  // Longer secrets first, so that one holding another is hidden whole.
  const unique = [...new Set(secretVariants(secrets))].sort((a, b) => b.length - a.length);
  const key = JSON.stringify(unique);
  let m = compiled.get(key);
  if (m) return m;
  const patterned = unique.filter((s) => s.length >= MIN_TEXT_SECRET && s.length <= PATTERN_LIMIT);
  const short = unique.filter((s) => s.length < MIN_TEXT_SECRET);
  m = {
    forms: patterned.length ? new RegExp(patterned.map((s) => secretPattern(s, false)).join('|'), 'g') : undefined,
    split: patterned.length ? new RegExp(patterned.map((s) => secretPattern(s, true)).join('|'), 'g') : undefined,
    whole: [...new Set(unique.filter((s) => s.length > PATTERN_LIMIT).flatMap(wholeForms))],
    prefixes: secretPrefixes(unique),
    quoted: short.length ? new RegExp(quotedPattern(short), 'g') : undefined,
    token: short.length ? new RegExp(tokenPattern(short), 'g') : undefined,
  };
  if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, m);
  return m;
}

/** The user and password of a URL anywhere in text (`https://user:token@host`, also with JSON's `\/`). */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:(?:\\*\/){2})[^\s/?#@"'<>\\]+@/gi;

export function redactUrlUserinfo(text: string): string {
  return text.includes('@') ? text.replace(URL_USERINFO, '$1***@') : text;
}

/**
 * Replaces every written form of each secret (see secretForms.ts) of 4 characters or more, shorter ones where
 * they are a whole quoted value, the user and password of any URL, and the value of every secret field the
 * text carries, in JSON (escaped or not) or as `name=value` / `name: value`, so that secrets of any length in
 * an echoed body are hidden too.
 */
export function redactText(text: string, secrets: readonly (string | undefined)[]): string {
  const m = matchers(secrets);
  let out = m === NONE ? text : text.normalize('NFC');
  // A long needle costs a search table per call: look for its start first.
  for (const form of m.whole) if (out.includes(form.slice(0, 32))) out = out.split(form).join('***');
  if (m.forms) out = out.replace(m.forms, '***');
  if (m.split && /[\r\n]/.test(out)) out = out.replace(m.split, '***');
  if (m.quoted) out = out.replace(m.quoted, '$1***$1');
  if (m.token) out = out.replace(m.token, '***');
  for (const start of m.prefixes) if (out.includes(start)) out = out.split(start).join('***');
  return redactSecretFields(redactNamedValues(redactUrlUserinfo(out)));
}

/**
 * Field names whose values are secrets wherever they appear in JSON: the container group's secret fields
 * (definition/secrets.ts) and the sign-in's own. `secret` and `protectedSettings` hold objects of secrets.
 */
const SECRET_VALUE_KEYS = ['securevalue', 'password', 'storageaccountkey', 'workspacekey', 'workspaceresourceid', 'clientsecret', 'client_secret', 'access_token', 'refresh_token'];
const SECRET_OBJECT_KEYS = ['secret', 'protectedsettings'];

/** Whether a JSON member of this name holds a secret (`secureValue`, `password`…), or an object of secrets. */
export function secretKeyKind(name: string): 'value' | 'object' | undefined {
  const key = name.toLowerCase();
  return SECRET_VALUE_KEYS.includes(key) ? 'value' : SECRET_OBJECT_KEYS.includes(key) ? 'object' : undefined;
}

/**
 * A secret field's name outside JSON, as form bodies, query strings, YAML and messages write it
 * (`client_secret=…`, `password: …`), and its value: quoted, or up to a blank or a separator.
 */
const NAMED_VALUE = new RegExp(`(?<![\\w"\\\\])(${SECRET_VALUE_KEYS.join('|')})(\\s*[=:]\\s*)(?:"[^"\\r\\n]*"|'[^'\\r\\n]*'|(?!\\*\\*\\*)[^\\s&,;'"<>()[\\]{}]+)`, 'gi');

/** Replaces the values of secret fields written as `name=value` or `name: value`. */
export function redactNamedValues(text: string): string {
  return text.replace(NAMED_VALUE, '$1$2***');
}

/** A key in quotes at any escape level (`"k"`, `\"k\"`, `\\\"k\\\"`), its colon, and the quote or brace after. */
const SECRET_MEMBER = new RegExp(
  `(\\\\*)"(${[...SECRET_VALUE_KEYS, ...SECRET_OBJECT_KEYS].join('|')})\\1"\\s*:\\s*(?:(\\\\*)"|\\{)`,
  'gi',
);

/** Replaces secret field values in JSON found in `text`, at the escape level each is written in. */
export function redactSecretFields(text: string): string {
  let out = '';
  let from = 0;
  SECRET_MEMBER.lastIndex = 0;
  for (let m = SECRET_MEMBER.exec(text); m; m = SECRET_MEMBER.exec(text)) {
    const slashes = m[1].length;
    // The key's quote tells the level: 0, 1, 3, 7 … backslashes for a body escaped 0, 1, 2, 3 … times.
    if (((slashes + 1) & slashes) !== 0) continue;
    const valueStart = m.index + m[0].length;
    // Either kind of key may hold either kind of value; whatever is there is hidden.
    const isObject = m[0].endsWith('{');
    if (!isObject && (m[3] ?? '').length !== slashes) continue;
    const end = isObject ? objectEnd(text, valueStart, slashes) : stringEnd(text, valueStart, slashes);
    if (end < 0) {
      // Cut off inside the value: hide the rest.
      out += text.slice(from, valueStart) + '***';
      from = text.length;
      break;
    }
    out += text.slice(from, valueStart) + '***';
    from = end;
    SECRET_MEMBER.lastIndex = end;
  }
  return out + text.slice(from);
}

/**
 * Where the string starting at `i` ends (the index of its closing quote's backslashes), at escape level
 * `slashes` (0, 1, 3 …): the closing quote is the first with a run of backslashes before it that is `slashes`
 * modulo twice its level's step; other runs are escaped quotes and backslashes of the value. -1 if unclosed.
 */
function stringEnd(text: string, i: number, slashes: number): number {
  const period = (slashes + 1) * 2;
  let run = 0;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') run++;
    else {
      if (c === '"' && run % period === slashes) return j - slashes;
      run = 0;
    }
  }
  return -1;
}

/** Where the object whose `{` is just before `i` ends (just before its `}`), skipping its strings. -1 if unclosed. */
function objectEnd(text: string, i: number, slashes: number): number {
  let depth = 1;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === '"' && text.slice(j - slashes, j) === '\\'.repeat(slashes) && text[j - slashes - 1] !== '\\') {
      const end = stringEnd(text, j + 1, slashes);
      if (end < 0) return -1;
      j = end + slashes;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return j;
  }
  return -1;
}
