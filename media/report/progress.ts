/** The lines that say where the report stands: the loading progress, and the synchronization under the heading. */
import { formatCount, formatDuration, formatUtcDateTime } from '../../src/core/report/shared/format';
import type { ReportPanelState } from '../../src/core/report/report/messages';
import type { LoadState, SynchronizationSummary } from '../../src/core/report/shared/panelTypes';
import type { ReportTotals } from '../../src/core/report/shared/totals';
import { l10n, root } from '../shared/page';
import { modeWord, statusWord } from '../shared/syncWords';
import type { Layout } from './layout';

/** `message`: the host's explanation of the load state (why it failed). */
export function renderProgress(ui: Layout, loadState: LoadState, totals: ReportTotals, message: string | undefined): void {
  const loading = loadState === 'loading';
  ui.progress.hidden = !loading;
  ui.stop.toggleAttribute('disabled', !loading);
  // One string per count, as elsewhere in the product: "1 page" never reads "1 pages".
  const count = formatCount(totals.rows);
  const pages = formatCount(totals.pagesLoaded);
  const rows =
    totals.rows === 1
      ? totals.pagesLoaded === 1 ? l10n.t('1 data set in 1 page') : l10n.t('1 data set in {0} pages', pages)
      : totals.pagesLoaded === 1 ? l10n.t('{0} data sets in 1 page', count) : l10n.t('{0} data sets in {1} pages', count, pages);
  const text: Record<LoadState, () => string> = {
    loading: () => l10n.t('Loading… {0}', rows),
    done: () => l10n.t('Loaded {0}.', rows),
    stopped: () => l10n.t('Stopped after {0}. Reload to fetch everything.', rows),
    error: () => l10n.t('Loading failed after {0}: {1}', rows, message ?? l10n.t('unknown error')),
  };
  ui.progressText.textContent = text[loadState]();
  ui.progressText.classList.toggle('error-text', loadState === 'error');
  root.setAttribute('aria-busy', String(loading));
}

/** The line under the heading (the heading is the panel's title, see layout.ts). */
export function renderMeta(ui: Layout, state: ReportPanelState, sync: SynchronizationSummary | undefined): void {
  const parts = [`${state.target.shareSubscriptionName} · ${state.target.accountName} · ${state.target.resourceGroup}`];
  if (sync) {
    parts.push(l10n.t('started {0}', formatUtcDateTime(sync.startTime)), modeWord(sync.synchronizationMode), statusWord(sync.status), sync.durationMs !== undefined ? formatDuration(sync.durationMs) : '');
    if (sync.message) parts.push(sync.message);
  } else if (state.synchronizationId) parts.push(l10n.t('synchronization {0}', state.synchronizationId));
  ui.meta.textContent = parts.filter(Boolean).join(' · ');
}
