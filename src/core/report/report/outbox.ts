/**
 * The rows of one load as the host holds them, with the service pages they came in. The page is told about
 * new pages in spans: whatever arrived while the previous update was on its way goes in the next, so 2,000
 * small pages cost a few dozen messages, not 2,000 round trips. The rows themselves stay here (see rowView.ts).
 */
import type { ReportRow } from '../shared/model';
import type { ReportTotals } from '../shared/totals';

/** The service pages not yet reported to the page: `pages` consecutive pages of `count` rows, ending with page `pageNumber`. */
export interface PageSpan {
  pageNumber: number;
  pages: number;
  count: number;
  /** Totals after the span's last page. */
  totals: ReportTotals;
}

interface PageMark {
  /** Rows held once this page is in. */
  end: number;
  pageNumber: number;
  totals: ReportTotals;
}

export class RowOutbox {
  private readonly held: ReportRow[] = [];
  private readonly marks: PageMark[] = [];
  private sentPages = 0;

  /** Every row of the load so far, in service order. */
  get rows(): readonly ReportRow[] {
    return this.held;
  }

  /** Whether some held page has not been reported yet. */
  get pending(): boolean {
    return this.sentPages < this.marks.length;
  }

  add(page: { rows: readonly ReportRow[]; pageNumber: number; totals: ReportTotals }): void {
    for (const row of page.rows) this.held.push(row);
    this.marks.push({ end: this.held.length, pageNumber: page.pageNumber, totals: page.totals });
  }

  /** Every page not yet reported, as one span. */
  next(): PageSpan | undefined {
    if (!this.pending) return undefined;
    const start = this.sentPages === 0 ? 0 : this.marks[this.sentPages - 1].end;
    const mark = this.marks[this.marks.length - 1];
    const pages = this.marks.length - this.sentPages;
    this.sentPages = this.marks.length;
    return { pageNumber: mark.pageNumber, pages, count: mark.end - start, totals: mark.totals };
  }

  /** A new page instance has been told nothing yet: report everything again from the first page. */
  rewind(): void {
    this.sentPages = 0;
  }
}
