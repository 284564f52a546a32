/** How a followed synchronization reads in the tree and in notifications: "Synchronizing · started 2 min ago · 14 of 120 data sets done". */
import * as vscode from 'vscode';
import { isFailedStatus, syncOutcome } from '../core/synchronization/syncStatus';
import { progressCounts, type WatchSnapshot } from '../core/synchronization/syncWatch';
import { statusWord } from '../ui/synchronizationWords';

/** "just now", "2 min ago", "3 h ago". */
export function ago(iso: string | undefined, now = Date.now()): string {
  const t = Date.parse(iso ?? '');
  if (Number.isNaN(t)) return vscode.l10n.t('just now');
  const minutes = Math.floor(Math.max(0, now - t) / 60_000);
  if (minutes < 1) return vscode.l10n.t('just now');
  if (minutes < 120) return vscode.l10n.t('{0} min ago', minutes);
  return vscode.l10n.t('{0} h ago', Math.floor(minutes / 60));
}

/** "14 of 120 data sets done" (or "14 data sets done" while the total is not known). */
export function doneText(s: WatchSnapshot): string {
  const { done, total } = progressCounts(s);
  return total !== undefined ? vscode.l10n.t('{0} of {1} data sets done', done, total) : vscode.l10n.t('{0} data sets done', done);
}

/** The state word: Queued, Synchronizing, Canceling, or the end. */
export function stateText(s: WatchSnapshot): string {
  // A word outside the vocabulary is a run still going (see isUnfinished).
  return syncOutcome(s.status) === 'other' ? vscode.l10n.t('Synchronizing') : statusWord(s.status);
}

/** How long after a cancel the line says Azure is still stopping the run (it finishes data sets already copying). */
export const SLOW_CANCEL_MS = 2 * 60_000;

/** The whole line the share subscription's node shows. */
export function progressLine(s: WatchSnapshot, now = Date.now()): string {
  if (s.ended) return vscode.l10n.t('{0} · {1} · {2}', stateText(s), ago(s.endTime, now), doneText(s));
  if (s.status === 'Canceling' && s.cancelAskedAt) {
    const slow = now - Date.parse(s.cancelAskedAt) >= SLOW_CANCEL_MS;
    return slow
      ? vscode.l10n.t('{0} · asked {1}, Azure is still stopping it · {2}', stateText(s), ago(s.cancelAskedAt, now), doneText(s))
      : vscode.l10n.t('{0} · asked {1} · {2}', stateText(s), ago(s.cancelAskedAt, now), doneText(s));
  }
  return vscode.l10n.t('{0} · started {1} · {2}', stateText(s), ago(s.startTime, now), doneText(s));
}

/** The names of the failed data sets, a few of them, then how many more. */
export function failedNames(s: WatchSnapshot, max = 3): string {
  const failed = s.details.filter((d) => isFailedStatus(d.status)).map((d) => d.name ?? d.dataSetId ?? '?');
  const shown = failed.slice(0, max).join(', ');
  return failed.length > max ? vscode.l10n.t('{0} and {1} more', shown, failed.length - max) : shown;
}
