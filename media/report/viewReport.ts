/**
 * What the page reports of itself under the test runner (the integration tests read it instead of the screen):
 * the rows drawn, the summary and line under the heading as shown, the tabs and filters on screen, and anything
 * injected into the page that should never be there.
 */
import type { PageMessage, ReportTab } from '../../src/core/report/report/messages';
import { TABS, type Layout } from './layout';
import type { VirtualTable } from './table';

const shownOnScreen = (node: Element | null): boolean => node !== null && getComputedStyle(node).display !== 'none';

/** `shown`: how many rows the view has; `tab`: the selected tab. */
export function viewReport(ui: Layout, table: VirtualTable, shown: number, tab: ReportTab): Extract<PageMessage, { type: 'viewUpdated' }> {
  const injected = document.querySelectorAll('#app :is(img, iframe, object, embed, style, script, link)').length;
  const pairs = [...ui.summary.querySelectorAll<HTMLElement>('.pair')];
  const label = (pair: HTMLElement) => pair.querySelector('dt')?.textContent ?? '';
  return {
    type: 'viewUpdated',
    shown,
    domRows: table.domRowCount,
    firstCells: table.renderedNames(5),
    injected,
    summary: pairs.map((p) => `${label(p)}: ${p.querySelector('dd')?.textContent ?? ''}`),
    meta: ui.meta.textContent ?? '',
    hints: pairs.filter((p) => p.title).map((p) => `${label(p)}: ${p.title}`),
    tab,
    tabsShown: TABS.filter((t) => shownOnScreen(document.querySelector(`vscode-tab-header[data-tab='${t}']`))),
    filtersShown: shownOnScreen(ui.toolbar),
    nameFilter: ui.nameFilter.hidden ? '' : (ui.nameFilterText.textContent ?? ''),
    legend: [...ui.legend.querySelectorAll('li')].map((li) => li.textContent ?? ''),
    chartSizes: [...ui.chartTop.querySelectorAll('vscode-option')].map((o) => o.textContent ?? ''),
    detail: ui.detail.querySelector('h2')?.textContent ?? '',
    filterInputLabel: ui.text.shadowRoot?.querySelector('input')?.getAttribute('aria-label') ?? '',
    clippedColumns: table.clippedColumns(),
  };
}
