/**
 * Messages between the trend panel (extension host) and its page, checked on both sides: the host takes
 * nothing from the page it did not expect, and the page draws nothing the host did not shape.
 */
import type { ShareSubscriptionTarget } from '../../settings/model';
import { isShareSubscriptionTarget } from '../shared/panelTypes';
import { TREND_MAX_COUNT, type TrendPoint, type TrendStatusKind } from './trend';

export type TrendLoadState = 'loading' | 'counting' | 'done' | 'error';

/** One synchronization as the page draws it: the texts are ready-made (localized) on the host. */
export interface TrendPointView {
  synchronizationId: string;
  kind: TrendStatusKind;
  /** Bar height; absent for a synchronization that has not ended (drawn as a short hatched bar). */
  durationMs?: number;
  /** Failed data sets, when counted. */
  failed?: number;
  /** Start time as shown under the chart (short). */
  tick: string;
  /** The point's accessible name and tooltip. */
  label: string;
  /** The table row: start, status, duration, failed data sets, mode, message. */
  cells: string[];
}

/** Words of the page, localized by the host. */
export interface TrendPageText {
  heading: string;
  summary: string;
  /** What is under way or went wrong (empty when done). */
  note: string;
  chartLabel: string;
  tableCaption: string;
  columns: string[];
  legend: { kind: TrendStatusKind | 'failedMark'; text: string }[];
  openReport: string;
  empty: string;
  showTable: string;
}

export interface TrendPageState {
  state: TrendLoadState;
  text: TrendPageText;
  points: TrendPointView[];
  error?: string;
}

/** What the page saves for a window reload: the trend is read again from it. */
export interface TrendPanelState {
  target: ShareSubscriptionTarget;
  count: number;
}

export type TrendHostMessage =
  | ({ type: 'trend'; panelState: TrendPanelState } & TrendPageState)
  /** Asks the page to act as if the user did it: click the point at `index` (oldest is 0). */
  | { type: 'command'; command: 'click'; index: number };

/** What the page shows, as it reports it after each render. */
export interface TrendView {
  /** Accessible names of the chart's points, left to right. */
  points: string[];
  /** Points that can take the keyboard focus. */
  focusable: number;
  /** Which points carry the failed-data-sets mark. */
  marked: number[];
  /** Text of the table rows, oldest first. */
  rows: string[][];
  legend: string[];
  /** Elements service text could have injected (always 0 when text goes in as text). */
  injected: number;
  state: TrendLoadState;
  /** The note under the heading (what is under way or went wrong). */
  note: string;
  /** What the page saved for a window reload. */
  saved?: TrendPanelState;
}

export type TrendPageMessage = { type: 'ready' } | { type: 'open'; synchronizationId: string } | ({ type: 'viewUpdated' } & TrendView);

const KINDS: readonly string[] = ['succeeded', 'failed', 'canceled', 'running', 'other'];
const STATES: readonly string[] = ['loading', 'counting', 'done', 'error'];
const str = (v: unknown): v is string => typeof v === 'string';
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every(str);
const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isPointView(v: unknown): v is TrendPointView {
  if (!record(v)) return false;
  const durationOk = v.durationMs === undefined || (typeof v.durationMs === 'number' && Number.isFinite(v.durationMs) && v.durationMs >= 0);
  return str(v.synchronizationId) && KINDS.includes(v.kind as string) && durationOk && (v.failed === undefined || count(v.failed)) && str(v.tick) && str(v.label) && strings(v.cells);
}

function isPageText(v: unknown): v is TrendPageText {
  if (!record(v)) return false;
  const legendOk = Array.isArray(v.legend) && v.legend.every((l) => record(l) && str(l.text) && (l.kind === 'failedMark' || KINDS.includes(l.kind as string)));
  return [v.heading, v.summary, v.note, v.chartLabel, v.tableCaption, v.openReport, v.empty, v.showTable].every(str) && strings(v.columns) && legendOk;
}

/** A saved trend as a reload hands it back: untrusted until checked. */
export function isTrendPanelState(v: unknown): v is TrendPanelState {
  return record(v) && isShareSubscriptionTarget(v.target) && count(v.count) && v.count >= 1 && v.count <= TREND_MAX_COUNT;
}

/** The page's check of what the host sends. */
export function isTrendHostMessage(v: unknown): v is TrendHostMessage {
  if (!record(v)) return false;
  if (v.type === 'command') return v.command === 'click' && count(v.index);
  return v.type === 'trend' && isTrendPanelState(v.panelState) && STATES.includes(v.state as string) && isPageText(v.text) && Array.isArray(v.points) && v.points.every(isPointView) && (v.error === undefined || str(v.error));
}

/** The host's check of what the page sends. */
export function isTrendPageMessage(v: unknown): v is TrendPageMessage {
  if (!record(v)) return false;
  switch (v.type) {
    case 'ready':
      return true;
    case 'open':
      return str(v.synchronizationId) && v.synchronizationId !== '';
    case 'viewUpdated':
      return (
        strings(v.points) &&
        count(v.focusable) &&
        Array.isArray(v.marked) &&
        v.marked.every(count) &&
        Array.isArray(v.rows) &&
        v.rows.every(strings) &&
        strings(v.legend) &&
        count(v.injected) &&
        STATES.includes(v.state as string) &&
        str(v.note) &&
        (v.saved === undefined || isTrendPanelState(v.saved))
      );
    default:
      return false;
  }
}

/** A point's words (the host passes its localized strings). */
export interface TrendWords {
  unknownStatus: string;
  noStartTime: string;
  running: string;
  notCounted: string;
  failed(count: number, atLeast: boolean): string;
  /** A duration worked out from the start and end times. */
  durationFromTimes(duration: string): string;
  pointLabel(start: string, status: string, duration: string, failed: string): string;
  /** The status and mode as the product words them (not the service's InProgress or FullSync). */
  status(status: string): string;
  mode(mode: string): string;
}

/** The shown texts of one point; `format` gives the duration, the tick and the full start time. */
export function pointView(
  p: TrendPoint,
  words: TrendWords,
  format: { duration(ms: number): string; tick(iso: string): string; time(iso: string): string },
): TrendPointView {
  const start = p.startTime ? format.time(p.startTime) : words.noStartTime;
  const status = p.status ? words.status(p.status) : words.unknownStatus;
  const duration = p.durationMs === undefined ? words.running : p.durationFromTimes ? words.durationFromTimes(format.duration(p.durationMs)) : format.duration(p.durationMs);
  const f = p.failedDataSets;
  const failed = f ? words.failed(f.count, f.atLeast) : words.notCounted;
  return {
    synchronizationId: p.synchronizationId,
    kind: p.kind,
    durationMs: p.durationMs,
    failed: f?.count,
    tick: p.startTime ? format.tick(p.startTime) : '—',
    label: words.pointLabel(start, status, duration, failed),
    cells: [start, status, duration, failed, p.synchronizationMode ? words.mode(p.synchronizationMode) : '', p.message ?? ''],
  };
}
