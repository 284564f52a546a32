/**
 * Open Shell… and Show Live Output as they run: the container, the terminal and its session, and why it could not
 * open. Loaded with the first of them (esbuild.mjs LAZY_CHUNKS); registerSessions.ts registers both.
 */
import * as vscode from 'vscode';
import type { ArmClient } from '../../core/arm/client';
import { explainRefusal, notRunningRefusal, type Refusal } from '../../core/containerGroup/execRefusal';
import { readLiveGroup } from '../../core/containerGroup/liveState';
import { getContainerGroup } from '../../core/services/containerGroups';
import { commandProblem, requestAttach, requestExec, type ContainerTarget } from '../../core/containerGroup/execRequest';
import { containerRefOf, type ContainerRef } from '../../tree/containerRef';
import { ACTION_COMMANDS } from '../containerGroupActions/registerActions';
import type { CommandContext } from '../shared/registerCommand';
import { refusedUntrusted } from '../shared/workspaceTrust';
import { SHOW_LOGS_COMMAND, type LogViewResult } from '../showLogs/registerShowLogs';
import { definitionOf, pickContainer } from '../showLogs/pickContainer';
import { pickShellCommand } from './pickShellCommand';
import type { SessionResult } from './registerSessions';
import { SessionTerminal, type SessionTerminalOptions } from './sessionTerminal';
import { argumentsText, endedByUser, refusalText, resizeText } from './sessionTexts';

/** What the commands share: the open terminals (read by the test hooks) and the ARM client. */
export interface SessionDeps {
  terminals: Map<string, SessionTerminal>;
  client(): Promise<ArmClient>;
}

export const sessionName = (ref: ContainerRef): string => `${ref.target.name} · ${ref.containerName}`;

export function targetOf(ref: ContainerRef): ContainerTarget {
  const { subscriptionId, resourceGroup, name } = ref.target;
  return { group: { subscriptionId, resourceGroup, name }, containerName: ref.containerName };
}

export async function chooseContainer(ctx: CommandContext, arg: unknown, title: string): Promise<ContainerRef | undefined> {
  if (refusedUntrusted(ctx, vscode.l10n.t('{0} is disabled in an untrusted workspace. Trust the workspace to use it.', title))) return undefined;
  return containerRefOf(arg) ?? pickContainer(ctx, title);
}

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

/**
 * Reads the group's live state before anything is asked: a group or container that is not running is refused
 * at once. A read that fails leaves the decision to the session's own request (which explains its refusal).
 */
export async function refusedBeforeAsking(deps: SessionDeps, ref: ContainerRef): Promise<Refusal | undefined> {
  try {
    const live = readLiveGroup((await getContainerGroup(await deps.client(), targetOf(ref).group)).body);
    return notRunningRefusal(live, ref.containerName);
  } catch {
    return undefined;
  }
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

/**
 * Says why a shell could not open, offering the way out: Sign In, or Start for a stopped group (the shipped Start
 * command, which asks its own question). Not awaited: a notification stays until dismissed, the command has ended.
 */
export function say(ctx: CommandContext, result: Pick<SessionResult, 'reason' | 'message'>, ref: ContainerRef): void {
  const signIn = vscode.l10n.t('Sign In');
  const start = vscode.l10n.t('Start');
  const offer = result.reason === 'signInExpired' ? [signIn] : result.reason === 'groupNotRunning' ? [start] : [];
  void ctx.ui.message('error', result.message ?? '', ...offer).then((choice) => {
    if (choice === signIn) void vscode.commands.executeCommand('aciDataShare.signIn');
    if (choice === start) void vscode.commands.executeCommand(ACTION_COMMANDS.start, { containerRef: ref });
  });
}
