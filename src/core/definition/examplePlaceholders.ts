/**
 * Placeholders that published examples leave for the reader to fill in: `<subscription-ID>`,
 * `<Enter contents of base64-ssl.crt here>`, `XXXX`. (`{{secret:NAME}}` is ours and is filled in at deploy.)
 * The editor warns on them and the deploy refuses to send one.
 */

/** `<words>` as the docs write them; markup such as `<html>` is not one. */
const ANGLE = /<([A-Za-z][A-Za-z0-9 _.,:'/-]{0,80})>/g;
const MARKUP = new Set(['a', 'b', 'i', 'p', 'br', 'hr', 'em', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'div', 'pre', 'img', 'code', 'span', 'html', 'head', 'body', 'meta', 'link', 'form', 'input', 'table', 'title', 'style', 'script', 'strong']);
/** A run of 4-40 X on its own, as in `XXXX` or a masked id `xxxxxxxx-f292-…`. */
const X_RUN = /(?<![A-Za-z0-9])(?:X{4,40}|x{4,40})(?![A-Za-z0-9])/;

/**
 * The first placeholder written in `value`, as written. With `whole`, only a value that is nothing but one
 * (the form examples use in secret fields, where a real password may well hold `<` and `>`).
 */
export function findExamplePlaceholder(value: string, whole = false): string | undefined {
  const found = [...value.matchAll(ANGLE)].map((m) => m[0]).find((m) => !MARKUP.has(m.slice(1, -1).toLowerCase().replace(/\/$/, ''))) ?? X_RUN.exec(value)?.[0];
  return found !== undefined && (!whole || found === value.trim()) ? found : undefined;
}

/** How a placeholder is named where its value must not be repeated (secret fields). */
export function placeholderForm(placeholder: string): string {
  return placeholder.startsWith('<') ? '<…>' : 'XXXX';
}

/** Shell commands use `<`, `>` and `XXXX` (mktemp) for their own ends: their values are not searched. */
export function isCommandPath(path: readonly (string | number)[]): boolean {
  return path.some((s) => typeof s === 'string' && s.toLowerCase() === 'command');
}
