/**
 * Run Command in Container… as it runs: the container, the command line (the last ones kept in the workspace),
 * the shell started by exec (the session terminal, with the run's conversation typed in place of keys), progress
 * with Cancel, the timeout, and why it could not run.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { SessionEnd } from '../../core/containerGroup/containerSocket';
import { newMarker, type ShellKind } from '../../core/containerGroup/commandScript';
import { explainRefusal } from '../../core/containerGroup/execRefusal';
import { CommandRun } from '../../core/containerGroup/execRun';
import { requestExec } from '../../core/containerGroup/execRequest';
import type { ContainerRef } from '../../tree/containerRef';
import { chooseContainer, refusedBeforeAsking, say, sessionName, targetOf, type SessionDeps } from '../shared/containerSession';
import { SessionTerminal } from '../openShell/sessionTerminal';
import { refusalText } from '../openShell/sessionTexts';
import type { CommandContext } from '../shared/registerCommand';
import { definitionOf } from '../showLogs/pickContainer';
import type { RunCommandResult } from './registerRunCommand';
import { askCommandLine } from './commandHistory';
import { commandLinePrompt, noShellText, runEndText, runningText, shellProgram } from './runTexts';

const OUTPUT_CHARS = 64 * 1024;
/** How long a shell that prints no prompt is waited for before the command is typed. */
const FIRST_OUTPUT_WAIT_MS = 1000;

export async function runCommand(deps: SessionDeps, ctx: CommandContext, arg?: unknown): Promise<RunCommandResult | undefined> {
  const ref = await chooseContainer(ctx, arg, vscode.l10n.t('Run Command'));
  if (!ref) return undefined;
  const early = await refusedBeforeAsking(deps, ref);
  if (early) {
    const result: RunCommandResult = { outcome: 'refused', reason: early.kind, message: refusalText(early, sessionName(ref)) };
    say(ctx, result, ref);
    return result;
  }
  const definition = await definitionOf(ref.target).catch(() => undefined);
  const kinds = definition?.osType === 'Windows' ? windowsShells() : (['posix'] as const);
  const line = await askCommandLine(ctx, sessionName(ref), commandLinePrompt(kinds));
  if (line === undefined) return undefined;
  for (const [i, kind] of kinds.entries()) {
    const last = i === kinds.length - 1;
    const result = await run(deps, ctx, ref, kind, line, !last);
    if (last || result.reason !== 'noShell') return { ...result, shell: shellProgram(kind) };
    ctx.log.info(`Run Command in ${sessionName(ref)}: the image has no ${shellProgram(kind)}; trying ${shellProgram(kinds[i + 1])}.`);
  }
  return undefined;
}

/**
 * The shells a Windows group's line is typed into, in order. Windows Server Core images have Windows PowerShell and
 * cmd.exe; Nano Server images have cmd.exe only (Microsoft Learn, "Container base images", Windows containers). By
 * default PowerShell, the shell most Windows administration is written in, then cmd.exe where the image has none;
 * the setting pins one.
 */
function windowsShells(): readonly ShellKind[] {
  const chosen = vscode.workspace.getConfiguration('aciDataShare').get<string>('runCommand.windowsShell', 'auto');
  return chosen === 'cmd' ? ['cmd'] : chosen === 'powershell' ? ['powershell'] : ['powershell', 'cmd'];
}

