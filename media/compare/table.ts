/**
 * The comparison table: a plain table of the first rows of the view as the host sends them (the export has
 * them all), with header buttons that sort. Failed rows carry a mark, fixed ones another; deltas are signed.
 */
import type { CompareRow } from '../../src/core/report/compare/compare';
import { COMPARE_COLUMNS, compareCellText, type CompareColumn, type CompareColumnKey, type CompareQuery } from '../../src/core/report/compare/compareQuery';
import { COMPARE_VIEW_ROWS } from '../../src/core/report/compare/compareMessages';
import { el } from '../shared/dom';

const SHOWN: CompareColumnKey[] = [
  'name', 'dataSetType', 'change', 'statusA', 'statusB', 'durationMsA', 'durationMsB', 'durationMsDelta', 'sizeReadDelta', 'sizeWrittenDelta', 'rowsCopiedDelta', 'filesWrittenDelta', 'message',
];
const COLUMNS: CompareColumn[] = SHOWN.map((k) => COMPARE_COLUMNS.find((c) => c.key === k)!);

const ROW_CLASS: Partial<Record<CompareRow['change'], string>> = { newlyFailed: 'failed', stillFailing: 'failed', fixed: 'fixed', onlyInA: 'only', onlyInB: 'only' };

export class CompareTable {
  readonly element: HTMLTableElement;
  private readonly body: HTMLTableSectionElement;
  private readonly headers = new Map<string, HTMLTableCellElement>();

  constructor(onSort: (column: CompareColumnKey) => void) {
    this.element = el('table', { className: 'compare-table', attrs: { 'aria-label': 'Data sets compared' } });
    const head = el('tr');
    for (const c of COLUMNS) {
      const button = el('button', { className: 'sort-button', text: c.title, attrs: { type: 'button', title: `Sort by ${c.title}` } });
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
    this.body.replaceChildren(
      ...rows.map((r) => {
        const tr = el('tr', { className: ROW_CLASS[r.change] ?? '' });
        for (const c of COLUMNS) {
          const text = compareCellText(c, r);
          const sign = c.delta && typeof r[c.key] === 'number' ? Math.sign(r[c.key] as number) : 0;
          tr.appendChild(el('td', { className: `kind-${c.kind} col-${c.key}${sign > 0 ? ' up' : sign < 0 ? ' down' : ''}`, text, attrs: { title: text } }));
        }
        return tr;
      }),
    );
  }

  note(total: number): string {
    if (total === 0) return 'No data set matches.';
    return total > COMPARE_VIEW_ROWS ? `Showing the first ${COMPARE_VIEW_ROWS.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} data sets; Export writes all of them.` : '';
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
