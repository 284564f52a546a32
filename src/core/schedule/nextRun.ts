/**
 * Next run of a scheduled Data Share synchronization: the schedule's anchor time repeated every hour or day.
 */

export type RecurrenceInterval = 'Hour' | 'Day';

const STEP_MS: Record<RecurrenceInterval, number> = { Hour: 3_600_000, Day: 86_400_000 };

export function parseRecurrence(value: unknown): RecurrenceInterval | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.toLowerCase();
  return v === 'hour' ? 'Hour' : v === 'day' ? 'Day' : undefined;
}

/** The first run strictly after `now`; undefined when the inputs cannot say. */
export function nextRun(synchronizationTime: unknown, interval: unknown, now: Date = new Date()): Date | undefined {
  const recurrence = parseRecurrence(interval);
  if (typeof synchronizationTime !== 'string' || !recurrence) return undefined;
  const anchor = Date.parse(synchronizationTime);
  if (Number.isNaN(anchor)) return undefined;
  const step = STEP_MS[recurrence];
  const t = now.getTime();
  if (anchor > t) return new Date(anchor);
  const periods = Math.floor((t - anchor) / step) + 1;
  return new Date(anchor + periods * step);
}

/** "2026-11-22 18:45 UTC". */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "Every hour at :45" / "Every day at 19:45 UTC". */
export function describeSchedule(synchronizationTime: unknown, interval: unknown): string {
  const recurrence = parseRecurrence(interval);
  const anchor = typeof synchronizationTime === 'string' ? new Date(synchronizationTime) : undefined;
  if (!recurrence) return 'Unknown schedule';
  if (!anchor || Number.isNaN(anchor.getTime())) return recurrence === 'Hour' ? 'Every hour' : 'Every day';
  const hh = String(anchor.getUTCHours()).padStart(2, '0');
  const mm = String(anchor.getUTCMinutes()).padStart(2, '0');
  return recurrence === 'Hour' ? `Every hour at :${mm}` : `Every day at ${hh}:${mm} UTC`;
}

/** A schedule's description inside a sentence ("… now synchronizes every day at 03:24 UTC"): only its first letter lowers, so UTC stays UTC. */
export function scheduleInSentence(description: string): string {
  return description.charAt(0).toLowerCase() + description.slice(1);
}

/**
 * Schedules in the order a reader scans them: the soonest next run first; schedules whose next run cannot be
 * told last, in the order the service gave them.
 */
export function orderBySoonest<T>(items: readonly T[], schedule: (item: T) => { time: unknown; interval: unknown }, now: Date = new Date()): T[] {
  const keyed = items.map((item, index) => {
    const s = schedule(item);
    return { item, index, next: nextRun(s.time, s.interval, now)?.getTime() ?? Number.POSITIVE_INFINITY };
  });
  keyed.sort((a, b) => a.next - b.next || a.index - b.index);
  return keyed.map((k) => k.item);
}
