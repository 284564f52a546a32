/** Bar chart data: the slowest and the largest data sets, biggest first. */
import { isFailedStatus } from '../../synchronization/syncStatus';
import type { ReportRow } from '../shared/model';

export interface ChartBar {
  label: string;
  value: number;
  failed: boolean;
}

export interface ChartData {
  slowest: ChartBar[];
  largest: ChartBar[];
}

/**
 * Top `n` by a numeric field without sorting every row: one pass keeping a small sorted list, so the chart
 * stays cheap on 100,000 rows.
 */
export function topBy(rows: readonly ReportRow[], field: 'durationMs' | 'sizeRead' | 'sizeWritten', n: number): ChartBar[] {
  const top: ChartBar[] = [];
  if (n <= 0) return top;
  for (const row of rows) {
    const value = row[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (top.length === n && value <= top[top.length - 1].value) continue;
    let at = top.length;
    while (at > 0 && top[at - 1].value < value) at--;
    top.splice(at, 0, { label: row.name ?? row.dataSetId ?? '(unnamed)', value, failed: isFailedStatus(row.status) });
    if (top.length > n) top.pop();
  }
  return top;
}

export function chartData(rows: readonly ReportRow[], n = 15): ChartData {
  return { slowest: topBy(rows, 'durationMs', n), largest: topBy(rows, 'sizeRead', n) };
}
