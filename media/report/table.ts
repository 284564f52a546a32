/**
 * A virtualized grid: only the rows in view (plus a small margin) exist in the DOM, re-used while
 * scrolling, so 100,000 rows scroll as smoothly as 100. It knows how many rows there are and asks for the
 * ones it is about to show (`onRange`); a row not here yet shows empty until it arrives. Keyboard: arrows,
 * Page Up/Down, Home/End move the selection; Enter shows the row's details; Ctrl/Cmd+C copies it. Header
 * buttons sort.
 */
import { REPORT_COLUMNS, type ColumnDef, type ReportRow, type SortSpec } from '../../src/core/report/shared/model';
import { isFailedStatus } from '../../src/core/synchronization/syncStatus';
import { formatBytes, formatCount, formatDuration, formatUtcDateTime } from '../../src/core/report/shared/format';
import { reportColumnTitles } from '../shared/columnTitles';
import { el } from '../shared/dom';
import { l10n } from '../shared/page';

export const ROW_HEIGHT = 24;
const OVERSCAN = 12;
/** Hard ceiling on row elements, whatever the window height. */
export const MAX_DOM_ROWS = 400;

const WIDTHS: Record<string, number | string> = {
  // A time is "2026-01-31 23:59:59 UTC" whatever the window: sized by its characters (and the cell's padding),
  // not in pixels, so the font's size and face never cut it.
  name: 260, dataSetType: 170, status: 100, message: 300, startTime: 'calc(24ch + 20px)', endTime: 'calc(24ch + 20px)', durationMs: 110, filesRead: 100,
  filesWritten: 110, rowsRead: 120, rowsCopied: 120, sizeRead: 100, sizeWritten: 110, vCore: 70, dataSetId: 300,
};
const width = (key: string): string => {
  const w = WIDTHS[key] ?? 120;
  return typeof w === 'number' ? `${w}px` : w;
};

export function cellText(column: ColumnDef, row: ReportRow): string {
  const v = row[column.key];
  if (v === undefined) return '';
  switch (column.kind) {
    case 'duration':
      return formatDuration(v as number);
    case 'bytes':
      return formatBytes(v as number);
    case 'count':
      return formatCount(v as number);
    case 'dateTime':
      return formatUtcDateTime(v as string);
    default:
      return String(v);
  }
}

export interface TableEvents {
  onSort(column: ColumnDef['key']): void;
  onSelect(index: number, row: ReportRow | undefined): void;
  onCopy(index: number): void;
  /** Rows `first` to `last` (exclusive) are about to be drawn. */
  onRange(first: number, last: number): void;
}

export class VirtualTable {
  readonly element: HTMLDivElement;
  private readonly body: HTMLDivElement;
  private readonly headerCells = new Map<string, HTMLDivElement>();
  private readonly pool: HTMLDivElement[] = [];
  private length = 0;
  private rowAt: (index: number) => ReportRow | undefined = () => undefined;
  private version = 0;
  private selected = -1;
  private frame = 0;

  constructor(private readonly events: TableEvents) {
    const template = REPORT_COLUMNS.map((c) => width(c.key)).join(' ');
    this.element = el('div', { className: 'grid', attrs: { role: 'grid', tabindex: '0', 'aria-label': l10n.t('Data sets'), 'aria-colcount': String(REPORT_COLUMNS.length) } });
    this.element.style.setProperty('--grid-columns', template);
    const header = el('div', { className: 'grid-row grid-header', attrs: { role: 'row', 'aria-rowindex': '1' } });
    const titles = reportColumnTitles();
    REPORT_COLUMNS.forEach((c, i) => {
      const button = el('button', { className: 'sort-button', text: titles[c.key], attrs: { type: 'button', title: l10n.t('Sort by {0}', titles[c.key]) } });
      button.addEventListener('click', () => this.events.onSort(c.key));
      const cell = el('div', { className: `grid-cell kind-${c.kind}`, attrs: { role: 'columnheader', 'aria-colindex': String(i + 1), 'aria-sort': 'none' } }, [button]);
      this.headerCells.set(c.key, cell);
      header.appendChild(cell);
    });
    this.body = el('div', { className: 'grid-body', attrs: { role: 'rowgroup' } });
    this.element.append(el('div', { className: 'grid-head', attrs: { role: 'rowgroup' } }, [header]), this.body);
    this.element.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    this.body.addEventListener('click', (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('.grid-row');
      if (row?.dataset.index) this.select(Number(row.dataset.index));
    });
    new ResizeObserver(() => this.schedule()).observe(this.element);
  }

  /**
   * `length` rows, read through `rowAt`. `appended`: the same rows as before with more at the end, so the
   * rows already drawn need no redraw.
   */
  setRows(length: number, rowAt: (index: number) => ReportRow | undefined, appended = false): void {
    this.length = length;
    this.rowAt = rowAt;
    if (!appended) this.version++;
    this.element.setAttribute('aria-rowcount', String(length + 1));
    this.body.style.height = `${length * ROW_HEIGHT}px`;
    if (this.selected >= length) this.selected = length - 1;
    this.render();
  }

  /** Rows that were missing arrived: draw them. */
  refresh(): void {
    this.version++;
    this.render();
  }

