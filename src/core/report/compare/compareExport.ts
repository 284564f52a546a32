/**
 * CSV and JSON exports of a comparison, through the report's writers: the same RFC 4180 quoting and the
 * same neutralisation of cells a spreadsheet would run as formulas.
 */
import { STATUS_CHANGE_LABELS, type CompareRow } from './compare';
import { COMPARE_COLUMNS } from './compareQuery';
import { toCsv, toJson } from '../shared/exportFormats';
import type { SynchronizationSummary } from '../shared/panelTypes';

/** One line per data set; the change in words ("Newly failed"), as the table shows it. */
export function compareToCsv(rows: readonly CompareRow[]): string {
  return toCsv(
    rows.map((r) => ({ ...r, change: STATUS_CHANGE_LABELS[r.change] })),
    COMPARE_COLUMNS,
  );
}

export interface CompareExportMeta {
  shareSubscriptionName: string;
  /** The two synchronizations' own records (ids, start, status). */
  synchronizationA: SynchronizationSummary;
  synchronizationB: SynchronizationSummary;
  exportedAt: string;
}

/** `{ shareSubscriptionName, synchronizationA, synchronizationB, exportedAt, count, rows }`; changes as codes. */
export function compareToJson(rows: readonly CompareRow[], meta: CompareExportMeta): string {
  return toJson(rows, meta);
}
