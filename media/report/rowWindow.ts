/**
 * The page's part of the view the host keeps (see rowView.ts): its version, how many rows match, and the
 * rows of one window around the table's scroll position. Rows outside the window are asked for as the table
 * is about to draw them; a window from an older version is dropped, since its rows may have moved.
 */
import type { RowWindow, ViewUpdate } from '../../src/core/report/report/messages';
import type { ReportRow } from '../../src/core/report/shared/model';
import { decodeRows } from '../../src/core/report/report/rowTuples';

/** Rows asked for beyond each end of what the table draws, so short scrolls need no new window. */
const WINDOW_MARGIN = 100;

export class PageRows {
  /** The host's view version these counts and rows belong to. */
  version = -1;
  /** Rows that match the filters. */
  shown = 0;
  private cache: { version: number; start: number; rows: ReportRow[] } = { version: -1, start: 0, rows: [] };
  /** The window last asked for, so a scroll that needs the same rows does not ask again. */
  private asked = { version: -1, start: -1, count: 0 };

  constructor(private readonly ask: (start: number, count: number) => void) {}

  /** Row `index` of the view, if this page has it. */
  readonly at = (index: number): ReportRow | undefined => {
    const { cache } = this;
    return cache.version === this.version && index >= cache.start && index < cache.start + cache.rows.length ? cache.rows[index - cache.start] : undefined;
  };

  /** Takes an update; true when it only added rows at the end (rows already drawn stay where they are). */
  update(m: ViewUpdate): boolean {
    const appended = m.version === this.version;
    this.version = m.version;
    this.shown = m.shown;
    if (m.window) this.take(m.version, m.window);
    return appended;
  }

  /** Takes the rows asked for; false when they belong to another version (a newer update brings its own). */
  window(version: number, window: RowWindow): boolean {
    if (version !== this.version) return false;
    this.take(version, window);
    return true;
  }

  /** A new load: nothing shown yet. */
  clear(): void {
    this.shown = 0;
    this.cache = { version: -1, start: 0, rows: [] };
  }

  /** Asks the host for the rows the table is about to draw (`first` to `last`), unless they are here or asked for. */
  need(first: number, last: number): void {
    const end = Math.min(last, this.shown);
    if (end <= first) return;
    const { cache, asked } = this;
    if (cache.version === this.version && first >= cache.start && end <= cache.start + cache.rows.length) return;
    const start = Math.max(0, first - WINDOW_MARGIN);
    const count = last - first + 2 * WINDOW_MARGIN;
    // Rows still on their way (or not loaded yet) come with the next update of this version.
    if (asked.version === this.version && start >= asked.start && start + count <= asked.start + asked.count) return;
    this.asked = { version: this.version, start, count };
    this.ask(start, count);
  }

  private take(version: number, window: RowWindow): void {
    this.cache = { version, start: window.start, rows: decodeRows(window.data) };
  }
}
