/** The filter controls: what they show follows the query (set by the user, the saved state or a test's command). */
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
