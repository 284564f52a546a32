/** Running totals of a report, updated page by page as the listing streams in. */
import type { RemainingQuota } from '../../arm/rateLimit';
import { isFailedStatus } from '../../synchronization/syncStatus';
import type { ReportRow } from './model';

export interface ReportTotals {
  rows: number;
  failed: number;
  sizeRead: number;
  sizeWritten: number;
  /** Sum of the data sets' durations (they overlap: this is not how long the synchronization took). */
  durationMs: number;
  /** Earliest data set start and latest data set end (ms since the epoch): the synchronization's wall time. */
  firstStartMs?: number;
  lastEndMs?: number;
  filesRead: number;
  filesWritten: number;
  rowsRead: number;
  rowsCopied: number;
  pagesLoaded: number;
  /** ARM's remaining-request counter after the last page, with its kind, when the service sent one. */
  remaining?: RemainingQuota;
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
    const start = Date.parse(r.startTime ?? '');
    const end = Date.parse(r.endTime ?? '');
    if (Number.isFinite(start) && !(start >= (totals.firstStartMs ?? Infinity))) totals.firstStartMs = start;
    if (Number.isFinite(end) && !(end <= (totals.lastEndMs ?? -Infinity))) totals.lastEndMs = end;
  }
  return totals;
}

export function addPage(totals: ReportTotals, rows: readonly ReportRow[], remaining: RemainingQuota | undefined): ReportTotals {
  addRows(totals, rows);
  totals.pagesLoaded++;
  if (remaining !== undefined) totals.remaining = remaining;
  return totals;
}

/** From the first data set's start to the last one's end; undefined until both are known. */
export function wallTimeMs(totals: ReportTotals): number | undefined {
  return totals.firstStartMs !== undefined && totals.lastEndMs !== undefined ? Math.max(0, totals.lastEndMs - totals.firstStartMs) : undefined;
}

export function computeTotals(rows: readonly ReportRow[]): ReportTotals {
  return addRows(emptyTotals(), rows);
}
