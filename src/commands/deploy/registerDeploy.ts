/**
 * Registers Deploy, Set Secret and Delete Secret. extension.ts owns the secret store and the deploy states and
 * passes them in; deploy publishes each run's end state and never reaches into the tree. Deploy always asks the
 * user before it sends.
 */
import * as vscode from 'vscode';
import { log } from '../../output/log';
import { ui } from '../../ui/userInput';
import { deleteSecret, setSecret } from '../secrets/secretCommands';
import { DeployDiagnostics } from './deployDiagnostics';
import type { DeployCommandResult, DeployContext } from './deployRun';
import { runDeploy } from './runDeploy';

export type { DeployCommandResult, DeployStateEvent } from './deployRun';

export const DEPLOY_COMMAND = 'aciDataShare.deploy';
export const SET_SECRET_COMMAND = 'aciDataShare.setSecret';
export const DELETE_SECRET_COMMAND = 'aciDataShare.deleteSecret';

export interface DeployDeps extends Pick<DeployContext, 'session' | 'secrets' | 'validate' | 'publishState'> {
  subscriptions: vscode.Disposable[];
}

/** The commands; returns the problems a failed deploy placed in definitions. */
export function registerDeployCommands(deps: DeployDeps): vscode.DiagnosticCollection {
  const diagnostics = new DeployDiagnostics();
  const ctx: DeployContext = { ...deps, diagnostics, logger: log() };
  const deploy = (arg?: unknown): Promise<DeployCommandResult> =>
    runDeploy(ctx, arg).catch((err: unknown) => {
      // Unexpected failures still end as one message; the stack stays in the log.
      ctx.logger.error(`Deploy failed unexpectedly: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      void ui().message('error', vscode.l10n.t('Deploy failed unexpectedly: {0}', err instanceof Error ? err.message : String(err)));
      return { outcome: 'failed', notifications: [] };
    });
  deps.subscriptions.push(
    diagnostics,
    vscode.commands.registerCommand(DEPLOY_COMMAND, (arg?: unknown) => deploy(arg)),
    vscode.commands.registerCommand(SET_SECRET_COMMAND, (name?: unknown) => setSecret(deps.secrets, name)),
    vscode.commands.registerCommand(DELETE_SECRET_COMMAND, (name?: unknown) => deleteSecret(deps.secrets, name)),
  );
  return diagnostics.collection;
}
