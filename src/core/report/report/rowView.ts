/**
 * The report's rows as the page shows them, kept by the host: the rows that match the page's filters, in its
 * sort order, brought up to date as service pages arrive (appended, or merged into the sort). The page holds
 * only the rows around its scroll position and asks for others as the user scrolls, so a synchronization of
 * 100,000 data sets costs the page a few hundred rows and the connection to it a few kilobytes per scroll,
 * instead of every row crossing to the page (and, in a remote window, being compressed on the way).
 */
import { chartData, type ChartData } from './chart';
import type { ReportQuery, ReportRow } from '../shared/model';
import { isFiltered, mergeSorted, rowComparator, rowPredicate, sortRows } from '../shared/query';
import { addRows, computeTotals, emptyTotals, type ReportTotals } from '../shared/totals';

/** Rows at most in one window the page may ask for. */
export const MAX_WINDOW_ROWS = 1000;
/** Bars at most per chart (the page offers up to 50). */
export const MAX_CHART_BARS = 100;

export class RowView {
  private rows: ReportRow[] = [];
  private query: ReportQuery = {};
  private keep = rowPredicate({});
  private readonly statusSet = new Set<string>();
  private seen = 0;
  /** Totals of the rows in view (the whole load's are counted as pages arrive, see stream.ts). */
  private shownTotals = emptyTotals();
  /**
   * Changes whenever rows already in the view may have moved (a new load, filter or sort, or rows merged
   * into a sort), so the page knows its window is stale. Rows appended at the end keep it.
   */
  version = 0;

  constructor(private source: readonly ReportRow[] = []) {}

  get length(): number {
    return this.rows.length;
  }

  /** Whether the query leaves rows out: only then do the totals of the view differ from the whole load's. */
  get filtered(): boolean {
    return isFiltered(this.query);
  }

  /** Totals of the rows in view (no pages or remaining quota: those belong to the load). */
  get totals(): ReportTotals {
    return this.shownTotals;
  }

  /** Every status seen so far, in order of first appearance (the page's status filter offers them). */
  get statuses(): string[] {
    return [...this.statusSet];
  }

  /** A new load: `source` is the array its rows will be added to. */
  reset(source: readonly ReportRow[]): void {
    this.source = source;
    this.rows = [];
    this.shownTotals = emptyTotals();
    this.seen = 0;
    this.statusSet.clear();
    this.version++;
  }

  /** Applies a new filter and sort to the rows taken so far (later ones follow with update()). */
  setQuery(query: ReportQuery): void {
    this.query = query;
    this.keep = rowPredicate(query);
    this.rows = sortRows(this.source.slice(0, this.seen).filter(this.keep), query.sort);
    this.shownTotals = computeTotals(this.rows);
    this.version++;
  }

  /** Takes the rows added to the source since the last call. */
  update(): void {
    const matching = this.take().filter(this.keep);
    if (matching.length === 0) return;
    addRows(this.shownTotals, matching);
    const sort = this.query.sort;
    if (sort) {
      this.rows = mergeSorted(this.rows, matching, rowComparator(sort));
      this.version++;
    } else {
      for (const r of matching) this.rows.push(r);
    }
  }

  private take(): ReportRow[] {
    const added = this.source.slice(this.seen);
    this.seen = this.source.length;
    for (const r of added) if (r.status) this.statusSet.add(r.status);
    return added;
  }

  at(index: number): ReportRow | undefined {
    return this.rows[index];
  }

  /** Rows `start` to `start + count` (at most MAX_WINDOW_ROWS of them) of the view. */
  window(start: number, count: number): ReportRow[] {
    const from = Math.max(0, Math.min(start, this.rows.length));
    return this.rows.slice(from, from + Math.max(0, Math.min(count, MAX_WINDOW_ROWS)));
  }

  /** The chart's bars over the rows in view (at most MAX_CHART_BARS of each). */
  chart(top: number): ChartData {
    return chartData(this.rows, Math.min(top, MAX_CHART_BARS));
  }
}
