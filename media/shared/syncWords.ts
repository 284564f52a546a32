/**
 * A synchronization's status and mode in the page's words, the same words the tree and notifications use
 * (src/ui/synchronizationWords.ts): the service's InProgress, Completed or FullSync are never shown as sent.
 */
import { l10n } from './page';
import { syncOutcome } from '../../src/core/synchronization/syncStatus';

export function statusWord(status: string | undefined): string {
  switch (syncOutcome(status)) {
    case 'queued':
      return l10n.t('Queued');
    case 'running':
      return l10n.t('Synchronizing');
    case 'canceling':
      return l10n.t('Canceling');
    case 'succeeded':
      return l10n.t('Synchronized');
    case 'failed':
      return l10n.t('Synchronization failed');
    case 'canceled':
      return l10n.t('Synchronization canceled');
    default:
      return status ?? '';
  }
}

export function modeWord(mode: string | undefined): string {
  if (mode?.toLowerCase() === 'fullsync') return l10n.t('Full');
  if (mode?.toLowerCase() === 'incremental') return l10n.t('Incremental');
  return mode ?? '';
}
