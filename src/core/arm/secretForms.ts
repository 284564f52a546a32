/**
 * The ways a service, a library or a log can write a secret back, as regular expressions that find them all in
 * one pass: as is in any letter case; JSON-escaped at any depth (`\"`, `\\\"`, `\uXXXX`); percent-encoded with
 * upper- or lower-case hex, as encodeURIComponent, encodeURI and form encoding (`+` for a space) each leave
 * other characters as they are, and percent-encoded twice; as HTML character references (`&amp;`, `&#39;`,
 * `&#x27;`); as `\xHH`; split across lines; and as hex or base64/base64url of its UTF-8 bytes, also where those
 * bytes sit at any offset inside a longer encoded value (a Basic authorization header holds `user:secret`).
 * Letter case is spelled out in the patterns rather than left to the `i` flag, which makes them several times
 * slower to run.
 */

const escapeRe = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** Hex digits in either case: `[aA]`. */
const anyCase = (hex: string): string => hex.replace(/[a-f]/g, (c) => `[${c}${c.toUpperCase()}]`);
const hex2 = (n: number): string => anyCase(n.toString(16).padStart(2, '0'));
const hex4 = (n: number): string => anyCase(n.toString(16).padStart(4, '0'));

/** JSON's short escapes (a body echoed in an error message, or a log that quotes one). */
const JSON_SHORT: Record<string, string> = { '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };
/** HTML's named references for the characters HTML encoders escape. */
const HTML_NAMED: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' };

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** One character (a code point) in every written form, in any letter case. */
function charPattern(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  const literal = [...new Set([ch, ch.toUpperCase(), ch.toLowerCase()])].map(escapeRe);
  const units = [...Array(ch.length).keys()].map((i) => `[uU]${hex4(ch.charCodeAt(i))}`).join('\\\\+');
  const alternatives = [
    // As written, with any escaping backslashes before it (`\"`, `\\\\`, `\/` at any JSON depth).
    `\\\\*(?:${literal.join('|')})`,
    `\\\\+(?:${JSON_SHORT[ch] ? `${JSON_SHORT[ch]}|` : ''}${units})`,
    [...utf8(ch)].map((b) => `%(?:25)?${hex2(b)}`).join(''),
    `&#0*${cp};`,
    `&#[xX]0*${anyCase(cp.toString(16))};`,
  ];
  if (cp < 0x80) alternatives.push(`\\\\+x${hex2(cp)}`);
  if (HTML_NAMED[ch]) alternatives.push(`&${HTML_NAMED[ch]};`);
  if (ch === ' ') alternatives.push('\\+');
  return `(?:${alternatives.join('|')})`;
}

/** Between two characters of a secret: a line break, and the indentation a wrapped line may start with. */
const LINE_SPLIT = '(?:(?:\\r\\n?|\\n)[ \\t]*)?';

/** Secrets longer than this are found by their whole forms (see `wholeForms`), not with a pattern. */
export const PATTERN_LIMIT = 512;

/** A base64 alphabet character as JSON or a URL may carry it (`\/`, `\u002B`, `%2F`). */
function base64Char(c: string): string {
  const forms: Record<string, string> = {
    '+': '(?:\\+|%2[bB]|\\\\+[uU]002[bB])',
    '/': '(?:\\\\*\\/|%2[fF]|\\\\+[uU]002[fF])',
    '=': '(?:=|%3[dD]|\\\\+[uU]003[dD])',
  };
  return forms[c] ?? c;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const toUrl = (b64: string): string => b64.replace(/\+/g, '-').replace(/\//g, '_');

/**
 * The secret's base64 and base64url: the whole encoding of the secret alone, then, for each of the three
 * offsets its bytes can have inside a longer value, the characters its bytes alone decide.
 */
function base64Forms(bytes: Uint8Array): string[] {
  const whole = base64(bytes);
  const forms = new Set([whole, toUrl(whole).replace(/=+$/, '')]);
  for (let shift = 0; shift < 3; shift++) {
    const shifted = new Uint8Array(shift + bytes.length);
    shifted.set(bytes, shift);
    const first = Math.ceil((8 * shift) / 6);
    const last = Math.floor((8 * (shift + bytes.length)) / 6) - 1;
    const core = base64(shifted).slice(first, last + 1);
    if (core.length >= 4) forms.add(core).add(toUrl(core));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * Every form of `secret` as one pattern; with `split`, the characters may be split across lines (a separate
 * pattern, run only on text with line breaks: it is slower).
 */
export function secretPattern(secret: string, split: boolean): string {
  const bytes = utf8(secret);
  const join = split ? LINE_SPLIT : '';
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return [
    [...secret].map(charPattern).join(join),
    ...base64Forms(bytes).map((f) => [...f].map(base64Char).join(join)),
    escapeRe(hex),
    escapeRe(hex.toUpperCase()),
  ].join('|');
}

/** Short secrets as whole quoted values (`'pw'`, `"pw"`, `\"pw\"`), each in any of its forms. */
export function quotedPattern(secrets: readonly string[]): string {
  const values = secrets.map((s) => [...s].map(charPattern).join(''));
  return `(\\\\*["'\`])(?:${values.join('|')})\\1`;
}

/** Short secrets as whole tokens: as written in any letter case, no ASCII letter, digit or `_` on either side. */
export function tokenPattern(secrets: readonly string[]): string {
  const values = secrets.map((s) => [...s].map((ch) => `(?:${[...new Set([ch, ch.toUpperCase(), ch.toLowerCase()])].map(escapeRe).join('|')})`).join(''));
  return `(?<![A-Za-z0-9_])(?:${values.join('|')})(?![A-Za-z0-9_])`;
}

/** A long secret's forms as plain strings: as written and in each case, JSON-escaped, URL-encoded, base64, hex. */
export function wholeForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const uri = encodeURIComponent(secret);
  const bytes = utf8(secret);
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  const forms = [secret, secret.toUpperCase(), secret.toLowerCase(), json, JSON.stringify(json).slice(1, -1), uri, uri.replace(/%[0-9A-F]{2}/g, (p) => p.toLowerCase()), uri.replace(/%20/g, '+'), encodeURI(secret), hex, hex.toUpperCase(), ...base64Forms(bytes)];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}
