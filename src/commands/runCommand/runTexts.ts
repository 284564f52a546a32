/** The words of Run Command: how a run ended, and why one could not start. */
import * as vscode from 'vscode';

export function runningText(): string {
  return vscode.l10n.t('running…');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

/** The terminal's last line: the exit code and the time taken, or how the run was stopped. */
export function runEndText(exitCode: number | undefined, stopped: 'cancelled' | 'timedOut' | undefined, ms: number, sessionText: string): string {
  if (exitCode !== undefined) return vscode.l10n.t('The command ended with exit code {0} after {1} s.', exitCode, seconds(ms));
  if (stopped === 'cancelled') return vscode.l10n.t('Cancelled after {0} s: Ctrl-C was sent and the session closed.', seconds(ms));
  if (stopped === 'timedOut') {
    return vscode.l10n.t('Stopped after {0} s, the time limit (setting aciDataShare.runCommand.timeoutSeconds): Ctrl-C was sent and the session closed.', seconds(ms));
  }
  return vscode.l10n.t('The command ended without an exit code after {0} s. {1}', seconds(ms), sessionText);
}

export function noShellText(name: string): string {
  return vscode.l10n.t('{0} has no shell to run a command in (its image has no /bin/sh, e.g. a distroless image). Run Command needs a shell in the image.', name);
}
