/**
 * Compares the data-set details of two synchronizations of one share subscription: A (by default the older)
 * and B. Rows are joined per data set, by dataSetId, else by name and type (the service marks no field as
 * required, so either may be missing), and each pair says what got slower, bigger, newly failed or fixed.
 */
import { isFailedStatus, syncOutcome } from '../../synchronization/syncStatus';
import { sanitizeRow, type ReportRow } from '../shared/model';

/**
 * What happened to a data set between A and B, read through the synchronization status vocabulary (syncStatus.ts):
 * "Completed" and "Succeeded" are one outcome; a word outside it is compared case-insensitively.
 */
export type StatusChange = 'newlyFailed' | 'stillFailing' | 'fixed' | 'onlyInA' | 'onlyInB' | 'statusChanged' | 'unchanged';

export const STATUS_CHANGE_LABELS: Readonly<Record<StatusChange, string>> = {
  newlyFailed: 'Newly failed',
  stillFailing: 'Still failing',
  fixed: 'Fixed',
  onlyInA: 'Only in A',
  onlyInB: 'Only in B',
  statusChanged: 'Status changed',
  unchanged: 'Unchanged',
};

/** The measures compared, each as A, B and B − A. */
export const COMPARED_MEASURES = ['durationMs', 'sizeRead', 'sizeWritten', 'rowsCopied', 'filesWritten'] as const;
export type ComparedMeasure = (typeof COMPARED_MEASURES)[number];

type MeasureFields = {
  [K in ComparedMeasure as `${K}A` | `${K}B` | `${K}Delta`]?: number;
};

/** One data set in both synchronizations; flat, so the table and the CSV read the same fields. */
export interface CompareRow extends MeasureFields {
  name?: string;
  dataSetType?: string;
  dataSetId?: string;
  change: StatusChange;
  statusA?: string;
  statusB?: string;
  /** B's message, else A's (for a data set only in A, or fixed: why it had failed). */
  message?: string;
}

/** Index of a pair in ordering: lower comes first. Failures in B first, then fixes, then data sets added or gone. */
const CHANGE_RANK: Readonly<Record<StatusChange, number>> = {
  newlyFailed: 0,
  stillFailing: 1,
  fixed: 2,
  onlyInB: 3,
  onlyInA: 3,
  statusChanged: 4,
  unchanged: 5,
};

function nonEmpty(v: string | undefined): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function nameKey(row: ReportRow): string | undefined {
  const name = nonEmpty(row.name);
  return name === undefined ? undefined : JSON.stringify([name, row.dataSetType ?? ''].map((s) => s.toLowerCase()));
}

function statusChange(a: ReportRow | undefined, b: ReportRow | undefined): StatusChange {
  if (!a) return 'onlyInB';
  if (!b) return 'onlyInA';
  const failedA = isFailedStatus(a.status);
  const failedB = isFailedStatus(b.status);
  if (failedA && failedB) return 'stillFailing';
  if (failedB) return 'newlyFailed';
  if (failedA) return 'fixed';
  // Two words for one outcome ("Completed" and "Succeeded") are no change; words outside the vocabulary compare as text.
  const outcomeA = syncOutcome(a.status);
  if (outcomeA !== 'other' && outcomeA === syncOutcome(b.status)) return 'unchanged';
  return (a.status ?? '').trim().toLowerCase() === (b.status ?? '').trim().toLowerCase() ? 'unchanged' : 'statusChanged';
}

function pairRow(a: ReportRow | undefined, b: ReportRow | undefined): CompareRow {
  const row: CompareRow = { change: statusChange(a, b) };
  const either = (k: 'name' | 'dataSetType' | 'dataSetId') => nonEmpty(b?.[k]) ?? nonEmpty(a?.[k]);
  const name = either('name');
  const dataSetType = either('dataSetType');
  const dataSetId = either('dataSetId');
  if (name !== undefined) row.name = name;
  if (dataSetType !== undefined) row.dataSetType = dataSetType;
  if (dataSetId !== undefined) row.dataSetId = dataSetId;
  if (a?.status !== undefined) row.statusA = a.status;
  if (b?.status !== undefined) row.statusB = b.status;
  const message = nonEmpty(b?.message) ?? nonEmpty(a?.message);
  if (message !== undefined) row.message = message;
  for (const m of COMPARED_MEASURES) {
    const x = a?.[m];
    const y = b?.[m];
    if (x !== undefined) row[`${m}A`] = x;
    if (y !== undefined) row[`${m}B`] = y;
    if (x !== undefined && y !== undefined) row[`${m}Delta`] = y - x;
  }
  return row;
}

