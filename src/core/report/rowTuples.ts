/**
 * Rows as the host hands them to the page: each row a tuple of its REPORT_COLUMNS values in column order,
 * `null` where the row has none. Without the property names repeated on every row, a batch is about half the
 * JSON, and every step between the extension host and the page (serializing, the remote connection's
 * compression, parsing in the page) handles half the bytes.
 */
import { REPORT_COLUMNS, type ReportRow } from './model';

export type RowTuple = (string | number | null)[];

export function rowToTuple(row: ReportRow): RowTuple {
  const tuple: RowTuple = new Array<string | number | null>(REPORT_COLUMNS.length);
  for (let i = 0; i < REPORT_COLUMNS.length; i++) tuple[i] = row[REPORT_COLUMNS[i].key] ?? null;
  return tuple;
}

/** The row again, with only the fields it had. */
export function rowFromTuple(tuple: RowTuple): ReportRow {
  const row: Record<string, string | number> = {};
  for (let i = 0; i < REPORT_COLUMNS.length; i++) {
    const v = tuple[i];
    if (v !== null && v !== undefined) row[REPORT_COLUMNS[i].key] = v;
  }
  return row;
}
