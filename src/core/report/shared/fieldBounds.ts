/**
 * Bounds on what a synchronization record may carry to a page or an export. The service's records are small (a
 * GUID id, a status word, a message of a sentence or two, counts); a record far outside that is an error or
 * an attack, and kept whole it would fill the page, the panel's saved state and every export. Text is cut with
 * an ellipsis; an id or time that does not fit is left out (a cut id names something else); a number that is
 * negative, not finite, beyond exact integers or (for a duration) longer than a year is left out.
 */

/** Ids: synchronization and data set ids are GUIDs, ARM ids a few hundred characters. */
export const MAX_ID_CHARS = 512;
/** Names, status words, data set types, modes. */
export const MAX_TEXT_CHARS = 1024;
/** Messages: the service's error texts run to a few hundred characters. */
export const MAX_MESSAGE_CHARS = 8192;
/** Times (ISO 8601). */
export const MAX_TIME_CHARS = 64;
/** No synchronization runs for a year; a larger figure is an error. */
export const MAX_DURATION_MS = 366 * 24 * 60 * 60 * 1000;

export type FieldKind = 'id' | 'text' | 'message' | 'time' | 'count' | 'duration';

const CUT: Partial<Record<FieldKind, number>> = { text: MAX_TEXT_CHARS, message: MAX_MESSAGE_CHARS };
const WHOLE: Partial<Record<FieldKind, number>> = { id: MAX_ID_CHARS, time: MAX_TIME_CHARS };

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let n = max - 1;
  if (/[\uD800-\uDBFF]/.test(text[n - 1])) n--; // never half a surrogate pair
  return `${text.slice(0, n)}…`;
}

/** The value as a field of this kind may hold it, or undefined when it is left out. */
export function boundedField(kind: FieldKind, value: unknown): string | number | undefined {
  if (kind === 'count' || kind === 'duration') {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
    return value <= (kind === 'duration' ? MAX_DURATION_MS : Number.MAX_SAFE_INTEGER) ? value : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const whole = WHOLE[kind];
  if (whole !== undefined) return value.length <= whole ? value : undefined;
  return cut(value, CUT[kind] ?? MAX_TEXT_CHARS);
}
