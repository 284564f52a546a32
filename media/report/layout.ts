/** Builds the report page's static structure once and returns the parts the controller updates. */
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-divider/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import type { SourceSettingRow } from '../../src/core/report/report/sourceSettings';
import { l10n } from '../shared/page';
import { custom, el } from '../shared/dom';
import { option } from '../shared/fields';

/** The data set types the service defines; statuses are collected from the rows as they arrive. */
export const DATA_SET_TYPES = [
  'AdlsGen1File', 'AdlsGen1Folder', 'AdlsGen2File', 'AdlsGen2FileSystem', 'AdlsGen2Folder', 'Blob', 'BlobFolder', 'Container',
  'KustoCluster', 'KustoDatabase', 'KustoTable', 'SqlDBTable', 'SqlDWTable', 'SynapseWorkspaceSqlPoolTable',
];

export const TABS = ['details', 'chart', 'schedule'] as const;

export interface Layout {
  meta: HTMLElement;
  summary: HTMLElement;
  progress: HTMLElement & { indeterminate?: boolean };
  progressText: HTMLElement;
  stop: HTMLElement;
  reload: HTMLElement;
  text: HTMLElement & { value: string };
  status: HTMLElement & { value: string };
  type: HTMLElement & { value: string };
  /** The data set the report was opened on (a data set row of the view): shown, and removable, while it filters. */
  nameFilter: HTMLElement;
  nameFilterText: HTMLElement;
  nameFilterRemove: HTMLElement;
  exportCsv: HTMLElement;
  exportJson: HTMLElement;
  copy: HTMLElement;
  tabs: HTMLElement & { selectedIndex: number };
  tableHost: HTMLElement;
  detail: HTMLElement;
  chartTop: HTMLElement & { value: string };
  legend: HTMLElement;
  charts: HTMLElement;
  /** The filter and export bar (only for the data sets: hidden on the Schedule tab). */
  toolbar: HTMLElement;
  schedule: HTMLElement;
  announcer: HTMLElement;
}

/** A drop-down of [value, label] options; `selected` is the value chosen at first (else the first one). */
function select(label: string, options: [string, string][], selected?: string): HTMLElement & { value: string } {
  const s = custom('vscode-single-select', { 'aria-label': label }) as HTMLElement & { value: string };
  for (const [v, l] of options) s.appendChild(option(v, l, v === selected));
  return s;
}

/** The chart's colours explained: a swatch and its meaning per entry. */
function chartLegend(): HTMLElement {
  const entry = (cls: string, text: string) => el('li', { className: 'legend-entry' }, [el('span', { className: `swatch ${cls}`, attrs: { 'aria-hidden': 'true' } }), el('span', { text })]);
  return el('ul', { className: 'legend', attrs: { 'aria-label': l10n.t('Legend') } }, [entry('ok', l10n.t('Data set')), entry('failed', l10n.t('Failed data set'))]);
}

function labelled(text: string, control: HTMLElement): HTMLElement {
  return el('label', { className: 'field' }, [el('span', { className: 'field-label', text }), control]);
}

