/**
 * The synchronization comparison page. The host holds every joined row and answers each query with the first
 * rows of its view; the page shows them and tells the host what it shows. Every service string goes in as
 * text. It posts only queries, user actions and what is on screen: never anything secret.
 */
import { l10n, root, testHooks } from '../shared/page';
import { connectToHost } from '../shared/host';
import type { CompareRow } from '../../src/core/report/compare/compare';
import type { CompareHostMessage, CompareInit, ComparePageMessage } from '../../src/core/report/compare/compareMessages';
import type { CompareColumnKey, CompareFilter, CompareQuery } from '../../src/core/report/compare/compareQuery';
import type { CompareSummary } from '../../src/core/report/compare/compareSummary';
import { formatDuration, formatUtcDateTime } from '../../src/core/report/shared/format';
import type { LoadState, SynchronizationSummary } from '../../src/core/report/shared/panelTypes';
import { el } from '../shared/dom';
import { fillPairs } from '../shared/fields';
import { buildCompareLayout } from './layout';
import { summaryPairs } from './summary';
import { CompareTable } from './table';
import { modeWord, statusWord } from '../shared/syncWords';


const vscode = connectToHost<ComparePageMessage, CompareInit>();
const ui = buildCompareLayout(root);

let init: CompareInit | undefined;
/** The first rows of the view, as the host sent them, and how many the view has in all. */
let view: CompareRow[] = [];
let shown = 0;
let summary: CompareSummary | undefined;
let complete = true;
let loadState: LoadState = 'loading';
let statusText = '';

const table = new CompareTable((column) => toggleSort(column));
ui.tableHost.appendChild(table.element);

function query(): CompareQuery {
  return init?.query ?? {};
}

/** Saves what the page shows (target, both synchronizations, filter and sort) for a window reload. */
function save(next: CompareInit): void {
  init = next;
  vscode.setState(next);
}

function setQuery(next: CompareQuery): void {
  if (!init) return;
  save({ ...init, query: next });
  ui.filter.value = next.filter ?? 'all';
  // The host answers with the view.
  vscode.postMessage({ type: 'query', query: next });
}

function toggleSort(column: CompareColumnKey): void {
  const current = query().sort;
  // First click: text A to Z, numbers and changes biggest first; the third goes back to the largest change.
  if (current?.column === column && current.descending !== table.firstDescending(column)) return setQuery({ ...query(), sort: undefined });
  const descending = current?.column === column ? !current.descending : table.firstDescending(column);
  setQuery({ ...query(), sort: { column, descending } });
}

/** One synchronization compared: `started` names it with its start ("A: 2024-03-01 …"), then its mode, status and duration. */
function side(started: string, s: SynchronizationSummary): string {
  const parts = [started, modeWord(s.synchronizationMode), statusWord(s.status), s.durationMs !== undefined ? formatDuration(s.durationMs) : ''];
  return parts.filter(Boolean).join(' · ');
}

/** The line under the heading (the heading is the panel's title, see layout.ts). */
function renderMeta(): void {
  if (!init) return;
  const t = init.target;
  ui.meta.replaceChildren(
    el('span', { text: `${t.shareSubscriptionName} · ${t.accountName} · ${t.resourceGroup}` }),
    el('span', { className: 'side', text: side(l10n.t('A: {0}', formatUtcDateTime(init.a.startTime)), init.a) }),
    el('span', { className: 'side', text: side(l10n.t('B: {0}', formatUtcDateTime(init.b.startTime)), init.b) }),
  );
}

function renderProgress(): void {
  const loading = loadState === 'loading';
  ui.progress.hidden = !loading;
  ui.stop.toggleAttribute('disabled', !loading);
  ui.progressText.textContent = statusText;
  ui.progressText.classList.toggle('error-text', loadState === 'error' || !complete);
  root.setAttribute('aria-busy', String(loading));
}

function render(): void {
  table.setRows(view, query().sort);
  ui.shownNote.textContent = table.note(shown);
  if (summary && init) fillPairs(ui.summary, summaryPairs(summary, init, shown));
  reportView();
}

function reportView(): void {
  if (!testHooks) return;
  const injected = document.querySelectorAll('#app :is(img, iframe, object, embed, style, script, link)').length;
  const pairs = [...ui.summary.querySelectorAll<HTMLElement>('.pair')];
  vscode.postMessage({
    type: 'viewUpdated',
    shown,
    domRows: table.domRowCount,
    firstNames: table.cells('name', 5),
    firstChanges: table.cells('change', 5),
    summary: pairs.map((p) => `${p.querySelector('dt')?.textContent ?? ''}: ${p.querySelector('dd')?.textContent ?? ''}`),
    meta: ui.meta.textContent ?? '',
    status: ui.progressText.textContent ?? '',
    injected,
    saved: init,
  });
}

const count = (n: number) => n.toLocaleString('en-US');

function progressText(m: Extract<CompareHostMessage, { type: 'progress' }>): string {
  const loaded = l10n.t('A: {0} data sets, B: {1}', count(m.rowsA), count(m.rowsB));
  switch (m.state) {
    case 'loading':
      return l10n.t('Loading… {0}', loaded);
    case 'done':
      return l10n.t('Compared {0}.', loaded);
    case 'stopped':
      return l10n.t('Stopped after {0}: the comparison is incomplete (data sets not loaded show as only in A or B).', loaded);
    case 'error':
      if (m.signInNeeded) return m.message ?? '';
      return l10n.t('Loading failed after {0}: {1}. The comparison is incomplete.', loaded, m.message ?? l10n.t('unknown error'));
  }
}

function onMessage(m: CompareHostMessage): void {
  switch (m.type) {
    case 'init':
      save({ target: m.target, a: m.a, b: m.b, query: m.query });
      ui.filter.value = m.query.filter ?? 'all';
      renderMeta();
      render();
      return;
    case 'progress':
      loadState = m.state;
      statusText = progressText(m);
      renderProgress();
      if (m.state !== 'loading') ui.announcer.textContent = statusText;
      reportView();
      return;
    case 'result':
      summary = m.summary;
      complete = m.complete;
      render();
      return;
    case 'view':
      // An answer to a query the user has since changed is dropped: the newer one's answer follows.
      if (JSON.stringify(m.query) !== JSON.stringify(query())) return;
      view = m.rows;
      shown = m.shown;
      render();
      return;
    case 'command':
      if (!testHooks) return;
      if (m.command === 'query') return setQuery(m.query);
      if (m.command === 'export') return vscode.postMessage({ type: 'export', format: m.format });
      return vscode.postMessage({ type: 'stop' });
  }
}

ui.filter.addEventListener('change', () => setQuery({ ...query(), filter: ui.filter.value === 'all' ? undefined : (ui.filter.value as CompareFilter) }));
ui.sortReset.addEventListener('click', () => setQuery({ ...query(), sort: undefined }));
ui.stop.addEventListener('click', () => vscode.postMessage({ type: 'stop' }));
ui.exportCsv.addEventListener('click', () => vscode.postMessage({ type: 'export', format: 'csv' }));
ui.exportJson.addEventListener('click', () => vscode.postMessage({ type: 'export', format: 'json' }));
window.addEventListener('message', (e: MessageEvent<CompareHostMessage>) => onMessage(e.data));
vscode.postMessage({ type: 'ready' });