  setSort(sort: SortSpec | undefined): void {
    for (const [key, cell] of this.headerCells) {
      const active = sort?.column === key;
      cell.setAttribute('aria-sort', active ? (sort.descending ? 'descending' : 'ascending') : 'none');
      cell.classList.toggle('sorted', active);
      cell.dataset.direction = active ? (sort.descending ? '▼' : '▲') : '';
    }
  }

  get domRowCount(): number {
    return this.body.childElementCount;
  }

  /** The name cells of the first `n` rendered rows, in row order, as the DOM shows them. */
  renderedNames(n: number): string[] {
    const rows = Array.from(this.body.children as HTMLCollectionOf<HTMLElement>).sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
    return rows.slice(0, n).map((r) => (r.firstElementChild as HTMLElement).textContent ?? '');
  }

  /** Columns of figures and times (not free text, which ends in an ellipsis by design) whose text a drawn cell cuts off. */
  clippedColumns(): string[] {
    const clipped = new Set<string>();
    for (const row of Array.from(this.body.children as HTMLCollectionOf<HTMLElement>)) {
      REPORT_COLUMNS.forEach((c, i) => {
        const cell = row.children[i] as HTMLElement | undefined;
        if (c.kind !== 'text' && cell?.textContent && cell.scrollWidth > cell.clientWidth) clipped.add(c.key);
      });
    }
    return [...clipped];
  }

  /** Scrolls so that row `index` is at the top; the rows there are drawn (or asked for) on the scroll. */
  scrollTo(index: number): void {
    this.element.scrollTop = Math.max(0, Math.min(index, this.length - 1)) * ROW_HEIGHT;
    this.render();
  }

  get selectedIndex(): number {
    return this.selected;
  }

  get selectedRow(): ReportRow | undefined {
    return this.selected < 0 ? undefined : this.rowAt(this.selected);
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Places the pooled row elements over the visible range and fills the ones whose row changed. */
  render(): void {
    const viewHeight = this.element.clientHeight || 600;
    const top = Math.max(0, this.element.scrollTop - ROW_HEIGHT);
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.length, Math.ceil((top + viewHeight) / ROW_HEIGHT) + OVERSCAN, first + MAX_DOM_ROWS);
    const count = Math.max(0, last - first);
    this.events.onRange(first, last);
    while (this.pool.length < count) this.pool.push(this.createRow());
    while (this.body.childElementCount > count) this.body.lastElementChild!.remove();
    for (let k = 0; k < count; k++) {
      const row = this.pool[k];
      if (!row.isConnected) this.body.appendChild(row);
      this.fill(row, first + k);
    }
    const active = this.selected >= first && this.selected < last ? `report-row-${this.selected}` : '';
    if (active) this.element.setAttribute('aria-activedescendant', active);
    else this.element.removeAttribute('aria-activedescendant');
  }

  private createRow(): HTMLDivElement {
    const row = el('div', { className: 'grid-row', attrs: { role: 'row' } });
    REPORT_COLUMNS.forEach((c, i) => row.appendChild(el('div', { className: `grid-cell kind-${c.kind} col-${c.key}`, attrs: { role: 'gridcell', 'aria-colindex': String(i + 1) } })));
    return row;
  }

  private fill(row: HTMLDivElement, index: number): void {
    const data = this.rowAt(index);
    const key = `${this.version}:${index}:${index === this.selected}:${data ? 1 : 0}`;
    if (row.dataset.key === key) return;
    row.dataset.key = key;
    row.dataset.index = String(index);
    row.id = `report-row-${index}`;
    row.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
    row.setAttribute('aria-rowindex', String(index + 2));
    const failed = isFailedStatus(data?.status);
    row.classList.toggle('failed', failed);
    row.classList.toggle('selected', index === this.selected);
    row.setAttribute('aria-selected', String(index === this.selected));
    const cells = row.children;
    for (let i = 0; i < REPORT_COLUMNS.length; i++) {
      const text = data ? cellText(REPORT_COLUMNS[i], data) : '';
      const cell = cells[i] as HTMLElement;
      cell.textContent = text;
      cell.title = text;
    }
  }

  select(index: number): void {
    if (this.length === 0) return;
    this.selected = Math.max(0, Math.min(this.length - 1, index));
    const y = this.selected * ROW_HEIGHT;
    const headerHeight = ROW_HEIGHT;
    const view = this.element.clientHeight - headerHeight;
    if (y < this.element.scrollTop) this.element.scrollTop = y;
    else if (y + ROW_HEIGHT > this.element.scrollTop + view) this.element.scrollTop = y + ROW_HEIGHT - view;
    this.version++;
    this.render();
    this.events.onSelect(this.selected, this.selectedRow);
  }

  private onKey(e: KeyboardEvent): void {
    const page = Math.max(1, Math.floor(this.element.clientHeight / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (e.key in moves) this.select((this.selected < 0 ? -1 : this.selected) + moves[e.key]);
    else if (e.key === 'Home') this.select(0);
    else if (e.key === 'End') this.select(this.length - 1);
    else if (e.key === 'Enter' && this.selectedRow) this.events.onSelect(this.selected, this.selectedRow);
    else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'c' && this.selected >= 0) this.events.onCopy(this.selected);
    else return;
    e.preventDefault();
  }
}
