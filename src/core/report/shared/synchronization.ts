/**
 * Synchronization records as the report uses them: only the known fields, each with its expected type and within
 * its bounds (fieldBounds), so a record from the service can never throw when it is shown (an object with a
 * broken toString, an array where text belongs), fill the page, or carry anything else along.
 */
import { boundedField, type FieldKind } from './fieldBounds';
import type { SynchronizationSummary } from '../shared/panelTypes';

const TEXT_FIELDS: [Exclude<keyof SynchronizationSummary, 'synchronizationId' | 'durationMs'>, FieldKind][] = [
  ['synchronizationMode', 'text'],
  ['status', 'text'],
  ['message', 'message'],
  ['startTime', 'time'],
  ['endTime', 'time'],
];

/**
 * The record's known fields; undefined when it has no usable synchronization id (none, or one too long to be
 * real: no report can be opened for it).
 */
export function sanitizeSynchronization(raw: unknown): SynchronizationSummary | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const id = boundedField('id', r.synchronizationId);
  if (typeof id !== 'string' || id.trim() === '') return undefined;
  const sync: SynchronizationSummary = { synchronizationId: id };
  for (const [key, kind] of TEXT_FIELDS) {
    const v = boundedField(kind, r[key]);
    if (typeof v === 'string') sync[key] = v;
  }
  const duration = boundedField('duration', r.durationMs);
  if (typeof duration === 'number') sync.durationMs = duration;
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
