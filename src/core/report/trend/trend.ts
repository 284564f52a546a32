/**
 * The trend of a share subscription's synchronizations: the last N records of listSynchronizations, oldest
 * first (so the newest is drawn on the right), each with its duration, status and, once counted, how many of
 * its data sets failed. The 2021-08-01 ShareSubscriptionSynchronization carries no data set counts, so those
 * are counted separately (trendFailures.ts) and merged in as they arrive.
 */
import { syncOutcome } from '../../synchronization/syncStatus';
import type { SynchronizationSummary } from '../shared/panelTypes';
import { sanitizeSynchronizations } from '../shared/synchronization';

/** How many synchronizations a trend shows unless the setting or the prompt says otherwise. */
export const TREND_DEFAULT_COUNT = 30;
export const TREND_MAX_COUNT = 500;

/** The colour/shape family a status is drawn with; the status text itself is shown as the service sent it. */
export type TrendStatusKind = 'succeeded' | 'failed' | 'canceled' | 'running' | 'other';

/** How many data sets of one synchronization failed; `atLeast` when counting stopped at its page cap. */
export interface FailedCount {
  count: number;
  atLeast: boolean;
}

export interface TrendPoint {
  synchronizationId: string;
  synchronizationMode?: string;
  status?: string;
  kind: TrendStatusKind;
  message?: string;
  startTime?: string;
  endTime?: string;
  /** durationMs as sent, or end minus start when only the times are there; absent while it runs. */
  durationMs?: number;
  /** True when durationMs was worked out from the start and end times. */
  durationFromTimes?: boolean;
  /** Absent until counted (or when counting failed). */
  failedDataSets?: FailedCount;
}

export interface Trend {
  points: TrendPoint[];
  /** Synchronizations the listing returned (with an id), before keeping the last N. */
  listed: number;
  /** Records left out for having no synchronization id. */
  dropped: number;
}

/** The count the user asked for, or the default when it is not a whole number from 1 to TREND_MAX_COUNT. */
export function trendCount(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= TREND_MAX_COUNT ? n : TREND_DEFAULT_COUNT;
}

export function statusKind(status: string | undefined): TrendStatusKind {
  const outcome = syncOutcome(status);
  if (outcome === 'queued' || outcome === 'canceling') return 'running';
  return outcome;
}

function timeOf(value: string | undefined): number | undefined {
  const t = Date.parse(value ?? '');
  return Number.isNaN(t) ? undefined : t;
}

function pointOf(s: SynchronizationSummary): TrendPoint {
  const point: TrendPoint = { ...s, kind: statusKind(s.status) };
  if (point.durationMs === undefined) {
    const start = timeOf(s.startTime);
    const end = timeOf(s.endTime);
    if (start !== undefined && end !== undefined && end >= start) {
      point.durationMs = end - start;
      point.durationFromTimes = true;
    }
  }
  return point;
}

/**
 * The last `count` synchronizations of a listing, oldest first. Records without a readable start time sort
 * as the oldest (as the report's pick lists them last); ties keep the listing's order.
 */
export function buildTrend(raw: readonly unknown[], count: number): Trend {
  const { items, dropped } = sanitizeSynchronizations(raw);
  const keyed = items.map((s, index) => ({ s, index, t: timeOf(s.startTime) ?? -Infinity }));
  keyed.sort((a, b) => (a.t === b.t ? a.index - b.index : a.t - b.t));
  const kept = keyed.slice(Math.max(0, keyed.length - Math.max(0, count)));
  return { points: kept.map((k) => pointOf(k.s)), listed: items.length, dropped };
}

/** Newest first: the order in which data set failures are counted, so the most recent arrive first. */
export function countingOrder(points: readonly TrendPoint[]): string[] {
  return points.map((p) => p.synchronizationId).reverse();
}
