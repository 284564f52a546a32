/** Builds the comparison page's static structure once and returns the parts the controller updates. */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import { custom, el } from '../shared/dom';
import { option } from '../shared/fields';
import { l10n } from '../shared/page';

export interface CompareLayout {
  meta: HTMLElement;
  summary: HTMLElement;
  progress: HTMLElement;
  progressText: HTMLElement;
  stop: HTMLElement;
  filter: HTMLElement & { value: string };
  sortReset: HTMLElement;
  exportCsv: HTMLElement;
  exportJson: HTMLElement;
  shownNote: HTMLElement;
  tableHost: HTMLElement;
  announcer: HTMLElement;
}

export function buildCompareLayout(root: HTMLElement): CompareLayout {
  // The panel's title, which the host words for this share subscription: the one heading text.
  const title = el('h1', { text: document.title });
  const meta = el('p', { className: 'meta' });
  const summary = el('dl', { className: 'summary', attrs: { 'aria-label': l10n.t('Summary') } });
  const progress = custom('vscode-progress-bar', { indeterminate: '', 'aria-label': l10n.t('Loading data sets') });
  const progressText = el('span', { className: 'progress-text', attrs: { role: 'status' } });
  const stop = custom('vscode-button', { secondary: '', id: 'stop' }, l10n.t('Stop'));
  const filter = custom('vscode-single-select', { 'aria-label': l10n.t('Show'), id: 'compare-filter' }) as CompareLayout['filter'];
  for (const [value, label] of [['all', l10n.t('All data sets')], ['changed', l10n.t('Changed only')], ['failures', l10n.t('Failures (in A or B)')]]) filter.appendChild(option(value, label, value === 'all'));
  const sortReset = custom('vscode-button', { secondary: '', id: 'sort-largest' }, l10n.t('Largest change first'));
  const exportCsv = custom('vscode-button', { id: 'export-csv' }, l10n.t('Export CSV'));
  const exportJson = custom('vscode-button', { id: 'export-json', secondary: '' }, l10n.t('Export JSON'));
  const shownNote = el('p', { className: 'muted shown-note' });
  const tableHost = el('div', { className: 'compare-host' });
  const announcer = el('div', { className: 'visually-hidden', attrs: { 'aria-live': 'polite' } });
  root.replaceChildren(
    el('header', { className: 'report-header' }, [title, meta, summary]),
    el('div', { className: 'progress-row' }, [progress, el('div', { className: 'progress-line' }, [progressText, stop])]),
    el('div', { className: 'toolbar', attrs: { role: 'toolbar', 'aria-label': l10n.t('Filters and actions') } }, [
      el('label', { className: 'field' }, [el('span', { className: 'field-label', text: l10n.t('Show') }), filter]),
      sortReset,
      el('span', { className: 'spacer' }),
      exportCsv,
      exportJson,
    ]),
    tableHost,
    shownNote,
    announcer,
  );
  return { meta, summary, progress, progressText, stop, filter, sortReset, exportCsv, exportJson, shownNote, tableHost, announcer };
}
