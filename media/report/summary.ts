/**
 * The report's summary: what the whole synchronization counts. While a filter leaves data sets out, each
 * figure that the filter changes reads "X shown of Y", the view's total beside the synchronization's.
 */
import { formatBytes, formatCount, formatDuration } from '../../src/core/report/shared/format';
import { isLowQuota } from '../../src/core/arm/rateLimit';
import { wallTimeMs, type ReportTotals } from '../../src/core/report/shared/totals';
import { l10n } from '../shared/page';

type Pair = [label: string, value: string, className?: string, hint?: string];

/**
 * `shown`: the totals of the rows the filters leave in view, undefined when nothing is filtered out.
 * `wallMs`: the synchronization's duration.
 */
export function summaryPairs(totals: ReportTotals, shown: ReportTotals | undefined, wallMs: number | undefined): Pair[] {
  const hint = shown ? l10n.t('Filtered: the data sets shown, of the whole synchronization.') : undefined;
  const figure = (format: (t: ReportTotals) => string, className?: string): [string, string | undefined, string | undefined] => [
    shown ? l10n.t('{0} shown of {1}', format(shown), format(totals)) : format(totals),
    className,
    hint,
  ];
  const wall = (ms: number | undefined) => (ms === undefined ? '—' : formatDuration(ms));
  const wallShown = shown ? wallTimeMs(shown) : undefined;
  return [
    [l10n.t('Data sets'), ...figure((t) => formatCount(t.rows))],
    [l10n.t('Failed'), ...figure((t) => formatCount(t.failed), (shown ?? totals).failed > 0 ? 'failed-count' : '')],
    [l10n.t('Size read'), ...figure((t) => formatBytes(t.sizeRead))],
    [l10n.t('Size written'), ...figure((t) => formatBytes(t.sizeWritten))],
    [l10n.t('Duration (wall time)'), shown ? l10n.t('{0} shown of {1}', wall(wallShown), wall(wallMs)) : wall(wallMs), undefined, hint],
    [l10n.t('Sum of data set durations'), ...figure((t) => formatDuration(t.durationMs))],
    [l10n.t('Rows read / copied'), ...figure((t) => `${formatCount(t.rowsRead)} / ${formatCount(t.rowsCopied)}`)],
    [l10n.t('Files read / written'), ...figure((t) => `${formatCount(t.filesRead)} / ${formatCount(t.filesWritten)}`)],
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
