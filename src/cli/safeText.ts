/**
 * Text from a definition file (names, values in messages, file names) goes to terminals and CI logs: control
 * characters in it could move the cursor, rewrite lines (CR), open links (OSC 8) or reorder what is shown
 * (bidirectional overrides). The CLI prints them escaped instead.
 */

/** C0 controls, DEL, C1 controls, line/paragraph separators and bidirectional embeddings, overrides, isolates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The same without C0 controls, which JSON.stringify escapes already (and the layout's own newlines are). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, '0');

/** One line of plain text: each unsafe character as `\n`, `\x1b` or `\u202e`. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? (c.charCodeAt(0) < 0x100 ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
}

/**
 * JSON with every unsafe character as a `\u` escape: JSON.stringify escapes C0 controls but writes DEL, C1
 * controls and bidirectional marks as they are. They can only occur inside strings, so it stays the same JSON.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, (c) => `\\u${hex(c, 4)}`);
}
