/**
 * The synchronization report's row model and its columns. Rows are the service's SynchronizationDetails
 * records as received; every field is optional because the service marks none as required.
 */
import type { SynchronizationDetails } from '../../services/dataShare';
import { boundedField, type FieldKind } from './fieldBounds';

export type ReportRow = SynchronizationDetails;

export type ColumnKind = 'text' | 'dateTime' | 'duration' | 'bytes' | 'count';

export interface ColumnDef {
  key: keyof ReportRow & string;
  title: string;
  kind: ColumnKind;
}

/** Every SynchronizationDetails field, in the order the table shows them. */
export const REPORT_COLUMNS: readonly ColumnDef[] = [
  { key: 'name', title: 'Name', kind: 'text' },
  { key: 'dataSetType', title: 'Data set type', kind: 'text' },
  { key: 'status', title: 'Status', kind: 'text' },
  { key: 'message', title: 'Message', kind: 'text' },
  { key: 'startTime', title: 'Start', kind: 'dateTime' },
  { key: 'endTime', title: 'End', kind: 'dateTime' },
  { key: 'durationMs', title: 'Duration', kind: 'duration' },
  { key: 'filesRead', title: 'Files read', kind: 'count' },
  { key: 'filesWritten', title: 'Files written', kind: 'count' },
  { key: 'rowsRead', title: 'Rows read', kind: 'count' },
  { key: 'rowsCopied', title: 'Rows copied', kind: 'count' },
  { key: 'sizeRead', title: 'Size read', kind: 'bytes' },
  { key: 'sizeWritten', title: 'Size written', kind: 'bytes' },
  { key: 'vCore', title: 'vCore', kind: 'count' },
  { key: 'dataSetId', title: 'Data set id', kind: 'text' },
];

export type ColumnKey = ColumnDef['key'];

export function isColumnKey(value: unknown): value is ColumnKey {
  return typeof value === 'string' && REPORT_COLUMNS.some((c) => c.key === value);
}

export interface SortSpec {
  column: ColumnKey;
  descending: boolean;
}

/** What the user asked to see. Empty strings mean "no filter". */
export interface ReportQuery {
  sort?: SortSpec;
  /** Exact status, compared case-insensitively (e.g. "Failed"). */
  status?: string;
  /** Exact data set type (e.g. "Blob"). */
  dataSetType?: string;
  /** Exact data set name. */
  name?: string;
  /** Case-insensitive substring over name, type, status, message and data set id. */
  text?: string;
}


/** How each column's value is bounded (fieldBounds). */
function fieldKind(c: ColumnDef): FieldKind {
  if (c.key === 'dataSetId') return 'id';
  if (c.key === 'message') return 'message';
  if (c.kind === 'dateTime') return 'time';
  if (c.kind === 'duration') return 'duration';
  return c.kind === 'bytes' || c.kind === 'count' ? 'count' : 'text';
}

/**
 * Keeps only the known fields with the expected primitive types, within their bounds, so a page or an export
 * never receives arbitrary objects, megabytes of text or impossible figures (a negative size, 1e308 ms).
 */
export function sanitizeRow(raw: unknown): ReportRow {
  const row: ReportRow = {};
  if (typeof raw !== 'object' || raw === null) return row;
  const r = raw as Record<string, unknown>;
  for (const c of REPORT_COLUMNS) {
    const v = boundedField(fieldKind(c), r[c.key]);
    if (v !== undefined) (row as Record<string, unknown>)[c.key] = v;
  }
  return row;
}
