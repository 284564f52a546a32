/**
 * Messages between the report panel (extension host) and its page. Both sides import these types; the
 * host checks every incoming message with isPageMessage because a page is untrusted input.
 */
import type { ChartData } from './chart';
import { isColumnKey, type ReportQuery } from '../shared/model';
import type { SourceSettingRow } from './sourceSettings';
import type { ReportTotals } from '../shared/totals';
import type { ShareSubscriptionTarget } from '../../settings/model';
import { isShareSubscriptionTarget, type ExportFormat, type LoadState, type SynchronizationSummary } from '../shared/panelTypes';

export type ReportTab = 'details' | 'chart' | 'schedule';

/** What the page keeps with vscode.setState and the serializer gets back after a reload. */
export interface ReportPanelState {
  target: ShareSubscriptionTarget;
  /** Absent for a schedule-only panel. */
  synchronizationId?: string;
  query: ReportQuery;
  tab?: ReportTab;
}

/** A user action the host (or a test) can ask the page to perform as if clicked. */
export type PageCommand =
  | { command: 'sort'; query: ReportQuery }
  | { command: 'filter'; query: ReportQuery }
  | { command: 'export'; format: ExportFormat }
  | { command: 'stop' }
  | { command: 'reload' }
  | { command: 'copyRow'; index: number }
  /** Scrolls the table so that row `index` of the view is at the top, as a user scrolling there would. */
  | { command: 'scrollTo'; index: number }
  /** Selects row `index` of the view, as a click or the arrow keys would (the detail pane shows it). */
  | { command: 'select'; index: number }
  | { command: 'showTab'; tab: ReportTab }
  /** Presses the data set filter's Show All, as a user would. */
  | { command: 'removeNameFilter' };

/** Rows `start` onward of the view (of `version`), encoded by encodeRows (see rowTuples.ts). */
export interface RowWindow {
  start: number;
  data: Uint8Array;
}

/**
 * What the page's table shows changed: new service pages arrived (`pages` of `rows` rows, up to page
 * `pageNumber`; none after a filter or sort), or the filters or sort did. It carries the rows of the window
 * the page last asked for when they changed, so the page's table is current without asking again.
 */
export interface ViewUpdate {
  type: 'view';
  /** The load this update belongs to; the page echoes it in its acknowledgements. */
  load: number;
  /** RowView.version: rows of an older version may have moved. */
  version: number;
  /** Rows that match the filters. */
  shown: number;
  pages: number;
  rows: number;
  pageNumber: number;
  /** Totals over every page so far. */
  totals: ReportTotals;
  /** Totals over the rows that match the filters; absent when nothing is filtered out. */
  shownTotals?: ReportTotals;
  /** Every status seen so far, for the status filter. */
  statuses: string[];
  /** Absent when the page already has these rows (the window's rows did not change since it was sent). */
  window?: RowWindow;
}

export type HostMessage =
  | { type: 'init'; state: ReportPanelState; synchronization?: SynchronizationSummary }
  /** A new load (number `load`) starts: what the page shows and owes is for the previous one. */
  | { type: 'reset'; load: number }
  | ViewUpdate
  | ({ type: 'window'; version: number } & RowWindow)
  | ({ type: 'chart'; top: number } & ChartData)
  | { type: 'status'; state: LoadState; message?: string }
  | { type: 'settings'; rows: SourceSettingRow[]; error?: string }
  | ({ type: 'command' } & PageCommand);

/** What the page shows, as it reports it after each change. */
export interface PageView {
  shown: number;
  domRows: number;
  firstCells: string[];
  injected: number;
  /** `label: value` of each summary pair. */
  summary: string[];
  /** The line under the title (share subscription and synchronization). */
  meta: string;
  /** `label: tooltip` of each summary pair that explains itself. */
  hints: string[];
  tab: ReportTab;
  tabsShown: ReportTab[];
  /** Whether the filter and export bar is shown. */
  filtersShown: boolean;
  /** The data set filter as the bar shows it ('Data set: …'), or '' when none is applied. */
  nameFilter: string;
  legend: string[];
  chartSizes: string[];
  /** The heading of the detail pane: the selected data set's name, or empty. */
  detail: string;
  /** The accessible name of the input inside the filter text field (what a screen reader announces). */
  filterInputLabel: string;
  /** Columns of times and figures whose text a drawn cell cuts off (see VirtualTable.clippedColumns). */
  clippedColumns: string[];
}

