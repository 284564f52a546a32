/** The words of Open Shell and Show Live Output: why a session ended, why one could not open. */
import * as vscode from 'vscode';
import type { SessionEnd } from '../../core/containerGroup/containerSocket';
import type { Refusal } from '../../core/containerGroup/execRefusal';

/** One line saying why a session ended (shown in the terminal, and as a notification when it was not asked for). */
export function endText(end: SessionEnd, name: string, what: 'shell' | 'output'): string {
  switch (end.kind) {
    case 'exited':
      return what === 'shell' ? vscode.l10n.t('The shell in {0} ended.', name) : vscode.l10n.t('The output of {0} ended: the container stopped writing or stopped.', name);
    case 'closed':
      return vscode.l10n.t('Session with {0} closed.', name);
    case 'signedOut':
      return vscode.l10n.t('Session with {0} closed: you signed out of Azure.', name);
    case 'idle':
      return vscode.l10n.t('Azure ended the session with {0} after {1} minutes without activity (its idle limit).', name, Math.max(1, Math.round((end.idleMs ?? 0) / 60_000)));
    case 'commandNotFound':
      return vscode.l10n.t('The program does not exist in the image of {0}. Open Shell again and choose another (such as /bin/sh).', name);
    case 'refused':
      return end.status
        ? vscode.l10n.t('Azure refused the session with {0} (HTTP {1}): its one-time password may have expired. Try again.', name, end.status)
        : vscode.l10n.t('Azure refused the session with {0}: its one-time password was not accepted or has expired. Try again.', name);
    case 'timeout':
      return vscode.l10n.t('Could not reach the session with {0}: no answer from the service in time.', name);
    case 'lost':
      return end.code ? vscode.l10n.t('The connection to {0} was lost (code {1}).', name, end.code) : vscode.l10n.t('The connection to {0} was lost.', name);
  }
}

/** The last line of an ended session's terminal, as VS Code's own tasks end theirs. */
export function pressAnyKeyText(): string {
  return vscode.l10n.t('Press any key to close the terminal.');
}

/** Whether an end was the user's own doing (the terminal closes without a notification). */
export function endedByUser(end: SessionEnd): boolean {
  return end.kind === 'closed' || end.kind === 'exited';
}

/** Why a session could not open, in words, with the service's own beside them. */
export function refusalText(refusal: Refusal, name: string): string {
  const service = refusal.message ? ` (${refusal.message})` : '';
  switch (refusal.kind) {
    case 'signInExpired':
      return vscode.l10n.t('Your Azure sign-in has expired or was refused. Sign in again, then retry.{0}', service);
    case 'notFound':
      return vscode.l10n.t('{0} does not exist in Azure: deploy the group first.{1}', name, service);
    case 'groupNotRunning':
      return vscode.l10n.t('The container group is not running (it is {0}). Start it first.{1}', refusal.state ?? '', service);
    case 'containerNotRunning':
      return refusal.exitCode === undefined
        ? vscode.l10n.t('The container {0} is not running (it is {1}).{2}', name, refusal.state ?? '', service)
        : vscode.l10n.t('The container {0} is not running (it is {1}, exit code {2}).{3}', name, refusal.state ?? '', refusal.exitCode, service);
    case 'service':
      return vscode.l10n.t('Azure refused the session with {0}: {1}', name, refusal.message);
  }
}

/** The documented exec limit, said when a command with arguments is typed. */
export function argumentsText(): string {
  return vscode.l10n.t(
    'Azure Container Instances runs a single program without arguments when it opens a session (such as /bin/sh, not "sh -c …"). Open the shell, then type the command in it.',
  );
}

/** Said once per session when the terminal is resized. */
export function resizeText(name: string, rows: number, cols: number): string {
  return vscode.l10n.t('The session with {0} keeps the size it opened with ({1}×{2}): Azure Container Instances takes a terminal size only when a session starts. Open a new shell to use the new size.', name, cols, rows);
}
