/** The trend page's words and a point's texts, localized on the host (the page only places them). */
import * as vscode from 'vscode';
import { formatDuration, formatUtcDateTime } from '../../core/report/shared/format';
import type { TrendPoint } from '../../core/report/trend/trend';
import type { TrendRecord } from './trendRecord';
import { modeWord, statusWord } from '../../ui/synchronizationWords';
import { pointView, type TrendPageText, type TrendPointView, type TrendWords } from '../../core/report/trend/trendMessages';

export function trendTitle(name: string): string {
  return vscode.l10n.t('Synchronization trend: {0}', name);
}

function note(r: TrendRecord): string {
  switch (r.state) {
    case 'loading':
      return vscode.l10n.t('Loading synchronizations…');
    case 'counting':
      return vscode.l10n.t('Counting failed data sets ({0} of {1})…', r.failuresCounted + r.failureErrors, r.points.length);
    case 'error':
      return r.signInNeeded ? (r.error ?? '') : vscode.l10n.t('Could not list synchronizations: {0}', r.error ?? '');
    case 'done':
      return r.failureErrors > 0 ? vscode.l10n.t('The failed data sets of {0} synchronizations could not be counted; the output log says why.', r.failureErrors) : '';
  }
}

export function pageText(name: string, r: TrendRecord): TrendPageText {
  return {
    heading: trendTitle(name),
    summary: vscode.l10n.t('The last {0} of {1} synchronizations, oldest on the left. Select a bar to open its report.', r.points.length, r.listed),
    note: note(r),
    chartLabel: vscode.l10n.t('Duration of each synchronization, oldest first'),
    tableCaption: vscode.l10n.t('Synchronizations, oldest first'),
    columns: [
      vscode.l10n.t('Start'),
      vscode.l10n.t('Status'),
      vscode.l10n.t('Duration'),
      vscode.l10n.t('Failed data sets'),
      vscode.l10n.t('Mode'),
      vscode.l10n.t('Message'),
    ],
    legend: [
      { kind: 'succeeded', text: vscode.l10n.t('Succeeded') },
      { kind: 'failed', text: vscode.l10n.t('Failed') },
      { kind: 'canceled', text: vscode.l10n.t('Canceled') },
      { kind: 'running', text: vscode.l10n.t('Queued or in progress (no duration yet)') },
      { kind: 'other', text: vscode.l10n.t('Other status') },
      { kind: 'failedMark', text: vscode.l10n.t('Data sets failed (count above the bar)') },
    ],
    openReport: vscode.l10n.t('Open report'),
    empty: vscode.l10n.t('This share subscription has no synchronizations yet.'),
    showTable: vscode.l10n.t('Table'),
  };
}

function words(): TrendWords {
  return {
    unknownStatus: vscode.l10n.t('Unknown'),
    noStartTime: vscode.l10n.t('No start time'),
    running: vscode.l10n.t('running'),
    notCounted: vscode.l10n.t('not counted'),
    failed: (count, atLeast) =>
      atLeast
        ? vscode.l10n.t('at least {0} data sets failed', count)
        : count === 0
          ? vscode.l10n.t('no data set failed')
          : count === 1
            ? vscode.l10n.t('1 data set failed')
            : vscode.l10n.t('{0} data sets failed', count),
    durationFromTimes: (duration) => vscode.l10n.t('{0} (from start and end)', duration),
    pointLabel: (start, status, duration, failed) => vscode.l10n.t('{0}: {1}, {2}, {3}', start, status, duration, failed),
    status: statusWord,
    mode: modeWord,
  };
}

const FORMAT = {
  duration: formatDuration,
  // "03-01 02:00" under the chart; the full UTC time is in the label and the table.
  tick: (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso.slice(0, 11) : formatUtcDateTime(iso).slice(5, 16)),
  time: formatUtcDateTime,
};

export function pointViews(points: readonly TrendPoint[]): TrendPointView[] {
  const w = words();
  return points.map((p) => pointView(p, w, FORMAT));
}
