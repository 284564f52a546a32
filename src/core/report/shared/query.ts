/**
 * Filtering and sorting of report rows. The service understands `eq` filters on status, dataSetType and
 * name, and `$orderby` on a few columns; those parts go to the service, everything else runs here.
 */
import { REPORT_COLUMNS, type ColumnKey, type ReportQuery, type ReportRow, type SortSpec } from './model';

/** Columns the service can order by (`$orderby`). */
export const SERVER_ORDERBY_COLUMNS: readonly ColumnKey[] = ['name', 'durationMs', 'startTime', 'sizeRead', 'status'];

export interface ServerQuery {
  /** OData `$filter`, undefined when nothing is filtered on the service. */
  filter?: string;
  /** OData `$orderby`. */
  orderby?: string;
}

/** An OData string literal: single quotes doubled. */
export function odataString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function clean(value: string | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The clauses of a query the service can evaluate, as [field, value] pairs. */
function serverClauses(query: ReportQuery): [string, string][] {
  const clauses: [string, string][] = [];
  const status = clean(query.status);
  const type = clean(query.dataSetType);
  const name = clean(query.name);
  if (status) clauses.push(['status', status]);
  if (type) clauses.push(['dataSetType', type]);
  if (name) clauses.push(['name', name]);
  return clauses;
}

export function toServerQuery(query: ReportQuery): ServerQuery {
  const clauses = serverClauses(query);
  const filter = clauses.length > 0 ? clauses.map(([f, v]) => `${f} eq ${odataString(v)}`).join(' and ') : undefined;
  const sort = query.sort;
  const orderby = sort && SERVER_ORDERBY_COLUMNS.includes(sort.column) ? `${sort.column}${sort.descending ? ' desc' : ''}` : undefined;
  return { filter, orderby };
}

const TEXT_FIELDS: (keyof ReportRow)[] = ['name', 'dataSetType', 'status', 'message', 'dataSetId'];

/** A predicate for every filter of the query (service-side ones included, so the result is right either way). */
export function rowPredicate(query: ReportQuery): (row: ReportRow) => boolean {
  const checks: ((row: ReportRow) => boolean)[] = [];
  for (const [field, value] of serverClauses(query)) {
    const v = value.toLowerCase();
    checks.push((row) => String((row as Record<string, unknown>)[field] ?? '').toLowerCase() === v);
  }
  const text = clean(query.text)?.toLowerCase();
  if (text) {
    checks.push((row) => TEXT_FIELDS.some((f) => typeof row[f] === 'string' && row[f].toLowerCase().includes(text)));
  }
  return (row) => checks.every((check) => check(row));
}

/** Whether the query leaves some rows out (a sort alone does not). */
export function isFiltered(query: ReportQuery): boolean {
  return serverClauses(query).length > 0 || clean(query.text) !== undefined;
}

export function filterRows(rows: readonly ReportRow[], query: ReportQuery): ReportRow[] {
  const keep = rowPredicate(query);
  return rows.filter(keep);
}

const NUMERIC = new Set<string>(REPORT_COLUMNS.filter((c) => c.kind !== 'text' && c.kind !== 'dateTime').map((c) => c.key));

/**
 * Compares two rows on one column. Missing values sort last in either direction; text compares
 * case-insensitively, dates by time.
 */
export function rowComparator(sort: SortSpec): (a: ReportRow, b: ReportRow) => number {
  const key = sort.column;
  const sign = sort.descending ? -1 : 1;
  const isDate = REPORT_COLUMNS.find((c) => c.key === key)?.kind === 'dateTime';
  const value = (row: ReportRow): number | string | undefined => {
    const v = row[key];
    if (v === undefined || v === null) return undefined;
    if (NUMERIC.has(key)) return typeof v === 'number' ? v : undefined;
    if (isDate) {
      const t = Date.parse(String(v));
      return Number.isNaN(t) ? undefined : t;
    }
    return String(v).toLowerCase();
  };
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    if (x < y) return -sign;
    if (x > y) return sign;
    return 0;
  };
}

/** Stable sort into a new array. */
export function sortRows(rows: readonly ReportRow[], sort: SortSpec | undefined): ReportRow[] {
  const copy = rows.slice();
  if (sort) copy.sort(rowComparator(sort));
  return copy;
}

/** Filters then sorts. */
export function applyQuery(rows: readonly ReportRow[], query: ReportQuery): ReportRow[] {
  return sortRows(filterRows(rows, query), query.sort);
}

/**
 * Merges newly arrived rows into an already sorted view in O(n + m log m): streaming pages never re-sort
 * everything. Ties keep earlier rows first, the same order a stable sort of the whole set gives.
 */
export function mergeSorted<T>(sorted: readonly T[], added: readonly T[], compare: (a: T, b: T) => number): T[] {
  const extra = added.slice().sort(compare);
  const out: T[] = new Array(sorted.length + extra.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < sorted.length && j < extra.length) {
    out[k++] = compare(extra[j], sorted[i]) < 0 ? extra[j++] : sorted[i++];
  }
  while (i < sorted.length) out[k++] = sorted[i++];
  while (j < extra.length) out[k++] = extra[j++];
  return out;
}
