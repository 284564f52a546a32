/**
 * The rows of one load as the host holds them, handed to the page in batches of whole service pages. The
 * host never waits for the page per service page: whatever arrived while the previous batch was on its way
 * goes in the next one, so 2,000 small pages cost a few dozen messages, not 2,000 round trips.
 */
import type { ReportRow } from './model';
import { encodeRows } from './rowTuples';
import type { ReportTotals } from './totals';

/** A batch for the page: the rows of `pages` consecutive service pages, ending with page `pageNumber`. */
export interface RowsBatch {
  type: 'rows';
  pageNumber: number;
  pages: number;
  /** How many rows the batch holds. */
  count: number;
  /** The rows, encoded by encodeRows (see rowTuples.ts). */
  data: Uint8Array;
  /** Totals after the batch's last page. */
  totals: ReportTotals;
  /** True when the batch holds the listing's last page. */
  last: boolean;
}

interface PageMark {
  /** Rows held once this page is in. */
  end: number;
  pageNumber: number;
  totals: ReportTotals;
  last: boolean;
}

/** Rows at most per batch: large enough to carry a slow page's backlog, small enough that no message stalls the page. */
export const MAX_BATCH_ROWS = 5000;

export class RowOutbox {
  private readonly held: ReportRow[] = [];
  private readonly marks: PageMark[] = [];
  private sentPages = 0;

  /** Every row of the load so far, in service order. */
  get rows(): readonly ReportRow[] {
    return this.held;
  }

  /** Whether some held page has not gone into a batch yet. */
  get pending(): boolean {
    return this.sentPages < this.marks.length;
  }

  add(page: { rows: readonly ReportRow[]; pageNumber: number; totals: ReportTotals; last: boolean }): void {
    for (const row of page.rows) this.held.push(row);
    this.marks.push({ end: this.held.length, pageNumber: page.pageNumber, totals: page.totals, last: page.last });
  }

  /** The pages not yet sent, as one batch of at most `maxRows` rows (but always at least one page). */
  next(maxRows = MAX_BATCH_ROWS): RowsBatch | undefined {
    if (!this.pending) return undefined;
    const start = this.sentPages === 0 ? 0 : this.marks[this.sentPages - 1].end;
    let to = this.sentPages;
    while (to + 1 < this.marks.length && this.marks[to + 1].end - start <= maxRows) to++;
    const mark = this.marks[to];
    const pages = to + 1 - this.sentPages;
    this.sentPages = to + 1;
    const rows = this.held.slice(start, mark.end);
    return { type: 'rows', pageNumber: mark.pageNumber, pages, count: rows.length, data: encodeRows(rows), totals: mark.totals, last: mark.last };
  }

  /** A new page instance has nothing yet: send everything again from the first page. */
  rewind(): void {
    this.sentPages = 0;
  }
}
