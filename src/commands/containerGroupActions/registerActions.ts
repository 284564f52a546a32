/** Registers Start, Stop, Restart and Delete of a container group; each run publishes the group's end state to the tree. */
import * as vscode from 'vscode';
import type { ContainerGroupAction } from '../../core/containerGroup/actions';
import type { CommandRegistrar } from '../shared/registerCommand';
import type { ActionCommandResult, ActionContext } from './runAction';

export type { ActionCommandResult } from './runAction';

export const ACTION_COMMANDS: Record<ContainerGroupAction, string> = {
  start: 'aciDataShare.startContainerGroup',
  stop: 'aciDataShare.stopContainerGroup',
  restart: 'aciDataShare.restartContainerGroup',
  delete: 'aciDataShare.deleteContainerGroup',
};

export function registerActions(command: CommandRegistrar): void {
  const { session, deployStates } = command.services;
  const base: Omit<ActionContext, 'ui' | 'log'> = { session, publishState: (target, state) => void deployStates.set(target, { state, at: Date.now() }) };
  for (const [action, id] of Object.entries(ACTION_COMMANDS) as [ContainerGroupAction, string][]) {
    command(id, (context, arg?: unknown): Promise<ActionCommandResult> => import('./runAction').then(({ runAction }) => runAction({ ...base, ui: context.ui, log: context.log }, action, arg)), {
      result: (): ActionCommandResult => ({ action, outcome: 'failed', notifications: [] }),
      message: (text) => vscode.l10n.t('The action failed unexpectedly: {0}', text),
    });
  }
}
