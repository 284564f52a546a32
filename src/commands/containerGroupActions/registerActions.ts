/** Registers Start, Stop, Restart and Delete of a container group; extension.ts passes the session and the state sink. */
import * as vscode from 'vscode';
import type { ContainerGroupAction } from '../../core/containerGroup/actions';
import { ui } from '../../ui/userInput';
import { runAction, type ActionCommandResult, type ActionContext } from './runAction';

export type { ActionCommandResult } from './runAction';

export const ACTION_COMMANDS: Record<ContainerGroupAction, string> = {
  start: 'aciDataShare.startContainerGroup',
  stop: 'aciDataShare.stopContainerGroup',
  restart: 'aciDataShare.restartContainerGroup',
  delete: 'aciDataShare.deleteContainerGroup',
};

export function registerActionCommands(ctx: ActionContext, subscriptions: vscode.Disposable[]): void {
  for (const [action, id] of Object.entries(ACTION_COMMANDS) as [ContainerGroupAction, string][]) {
    subscriptions.push(
      vscode.commands.registerCommand(id, (arg?: unknown): Promise<ActionCommandResult> =>
        runAction(ctx, action, arg).catch((err: unknown) => {
          // Unexpected failures still end as one message; the stack stays in the log.
          ctx.logger.error(`${action} failed unexpectedly: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
          void ui().message('error', vscode.l10n.t('The action failed unexpectedly: {0}', err instanceof Error ? err.message : String(err)));
          return { action, outcome: 'failed', notifications: [] };
        }),
      ),
    );
  }
}
