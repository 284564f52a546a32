/**
 * Removes secrets from text that goes to logs or error messages.
 */

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

/** Shorter secrets are not matched as text: they would mangle ordinary words (their fields are, below). */
const MIN_TEXT_SECRET = 4;

/** `text` as it appears inside a JSON string, `levels` times over (a body echoed inside an error message). */
function jsonEscaped(text: string, levels: number): string {
  let out = text;
  for (let i = 0; i < levels; i++) out = JSON.stringify(out).slice(1, -1);
  return out;
}

/** Each way a secret can be written in a reply or an error: as is, JSON-escaped once or twice, URL-encoded. */
function writtenForms(secret: string): string[] {
  return [secret, jsonEscaped(secret, 1), jsonEscaped(secret, 2), encodeURIComponent(secret)];
}

/**
 * Replaces every written form of each secret (length ≥ 4), then the value of every secret field in JSON the
 * text carries, escaped or not, so that secrets of any length in an echoed body are hidden too.
 */
export function redactText(text: string, secrets: readonly (string | undefined)[]): string {
  const forms = new Set<string>();
  for (const s of secrets) {
    if (typeof s === 'string' && s.length >= MIN_TEXT_SECRET) for (const f of writtenForms(s)) forms.add(f);
  }
  let out = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) out = out.split(form).join('***');
  return redactSecretFields(out);
}

/**
 * Field names whose values are secrets wherever they appear in JSON: the container group's secret fields
 * (definition/secrets.ts) and the sign-in's own. `secret` and `protectedSettings` hold objects of secrets.
 */
const SECRET_VALUE_KEYS = ['securevalue', 'password', 'storageaccountkey', 'workspacekey', 'workspaceresourceid', 'clientsecret', 'client_secret', 'access_token', 'refresh_token'];
const SECRET_OBJECT_KEYS = ['secret', 'protectedsettings'];

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
