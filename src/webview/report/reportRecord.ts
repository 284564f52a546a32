/**
 * A test-readable record of the most recently opened report: what the host sent and what the page
 * acknowledged. Tests and benchmarks read it through the hooks returned by registerReports.
 */
import type { HostMessage, PageView } from '../../core/report/report/messages';
import type { LoadState } from '../../core/report/shared/panelTypes';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import type { ReportTotals } from '../../core/report/shared/totals';
import type { PanelTestHooks } from '../panelTestHooks';

export interface ReportExportRecord {
  path: string;
  format: 'csv' | 'json';
  rows: number;
}

export interface ReportRecord {
  target: ShareSubscriptionTarget;
  synchronizationId?: string;
  /** Loads started (the first one and each re-fetch). */
  loads: number;
  state: LoadState;
  error?: string;
  /** The load failed because a sign-in is needed (a restored panel never prompts); it loads again after one. */
  signInNeeded?: boolean;
  /** Rows of the current load the host holds (the page is told of them in view updates). */
  rowsSent: number;
  /** View updates posted to the page as pages of the current load arrived (a replay to a restarted page counts too). */
  updates: number;
  /** Sum of the page's `pageRendered` acknowledgements since the page (re)started. */
  rowsReceived: number;
  pagesRendered: number;
  /** Totals of the current load as computed on the host. */
  totals?: ReportTotals;
  /** Last `viewUpdated` of the page. */
  view?: PageView;
  settingsRows?: number;
  /** The listing brought ARM's remaining requests low, and the log said so (once). */
  quotaWarned?: boolean;
  exports: ReportExportRecord[];
  /** Updates shown from a followed synchronization (rows its watch read), and its latest status. */
  followed?: number;
  synchronizationStatus?: string;
  /** When the first and the last page of the current load were acknowledged (ms since load start). */
  firstPageRenderedMs?: number;
  lastPageRenderedMs?: number;
}

export interface ReportTestHooks extends PanelTestHooks<ReportRecord> {
  lastReport(): ReportRecord | undefined;
  /** Posts a message to the last report's page; false when there is none. */
  post(message: HostMessage): Promise<boolean>;
}
