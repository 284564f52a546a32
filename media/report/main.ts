/**
 * The synchronization report page. The host holds the rows and the view of them (filtered and sorted, see
 * rowView.ts); the page shows how many rows match, the totals, and the rows around the table's scroll
 * position, which it asks the host for as the user scrolls. Updates that arrive together are drawn once, then
 * acknowledged (renderBatch.ts). It posts only queries, user actions and counts: never anything secret.
 */
import { l10n, root, testHooks } from '../shared/page';
import { connectToHost } from '../shared/host';
import { formatBytes, formatDuration } from '../../src/core/report/shared/format';
import type { HostMessage, PageMessage, ReportPanelState, ReportTab } from '../../src/core/report/report/messages';
import type { LoadState, SynchronizationSummary } from '../../src/core/report/shared/panelTypes';
import { REPORT_COLUMNS, type ColumnKey, type ReportQuery, type ReportRow } from '../../src/core/report/shared/model';
import { emptyTotals, wallTimeMs, type ReportTotals } from '../../src/core/report/shared/totals';
import { barChart } from './chart';
import { ChartRequests } from './chartRequests';
import { fillPairs } from '../shared/fields';
import { applyControls as applyFilterControls, offerStatus, onFilterInput, onHostButtons, renderDetail } from './controls';
import { buildLayout, renderSchedule, TABS, type Layout } from './layout';
import { renderMeta, renderProgress as renderProgressLine } from './progress';
import { runCommand, type PageActions } from './pageCommands';
import { RenderBatch } from './renderBatch';
import { PageRows } from './rowWindow';
import { summaryPairs } from './summary';
import { VirtualTable } from './table';
import { viewReport } from './viewReport';

const vscode = connectToHost<PageMessage, ReportPanelState>();
const ui: Layout = buildLayout(root);

let state: ReportPanelState | undefined;
/** The view as the host last described it: its version, how many rows match, and the rows of one window. */
const rows = new PageRows((start, count) => vscode.postMessage({ type: 'window', start, count }));
let totals: ReportTotals = emptyTotals();
/** Totals of the rows the filters leave in view; undefined when nothing is filtered out. */
let shownTotals: ReportTotals | undefined;
let loadState: LoadState = 'loading';
/** The host's explanation of the load state (why it failed). */
let statusMessage: string | undefined;
/** The synchronization itself (its own start, status and duration), when the host knows it. */
let synchronization: SynchronizationSummary | undefined;
const statuses = new Set<string>();

const table = new VirtualTable({
  onSort: (column) => toggleSort(column),
  onSelect: (_index, row) => showDetail(row),
  onCopy: (index) => copyRow(index),
  onRange: (first, last) => rows.need(first, last),
});
ui.tableHost.appendChild(table.element);

function query(): ReportQuery {
  return state?.query ?? {};
}

function tab(): ReportTab {
  return TABS[ui.tabs.selectedIndex] ?? 'details';
}

/** Saves the state for the serializer and tells the host, which re-fetches only when it must. */
function queryChanged(): void {
  if (!state) return;
  state = { ...state, tab: tab() };
  vscode.setState(state);
  vscode.postMessage({ type: 'query', query: state.query, tab: tab() });
}

function setQuery(next: ReportQuery): void {
  if (!state) return;
  state = { ...state, query: next };
  showQuery();
  queryChanged();
}

function toggleSort(column: ColumnKey): void {
  const current = query().sort;
  // First click sorts numbers biggest first (what one looks for in a report), text A to Z.
  const numeric = REPORT_COLUMNS.find((c) => c.key === column)!.kind !== 'text';
  const descending = current?.column === column ? !current.descending : numeric;
  setQuery({ ...query(), sort: { column, descending } });
}

/** The host filters and sorts; until its update arrives the table keeps what it shows. */
function showQuery(): void {
  table.setSort(query().sort);
  reportView();
}

/** Takes one update of the view (the screen follows in the next render); true when it only added rows at the end. */
function takeView(m: Extract<HostMessage, { type: 'view' }>): boolean {
  // Always taken (never short-circuited): every update's counts and rows count, whatever came before it.
  const appended = rows.update(m);
  totals = m.totals;
  shownTotals = m.shownTotals;
  for (const status of m.statuses) offerStatus(ui, statuses, status);
  charts.markDirty();
  return appended;
}

/** One render for every update that arrived since the last one, then one acknowledgement for all of them. */
const batch = new RenderBatch(
  (appendedOnly) => {
    table.setRows(rows.shown, rows.at, appendedOnly);
    showArrivedDetail();
    charts.refresh();
    renderSummary();
    renderProgress();
    reportView();
  },
  (drawn) => vscode.postMessage({ type: 'pageRendered', ...drawn, totalRows: totals.rows }),
);

function reportView(): void {
  if (testHooks) vscode.postMessage(viewReport(ui, table, rows.shown, tab()));
}

/**
 * Totals describe the whole synchronization, beside those of what the filters leave in view. The duration is
 * the synchronization's own, else the span of its data sets (never their sum: they run side by side).
 */
function renderSummary(): void {
  fillPairs(ui.summary, summaryPairs(totals, shownTotals, synchronization?.durationMs ?? wallTimeMs(totals)));
}

function renderProgress(): void {
  renderProgressLine(ui, loadState, totals, statusMessage);
}

/** Row `index` of the view as this page shows it: the host copies it only if its view is still that one. */
function copyRow(index: number): void {
  vscode.postMessage({ type: 'copyRow', index, version: rows.version });
}

