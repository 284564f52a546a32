/** Query strings as ARM reads them: names matched whatever their case, a continuation token kept byte for byte. */

export type QueryValue = string | number | boolean | undefined;

/** Decodes a raw query name; a malformed escape stays as written. */
function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Whether the URL's query has the parameter, whatever its case. */
export function hasQueryName(url: URL, name: string): boolean {
  const wanted = name.toLowerCase();
  return url.search.slice(1).split('&').some((pair) => pair.length > 0 && decodeName(pair.split('=')[0]).toLowerCase() === wanted);
}

/** Encodes a query name, keeping `$` readable as ARM documents it (`$skipToken`, `$filter`). */
function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/%24/g, '$');
}

/**
 * Sets query parameters without re-serializing the others: a nextLink's opaque continuation token
 * must reach the server byte for byte.
 */
export function withQuery(url: URL, params: Record<string, QueryValue>): string {
  const entries = Object.entries(params).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
  const names = new Set(entries.map(([name]) => name.toLowerCase()));
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair.length > 0 && !names.has(decodeName(pair.split('=')[0]).toLowerCase()));
  const added = entries.map(([name, value]) => `${encodeName(name)}=${encodeURIComponent(String(value))}`);
  const query = [...kept, ...added].join('&');
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}
