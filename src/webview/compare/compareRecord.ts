/**
 * A test-readable record of the most recently opened comparison: what the host loaded and compared, and
 * what the page says it shows. Tests read it through the hooks returned by registerCompare.
 */
import type { CompareHostMessage, CompareView } from '../../core/report/compare/compareMessages';
import type { LoadState, SynchronizationSummary } from '../../core/report/shared/panelTypes';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import type { ReportExportRecord } from '../report/reportRecord';
import type { PanelTestHooks } from '../panelTestHooks';

export interface CompareRecord {
  target: ShareSubscriptionTarget;
  a: SynchronizationSummary;
  b: SynchronizationSummary;
  state: LoadState;
  error?: string;
  /** The error is a sign-in that must come first (a restored comparison never prompts). */
  signInNeeded?: boolean;
  /** Rows of each listing loaded so far. */
  rowsA: number;
  rowsB: number;
  /** Joined rows sent to the page, once both listings ended. */
  compared?: number;
  /** False when a listing stopped before its last page. */
  complete?: boolean;
  /** Last `viewUpdated` of the page. */
  view?: CompareView;
  exports: ReportExportRecord[];
}

export interface CompareTestHooks extends PanelTestHooks<CompareRecord> {
  lastCompare(): CompareRecord | undefined;
  /** Posts a message to the last comparison's page; false when there is none. */
  post(message: CompareHostMessage): Promise<boolean>;
}
