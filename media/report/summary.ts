/** The report's summary: what the whole synchronization counts, with how many rows the view shows. */
import { formatBytes, formatCount, formatDuration } from '../../src/core/report/shared/format';
import { isLowQuota } from '../../src/core/arm/rateLimit';
import type { ReportTotals } from '../../src/core/report/shared/totals';
import { l10n } from '../shared/page';

type Pair = [label: string, value: string, className?: string, hint?: string];

export function summaryPairs(totals: ReportTotals, shown: number, wallMs: number | undefined): Pair[] {
  return [
    [l10n.t('Data sets'), formatCount(totals.rows)],
    [l10n.t('Shown'), formatCount(shown)],
    [l10n.t('Failed'), formatCount(totals.failed), totals.failed > 0 ? 'failed-count' : ''],
    [l10n.t('Size read'), formatBytes(totals.sizeRead)],
    [l10n.t('Size written'), formatBytes(totals.sizeWritten)],
    [l10n.t('Duration (wall time)'), wallMs === undefined ? '—' : formatDuration(wallMs)],
    [l10n.t('Sum of data set durations'), formatDuration(totals.durationMs)],
    [l10n.t('Rows read / copied'), `${formatCount(totals.rowsRead)} / ${formatCount(totals.rowsCopied)}`],
    [l10n.t('Files read / written'), `${formatCount(totals.filesRead)} / ${formatCount(totals.filesWritten)}`],
    [l10n.t('Pages loaded'), formatCount(totals.pagesLoaded)],
    remainingPair(totals),
  ];
}

/** ARM's remaining-request counter, named after the one the service sent: POST listings draw on writes, GET on reads. */
function remainingPair(totals: ReportTotals): Pair {
  const kind = totals.remaining?.kind;
  const label = kind === 'writes' ? l10n.t('Remaining writes') : kind === 'reads' ? l10n.t('Remaining reads') : l10n.t('Remaining requests');
  const named = `x-ms-ratelimit-remaining-subscription-${kind ?? 'reads'}`;
  const header = kind ? named : l10n.t('{0} or {1}', named, '-writes');
  const hint = l10n.t('Requests Azure Resource Manager still allows this subscription before it throttles, as it said with the last page loaded ({0}). Not data: a report of many pages spends them.', header);
  if (totals.remaining === undefined) return [label, '—', undefined, hint];
  if (!isLowQuota(totals.remaining)) return [label, formatCount(totals.remaining.count), undefined, hint];
  const low = l10n.t('Nearly spent: deploys and other changes to this subscription may be throttled until Azure refills it.');
  return [label, l10n.t('{0} (low)', formatCount(totals.remaining.count)), 'failed-count', `${low} ${hint}`];
}
