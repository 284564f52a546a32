/** The comparison's summary pairs: what changed how often, and each total as "A → B (change)". */
import type { CompareInit } from '../../src/core/report/compare/compareMessages';
import type { CompareSummary } from '../../src/core/report/compare/compareSummary';
import { formatDelta, type CompareColumnKind } from '../../src/core/report/compare/compareQuery';
import { formatBytes, formatCount, formatDuration } from '../../src/core/report/shared/format';
import { wallTimeMs } from '../../src/core/report/shared/totals';
import { l10n } from '../shared/page';

type Pair = [string, string, string?, string?];

function fromTo(kind: CompareColumnKind, a: number | undefined, b: number | undefined): string {
  const show = (v: number | undefined) => (kind === 'duration' ? formatDuration(v) : kind === 'bytes' ? formatBytes(v) : formatCount(v));
  const change = a !== undefined && b !== undefined && b !== a ? ` (${formatDelta(kind, b - a)})` : '';
  return `${show(a)} → ${show(b)}${change}`;
}

export function summaryPairs(s: CompareSummary, init: CompareInit, shown: number): Pair[] {
  const { totalsA: a, totalsB: b, changes } = s;
  const flagged = (n: number) => (n > 0 ? 'failed-count' : undefined);
  return [
    [l10n.t('Data sets'), formatCount(s.dataSets)],
    [l10n.t('Shown'), formatCount(shown)],
    [l10n.t('Newly failed'), formatCount(changes.newlyFailed), flagged(changes.newlyFailed)],
    [l10n.t('Fixed'), formatCount(changes.fixed)],
    [l10n.t('Still failing'), formatCount(changes.stillFailing), flagged(changes.stillFailing)],
    [l10n.t('Only in A / only in B'), `${formatCount(changes.onlyInA)} / ${formatCount(changes.onlyInB)}`],
    [l10n.t('Failed'), fromTo('count', a.failed, b.failed)],
    [
      l10n.t('Duration (wall time)'),
      fromTo('duration', init.a.durationMs ?? wallTimeMs(a), init.b.durationMs ?? wallTimeMs(b)),
      undefined,
      l10n.t("The synchronization's own duration, else from its first data set's start to its last one's end."),
    ],
    [l10n.t('Sum of data set durations'), fromTo('duration', a.durationMs, b.durationMs)],
    [l10n.t('Size read'), fromTo('bytes', a.sizeRead, b.sizeRead)],
    [l10n.t('Size written'), fromTo('bytes', a.sizeWritten, b.sizeWritten)],
    [l10n.t('Rows copied'), fromTo('count', a.rowsCopied, b.rowsCopied)],
    [l10n.t('Files written'), fromTo('count', a.filesWritten, b.filesWritten)],
  ];
}
