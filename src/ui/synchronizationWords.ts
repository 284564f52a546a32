/** How a synchronization's status and mode read wherever the product shows them: tree, notifications, pages. */
import * as vscode from 'vscode';
import { syncOutcome } from '../core/synchronization/syncStatus';

/**
 * A synchronization's status as the product words it everywhere (tree, notifications, report, trend): the service's
 * words (InProgress, Completed, Cancelled…) are read through the one vocabulary; a word outside it is shown as sent.
 */
export function statusWord(status: unknown): string {
  switch (syncOutcome(status)) {
    case 'queued':
      return vscode.l10n.t('Queued');
    case 'running':
      return vscode.l10n.t('Synchronizing');
    case 'canceling':
      return vscode.l10n.t('Canceling');
    case 'succeeded':
      return vscode.l10n.t('Synchronized');
    case 'failed':
      return vscode.l10n.t('Synchronization failed');
    case 'canceled':
      return vscode.l10n.t('Synchronization canceled');
    default:
      return typeof status === 'string' ? status : '';
  }
}

/** The synchronization mode as the Synchronize Now pick names it: Full (the service's `FullSync`) or Incremental. */
export function modeWord(mode: unknown): string {
  if (typeof mode !== 'string') return '';
  if (mode.toLowerCase() === 'fullsync') return vscode.l10n.t('Full');
  if (mode.toLowerCase() === 'incremental') return vscode.l10n.t('Incremental');
  return mode;
}
