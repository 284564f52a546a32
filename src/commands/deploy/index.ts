/**
 * Registers Deploy, Set Secret and Delete Secret. extension.ts calls
 * `registerDeployCommands({ context, session, deployStates, explorer })`; the returned secret store serves the
 * language layer (secret names for diagnostics and completion). Deploy always asks the user before it sends.
 */
import * as vscode from 'vscode';
import { ui } from '../../ui/userInput';
import { log } from '../../output/log';
import { SecretStore } from '../../secrets/secretStore';
import { deleteSecret, setSecret } from '../secrets';
import { DeployDiagnostics } from './deployDiagnostics';
import { runDeploy, type DeployCommandResult, type DeployContext } from './runDeploy';

export type { DeployCommandResult } from './runDeploy';

export const DEPLOY_COMMAND = 'aciDataShare.deploy';
export const SET_SECRET_COMMAND = 'aciDataShare.setSecret';
export const DELETE_SECRET_COMMAND = 'aciDataShare.deleteSecret';

export interface DeployDeps {
  /** The extension context, or any object with these parts. */
  context: { subscriptions: { dispose(): unknown }[]; secrets: vscode.SecretStorage; globalState: vscode.Memento };
  session: DeployContext['session'];
  deployStates: DeployContext['deployStates'];
  explorer?: DeployContext['explorer'];
  /** The editor's checks of a definition, run by the language worker. */
  validate: DeployContext['validate'];
}

export interface DeployApi {
  readonly secrets: SecretStore;
  readonly diagnostics: vscode.DiagnosticCollection;
  deploy(arg?: unknown): Promise<DeployCommandResult>;
}

/** The deploy machinery behind the commands; disposed with the context. */
function createDeployApi(deps: DeployDeps): DeployApi {
  const secrets = new SecretStore(deps.context.secrets, deps.context.globalState);
  const diagnostics = new DeployDiagnostics();
  const ctx: DeployContext = {
    session: deps.session,
    deployStates: deps.deployStates,
    explorer: deps.explorer,
    secrets,
    diagnostics,
    validate: deps.validate,
    logger: log(),
  };
  const deploy = (arg?: unknown): Promise<DeployCommandResult> =>
    runDeploy(ctx, arg).catch((err: unknown) => {
      // Unexpected failures still end as one message; the stack stays in the log.
      ctx.logger.error(`Deploy failed unexpectedly: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      void ui().message('error', vscode.l10n.t('Deploy failed unexpectedly: {0}', err instanceof Error ? err.message : String(err)));
      return { outcome: 'failed', notifications: [] };
    });
  deps.context.subscriptions.push(secrets, diagnostics);
  return { secrets, diagnostics: diagnostics.collection, deploy };
}

export function registerDeployCommands(deps: DeployDeps): DeployApi {
  const api = createDeployApi(deps);
  deps.context.subscriptions.push(
    vscode.commands.registerCommand(DEPLOY_COMMAND, (arg?: unknown) => api.deploy(arg)),
    vscode.commands.registerCommand(SET_SECRET_COMMAND, (name?: unknown) => setSecret(api.secrets, name)),
    vscode.commands.registerCommand(DELETE_SECRET_COMMAND, (name?: unknown) => deleteSecret(api.secrets, name)),
  );
  return api;
}
