/**
 * The comparison's columns, filters and sorting. Without a sort the rows keep the "largest change" order
 * (byLargestChange); a column sort is stable and puts missing values last, as the report's does.
 */
import { byLargestChange, COMPARED_MEASURES, hasChanged, involvesFailure, STATUS_CHANGE_LABELS, type CompareRow, type StatusChange } from './compare';
import { formatBytes, formatCount, formatDuration } from '../shared/format';
import { REPORT_COLUMNS } from '../shared/model';

export type CompareColumnKind = 'text' | 'change' | 'duration' | 'bytes' | 'count';

export interface CompareColumn {
  key: keyof CompareRow & string;
  title: string;
  kind: CompareColumnKind;
  /** B − A: shown with its sign. */
  delta?: boolean;
}

/** The title and kind of a field the report's table shows too, as its column there has them (never a date here). */
function asInReport(key: (typeof COMPARED_MEASURES)[number] | 'name' | 'dataSetType' | 'message' | 'dataSetId'): { title: string; kind: CompareColumnKind } {
  const { title, kind } = REPORT_COLUMNS.find((c) => c.key === key)!;
  if (kind === 'dateTime') throw new Error(`${key} is a date`);
  return { title, kind };
}

/** Every field of a comparison row, in the order the table and the CSV show them. */
export const COMPARE_COLUMNS: readonly CompareColumn[] = [
  { key: 'name', ...asInReport('name') },
  { key: 'dataSetType', ...asInReport('dataSetType') },
  { key: 'change', title: 'Change', kind: 'change' },
  { key: 'statusA', title: 'Status A', kind: 'text' },
  { key: 'statusB', title: 'Status B', kind: 'text' },
  ...COMPARED_MEASURES.flatMap((m): CompareColumn[] => {
    const { title, kind } = asInReport(m);
    return [
      { key: `${m}A`, title: `${title} A`, kind },
      { key: `${m}B`, title: `${title} B`, kind },
      { key: `${m}Delta`, title: `${title} change`, kind, delta: true },
    ];
  }),
  { key: 'message', ...asInReport('message') },
  { key: 'dataSetId', ...asInReport('dataSetId') },
];

export type CompareColumnKey = CompareColumn['key'];
export type CompareFilter = 'all' | 'changed' | 'failures';

export interface CompareQuery {
  /** Absent: all data sets. */
  filter?: CompareFilter;
  /** Absent: largest change first. */
  sort?: { column: CompareColumnKey; descending: boolean };
}

export function isCompareColumnKey(v: unknown): v is CompareColumnKey {
  return typeof v === 'string' && COMPARE_COLUMNS.some((c) => c.key === v);
}

export function isCompareQuery(v: unknown): v is CompareQuery {
  if (typeof v !== 'object' || v === null) return false;
  const q = v as Record<string, unknown>;
  if (q.filter !== undefined && q.filter !== 'all' && q.filter !== 'changed' && q.filter !== 'failures') return false;
  if (q.sort === undefined) return true;
  const s = q.sort as Record<string, unknown> | null;
  return typeof s === 'object' && s !== null && isCompareColumnKey(s.column) && typeof s.descending === 'boolean';
}

const FILTERS: Record<CompareFilter, (row: CompareRow) => boolean> = {
  all: () => true,
  changed: hasChanged,
  failures: involvesFailure,
};

const CHANGE_ORDER = Object.keys(STATUS_CHANGE_LABELS) as StatusChange[];

/** One column: numbers numerically, the change by its rank, text case-insensitively; missing values last. */
export function compareRowComparator(sort: NonNullable<CompareQuery['sort']>): (x: CompareRow, y: CompareRow) => number {
  const column = COMPARE_COLUMNS.find((c) => c.key === sort.column);
  const sign = sort.descending ? -1 : 1;
  const value = (row: CompareRow): number | string | undefined => {
    const v = row[sort.column];
    if (column?.kind === 'change') return CHANGE_ORDER.indexOf(v as StatusChange);
    if (typeof v === 'number') return v;
    return typeof v === 'string' ? v.toLowerCase() : undefined;
  };
  return (x, y) => {
    const a = value(x);
    const b = value(y);
    if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
    return a < b ? -sign : a > b ? sign : 0;
  };
}

/** Filters, then sorts (rows given in the largest-change order keep it without a sort). */
export function applyCompareQuery(rows: readonly CompareRow[], query: CompareQuery): CompareRow[] {
  const kept = rows.filter(FILTERS[query.filter ?? 'all']);
  return kept.sort(query.sort ? compareRowComparator(query.sort) : byLargestChange);
}

/** A change with its sign, in the measure's unit: "+1.5 s", "−20.0 MB", "0". */
export function formatDelta(kind: CompareColumnKind, value: number | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  if (value === 0) return '0';
  const size = Math.abs(value);
  const text = kind === 'duration' ? formatDuration(size) : kind === 'bytes' ? formatBytes(size) : formatCount(size);
  return `${value > 0 ? '+' : '−'}${text}`;
}

/** A cell as the table shows it. */
export function compareCellText(column: CompareColumn, row: CompareRow): string {
  const v = row[column.key];
  if (v === undefined) return '';
  if (column.kind === 'change') return STATUS_CHANGE_LABELS[v as StatusChange] ?? '';
  if (typeof v === 'string') return v;
  if (column.delta) return formatDelta(column.kind, v);
  return column.kind === 'duration' ? formatDuration(v) : column.kind === 'bytes' ? formatBytes(v) : formatCount(v);
}
