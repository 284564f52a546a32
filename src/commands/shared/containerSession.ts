/**
 * What Open Shell, Show Live Output, Run Command and the file copies share before and after their sessions: the
 * container chosen (from a node or a pick), the refusal known before anything is asked, the terminal's name, and the
 * notification that says why a session could not open. Loaded with them, through their import().
 */
import * as vscode from 'vscode';
import type { ArmClient } from '../../core/arm/client';
import { notRunningRefusal, type Refusal } from '../../core/containerGroup/execRefusal';
import { readLiveGroup } from '../../core/containerGroup/liveState';
import { getContainerGroup } from '../../core/services/containerGroups';
import type { ContainerTarget } from '../../core/containerGroup/execRequest';
import { containerRefOf, type ContainerRef } from '../../tree/containerRef';
import { ACTION_COMMANDS } from '../containerGroupActions/registerActions';
import type { CommandContext } from './registerCommand';
import { refusedUntrusted } from './workspaceTrust';
import { pickContainer } from '../showLogs/pickContainer';
import type { SessionResult } from '../openShell/registerSessions';
import type { SessionTerminal } from '../openShell/sessionTerminal';

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
