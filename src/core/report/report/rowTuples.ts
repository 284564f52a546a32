/**
 * Rows as the host hands them to the page (a window of the view): each row a tuple of its REPORT_COLUMNS
 * values in column order, `null` where the row has none. Without the property names repeated on every row, a
 * window is about half the JSON, and every step between the extension host and the page handles half the
 * bytes. It travels as one buffer of UTF-8 JSON: VS Code passes binary data to a webview as it is, where a
 * nested array would be walked value by value when serialized.
 */
import { REPORT_COLUMNS, type ReportRow } from '../shared/model';

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

/** Rows as the bytes the host posts. */
export function encodeRows(rows: readonly ReportRow[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(rows.map(rowToTuple)));
}

/** The rows of such bytes (a typed array, or the buffer behind one, as the page may receive it). */
export function decodeRows(data: Uint8Array | ArrayBuffer): ReportRow[] {
  const tuples: unknown = JSON.parse(new TextDecoder().decode(data));
  return Array.isArray(tuples) ? tuples.filter(Array.isArray).map((t) => rowFromTuple(t as RowTuple)) : [];
}
