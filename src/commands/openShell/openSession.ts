/**
 * Open Shell… and Show Live Output as they run: the container, the terminal and its session, and why it could not
 * open. Loaded with the first of them, through import(); registerSessions.ts registers both.
 */
import * as vscode from 'vscode';
import { explainRefusal } from '../../core/containerGroup/execRefusal';
import { commandProblem, requestAttach, requestExec } from '../../core/containerGroup/execRequest';
import type { ContainerRef } from '../../tree/containerRef';
import type { CommandContext } from '../shared/registerCommand';
import { SHOW_LOGS_COMMAND, type LogViewResult } from '../showLogs/registerShowLogs';
import { definitionOf } from '../showLogs/pickContainer';
import { pickShellCommand } from './pickShellCommand';
import type { SessionResult } from './registerSessions';
import { SessionTerminal, type SessionTerminalOptions } from './sessionTerminal';
import { argumentsText, endedByUser, refusalText, resizeText } from './sessionTexts';
import { chooseContainer, refusedBeforeAsking, say, sessionName, targetOf, type SessionDeps } from '../shared/containerSession';

/** Opens the terminal, waits until the session opened or could not, and says why when it could not. */
async function run(
  deps: SessionDeps,
  ctx: CommandContext,
  ref: ContainerRef,
  kind: 'exec' | 'attach',
  armEndpoint: string,
  grant: SessionTerminalOptions['grant'],
): Promise<SessionResult> {
  const name = sessionName(ref);
  const what = kind === 'exec' ? 'Shell' : 'Live output';
  const pty: SessionTerminal = new SessionTerminal({
    name,
    mode: kind,
    grant,
    armEndpoint,
    onResize: (size) => void ctx.ui.message('info', resizeText(name, size.rows, size.cols)),
    onEnd: (end, text) => {
      ctx.log.info(`${what} of ${name} ended: ${end.kind}${end.code ? ` (close code ${end.code})` : ''}${end.status ? ` (HTTP ${end.status})` : ''}`);
      if (!endedByUser(end) && end.kind !== 'refused') void ctx.ui.message('warning', text);
    },
  });
  deps.terminals.set(name, pty);
  const terminal = vscode.window.createTerminal({ name, pty, iconPath: new vscode.ThemeIcon(kind === 'exec' ? 'terminal' : 'output'), isTransient: true });
  terminal.show();
  const started = await pty.started;
  if (started.outcome !== 'refused') {
    if (started.outcome === 'opened') ctx.log.info(`${what} of ${name} opened.`);
    return { terminal: name, outcome: started.outcome };
  }
  const refusal = await explainRefusal(await deps.client(), targetOf(ref), started.error);
  ctx.log.warn(`${what} of ${name} could not open: ${refusal.kind}`);
  // A socket that was refused or timed out already said why in words; an ARM refusal is explained here.
  const socketEnd = pty.endedWith !== undefined && refusal.kind === 'service';
  const message = socketEnd ? pty.endedWith! : refusalText(refusal, name);
  pty.showEnd(message);
  return { terminal: name, outcome: 'refused', reason: refusal.kind, message };
}

export async function openShell(deps: SessionDeps, ctx: CommandContext, arg?: unknown, options?: { command?: string }): Promise<SessionResult | undefined> {
  const ref = await chooseContainer(ctx, arg, vscode.l10n.t('Open Shell'));
  if (!ref) return undefined;
  const early = await refusedBeforeAsking(deps, ref);
  if (early) {
    const result: SessionResult = { outcome: 'refused', reason: early.kind, message: refusalText(early, sessionName(ref)) };
    say(ctx, result, ref);
    return result;
  }
  const definition = await definitionOf(ref.target).catch(() => undefined);
  const program = options?.command ?? (await pickShellCommand(ctx.ui, sessionName(ref), definition?.osType === 'Windows'));
  if (program === undefined) return undefined;
  if (commandProblem(program)) {
    void ctx.ui.message('error', argumentsText());
    return { outcome: 'refused', message: argumentsText() };
  }
  const armClient = await deps.client();
  const result = await run(deps, ctx, ref, 'exec', armClient.endpoint, (size) => requestExec(armClient, { ...targetOf(ref), command: program, size }));
  if (result.outcome === 'refused' && result.message) say(ctx, result, ref);
  return result;
}

export async function showLiveOutput(deps: SessionDeps, ctx: CommandContext, arg?: unknown): Promise<SessionResult | undefined> {
  const ref = await chooseContainer(ctx, arg, vscode.l10n.t('Show Live Output'));
  if (!ref) return undefined;
  const armClient = await deps.client();
  const result = await run(deps, ctx, ref, 'attach', armClient.endpoint, () => requestAttach(armClient, targetOf(ref)));
  if (result.outcome !== 'refused') return result;
  // Where attach is not possible, the log read every few seconds still shows what the container wrote.
  const message = vscode.l10n.t('Live output is not available for {0}: {1} Showing its log instead.', sessionName(ref), result.message ?? '');
  void ctx.ui.message('info', message);
  ctx.log.info(`Live output of ${sessionName(ref)}: showing the polled log instead.`);
  const logs = await vscode.commands.executeCommand<LogViewResult | undefined>(SHOW_LOGS_COMMAND, { containerRef: ref });
  return { outcome: 'fellBack', message, logs };
}
