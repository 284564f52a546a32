/** The user actions the host's tests ask the page to perform (under the test runner only), each as a user would. */
import type { PageCommand, PageMessage, ReportTab } from '../../src/core/report/report/messages';
import type { ReportQuery } from '../../src/core/report/shared/model';

/** What the page does for each action. */
export interface PageActions {
  /** Sets the filter controls and the query to `q`. */
  query(q: ReportQuery): void;
  post(m: PageMessage): void;
  /** Copies row `index` of the view, if the view has it. */
  copyRow(index: number): void;
  scrollTo(index: number): void;
  select(index: number): void;
  showTab(tab: ReportTab): void;
  removeNameFilter(): void;
}

export function runCommand(c: PageCommand, page: PageActions): void {
  switch (c.command) {
    case 'sort':
    case 'filter':
      return page.query(c.query);
    case 'export':
      return page.post({ type: 'export', format: c.format });
    case 'stop':
      return page.post({ type: 'stop' });
    case 'reload':
      return page.post({ type: 'reload' });
    case 'copyRow':
      return page.copyRow(c.index);
    case 'scrollTo':
      return page.scrollTo(c.index);
    case 'select':
      return page.select(c.index);
    case 'showTab':
      return page.showTab(c.tab);
    case 'removeNameFilter':
      return page.removeNameFilter();
  }
}
