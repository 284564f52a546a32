/** The words of Run Command: how a run ended, and why one could not start. */
import * as vscode from 'vscode';
import type { ShellKind } from '../../core/containerGroup/commandScript';

export function runningText(): string {
  return vscode.l10n.t('running…');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

/** The terminal's last line: the exit code and the time taken, or how the run was stopped. */
export function runEndText(exitCode: number | undefined, stopped: 'cancelled' | 'timedOut' | undefined, ms: number, sessionText: string, kind: ShellKind): string {
  if (exitCode !== undefined) {
    // A Windows group's line ran in one of two shells: the end says which.
    if (kind !== 'posix') return vscode.l10n.t('The command ended with exit code {0} after {1} s ({2}).', exitCode, seconds(ms), shellProgram(kind));
    return vscode.l10n.t('The command ended with exit code {0} after {1} s.', exitCode, seconds(ms));
  }
  if (stopped === 'cancelled') return vscode.l10n.t('Cancelled after {0} s: Ctrl-C was sent and the session closed.', seconds(ms));
  if (stopped === 'timedOut') {
    return vscode.l10n.t('Stopped after {0} s, the time limit (setting aciDataShare.runCommand.timeoutSeconds): Ctrl-C was sent and the session closed.', seconds(ms));
  }
  return vscode.l10n.t('The command ended without an exit code after {0} s. {1}', seconds(ms), sessionText);
}

export function noShellText(name: string, kind: ShellKind = 'posix'): string {
  if (kind === 'posix') return vscode.l10n.t('{0} has no shell to run a command in (its image has no /bin/sh, e.g. a distroless image). Run Command needs a shell in the image.', name);
  return vscode.l10n.t('{0} has no {1} to run a command in. Set aciDataShare.runCommand.windowsShell to the shell its image has.', name, shellProgram(kind));
}

/** The program exec starts for a kind of shell. */
export function shellProgram(kind: ShellKind): string {
  return kind === 'posix' ? '/bin/sh' : kind === 'cmd' ? 'cmd.exe' : 'powershell.exe';
}

/** What the input box says: the shell the line is typed into, and a line to take as an example. */
export function commandLinePrompt(kinds: readonly ShellKind[]): string {
  if (kinds[0] === 'posix') return vscode.l10n.t('The command line to run in the container’s shell, with its arguments (such as ls -la /)');
  if (kinds.length > 1) return vscode.l10n.t('The command line to run in Windows PowerShell (cmd.exe where the image has no PowerShell, as Nano Server), with its arguments (such as Get-ChildItem C:\\)');
  return kinds[0] === 'cmd'
    ? vscode.l10n.t('The command line to run in cmd.exe, with its arguments (such as dir C:\\)')
    : vscode.l10n.t('The command line to run in Windows PowerShell, with its arguments (such as Get-ChildItem C:\\)');
}
