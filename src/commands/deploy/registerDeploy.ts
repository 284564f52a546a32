/**
 * Registers Deploy, Set Secret and Delete Secret. Deploy publishes each run's end state to the deploy states (the
 * tree shows them) and never reaches into the tree. Deploy always asks the
 * user before it sends.
 */
import * as vscode from 'vscode';
import type { CommandRegistrar } from '../shared/registerCommand';
import { deleteSecret, setSecret } from '../secrets/secretCommands';
import { DeployDiagnostics } from './deployDiagnostics';
import type { DeployCommandResult, DeployContext } from './deployRun';

export type { DeployCommandResult, DeployStateEvent } from './deployRun';

export const DEPLOY_COMMAND = 'aciDataShare.deploy';
export const SET_SECRET_COMMAND = 'aciDataShare.setSecret';
export const DELETE_SECRET_COMMAND = 'aciDataShare.deleteSecret';

/** The commands; returns the problems a failed deploy placed in definitions. */
export function registerDeploy(command: CommandRegistrar): vscode.DiagnosticCollection {
  const { session, secrets, language, deployStates, extension } = command.services;
  const diagnostics = new DeployDiagnostics();
  const base: Omit<DeployContext, 'ui' | 'log'> = {
    session,
    secrets,
    diagnostics,
    validate: (doc) => language.diagnostics.validateNow(doc),
    // The tree follows deploys through the states it shows.
    publishState: ({ target, state, at }) => void deployStates.set(target, { state, at }),
    memento: extension.workspaceState,
  };
  command.own(diagnostics);
  command(DEPLOY_COMMAND, (context, arg?: unknown): Promise<DeployCommandResult> => import('./runDeploy').then(({ runDeploy }) => runDeploy({ ...base, ui: context.ui, log: context.log }, arg)), {
    result: (): DeployCommandResult => ({ outcome: 'failed', notifications: [] }),
    message: (text) => vscode.l10n.t('Deploy failed unexpectedly: {0}', text),
  });
  command(SET_SECRET_COMMAND, (context, name?: unknown, deployAfter?: unknown) => setSecret(context, name, deployAfter));
  command(DELETE_SECRET_COMMAND, (context, name?: unknown) => deleteSecret(context, name));
  return diagnostics.collection;
}
