/**
 * The synchronization report page. It holds the rows the host streams in, filters and sorts them locally
 * (merging new rows into the sorted view), and tells the host what it rendered. Batches that arrive
 * together are drawn once: the model takes each batch at once, the table, summary and chart follow in one
 * render per turn of the event loop. It posts only queries, user actions and counts: never anything secret.
 */
import { chartData } from '../../src/core/report/chart';
import { formatBytes, formatCount, formatDuration, formatUtcDateTime } from '../../src/core/report/format';
import type { HostMessage, LoadState, PageCommand, PageMessage, ReportPanelState, ReportTab, SynchronizationSummary } from '../../src/core/report/messages';
import { REPORT_COLUMNS, type ColumnKey, type ReportQuery, type ReportRow } from '../../src/core/report/model';
import { mergeSorted, rowComparator, rowPredicate, sortRows } from '../../src/core/report/query';
import { decodeRows } from '../../src/core/report/rowTuples';
import { emptyTotals, wallTimeMs, type ReportTotals } from '../../src/core/report/totals';
import { barChart } from './chart';
import { el } from './dom';
import { buildLayout, fillPairs, option, renderSchedule, TABS, type Layout } from './layout';
import { cellText, VirtualTable } from './table';

interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): unknown;
  setState(state: ReportPanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const ui: Layout = buildLayout(document.getElementById('app')!);

let state: ReportPanelState | undefined;
let all: ReportRow[] = [];
let view: ReportRow[] = [];
let totals: ReportTotals = emptyTotals();
let loadState: LoadState = 'loading';
/** The host's explanation of the load state (why it failed). */
let statusMessage: string | undefined;
/** The synchronization itself (its own start, status and duration), when the host knows it. */
let synchronization: SynchronizationSummary | undefined;
let chartDirty = true;
const statuses = new Set<string>();
/** Rows that arrived since the last render and match the filters, not yet merged into the view. */
let arrived: ReportRow[] = [];
/** What the next render acknowledges to the host. */
let unacknowledged = { pages: 0, rows: 0, pageNumber: 0 };
let renderTimer = 0;

const table = new VirtualTable({
  onSort: (column) => toggleSort(column),
  onSelect: (_index, row) => showDetail(row),
  onCopy: (row) => vscode.postMessage({ type: 'copyRow', row }),
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
  rebuildView();
  queryChanged();
}

function toggleSort(column: ColumnKey): void {
  const current = query().sort;
  // First click sorts numbers biggest first (what one looks for in a report), text A to Z.
  const numeric = REPORT_COLUMNS.find((c) => c.key === column)!.kind !== 'text';
  const descending = current?.column === column ? !current.descending : numeric;
  setQuery({ ...query(), sort: { column, descending } });
}

/** Recomputes the whole view (after a filter or sort change). */
function rebuildView(): void {
  const q = query();
  arrived = [];
  view = sortRows(all.filter(rowPredicate(q)), q.sort);
  table.setSort(q.sort);
  table.setRows(view);
  chartDirty = true;
  refreshChart();
  renderSummary();
  reportView();
}

/** Takes one batch into the model; the view and the screen follow in the next render. */
function addRows(rows: ReportRow[]): void {
  const keep = rowPredicate(query());
  for (const r of rows) {
    all.push(r);
    if (keep(r)) arrived.push(r);
    if (r.status && !statuses.has(r.status)) {
      statuses.add(r.status);
      ui.status.appendChild(option(r.status, r.status));
    }
  }
}

/** Merges what arrived into the view: appended in arrival order, or merged without re-sorting everything. */
function takeArrived(): void {
  if (arrived.length === 0) return;
  const sort = query().sort;
  if (sort) {
    view = mergeSorted(view, arrived, rowComparator(sort));
    table.setRows(view);
  } else {
    for (const r of arrived) view.push(r);
    // Only appended: the rows already drawn stay as they are.
    table.setRows(view, true);
  }
  arrived = [];
  chartDirty = true;
}

/** One render for every batch that arrived since the last one, then one acknowledgement for all of them. */
function scheduleRender(): void {
  if (renderTimer) return;
  // A timer, not an animation frame: frames stop while the panel is hidden, and the host must hear back anyway.
  renderTimer = window.setTimeout(() => {
    renderTimer = 0;
    takeArrived();
    refreshChart();
    renderSummary();
    renderProgress();
    // The view first: once the host counts the last acknowledgement, the view it knows is final too.
    reportView();
    const ack = unacknowledged;
    unacknowledged = { pages: 0, rows: 0, pageNumber: 0 };
    if (ack.pages > 0) vscode.postMessage({ type: 'pageRendered', pageNumber: ack.pageNumber, pages: ack.pages, rows: ack.rows, totalRows: all.length });
  }, 0);
}

const shownOnScreen = (node: Element | null): boolean => node !== null && getComputedStyle(node).display !== 'none';

function reportView(): void {
  const injected = document.querySelectorAll('#app :is(img, iframe, object, embed, style, script, link)').length;
  const pairs = [...ui.summary.querySelectorAll<HTMLElement>('.pair')];
  const label = (pair: HTMLElement) => pair.querySelector('dt')?.textContent ?? '';
  vscode.postMessage({
    type: 'viewUpdated',
    shown: view.length,
    domRows: table.domRowCount,
    firstCells: table.renderedNames(5),
    injected,
    summary: pairs.map((p) => `${label(p)}: ${p.querySelector('dd')?.textContent ?? ''}`),
    meta: ui.meta.textContent ?? '',
    hints: pairs.filter((p) => p.title).map((p) => `${label(p)}: ${p.title}`),
    tab: tab(),
    tabsShown: TABS.filter((t) => shownOnScreen(document.querySelector(`vscode-tab-header[data-tab='${t}']`))),
    filtersShown: shownOnScreen(ui.toolbar),
    legend: [...ui.legend.querySelectorAll('li')].map((li) => li.textContent ?? ''),
    chartSizes: [...ui.chartTop.querySelectorAll('vscode-option')].map((o) => o.textContent ?? ''),
  });
}

/**
 * Totals describe the whole synchronization; "Shown" is what the filters leave in view. The duration is the
 * synchronization's own, else the span of its data sets (never their sum: they run side by side).
 */
function renderSummary(): void {
  const wall = synchronization?.durationMs ?? wallTimeMs(totals);
  const failedClass = totals.failed > 0 ? 'failed-count' : '';
  fillPairs(ui.summary, [
    ['Data sets', formatCount(totals.rows)],
    ['Shown', formatCount(view.length)],
    ['Failed', formatCount(totals.failed), failedClass],
    ['Size read', formatBytes(totals.sizeRead)],
    ['Size written', formatBytes(totals.sizeWritten)],
    ['Duration (wall time)', wall === undefined ? '—' : formatDuration(wall)],
    ['Sum of data set durations', formatDuration(totals.durationMs)],
    ['Rows read / copied', `${formatCount(totals.rowsRead)} / ${formatCount(totals.rowsCopied)}`],
    ['Files read / written', `${formatCount(totals.filesRead)} / ${formatCount(totals.filesWritten)}`],
    ['Pages loaded', formatCount(totals.pagesLoaded)],
    [
      // Named after the counter the service sent: POST listings draw on writes, GET on reads.
      `Remaining ${totals.remaining?.kind ?? 'requests'}`,
      totals.remaining === undefined ? '—' : formatCount(totals.remaining.count),
      undefined,
      `Requests Azure Resource Manager still allows this subscription before it throttles, as it said with the last page loaded (x-ms-ratelimit-remaining-subscription-${totals.remaining?.kind ?? 'reads or -writes'}). Not data: a report of many pages spends them.`,
    ],
  ]);
}

function renderProgress(message = statusMessage): void {
  const loading = loadState === 'loading';
  ui.progress.hidden = !loading;
  ui.stop.toggleAttribute('disabled', !loading);
  const rows = `${formatCount(totals.rows)} data sets in ${formatCount(totals.pagesLoaded)} pages`;
  const text: Record<LoadState, string> = {
    loading: `Loading… ${rows}`,
    done: `Loaded ${rows}.`,
    stopped: `Stopped after ${rows}. Reload to fetch everything.`,
    error: `Loading failed after ${rows}: ${message ?? 'unknown error'}`,
  };
  ui.progressText.textContent = text[loadState];
  ui.progressText.classList.toggle('error-text', loadState === 'error');
  document.getElementById('app')!.setAttribute('aria-busy', String(loading));
}

function renderHeader(sync: SynchronizationSummary | undefined): void {
  if (!state) return;
  const name = state.target.label ?? state.target.shareSubscriptionName;
  ui.title.textContent = state.synchronizationId ? `Synchronization report: ${name}` : `Synchronization schedule: ${name}`;
  const parts = [`${state.target.shareSubscriptionName} · ${state.target.accountName} · ${state.target.resourceGroup}`];
  if (sync) {
    parts.push(`started ${formatUtcDateTime(sync.startTime)}`, sync.synchronizationMode ?? '', sync.status ?? '', sync.durationMs !== undefined ? formatDuration(sync.durationMs) : '');
    if (sync.message) parts.push(sync.message);
  } else if (state.synchronizationId) parts.push(`synchronization ${state.synchronizationId}`);
  ui.meta.textContent = parts.filter(Boolean).join(' · ');
}

function showDetail(row: ReportRow | undefined): void {
  ui.copy.toggleAttribute('disabled', !row);
  if (!row) {
    ui.detail.replaceChildren();
    return;
  }
  const list = el('dl', { className: 'detail-list' });
  fillPairs(list, REPORT_COLUMNS.map((c): [string, string, string?] => [c.title, cellText(c, row) || '—', c.key === 'message' && row.message ? 'message' : undefined]));
  ui.detail.replaceChildren(el('h2', { text: row.name ?? '(unnamed data set)' }), list);
}

function refreshChart(): void {
  if (!chartDirty || tab() !== 'chart') return;
  chartDirty = false;
  const n = Number(ui.chartTop.value) || 15;
  const data = chartData(view, n);
  ui.charts.replaceChildren(
    barChart(`Slowest data sets (top ${n} by duration)`, data.slowest, formatDuration),
    barChart(`Largest data sets (top ${n} by size read)`, data.largest, formatBytes),
  );
}

function fitTable(): void {
  const top = ui.tableHost.getBoundingClientRect().top;
  ui.tableHost.style.height = `${Math.max(160, window.innerHeight - top - 12)}px`;
  table.render();
}

function applyControls(q: ReportQuery): void {
  ui.text.value = q.text ?? '';
  if (q.status && !statuses.has(q.status)) {
    statuses.add(q.status);
    ui.status.appendChild(option(q.status, q.status));
  }
  ui.status.value = q.status ?? '';
  ui.type.value = q.dataSetType ?? '';
}

/** Performs a user action on request (the host's tests drive the page through these). */
function runCommand(c: PageCommand): void {
  switch (c.command) {
    case 'sort':
    case 'filter':
      applyControls(c.query);
      return setQuery(c.query);
    case 'export':
      return vscode.postMessage({ type: 'export', format: c.format });
    case 'stop':
      return vscode.postMessage({ type: 'stop' });
    case 'reload':
      return vscode.postMessage({ type: 'reload' });
    case 'copyRow':
      if (view[c.index]) vscode.postMessage({ type: 'copyRow', row: view[c.index] });
      return;
    case 'showTab':
      ui.tabs.selectedIndex = TABS.indexOf(c.tab);
      return onTab();
  }
}

/** Shows what the selected tab needs: a schedule-only panel has nothing but its Schedule tab, which has no filters. */
function applyTab(): void {
  if (!state?.synchronizationId && tab() !== 'schedule') ui.tabs.selectedIndex = TABS.indexOf('schedule');
  ui.toolbar.hidden = tab() === 'schedule';
}

function onTab(): void {
  applyTab();
  refreshChart();
  requestAnimationFrame(fitTable);
  queryChanged();
  reportView();
}

function onMessage(m: HostMessage): void {
  if (m.type === 'init') {
    const first = !state;
    state = m.state;
    vscode.setState(state);
    synchronization = m.synchronization ?? synchronization;
    renderHeader(m.synchronization);
    if (!first) {
      renderSummary();
      reportView();
    }
    if (first) {
      applyControls(state.query);
      ui.tabs.selectedIndex = Math.max(0, TABS.indexOf(state.tab ?? 'details'));
      if (!state.synchronizationId) document.body.classList.add('schedule-only');
      applyTab();
      table.setSort(state.query.sort);
      renderSummary();
      renderProgress();
      requestAnimationFrame(fitTable);
    }
    return;
  }
  if (!state) return; // nothing is shown before init; the host replays what it holds after it
  switch (m.type) {
    case 'reset':
      all = [];
      view = [];
      totals = emptyTotals();
      // Acknowledgements still owed are for the previous load.
      unacknowledged = { pages: 0, rows: 0, pageNumber: 0 };
      rebuildView();
      renderSummary();
      return;
    case 'rows': {
      const rows = decodeRows(m.data);
      addRows(rows);
      totals = m.totals;
      unacknowledged = { pages: unacknowledged.pages + m.pages, rows: unacknowledged.rows + rows.length, pageNumber: m.pageNumber };
      scheduleRender();
      return;
    }
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
      runCommand(m);
      return;
  }
}

let textTimer = 0;
ui.text.addEventListener('input', () => {
  clearTimeout(textTimer);
  textTimer = window.setTimeout(() => setQuery({ ...query(), text: ui.text.value || undefined }), 150);
});
ui.status.addEventListener('change', () => setQuery({ ...query(), status: ui.status.value || undefined }));
ui.type.addEventListener('change', () => setQuery({ ...query(), dataSetType: ui.type.value || undefined }));
ui.chartTop.addEventListener('change', () => {
  chartDirty = true;
  refreshChart();
});
ui.stop.addEventListener('click', () => vscode.postMessage({ type: 'stop' }));
ui.reload.addEventListener('click', () => vscode.postMessage({ type: 'reload' }));
ui.exportCsv.addEventListener('click', () => vscode.postMessage({ type: 'export', format: 'csv' }));
ui.exportJson.addEventListener('click', () => vscode.postMessage({ type: 'export', format: 'json' }));
ui.copy.addEventListener('click', () => {
  const row = table.selectedRow;
  if (row) vscode.postMessage({ type: 'copyRow', row });
});
ui.tabs.addEventListener('vsc-tabs-select', onTab);
window.addEventListener('resize', () => requestAnimationFrame(fitTable));
window.addEventListener('message', (e: MessageEvent<HostMessage>) => onMessage(e.data));
vscode.postMessage({ type: 'ready' });