/** `fallback`: another shell is tried when the image has none of this kind, so that says nothing and leaves no terminal. */
async function run(deps: SessionDeps, ctx: CommandContext, ref: ContainerRef, kind: ShellKind, line: string, fallback: boolean): Promise<RunCommandResult> {
  const name = `${sessionName(ref)} · run`;
  const armClient = await deps.client();
  const startedAt = Date.now();
  let exitCode: number | undefined;
  let output = '';
  let shown = '';
  let stopped: 'cancelled' | 'timedOut' | undefined;
  let sessionEnd: SessionEnd | undefined;
  let onEnded!: (end: SessionEnd) => void;
  const ended = new Promise<SessionEnd>((resolve) => (onEnded = resolve));
  let commandRun: CommandRun | undefined;
  let report: ((message: string) => void) | undefined;
  let typeTimer: NodeJS.Timeout | undefined;
  const typeFirst = (): void => {
    if (!typeTimer || !commandRun) return;
    clearTimeout(typeTimer);
    typeTimer = undefined;
    commandRun.start();
  };
  const pty = new SessionTerminal({
    name,
    mode: 'exec',
    armEndpoint: armClient.endpoint,
    grant: (size) => requestExec(armClient, { ...targetOf(ref), command: shellProgram(kind), size }),
    conversation: {
      opened: (write) => {
        commandRun = new CommandRun({
          kind,
          line,
          marker: newMarker((n) => randomBytes(n)),
          write,
          onOutput: (text) => {
            shown += text;
            output = (output + text).slice(-OUTPUT_CHARS);
          },
          // The shell exits by itself after printing the status; the session ends with it.
          onExit: (code) => (exitCode = code),
        });
        // Typed once the shell has said something (its prompt), or after a moment if it says nothing: what comes
        // first may be the runtime saying the image has no shell, which counts only before anything is typed.
        typeTimer = setTimeout(typeFirst, FIRST_OUTPUT_WAIT_MS);
        report?.(runningText());
      },
      output: (text) => {
        shown = '';
        commandRun?.feed(text);
        typeFirst();
        return shown;
      },
    },
    endLine: (end, text) => (end.kind === 'commandNotFound' ? noShellText(sessionName(ref), kind) : runEndText(exitCode, stopped, Date.now() - startedAt, text, kind)),
    onEnd: (end) => {
      if (typeTimer) clearTimeout(typeTimer);
      typeTimer = undefined;
      sessionEnd = end;
      onEnded(end);
    },
  });
  deps.terminals.set(name, pty);
  const terminal = vscode.window.createTerminal({ name, pty, iconPath: new vscode.ThemeIcon('run'), isTransient: true });
  terminal.show(true);
  ctx.log.info(`Run Command in ${sessionName(ref)} started.`);
  const timeoutSeconds = vscode.workspace.getConfiguration('aciDataShare').get<number>('runCommand.timeoutSeconds', 600);
  const title = vscode.l10n.t('Running a command in {0}', sessionName(ref));
  const refusedWith = await ctx.ui.progress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    report = (message) => progress.report({ message });
    const stop = (why: 'cancelled' | 'timedOut') => {
      if (stopped || sessionEnd) return;
      stopped = why;
      pty.interrupt();
    };
    const cancel = token.onCancellationRequested(() => stop('cancelled'));
    const timer = timeoutSeconds > 0 ? setTimeout(() => stop('timedOut'), timeoutSeconds * 1000) : undefined;
    try {
      const started = await pty.started;
      if (started.outcome === 'refused') return started.error;
      // The runtime's "not found" ends a session that had opened.
      return (await ended).kind === 'commandNotFound' ? new Error('commandNotFound') : undefined;
    } finally {
      cancel.dispose();
      if (timer) clearTimeout(timer);
    }
  });
  const durationMs = Date.now() - startedAt;
  if (refusedWith !== undefined) {
    if (fallback && sessionEnd?.kind === 'commandNotFound') {
      terminal.dispose();
      return { outcome: 'refused', reason: 'noShell' };
    }
    const result = await refused(deps, ctx, ref, pty, sessionEnd, refusedWith, kind);
    ctx.log.warn(`Run Command in ${sessionName(ref)} could not run: ${result.reason ?? 'refused'}`);
    return { ...result, terminal: name };
  }
  output += commandRun?.rest() ?? '';
  const outcome: RunCommandResult['outcome'] = exitCode !== undefined ? 'exited' : (stopped ?? 'ended');
  ctx.log.info(`Run Command in ${sessionName(ref)} ended: ${outcome}${exitCode !== undefined ? ` (exit code ${exitCode})` : ''} after ${durationMs} ms.`);
  if (outcome === 'timedOut') void ctx.ui.message('warning', pty.endedWith ?? '');
  else if (outcome === 'ended' && sessionEnd && sessionEnd.kind !== 'exited' && sessionEnd.kind !== 'closed') void ctx.ui.message('warning', pty.endedWith ?? '');
  return { terminal: name, outcome, exitCode, output, durationMs, reason: sessionEnd?.kind, message: pty.endedWith };
}

/** Why the command could not run: no shell in the image, or the service's refusal explained. */
async function refused(deps: SessionDeps, ctx: CommandContext, ref: ContainerRef, pty: SessionTerminal, end: SessionEnd | undefined, error: unknown, kind: ShellKind): Promise<RunCommandResult> {
  const name = sessionName(ref);
  if (end?.kind === 'commandNotFound') {
    const message = noShellText(name, kind);
    pty.showEnd(message);
    void ctx.ui.message('error', message);
    return { outcome: 'refused', reason: 'noShell', message };
  }
  const refusal = await explainRefusal(await deps.client(), targetOf(ref), error);
  const socketEnd = pty.endedWith !== undefined && refusal.kind === 'service';
  const message = socketEnd ? pty.endedWith! : refusalText(refusal, name);
  pty.showEnd(message);
  const result: RunCommandResult = { outcome: 'refused', reason: refusal.kind, message };
  say(ctx, result, ref);
  return result;
}
