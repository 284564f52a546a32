/**
 * The comparison table: a plain table of the first rows of the view as the host sends them (the export has
 * them all), with header buttons that sort. Failed rows carry a mark, fixed ones another; deltas are signed.
 */
import type { CompareRow, StatusChange } from '../../src/core/report/compare/compare';
import { COMPARE_COLUMNS, compareCellText, type CompareColumn, type CompareColumnKey, type CompareQuery } from '../../src/core/report/compare/compareQuery';
import { COMPARE_VIEW_ROWS } from '../../src/core/report/compare/compareMessages';
import { compareColumnTitles } from '../shared/columnTitles';
import { el } from '../shared/dom';
import { l10n } from '../shared/page';

const SHOWN: CompareColumnKey[] = [
  'name', 'dataSetType', 'change', 'statusA', 'statusB', 'durationMsA', 'durationMsB', 'durationMsDelta', 'sizeReadDelta', 'sizeWrittenDelta', 'rowsCopiedDelta', 'filesWrittenDelta', 'message',
];
const COLUMNS: CompareColumn[] = SHOWN.map((k) => COMPARE_COLUMNS.find((c) => c.key === k)!);

const ROW_CLASS: Partial<Record<CompareRow['change'], string>> = { newlyFailed: 'failed', stillFailing: 'failed', fixed: 'fixed', onlyInA: 'only', onlyInB: 'only' };

/** What the Change column shows for each change (the CSV keeps the core's English, STATUS_CHANGE_LABELS). */
function changeLabels(): Record<StatusChange, string> {
  return {
    newlyFailed: l10n.t('Newly failed'),
    stillFailing: l10n.t('Still failing'),
    fixed: l10n.t('Fixed'),
    onlyInA: l10n.t('Only in A'),
    onlyInB: l10n.t('Only in B'),
    statusChanged: l10n.t('Status changed'),
    unchanged: l10n.t('Unchanged'),
  };
}

export class CompareTable {
  readonly element: HTMLTableElement;
  private readonly body: HTMLTableSectionElement;
  private readonly headers = new Map<string, HTMLTableCellElement>();

  constructor(onSort: (column: CompareColumnKey) => void) {
    this.element = el('table', { className: 'compare-table', attrs: { 'aria-label': l10n.t('Data sets compared') } });
    const head = el('tr');
    const titles = compareColumnTitles();
    for (const c of COLUMNS) {
      const button = el('button', { className: 'sort-button', text: titles[c.key], attrs: { type: 'button', title: l10n.t('Sort by {0}', titles[c.key]) } });
      button.addEventListener('click', () => onSort(c.key));
      const th = el('th', { className: `kind-${c.kind}${c.delta ? ' delta' : ''}`, attrs: { scope: 'col', 'aria-sort': 'none', 'data-key': c.key } }, [button]);
      this.headers.set(c.key, th);
      head.appendChild(th);
    }
    this.body = el('tbody');
    this.element.append(el('thead', {}, [head]), this.body);
  }

  /** Numbers and the change sort biggest first on the first click, text A to Z. */
  firstDescending(column: CompareColumnKey): boolean {
    return COMPARE_COLUMNS.find((c) => c.key === column)?.kind !== 'text';
  }

  setRows(rows: readonly CompareRow[], sort: CompareQuery['sort']): void {
    for (const [key, th] of this.headers) {
      const active = sort?.column === key;
      th.setAttribute('aria-sort', active ? (sort.descending ? 'descending' : 'ascending') : 'none');
      th.dataset.direction = active ? (sort.descending ? '▼' : '▲') : '';
    }
    const changes = changeLabels();
    this.body.replaceChildren(
      ...rows.map((r) => {
        const tr = el('tr', { className: ROW_CLASS[r.change] ?? '' });
        for (const c of COLUMNS) {
          const text = c.kind === 'change' ? changes[r.change] : compareCellText(c, r);
          const sign = c.delta && typeof r[c.key] === 'number' ? Math.sign(r[c.key] as number) : 0;
          tr.appendChild(el('td', { className: `kind-${c.kind} col-${c.key}${sign > 0 ? ' up' : sign < 0 ? ' down' : ''}`, text, attrs: { title: text } }));
        }
        return tr;
      }),
    );
  }

  note(total: number): string {
    if (total === 0) return l10n.t('No data set matches.');
    if (total <= COMPARE_VIEW_ROWS) return '';
    return l10n.t('Showing the first {0} of {1} data sets; Export writes all of them.', COMPARE_VIEW_ROWS.toLocaleString('en-US'), total.toLocaleString('en-US'));
  }

  get domRowCount(): number {
    return this.body.childElementCount;
  }

  /** The text of one column in the first `n` rows, as the DOM shows it. */
  cells(key: CompareColumnKey, n: number): string[] {
    const index = SHOWN.indexOf(key);
    return [...this.body.rows].slice(0, n).map((tr) => tr.cells[index]?.textContent ?? '');
  }
}
