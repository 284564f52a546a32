/**
 * Synchronization records as the report uses them: only the known fields, each with its expected type, so a
 * record from the service can never throw when it is shown (an object with a broken toString, an array where
 * text belongs) or carry anything else along.
 */
import type { SynchronizationSummary } from './messages';

const TEXT_FIELDS = ['synchronizationMode', 'status', 'message', 'startTime', 'endTime'] as const;

/** The record's known fields; undefined when it has no synchronization id (no report can be opened for it). */
export function sanitizeSynchronization(raw: unknown): SynchronizationSummary | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.synchronizationId !== 'string' || r.synchronizationId.trim() === '') return undefined;
  const sync: SynchronizationSummary = { synchronizationId: r.synchronizationId };
  for (const key of TEXT_FIELDS) {
    const v = r[key];
    if (typeof v === 'string') sync[key] = v;
  }
  if (typeof r.durationMs === 'number' && Number.isFinite(r.durationMs) && r.durationMs >= 0) sync.durationMs = r.durationMs;
  return sync;
}

/** The usable records of a listing, and how many were left out for having no id. */
export function sanitizeSynchronizations(raw: readonly unknown[]): { items: SynchronizationSummary[]; dropped: number } {
  const items: SynchronizationSummary[] = [];
  for (const r of raw) {
    const sync = sanitizeSynchronization(r);
    if (sync) items.push(sync);
  }
  return { items, dropped: raw.length - items.length };
}
