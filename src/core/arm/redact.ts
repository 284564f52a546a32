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

/** Replaces every occurrence of each secret (length ≥ 4; shorter ones would mangle ordinary text). */
export function redactText(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  const usable = secrets
    .filter((s): s is string => typeof s === 'string' && s.length >= 4)
    .sort((a, b) => b.length - a.length);
  for (const secret of usable) {
    out = out.split(secret).join('***');
  }
  return out;
}
