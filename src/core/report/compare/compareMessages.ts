/**
 * Messages between the comparison panel (extension host) and its page. The host checks every incoming message
 * with isComparePageMessage: a page is untrusted input.
 */
import type { CompareRow } from './compare';
import { isCompareQuery, type CompareQuery } from './compareQuery';
import type { CompareSummary } from './compareSummary';
import { isShareSubscriptionTarget, type ExportFormat, type LoadState, type SynchronizationSummary } from '../shared/panelTypes';
import { sanitizeSynchronization } from '../shared/synchronization';
import type { ShareSubscriptionTarget } from '../../settings/model';

/** What the page shows, and saves for a window reload (the comparison is read again from it). */
export interface CompareInit {
  target: ShareSubscriptionTarget;
  a: SynchronizationSummary;
  b: SynchronizationSummary;
  query: CompareQuery;
}

/** A user action the host (or a test) can ask the page to perform as if clicked. */
export type CompareCommand = { command: 'query'; query: CompareQuery } | { command: 'export'; format: ExportFormat } | { command: 'stop' };

/** Rows the page is given at most: more than anyone reads in a table; the export writes them all. */
export const COMPARE_VIEW_ROWS = 1000;

export type CompareHostMessage =
  | ({ type: 'init' } & CompareInit)
  /** Rows of each listing loaded so far; `message` says why a load failed (all there is to say when a sign-in must come first). */
  | { type: 'progress'; state: LoadState; rowsA: number; rowsB: number; message?: string; signInNeeded?: boolean }
  /** Once both listings ended: the summary; `complete` is false when a listing stopped early. */
  | { type: 'result'; summary: CompareSummary; complete: boolean }
  /**
   * The rows the query leaves, filtered and sorted by the host (which holds every row): the first
   * COMPARE_VIEW_ROWS of them, and how many there are in all.
   */
  | { type: 'view'; query: CompareQuery; rows: CompareRow[]; shown: number }
  | ({ type: 'command' } & CompareCommand);

/** What the page shows, as it reports it after each change. */
export interface CompareView {
  /** Data sets the filter leaves in view, and rows in the DOM. */
  shown: number;
  domRows: number;
  /** Name and change cells of the first rows, as the DOM shows them. */
  firstNames: string[];
  firstChanges: string[];
  /** `label: value` of each summary pair. */
  summary: string[];
  /** The line under the title. */
  meta: string;
  /** The progress line. */
  status: string;
  /** Elements service text could have injected (always 0 when text is rendered as text). */
  injected: number;
  /** What the page saved for a window reload. */
  saved?: CompareInit;
}

export type ComparePageMessage =
  | { type: 'ready' }
  | { type: 'stop' }
  | { type: 'export'; format: ExportFormat }
  | { type: 'query'; query: CompareQuery }
  | ({ type: 'viewUpdated' } & CompareView);

const str = (v: unknown): v is string => typeof v === 'string';
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every(str);
const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * A saved comparison as a reload (or a page) hands it back, untrusted: the target, both synchronizations' known
 * fields and the query; undefined when any is unusable.
 */
export function compareInitFrom(v: unknown): CompareInit | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const s = v as Record<string, unknown>;
  const [a, b] = [sanitizeSynchronization(s.a), sanitizeSynchronization(s.b)];
  if (!isShareSubscriptionTarget(s.target) || !a || !b || !isCompareQuery(s.query)) return undefined;
  return { target: s.target, a, b, query: s.query };
}

export function isComparePageMessage(v: unknown): v is ComparePageMessage {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'stop':
      return true;
    case 'export':
      return m.format === 'csv' || m.format === 'json';
    case 'query':
      return isCompareQuery(m.query);
    case 'viewUpdated':
      return (
        count(m.shown) &&
        count(m.domRows) &&
        count(m.injected) &&
        [m.firstNames, m.firstChanges, m.summary].every(strings) &&
        str(m.meta) &&
        str(m.status) &&
        (m.saved === undefined || compareInitFrom(m.saved) !== undefined)
      );
    default:
      return false;
  }
}
