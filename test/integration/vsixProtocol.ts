// What test/integration/vsix.ts and its tests module (suite/vsix.smoke.test.ts) exchange through the workspace:
// the runner can look into a webview's page, the extension host cannot.

/** The smoke test logs this line once the report panel is open; the runner then checks the page it shows. */
export const REPORT_SHOWN_LINE = '[vsix] report shown';

/** File in the workspace folder where the runner writes what it saw in the report page. */
export const REPORT_CHECK_FILE = '.vsix-report-check.json';

export interface ReportPageCheck {
  /** Data set rows the page rendered in its grid. */
  gridRows: number;
  /** The page's stylesheet (media/report/report.css) applied: the grid's rows are laid out by CSS. */
  styled: boolean;
  error?: string;
}

/** The smoke test logs this line once the extension's view is shown; the runner then reads the tree's rows. */
export const TREE_SHOWN_LINE = '[vsix] tree shown';

/** File in the workspace folder where the runner writes the labels it read in the extension's tree. */
export const TREE_CHECK_FILE = '.vsix-tree-check.json';

export interface TreeCheck {
  /** The rows of the side bar's tree, top to bottom. */
  labels: string[];
}
