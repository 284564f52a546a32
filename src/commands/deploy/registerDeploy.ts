/**
 * Registers Deploy, Set Secret and Delete Secret. Deploy publishes each run's end state to the deploy states (the
 * tree shows them) and never reaches into the tree. Deploy always asks the
 * user before it sends.
 */
import * as vscode from 'vscode';
import type { CommandRegistrar } from '../shared/registerCommand';
import { deleteSecret, setSecret } from '../secrets/secretCommands';
import { DeployDiagnostics } from './deployDiagnostics';
import { DeployableEditor } from './deployableEditor';
import type { DeployCommandResult, DeployContext } from './deployRun';

export type { DeployCommandResult, DeployStateEvent } from './deployRun';

export const DEPLOY_COMMAND = 'aciDataShare.deploy';
export const SET_SECRET_COMMAND = 'aciDataShare.setSecret';
export const DELETE_SECRET_COMMAND = 'aciDataShare.deleteSecret';

export interface DeployTestHooks {
  /** Problems a failed deploy placed in definitions. */
  diagnostics: vscode.DiagnosticCollection;
  /** Whether the editor title offers Deploy for the active editor. */
  deployableEditor(): boolean;
}

/** The commands and the editor title's Deploy button. */
export function registerDeploy(command: CommandRegistrar): DeployTestHooks {
  const { session, secrets, language, deployStates, extension, lists } = command.services;
  const diagnostics = new DeployDiagnostics();
  const base: Omit<DeployContext, 'ui' | 'log'> = {
    session,
    secrets,
    diagnostics,
    validate: (doc) => language.diagnostics.validateNow(doc),
    // The tree follows deploys through the states it shows.
    publishState: ({ target, state, at, error }) => {
      void deployStates.set(target, { state, at });
      // Diagnose reads the error a failed deploy got (a refused PUT leaves no group to read it from).
      void deployStates.setError(target, error && { ...error, at });
    },
    memento: extension.workspaceState,
    lists,
  };
  const deployable = new DeployableEditor();
  command.own(diagnostics, deployable);
  command(DEPLOY_COMMAND, (context, arg?: unknown): Promise<DeployCommandResult> => import('./runDeploy').then(({ runDeploy }) => runDeploy({ ...base, ui: context.ui, log: context.log }, arg)), {
    result: (): DeployCommandResult => ({ outcome: 'failed', notifications: [] }),
    message: (text) => vscode.l10n.t('Deploy failed unexpectedly: {0}', text),
  });
  command(SET_SECRET_COMMAND, (context, name?: unknown, deployAfter?: unknown) => setSecret(context, name, deployAfter));
  command(DELETE_SECRET_COMMAND, (context, name?: unknown) => deleteSecret(context, name));
  return { diagnostics: diagnostics.collection, deployableEditor: () => deployable.current };
}
