/**
 * The filter controls, whose values follow the query (set by the user, the saved state or a test's command), and
 * the toolbar's buttons.
 */
import type { PageMessage } from '../../src/core/report/report/messages';
import type { ReportQuery, ReportRow } from '../../src/core/report/shared/model';
import { REPORT_COLUMNS } from '../../src/core/report/shared/model';
import { reportColumnTitles } from '../shared/columnTitles';
import { el } from '../shared/dom';
import { fillPairs, option } from '../shared/fields';
import { l10n } from '../shared/page';
import type { Layout } from './layout';
import { cellText } from './table';

/** Offers `status` in the status filter once (`statuses`: those already offered). */
export function offerStatus(ui: Layout, statuses: Set<string>, status: string): void {
  if (statuses.has(status)) return;
  statuses.add(status);
  ui.status.appendChild(option(status, status));
}

export function applyControls(ui: Layout, statuses: Set<string>, q: ReportQuery): void {
  ui.text.value = q.text ?? '';
  if (q.status) offerStatus(ui, statuses, q.status);
  ui.status.value = q.status ?? '';
  ui.type.value = q.dataSetType ?? '';
  // A report opened on one data set says so, with the way back to all of them.
  ui.nameFilter.hidden = q.name === undefined;
  ui.nameFilterText.textContent = q.name === undefined ? '' : l10n.t('Data set: {0}', q.name);
}

/** The detail pane: every column of the selected row, or nothing. */
export function renderDetail(ui: Layout, row: ReportRow | undefined): void {
  ui.copy.toggleAttribute('disabled', !row);
  if (!row) {
    ui.detail.replaceChildren();
    return;
  }
  const list = el('dl', { className: 'detail-list' });
  const titles = reportColumnTitles();
  fillPairs(list, REPORT_COLUMNS.map((c): [string, string, string?] => [titles[c.key], cellText(c, row) || '—', c.key === 'message' && row.message ? 'message' : undefined]));
  ui.detail.replaceChildren(el('h2', { text: row.name ?? l10n.t('(unnamed data set)') }), list);
}

/** Calls `change` with what the user sets in a filter control: the text once typing pauses, a pick at once. */
export function onFilterInput(ui: Layout, change: (part: Partial<ReportQuery>) => void): void {
  let textTimer = 0;
  ui.text.addEventListener('input', () => {
    clearTimeout(textTimer);
    textTimer = window.setTimeout(() => change({ text: ui.text.value || undefined }), 150);
  });
  ui.status.addEventListener('change', () => change({ status: ui.status.value || undefined }));
  ui.type.addEventListener('change', () => change({ dataSetType: ui.type.value || undefined }));
}

/** The toolbar's buttons that only ask the host: Stop, Reload and the exports. */
export function onHostButtons(ui: Layout, post: (m: PageMessage) => void): void {
  ui.stop.addEventListener('click', () => post({ type: 'stop' }));
  ui.reload.addEventListener('click', () => post({ type: 'reload' }));
  ui.exportCsv.addEventListener('click', () => post({ type: 'export', format: 'csv' }));
  ui.exportJson.addEventListener('click', () => post({ type: 'export', format: 'json' }));
}
