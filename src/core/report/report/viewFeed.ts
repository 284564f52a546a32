/**
 * What the report page is told while a load goes on: the host keeps every row (RowOutbox) and the view of them
 * the page shows (RowView, filtered and sorted here), and sends the page view updates (counts, totals and the
 * rows of the window its table asked for) as pages arrive, at most every UPDATE_INTERVAL_MS, from one loop so
 * they go in order; a filter or sort is answered at once, and a window the page asks for too.
 */
import type { HostMessage, RowWindow, ViewUpdate } from './messages';
import type { ReportQuery, ReportRow } from '../shared/model';
import { RowOutbox, type PageSpan } from './outbox';
import { encodeRows } from './rowTuples';
import { RowView } from './rowView';
import type { ReportPage } from '../shared/stream';
import { emptyTotals, type ReportTotals } from '../shared/totals';

/**
 * While pages stream in, the page is updated at most this often: each update costs the page a render and the
 * workbench a message whatever it holds. The first update goes at once, and so does what is held when the
 * listing ends.
 */
export const UPDATE_INTERVAL_MS = 50;

/** Rows of the view a page starting up gets before it says what its table needs. */
export const INITIAL_WINDOW_ROWS = 100;

export interface FeedTarget {
  post(message: HostMessage): PromiseLike<boolean>;
  /** Whether the page can take messages (it said it is ready and the panel is open). */
  ready(): boolean;
  /** An update was posted. */
  onUpdate(): void;
}

export class ViewFeed {
  /** The rows of the current load, also replayed to a page that starts after them. */
  private outbox = new RowOutbox();
  /** The rows the page's table shows; the page holds only a window of them. */
  readonly view = new RowView();
  /** The window the page last asked for: an update carries its rows when they changed. */
  private wanted = { start: 0, count: 0 };
  /** The window the page was last sent: an update need not send it again while its rows are the same. */
  private sentWindow = { version: -1, start: -1, rows: -1 };
  /** Totals as the page was last told them. */
  private shownTotals: ReportTotals = emptyTotals();
  /** When the last update went (0: the next goes at once); `wake` ends a wait for the interval early. */
  private lastUpdateAt = 0;
  /** True while the listing adds pages: only then are updates paced. */
  private listing = false;
  private wake: (() => void) | undefined;
  /** The update loop, if one runs: one at a time, so its updates stay in order. */
  private sending: Promise<void> | undefined;
  /** The number of the current load, which updates carry. */
  private load = 0;

  constructor(
    private readonly page: FeedTarget,
    query: ReportQuery,
    private readonly intervalMs = UPDATE_INTERVAL_MS,
  ) {
    this.view.setQuery(query);
  }

  /** Every row of the load so far, in service order. */
  get rows(): readonly ReportRow[] {
    return this.outbox.rows;
  }

  /** Load number `load` starts: nothing held; its pages come with add() until end(). The page starts at the top. */
  start(load: number): void {
    this.load = load;
    // A new outbox also ends an update loop still reporting the previous load's pages (send() starts another).
    this.outbox = new RowOutbox();
    this.view.reset(this.outbox.rows);
    this.shownTotals = emptyTotals();
    this.wanted = { start: 0, count: INITIAL_WINDOW_ROWS };
    this.lastUpdateAt = 0;
    this.listing = true;
    this.wake?.();
  }

  add(page: ReportPage): void {
    this.outbox.add(page);
    // Not awaited: the listing goes on while the page takes the update.
    void this.send();
  }

  /** No more pages come for this load: what is held goes to the page at once. */
  end(): Promise<void> {
    this.listing = false;
    this.wake?.();
    return this.drain();
  }

  /** A (re)started page has been told nothing: the top of the view and every page held go to it at once. */
  async replay(): Promise<void> {
    this.outbox.rewind();
    this.wanted = { start: 0, count: INITIAL_WINDOW_ROWS };
    this.sentWindow = { version: -1, start: -1, rows: -1 };
    this.lastUpdateAt = 0;
    this.wake?.();
    // While the listing goes on, the updates after the replay are paced (waiting for them would wait for the load).
    if (this.listing) void this.send();
    else await this.drain();
  }

  /** A new filter or sort from the page: the view is answered from what is held. */
  setQuery(query: ReportQuery): void {
    this.view.setQuery(query);
    if (this.page.ready()) void this.page.post(this.update());
  }

  /** The page's table needs rows `start` to `start + count`. */
  window(start: number, count: number): HostMessage {
    this.wanted = { start, count };
    return { type: 'window', version: this.view.version, ...this.windowRows(true) };
  }

  private send(): Promise<void> {
    this.sending ??= this.sendUpdates().finally(() => {
      this.sending = undefined;
      // A loop that ended for an older load, or before the page was ready again, leaves pages to another.
      if (this.page.ready() && this.outbox.pending) void this.send();
    });
    return this.sending;
  }

  private async sendUpdates(): Promise<void> {
    const outbox = this.outbox;
    while (this.page.ready() && outbox === this.outbox && outbox.pending) {
      // Pages that arrive meanwhile join the update; once the listing ends, what is held goes at once.
      const wait = this.lastUpdateAt + this.intervalMs - Date.now();
      if (wait > 0 && this.listing) await this.pause(wait);
      if (!this.page.ready() || outbox !== this.outbox) return;
      const span = outbox.next();
      if (!span) return;
      this.view.update();
      this.lastUpdateAt = Date.now();
      this.page.onUpdate();
      await this.page.post(this.update(span));
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  /** Resolves once the page has been told of every held page (or cannot be: not ready, closed). */
  private async drain(): Promise<void> {
    while (this.page.ready() && this.outbox.pending) await this.send();
    await this.sending;
  }

  /** The rows of the window the page last asked for, unless it already has them (`always`: anyway). */
  private windowRows(always: true): RowWindow;
  private windowRows(always: boolean): RowWindow | undefined;
  private windowRows(always: boolean): RowWindow | undefined {
    const { start, count } = this.wanted;
    const rows = this.view.window(start, count);
    const { version } = this.view;
    // Same version, same start, as many rows: nothing moved and nothing was added in the window.
    const sent = this.sentWindow;
    if (!always && sent.version === version && sent.start === start && sent.rows === rows.length) return undefined;
    this.sentWindow = { version, start, rows: rows.length };
    return { start, data: encodeRows(rows) };
  }

  /** The view as it is now, acknowledging `span`'s new pages if any. */
  private update(span?: PageSpan): ViewUpdate {
    if (span) this.shownTotals = span.totals;
    return {
      type: 'view',
      load: this.load,
      version: this.view.version,
      shown: this.view.length,
      pages: span?.pages ?? 0,
      rows: span?.count ?? 0,
      pageNumber: span?.pageNumber ?? 0,
      totals: this.shownTotals,
      shownTotals: this.view.filtered ? { ...this.view.totals } : undefined,
      statuses: this.view.statuses,
      window: this.windowRows(false),
    };
  }
}
