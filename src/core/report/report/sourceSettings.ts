/** Rows of the source share synchronization settings section: kind, recurrence, time and next run. */
import { describeSchedule, formatUtc, nextRun } from '../../schedule/nextRun';

export interface SourceSettingRow {
  kind: string;
  recurrence: string;
  /** The setting's synchronizationTime as sent. */
  synchronizationTime: string;
  schedule: string;
  /** Empty when the next run cannot be computed. */
  nextRunLocal: string;
  nextRunUtc: string;
}

function field(obj: unknown, key: string): unknown {
  return typeof obj === 'object' && obj !== null ? (obj as Record<string, unknown>)[key] : undefined;
}

export function sourceSettingRow(setting: unknown, now: Date = new Date(), formatLocal: (d: Date) => string = (d) => d.toLocaleString()): SourceSettingRow {
  const kind = field(setting, 'kind');
  const props = field(setting, 'properties');
  const interval = field(props, 'recurrenceInterval');
  const time = field(props, 'synchronizationTime');
  const next = nextRun(time, interval, now);
  return {
    kind: typeof kind === 'string' ? kind : 'Unknown',
    recurrence: typeof interval === 'string' ? interval : '',
    synchronizationTime: typeof time === 'string' ? time : '',
    schedule: describeSchedule(time, interval),
    nextRunLocal: next ? formatLocal(next) : '',
    nextRunUtc: next ? formatUtc(next) : '',
  };
}
