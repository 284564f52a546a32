// $filter / $orderby (a documented OData subset) and opaque $skipToken handling for Data Share listings.
import { ErrorInfo } from './reply';

export interface FilterClause {
  field: string;
  op: 'eq' | 'ne';
  value: string;
}

export type QueryResult<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/**
 * Parses `field eq 'value' and field ne 'value'`. Field names and values compare case-insensitively;
 * a quote inside a value is written twice, as in OData.
 */
export function parseFilter(filter: string | null, allowed: Record<string, readonly ('eq' | 'ne')[]>): QueryResult<FilterClause[]> {
  if (filter === null || filter.trim() === '') return { ok: true, value: [] };
  const clauses: FilterClause[] = [];
  const clause = /^\s*([A-Za-z]+)\s+(eq|ne)\s+'((?:[^']|'')*)'\s*/i;
  let rest = filter;
  for (;;) {
    const m = clause.exec(rest);
    if (!m) return invalidFilter(filter, 'Expected a clause of the form <field> eq|ne \'<value>\'.');
    const field = Object.keys(allowed).find((f) => f.toLowerCase() === m[1].toLowerCase());
    const op = m[2].toLowerCase() as 'eq' | 'ne';
    if (!field) return invalidFilter(filter, `Filtering on '${m[1]}' is not supported. Supported fields: ${Object.keys(allowed).join(', ')}.`);
    if (!allowed[field].includes(op)) return invalidFilter(filter, `The operator '${op}' is not supported for '${field}'.`);
    clauses.push({ field, op, value: m[3].replace(/''/g, "'") });
    rest = rest.slice(m[0].length);
    if (rest.trim() === '') return { ok: true, value: clauses };
    const and = /^and\s+/i.exec(rest);
    if (!and) return invalidFilter(filter, "Clauses can only be joined with 'and'.");
    rest = rest.slice(and[0].length);
  }
}

function invalidFilter(filter: string, reason: string): QueryResult<never> {
  return { ok: false, error: { code: 'InvalidFilter', message: `The filter '${filter}' is not valid. ${reason}`, target: '$filter' } };
}

export function applyFilter<T extends object>(items: T[], clauses: FilterClause[]): T[] {
  if (clauses.length === 0) return items;
  return items.filter((item) =>
    clauses.every((c) => {
      const actual = String((item as Record<string, unknown>)[c.field] ?? '').toLowerCase();
      return (actual === c.value.toLowerCase()) === (c.op === 'eq');
    }),
  );
}

export interface OrderBy {
  field: string;
  descending: boolean;
}

export function parseOrderBy(orderby: string | null, allowed: readonly string[], allowedDirections: readonly ('asc' | 'desc')[] = ['asc', 'desc']): QueryResult<OrderBy | undefined> {
  if (orderby === null || orderby.trim() === '') return { ok: true, value: undefined };
  const m = /^\s*([A-Za-z]+)(?:\s+(asc|desc))?\s*$/i.exec(orderby);
  const field = m && allowed.find((f) => f.toLowerCase() === m[1].toLowerCase());
  const direction = (m?.[2]?.toLowerCase() ?? 'asc') as 'asc' | 'desc';
  if (!m || !field || !allowedDirections.includes(direction)) {
    return {
      ok: false,
      error: { code: 'InvalidOrderBy', message: `The orderby '${orderby}' is not valid. Supported: ${allowed.join(', ')} with ${allowedDirections.join(' or ')}.`, target: '$orderby' },
    };
  }
  return { ok: true, value: { field, descending: direction === 'desc' } };
}

/** Stable sort; ties keep the generated order so paging stays consistent. */
export function applyOrderBy<T extends object>(items: T[], order: OrderBy | undefined): T[] {
  if (!order) return items;
  const key = (item: T): string | number => {
    const v = (item as Record<string, unknown>)[order.field];
    return typeof v === 'number' ? v : String(v ?? '');
  };
  const sign = order.descending ? -1 : 1;
  return items
    .map((item, index) => ({ item, index, k: key(item) }))
    .sort((a, b) => {
      const cmp = typeof a.k === 'number' && typeof b.k === 'number' ? a.k - b.k : String(a.k) < String(b.k) ? -1 : String(a.k) > String(b.k) ? 1 : 0;
      return cmp !== 0 ? sign * cmp : a.index - b.index;
    })
    .map((x) => x.item);
}

/** What a continuation token carries. Details listings also carry the synchronization id, so GET on nextLink works without a body. */
export interface SkipToken {
  offset: number;
  synchronizationId?: string;
}

export function encodeSkipToken(token: SkipToken): string {
  return Buffer.from(JSON.stringify({ v: 1, o: token.offset, s: token.synchronizationId })).toString('base64url');
}

export function decodeSkipToken(raw: string): QueryResult<SkipToken> {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { v?: unknown; o?: unknown; s?: unknown };
    if (parsed.v === 1 && typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 && (parsed.s === undefined || typeof parsed.s === 'string')) {
      return { ok: true, value: { offset: parsed.o, synchronizationId: parsed.s } };
    }
  } catch {
    // fall through to the error below
  }
  return { ok: false, error: { code: 'InvalidSkipToken', message: 'The continuation token is not valid.', target: '$skipToken' } };
}
