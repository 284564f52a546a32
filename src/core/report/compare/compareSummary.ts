/** The comparison's summary: how many data sets changed in which way, and the two synchronizations' totals. */
import type { CompareRow, StatusChange } from './compare';
import type { ReportTotals } from '../shared/totals';

export interface CompareSummary {
  /** Data sets in the comparison (joined pairs plus those in one synchronization only). */
  dataSets: number;
  changes: Record<StatusChange, number>;
  /** Totals of each synchronization's rows, as the report computes them. */
  totalsA: ReportTotals;
  totalsB: ReportTotals;
}

export function summarizeComparison(rows: readonly CompareRow[], totalsA: ReportTotals, totalsB: ReportTotals): CompareSummary {
  const changes: Record<StatusChange, number> = { newlyFailed: 0, stillFailing: 0, fixed: 0, onlyInA: 0, onlyInB: 0, statusChanged: 0, unchanged: 0 };
  for (const r of rows) changes[r.change]++;
  return { dataSets: rows.length, changes, totalsA, totalsB };
}
