/**
 * A test-readable record of the most recently opened trend: what the host loaded and counted, what the page
 * reported showing and which reports it opened. Tests read it through the hooks returned by registerTrend.
 */
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import type { TrendPoint } from '../../core/report/trend/trend';
import type { TrendLoadState, TrendView } from '../../core/report/trend/trendMessages';
import type { PanelTestHooks } from '../panelTestHooks';

export interface TrendRecord {
  target: ShareSubscriptionTarget;
  /** How many synchronizations the trend keeps. */
  count: number;
  state: TrendLoadState;
  error?: string;
  /** The error is a sign-in that must come first (a restored trend never prompts). */
  signInNeeded?: boolean;
  /** The kept synchronizations, oldest first, with their failed data sets as counted so far. */
  points: TrendPoint[];
  /** Synchronizations the listing returned. */
  listed: number;
  /** Failed-data-set counts that arrived, and those that could not be read. */
  failuresCounted: number;
  failureErrors: number;
  /** Times the page (re)started: a hidden panel's page is dropped and starts again when shown. */
  pageLoads: number;
  /** Last `viewUpdated` of the page since it last started. */
  view?: TrendView;
  /** Synchronization ids whose report the page opened, in order. */
  opened: string[];
}

export interface TrendTestHooks extends PanelTestHooks<TrendRecord> {
  lastTrend(): TrendRecord | undefined;
  /** Asks the last trend's page to click its point at `index` (oldest is 0); false when there is none. */
  click(index: number): Promise<boolean>;
}