export type PageMessage =
  | { type: 'ready' }
  /**
   * Sent once the page's table counts new rows (it shows the ones in view): `pages` service pages of `rows`
   * rows (one acknowledgement may cover several updates), up to page `pageNumber`.
   */
  | { type: 'pageRendered'; load: number; pageNumber: number; pages: number; rows: number; totalRows: number }
  /**
   * After any change of what is shown: rows matching the filters, row elements in the DOM, the name cells
   * of the first rows as the DOM shows them, and how many elements service text could have injected
   * (img, iframe, style, inline script: always 0 when text is rendered as text); then what else is on
   * screen: the header line, the summary's tooltips, the tab, the tabs and controls shown, the chart's
   * legend and bar-count choices.
   */
  | ({ type: 'viewUpdated' } & PageView)
  | { type: 'query'; query: ReportQuery; tab: ReportTab }
  | { type: 'stop' }
  | { type: 'reload' }
  | { type: 'export'; format: ExportFormat }
  /** The rows the table needs around its scroll position (the host answers with a `window`). */
  | { type: 'window'; start: number; count: number }
  /** The chart's bars: the top `top` data sets of the rows in view. */
  | { type: 'chart'; top: number }
  /** Copies row `index` of the view to the clipboard, if the host's view is still `version` (rows may have moved since). */
  | { type: 'copyRow'; index: number; version: number };

const str = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every(str);
const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function isReportQuery(v: unknown): v is ReportQuery {
  if (typeof v !== 'object' || v === null) return false;
  const q = v as Record<string, unknown>;
  if (!optStr(q.status) || !optStr(q.dataSetType) || !optStr(q.name) || !optStr(q.text)) return false;
  if (q.sort === undefined) return true;
  const s = q.sort as Record<string, unknown> | null;
  return typeof s === 'object' && s !== null && isColumnKey(s.column) && typeof s.descending === 'boolean';
}

export function isReportTab(v: unknown): v is ReportTab {
  return v === 'details' || v === 'chart' || v === 'schedule';
}

export function isReportPanelState(v: unknown): v is ReportPanelState {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return isShareSubscriptionTarget(s.target) && optStr(s.synchronizationId) && isReportQuery(s.query) && (s.tab === undefined || isReportTab(s.tab));
}

export function isPageMessage(v: unknown): v is PageMessage {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'stop':
    case 'reload':
      return true;
    case 'pageRendered':
      return int(m.load) && int(m.pageNumber) && int(m.pages) && int(m.rows) && int(m.totalRows);
    case 'viewUpdated':
      return (
        int(m.shown) &&
        int(m.domRows) &&
        int(m.injected) &&
        [m.firstCells, m.summary, m.hints, m.legend, m.chartSizes, m.clippedColumns].every(strings) &&
        str(m.meta) &&
        str(m.detail) &&
        str(m.filterInputLabel) &&
        str(m.nameFilter) &&
        isReportTab(m.tab) &&
        Array.isArray(m.tabsShown) &&
        m.tabsShown.every(isReportTab) &&
        typeof m.filtersShown === 'boolean'
      );
    case 'query':
      return isReportQuery(m.query) && isReportTab(m.tab);
    case 'export':
      return m.format === 'csv' || m.format === 'json';
    case 'window':
      return int(m.start) && int(m.count);
    case 'chart':
      return int(m.top);
    case 'copyRow':
      return int(m.index) && typeof m.version === 'number' && Number.isInteger(m.version);
    default:
      return false;
  }
}