/** Takes the first row of `key` still waiting in `pending` (a key may occur more than once: the listing allows it). */
function take(pending: Map<string, number[]>, key: string | undefined): number | undefined {
  if (key === undefined) return undefined;
  const queue = pending.get(key);
  const index = queue?.shift();
  if (queue && queue.length === 0) pending.delete(key);
  return index;
}

function indexBy(rows: readonly ReportRow[], keyOf: (row: ReportRow) => string | undefined, skip?: ReadonlySet<number>): Map<string, number[]> {
  const map = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = skip?.has(i) ? undefined : keyOf(row);
    if (key === undefined) return;
    const queue = map.get(key);
    if (queue) queue.push(i);
    else map.set(key, [i]);
  });
  return map;
}

/**
 * Joins A's and B's rows: first by dataSetId, then the rows still unmatched by name and data set type
 * (case-insensitive), in listing order. Every input row appears in exactly one result row.
 */
export function joinDetails(rawA: readonly unknown[], rawB: readonly unknown[]): CompareRow[] {
  const a = rawA.map(sanitizeRow);
  const b = rawB.map(sanitizeRow);
  const pairs: [number | undefined, number | undefined][] = [];
  const matchedA = new Set<number>();
  const matchedB = new Set<number>();
  const byIdA = indexBy(a, (r) => nonEmpty(r.dataSetId));
  b.forEach((row, j) => {
    const i = take(byIdA, nonEmpty(row.dataSetId));
    if (i === undefined) return;
    matchedA.add(i);
    matchedB.add(j);
    pairs.push([i, j]);
  });
  // Two different ids are two data sets (one removed, one added under the same name): the name joins only
  // where a side has no id.
  const withoutId = indexBy(a, (r) => (nonEmpty(r.dataSetId) === undefined ? nameKey(r) : undefined), matchedA);
  const withId = indexBy(a, (r) => (nonEmpty(r.dataSetId) !== undefined ? nameKey(r) : undefined), matchedA);
  b.forEach((row, j) => {
    if (matchedB.has(j)) return;
    const key = nameKey(row);
    const i = take(withoutId, key) ?? (nonEmpty(row.dataSetId) === undefined ? take(withId, key) : undefined);
    if (i !== undefined) matchedA.add(i);
    pairs.push([i, j]);
  });
  a.forEach((_row, i) => {
    if (!matchedA.has(i)) pairs.push([i, undefined]);
  });
  return pairs.map(([i, j]) => pairRow(i === undefined ? undefined : a[i], j === undefined ? undefined : b[j]));
}

const magnitude = (v: number | undefined): number => (v === undefined ? 0 : Math.abs(v));

/**
 * "Largest change first": failures in B (newly failed, then still failing), then fixed, then data sets only in
 * one synchronization, then other status changes, then the rest; within each group by the absolute duration
 * change, then the absolute change of size read, then by name.
 */
export function byLargestChange(x: CompareRow, y: CompareRow): number {
  return (
    CHANGE_RANK[x.change] - CHANGE_RANK[y.change] ||
    magnitude(y.durationMsDelta) - magnitude(x.durationMsDelta) ||
    magnitude(y.sizeReadDelta) - magnitude(x.sizeReadDelta) ||
    (x.name ?? '').localeCompare(y.name ?? '') ||
    (x.dataSetId ?? '').localeCompare(y.dataSetId ?? '')
  );
}

/** The joined rows, ordered by the largest change. */
export function compareDetails(a: readonly unknown[], b: readonly unknown[]): CompareRow[] {
  return joinDetails(a, b).sort(byLargestChange);
}

/** True when anything differs between A and B for this data set. */
export function hasChanged(row: CompareRow): boolean {
  return row.change !== 'unchanged' || COMPARED_MEASURES.some((m) => (row[`${m}Delta`] ?? 0) !== 0);
}

/** True when the data set failed in either synchronization. */
export function involvesFailure(row: CompareRow): boolean {
  return isFailedStatus(row.statusA) || isFailedStatus(row.statusB);
}
