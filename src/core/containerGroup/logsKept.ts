/**
 * What one log view keeps: its entries (log lines and notes), newest last, within a count and a size; the oldest
 * are dropped first and counted, so the view can say how many are no longer shown and why.
 */
import type { LogLine } from './logsMerge';

export type KeptEntry = { line: LogLine } | { note: string };

/** Lines kept per view. */
export const MAX_KEPT_LINES = 50_000;

/**
 * Bytes (UTF-8, one newline per entry) kept per view. A reply of the service holds at most 4 MB of log, so two
 * whole replies fit; it stays under the 20 MB at which the editor turns off its features for large files; and with
 * the copies made of it (the entries, the document's text, the editor's model in the window) one view costs
 * tens of MB at most. Without it, 50,000 lines of 64 KB held over 1 GB and crashed the extension host.
 */
export const MAX_KEPT_BYTES = 8 * 1024 * 1024;

const ELLIPSIS = '…';

const sizeOf = (e: KeptEntry): number => Buffer.byteLength('line' in e ? e.line.text : e.note, 'utf8') + 1;

/** `text` cut to at most `bytes` UTF-8 bytes, an ellipsis included, never inside a surrogate pair. */
function cutTo(text: string, bytes: number): string {
  const room = bytes - Buffer.byteLength(ELLIPSIS, 'utf8');
  let n = Math.min(text.length, Math.max(0, room));
  while (n > 0 && Buffer.byteLength(text.slice(0, n), 'utf8') > room) n -= Math.max(1, Math.floor((Buffer.byteLength(text.slice(0, n), 'utf8') - room) / 3));
  if (n > 0 && /[\uD800-\uDBFF]/.test(text[n - 1])) n--;
  return text.slice(0, n) + ELLIPSIS;
}

/** A line alone larger than the whole bound is kept cut to it, so the newest line always shows. */
function fitted(e: KeptEntry, maxBytes: number): KeptEntry {
  if (sizeOf(e) <= maxBytes) return e;
  if (!('line' in e)) return { note: cutTo(e.note, maxBytes - 1) };
  const text = cutTo(e.line.text, maxBytes - 1);
  const prefix = e.line.text.length - e.line.message.length;
  return { line: { ...e.line, text, message: text.slice(Math.min(prefix, text.length - ELLIPSIS.length)) } };
}

export class KeptLog {
  private entries: KeptEntry[] = [];
  private first = 0;
  private droppedLines = 0;
  private keptBytes = 0;

  constructor(
    private readonly maxLines = MAX_KEPT_LINES,
    private readonly maxBytes = MAX_KEPT_BYTES,
  ) {}

  /** Log lines dropped so far (notes dropped with them are not counted). */
  get dropped(): number {
    return this.droppedLines;
  }

  /** Bytes the kept entries hold. */
  get bytes(): number {
    return this.keptBytes;
  }

  get all(): readonly KeptEntry[] {
    if (this.first > 0) {
      this.entries = this.entries.slice(this.first);
      this.first = 0;
    }
    return this.entries;
  }

  push(...added: KeptEntry[]): void {
    for (const raw of added) {
      const e = fitted(raw, this.maxBytes);
      this.entries.push(e);
      this.keptBytes += sizeOf(e);
    }
    // Dropped from the front by moving an index: a burst of small lines must not shift the array each time.
    while (this.entries.length - this.first > this.maxLines || this.keptBytes > this.maxBytes) {
      const e = this.entries[this.first++];
      this.keptBytes -= sizeOf(e);
      if ('line' in e) this.droppedLines++;
    }
    if (this.first > 1024 && this.first * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.first);
      this.first = 0;
    }
  }
}
