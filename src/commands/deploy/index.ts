/**
 * Registers Deploy, Set Secret and Delete Secret. extension.ts calls
 * `registerDeployCommands({ context, session, deployStates, explorer })`; the returned API serves tests and
 * the language layer (secret names for diagnostics and completion).
 */
import * as vscode from 'vscode';
import { log } from '../../output/log';
import { SecretStore } from '../../secrets/secretStore';
import { deleteSecret, setSecret } from '../secrets';
import { DeployDiagnostics } from './deployDiagnostics';
import { runDeploy, windowUi, type DeployCommandResult, type DeployContext, type DeployLogger, type DeployOptions, type MessageUi } from './runDeploy';

export type { DeployCommandResult, DeployOptions, MessageUi, DeployLogger } from './runDeploy';

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
  /** Defaults to the extension's output channel. */
  logger?: DeployLogger;
  /** Defaults to VS Code's notifications. */
  ui?: MessageUi;
}

export interface DeployApi {
  readonly secrets: SecretStore;
  readonly diagnostics: vscode.DiagnosticCollection;
  deploy(arg?: unknown, options?: DeployOptions): Promise<DeployCommandResult>;
}

const OPTION_KEYS = ['confirm', 'target', 'cancellation', 'onProgress'];

/** Menus pass their own second argument (e.g. `{ groupId }` from the editor title): only ours is read. */
function asOptions(value: unknown): DeployOptions | undefined {
  return value && typeof value === 'object' && OPTION_KEYS.some((k) => k in value) ? value : undefined;
}

/** The deploy machinery without commands (tests, or a second caller); disposed with the context. */
export function createDeployApi(deps: DeployDeps): DeployApi {
  const secrets = new SecretStore(deps.context.secrets, deps.context.globalState);
  const diagnostics = new DeployDiagnostics();
  const ctx: DeployContext = {
    session: deps.session,
    deployStates: deps.deployStates,
    explorer: deps.explorer,
    secrets,
    diagnostics,
    validate: deps.validate,
    logger: deps.logger ?? log(),
    ui: deps.ui ?? windowUi,
  };
  const deploy = (arg?: unknown, options?: DeployOptions): Promise<DeployCommandResult> =>
    runDeploy(ctx, arg, options).catch((err: unknown) => {
      // Unexpected failures still end as one message; the stack stays in the log.
      ctx.logger.error(`Deploy failed unexpectedly: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      void ctx.ui.error(vscode.l10n.t('Deploy failed unexpectedly: {0}', err instanceof Error ? err.message : String(err)));
      return { outcome: 'failed', notifications: [] };
    });
  deps.context.subscriptions.push(secrets, diagnostics);
  return { secrets, diagnostics: diagnostics.collection, deploy };
}

export function registerDeployCommands(deps: DeployDeps): DeployApi {
  const api = createDeployApi(deps);
  deps.context.subscriptions.push(
    vscode.commands.registerCommand(DEPLOY_COMMAND, (arg?: unknown, options?: unknown) => api.deploy(arg, asOptions(options))),
    vscode.commands.registerCommand(SET_SECRET_COMMAND, (name?: unknown) => setSecret(api.secrets, name)),
    vscode.commands.registerCommand(DELETE_SECRET_COMMAND, (name?: unknown) => deleteSecret(api.secrets, name)),
  );
  return api;
}
