/**
 * What one log view keeps: its entries (log lines and notes), newest last, within a bound; the oldest are dropped
 * first and counted, so the view can say how many are no longer shown.
 */
import type { LogLine } from './logsMerge';

export type KeptEntry = { line: LogLine } | { note: string };

/** Lines kept per view. */
export const MAX_KEPT_LINES = 50_000;

export class KeptLog {
  private entries: KeptEntry[] = [];
  private droppedLines = 0;

  constructor(private readonly maxLines = MAX_KEPT_LINES) {}

  /** Log lines dropped so far (notes dropped with them are not counted). */
  get dropped(): number {
    return this.droppedLines;
  }

  get all(): readonly KeptEntry[] {
    return this.entries;
  }

  push(...added: KeptEntry[]): void {
    for (const e of added) this.entries.push(e);
    const over = this.entries.length - this.maxLines;
    if (over > 0) {
      for (const e of this.entries.splice(0, over)) if ('line' in e) this.droppedLines++;
    }
  }
}
