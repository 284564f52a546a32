/** Wires the extension: the explorer tree, its commands, and the lazily created Azure session. */
import * as vscode from 'vscode';
import { ExplorerProvider } from './tree/explorerProvider';
import { DeployStates } from './tree/deployStates';
import { ContainerGroupNode } from './tree/containerGroupNodes';
import { TreeNode } from './tree/treeNode';
import * as settings from './settings/configuration';
import { AzureSession } from './azure/session';
import { log, disposeLog } from './output/log';
import { addContainerGroup } from './commands/addContainerGroup';
import { usePickSession } from './commands/pickSources';
import { addShareSubscription } from './commands/addShareSubscription';
import { removeContainerGroup, removeShareSubscription } from './commands/removeEntry';
import { newDefinition } from './commands/newDefinition';
import { selectTenant, signIn, signOut } from './commands/signIn';
import { registerDeployCommands, DeployApi } from './commands/deploy';
import { registerReports } from './commands/showReport';
import { registerLanguageFeatures, LanguageFeatures } from './language';

export interface ExtensionApi {
  /** For the integration tests: the tree's data provider. */
  readonly explorer: ExplorerProvider;
  /** For the integration tests: the definition documents' checks. */
  readonly language: LanguageFeatures;
  /** For the integration tests: deploy and the secret store. */
  readonly deploy: DeployApi;
  /** True while nothing is configured and the welcome view shows. */
  isEmpty(): boolean;
  /** For the activation benchmark: ms spent in activate(), and building the tree's first roots. */
  timings(): { activateMs: number; firstRenderMs?: number };
}

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const started = performance.now();
  const session = new AzureSession(context);
  usePickSession(session);
  const deployStates = new DeployStates(context.workspaceState);
  const explorer = new ExplorerProvider((target, token) => session.listSourceSettings(target, token), deployStates);
  // The language features ask for secret names lazily, so deploy (which owns the store) can come second.
  const secretNames = () => deploy.secrets.names();
  const language = registerLanguageFeatures(context, { secretNames });
  const deploy = registerDeployCommands({
    context,
    session,
    deployStates,
    explorer,
    validate: (doc) => language.diagnostics.validateNow(doc),
  });
  registerReports(context, session);
  context.subscriptions.push(deploy.secrets.onDidChange(() => language.diagnostics.refreshAll()));
  const view = vscode.window.createTreeView('aciDataShare.explorer', { treeDataProvider: explorer, showCollapseAll: true });

  // Menus and other extensions pass whatever arguments they like; each command checks its own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const command = (id: string, run: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, run);
  context.subscriptions.push(
    session,
    explorer,
    view,
    command('aciDataShare.refresh', () => explorer.refresh()),
    command('aciDataShare.refreshNode', (node?: TreeNode) => explorer.refresh(node)),
    command('aciDataShare.addContainerGroup', (arg?: unknown) => addContainerGroup(arg)),
    command('aciDataShare.addShareSubscription', () => addShareSubscription()),
    command('aciDataShare.removeContainerGroup', (node: unknown) => removeContainerGroup(node)),
    command('aciDataShare.removeShareSubscription', (node: unknown) => removeShareSubscription(node)),
    command('aciDataShare.openDefinition', async (node: unknown) => {
      const uri = node instanceof ContainerGroupNode ? node.uri : undefined;
      if (uri) await vscode.window.showTextDocument(uri);
    }),
    command('aciDataShare.showOutput', () => log().show(true)),
    command('aciDataShare.newDefinition', () => newDefinition()),
    command('aciDataShare.signIn', () => signIn(session)),
    command('aciDataShare.signOut', () => signOut(session)),
    command('aciDataShare.selectTenant', () => selectTenant(session)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (settings.affectsConnection(e)) session.reset();
      if (e.affectsConfiguration(settings.SECTION)) explorer.refresh();
      if (e.affectsConfiguration(`${settings.SECTION}.containerGroups`)) language.tracker.reconsiderAll();
    }),
    vscode.workspace.onDidSaveTextDocument((doc) => explorer.refreshDefinition(doc.uri)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      session.reset();
      explorer.refresh();
    }),
  );
  const activateMs = performance.now() - started;
  return {
    explorer,
    language,
    deploy,
    isEmpty: () => explorer.isEmpty,
    timings: () => ({ activateMs, firstRenderMs: explorer.firstRenderMs }),
  };
}

export function deactivate(): void {
  disposeLog();
}
