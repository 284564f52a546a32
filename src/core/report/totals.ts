/** Running totals of a report, updated page by page as the listing streams in. */
import { isFailedStatus, type ReportRow } from './model';

export interface ReportTotals {
  rows: number;
  failed: number;
  sizeRead: number;
  sizeWritten: number;
  /** Sum of the data sets' durations. */
  durationMs: number;
  filesRead: number;
  filesWritten: number;
  rowsRead: number;
  rowsCopied: number;
  pagesLoaded: number;
  /** The service's remaining read count after the last page, when it sent one. */
  remainingReads?: number;
}

export function emptyTotals(): ReportTotals {
  return { rows: 0, failed: 0, sizeRead: 0, sizeWritten: 0, durationMs: 0, filesRead: 0, filesWritten: 0, rowsRead: 0, rowsCopied: 0, pagesLoaded: 0 };
}

const num = (v: number | undefined): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Adds rows to totals in place (pages are counted separately by addPage). */
export function addRows(totals: ReportTotals, rows: readonly ReportRow[]): ReportTotals {
  for (const r of rows) {
    totals.rows++;
    if (isFailedStatus(r.status)) totals.failed++;
    totals.sizeRead += num(r.sizeRead);
    totals.sizeWritten += num(r.sizeWritten);
    totals.durationMs += num(r.durationMs);
    totals.filesRead += num(r.filesRead);
    totals.filesWritten += num(r.filesWritten);
    totals.rowsRead += num(r.rowsRead);
    totals.rowsCopied += num(r.rowsCopied);
  }
  return totals;
}

export function addPage(totals: ReportTotals, rows: readonly ReportRow[], remainingReads: number | undefined): ReportTotals {
  addRows(totals, rows);
  totals.pagesLoaded++;
  if (remainingReads !== undefined) totals.remainingReads = remainingReads;
  return totals;
}

export function computeTotals(rows: readonly ReportRow[]): ReportTotals {
  return addRows(emptyTotals(), rows);
}