export function buildLayout(root: HTMLElement): Layout {
  // The panel's title, which the host words for this share subscription and synchronization: the one heading text.
  const title = el('h1', { text: document.title });
  const meta = el('p', { className: 'meta' });
  const summary = el('dl', { className: 'summary', attrs: { 'aria-label': l10n.t('Summary') } });
  const progress = custom('vscode-progress-bar', { indeterminate: '', 'aria-label': l10n.t('Loading data sets') }) as Layout['progress'];
  const progressText = el('span', { className: 'progress-text', attrs: { role: 'status' } });
  const stop = custom('vscode-button', { secondary: '', id: 'stop' }, l10n.t('Stop'));
  const reload = custom('vscode-button', { secondary: '', id: 'reload' }, l10n.t('Reload'));
  const text = custom('vscode-textfield', { placeholder: l10n.t('Filter by name, type, status or message'), 'aria-label': l10n.t('Filter text'), id: 'filter-text' }) as Layout['text'];
  // The `label` property (not an attribute) names the inner input, the element a screen reader focuses.
  (text as Layout['text'] & { label: string }).label = l10n.t('Filter text');
  const status = select(l10n.t('Status'), [['', l10n.t('All statuses')]]);
  const type = select(l10n.t('Data set type'), [['', l10n.t('All types')], ...DATA_SET_TYPES.map((t): [string, string] => [t, t])]);
  const nameFilterText = el('span', { className: 'name-filter-text' });
  const nameFilterRemove = custom('vscode-button', { secondary: '', id: 'remove-name-filter', 'aria-label': l10n.t('Show every data set') }, l10n.t('Show All'));
  const nameFilter = el('span', { className: 'name-filter field', attrs: { role: 'group', 'aria-label': l10n.t('Data set filter') } }, [nameFilterText, nameFilterRemove]);
  nameFilter.hidden = true;
  const exportCsv = custom('vscode-button', { id: 'export-csv' }, l10n.t('Export CSV'));
  const exportJson = custom('vscode-button', { id: 'export-json', secondary: '' }, l10n.t('Export JSON'));
  const copy = custom('vscode-button', { id: 'copy-row', secondary: '', disabled: '' }, l10n.t('Copy Row'));
  const tableHost = el('div', { className: 'table-host' });
  const detail = el('aside', { className: 'detail', attrs: { 'aria-label': l10n.t('Selected data set'), 'aria-live': 'polite' } });
  const chartTop = select(l10n.t('Bars per chart'), ['10', '15', '25', '50'].map((n): [string, string] => [n, l10n.t('Top {0}', n)]), '15');
  const legend = chartLegend();
  const charts = el('div', { className: 'charts' });
  const schedule = el('div', { className: 'schedule' });
  const announcer = el('div', { className: 'visually-hidden', attrs: { 'aria-live': 'polite' } });

  const toolbar = el('div', { className: 'toolbar', attrs: { role: 'toolbar', 'aria-label': l10n.t('Filters and actions') } }, [
    labelled(l10n.t('Filter'), text),
    labelled(l10n.t('Status'), status),
    labelled(l10n.t('Type'), type),
    nameFilter,
    el('span', { className: 'spacer' }),
    exportCsv,
    exportJson,
    copy,
  ]);
  const tabs = custom('vscode-tabs', { 'selected-index': '0' }) as Layout['tabs'];
  const headers = [l10n.t('Details'), l10n.t('Chart'), l10n.t('Schedule')];
  const panels = [
    el('div', { className: 'panel-details' }, [tableHost, detail]),
    el('div', { className: 'panel-chart' }, [el('div', { className: 'toolbar' }, [labelled(l10n.t('Show'), chartTop), legend]), charts]),
    el('div', { className: 'panel-schedule' }, [schedule]),
  ];
  headers.forEach((h, i) => {
    tabs.appendChild(custom('vscode-tab-header', { slot: 'header', 'data-tab': TABS[i] }, h));
    const panel = custom('vscode-tab-panel');
    panel.appendChild(panels[i]);
    tabs.appendChild(panel);
  });

  root.replaceChildren(
    el('header', { className: 'report-header' }, [title, meta, summary]),
    el('div', { className: 'progress-row' }, [progress, el('div', { className: 'progress-line' }, [progressText, stop, reload])]),
    toolbar,
    tabs,
    announcer,
  );
  return { meta, summary, progress, progressText, stop, reload, text, status, type, nameFilter, nameFilterText, nameFilterRemove, exportCsv, exportJson, copy, tabs, tableHost, detail, chartTop, legend, charts, toolbar, schedule, announcer };
}

export function renderSchedule(host: HTMLElement, rows: SourceSettingRow[], error?: string): void {
  if (error) {
    host.replaceChildren(el('p', { className: 'error-text', text: l10n.t('Could not load the synchronization settings: {0}', error) }));
    return;
  }
  if (rows.length === 0) {
    host.replaceChildren(el('p', { className: 'muted', text: l10n.t('The source share has no synchronization schedule.') }));
    return;
  }
  const head = [l10n.t('Kind'), l10n.t('Recurrence'), l10n.t('Synchronization time'), l10n.t('Schedule'), l10n.t('Next run (local)'), l10n.t('Next run (UTC)')];
  const table = el('table', { className: 'schedule-table' }, [
    el('caption', { text: l10n.t('Source share synchronization settings') }),
    el('thead', {}, [el('tr', {}, head.map((h) => el('th', { text: h, attrs: { scope: 'col' } })))]),
    el('tbody', {}, rows.map((r) => el('tr', {}, [r.kind, r.recurrence, r.synchronizationTime, r.schedule, r.nextRunLocal || '—', r.nextRunUtc || '—'].map((v) => el('td', { text: v }))))),
  ]);
  host.replaceChildren(table);
}
