/** Human-readable units for the report: durations, byte sizes, counts and times. */

/** "850 ms", "12.3 s", "4 min 05 s", "2 h 03 min", "3 d 04 h". */
export function formatDuration(ms: number | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (totalSeconds < 3600) return `${Math.floor(totalSeconds / 60)} min ${pad(totalSeconds % 60)} s`;
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes < 24 * 60) return `${Math.floor(totalMinutes / 60)} h ${pad(totalMinutes % 60)} min`;
  const totalHours = Math.floor(totalMinutes / 60);
  return `${Math.floor(totalHours / 24)} d ${pad(totalHours % 24)} h`;
}

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'];

/** Binary multiples with the familiar names: "512 B", "1.5 KB", "20.0 MB", "1.86 GB". */
export function formatBytes(bytes: number | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}

/** "1,234,567" (grouping fixed to commas so output does not depend on the machine's locale). */
export function formatCount(n: number | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '—';
  const sign = n < 0 ? '-' : '';
  const [int, frac] = Math.abs(n).toString().split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return sign + grouped + (frac ? `.${frac}` : '');
}

/** "2024-03-01 02:00:07 UTC"; the raw text when it is not a date. */
export function formatUtcDateTime(value: string | undefined): string {
  if (typeof value !== 'string' || value === '') return '—';
  const t = Date.parse(value);
  if (Number.isNaN(t)) return value;
  return `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