/** The row the detail pane shows, if any. */
let detailShown: ReportRow | undefined;

/** The selected row arrived after it was selected (it was not on the page yet): show it now. */
function showArrivedDetail(): void {
  const row = table.selectedRow;
  if (row && !detailShown) {
    showDetail(row);
    reportView();
  }
}

function showDetail(row: ReportRow | undefined): void {
  detailShown = row;
  renderDetail(ui, row);
}

const charts = new ChartRequests({
  shown: () => tab() === 'chart',
  top: () => Number(ui.chartTop.value) || 15,
  ask: (top) => vscode.postMessage({ type: 'chart', top }),
  draw: (top, data) => {
    ui.charts.replaceChildren(
      barChart(l10n.t('Slowest data sets (top {0} by duration)', top), data.slowest, formatDuration),
      barChart(l10n.t('Largest data sets (top {0} by size read)', top), data.largest, formatBytes),
    );
    reportView();
  },
});

function fitTable(): void {
  const top = ui.tableHost.getBoundingClientRect().top;
  ui.tableHost.style.height = `${Math.max(160, window.innerHeight - top - 12)}px`;
  table.render();
}

function applyControls(q: ReportQuery): void {
  applyFilterControls(ui, statuses, q);
}

function removeNameFilter(): void {
  const next = { ...query(), name: undefined };
  applyControls(next);
  setQuery(next);
}

/** The user actions the host's tests ask for (see pageCommands.ts). */
const actions: PageActions = {
  query: (q) => {
    applyControls(q);
    setQuery(q);
  },
  post: (m) => vscode.postMessage(m),
  copyRow: (index) => {
    if (index < rows.shown) copyRow(index);
  },
  scrollTo: (index) => {
    table.scrollTo(index);
    reportView();
  },
  select: (index) => {
    table.select(index);
    reportView();
  },
  showTab: (t) => {
    ui.tabs.selectedIndex = TABS.indexOf(t);
    onTab();
  },
  removeNameFilter: () => ui.nameFilterRemove.click(),
};

/** Shows what the selected tab needs: a schedule-only panel has nothing but its Schedule tab, which has no filters. */
function applyTab(): void {
  if (!state?.synchronizationId && tab() !== 'schedule') ui.tabs.selectedIndex = TABS.indexOf('schedule');
  ui.toolbar.hidden = tab() === 'schedule';
}

function onTab(): void {
  applyTab();
  charts.refresh();
  requestAnimationFrame(fitTable);
  queryChanged();
  reportView();
}

/** The panel's state: the first one sets up the controls and tabs; later ones (a re-fetched header) redraw. */
function onInit(m: Extract<HostMessage, { type: 'init' }>): void {
  const first = !state;
  state = m.state;
  vscode.setState(state);
  synchronization = m.synchronization ?? synchronization;
  renderMeta(ui, state, m.synchronization);
  if (!first) {
    renderSummary();
    reportView();
    return;
  }
  applyControls(state.query);
  ui.tabs.selectedIndex = Math.max(0, TABS.indexOf(state.tab ?? 'details'));
  if (!state.synchronizationId) document.body.classList.add('schedule-only');
  applyTab();
  table.setSort(state.query.sort);
  renderSummary();
  renderProgress();
  requestAnimationFrame(fitTable);
}

/** A new load: nothing of the previous one stays, and acknowledgements still owed are for it. */
function onReset(load: number): void {
  rows.clear();
  totals = emptyTotals();
  shownTotals = undefined;
  batch.reset(load);
  table.setRows(0, rows.at);
  showDetail(undefined);
  charts.invalidate();
  renderSummary();
  reportView();
}

/** Counts, totals and the rows in view changed: drawn at the next frame, and the pages it carried acknowledged. */
function onView(m: Extract<HostMessage, { type: 'view' }>): void {
  batch.add(m, takeView(m));
}

function onMessage(m: HostMessage): void {
  if (m.type === 'init') return onInit(m);
  if (!state) return; // nothing is shown before init; the host replays what it holds after it
  switch (m.type) {
    case 'reset':
      return onReset(m.load);
    case 'view':
      return onView(m);
    case 'window':
      if (!rows.window(m.version, m)) return; // a newer update is on its way with its own rows
      table.refresh();
      showArrivedDetail();
      reportView();
      return;
    case 'chart':
      charts.answer(m.top, m);
      return;
    case 'status':
      loadState = m.state;
      statusMessage = m.message;
      renderProgress();
      if (m.state !== 'loading') ui.announcer.textContent = ui.progressText.textContent;
      return;
    case 'settings':
      renderSchedule(ui.schedule, m.rows, m.error);
      reportView();
      return;
    case 'command':
      if (testHooks) runCommand(m, actions);
      return;
  }
}

onFilterInput(ui, (part) => setQuery({ ...query(), ...part }));
ui.nameFilterRemove.addEventListener('click', removeNameFilter);
ui.chartTop.addEventListener('change', () => charts.invalidate());
onHostButtons(ui, (m) => vscode.postMessage(m));
ui.copy.addEventListener('click', () => {
  if (table.selectedIndex >= 0) copyRow(table.selectedIndex);
});
ui.tabs.addEventListener('vsc-tabs-select', onTab);
window.addEventListener('resize', () => requestAnimationFrame(fitTable));
window.addEventListener('message', (e: MessageEvent<HostMessage>) => onMessage(e.data));
vscode.postMessage({ type: 'ready' });
