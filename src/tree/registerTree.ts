/**
 * The explorer view and its own commands (refresh, add and remove entries, definitions, sign-in, the log), and what
 * it follows: settings, saved definitions, workspace trust, the stored secrets.
 */
import * as vscode from 'vscode';
import * as settings from '../settings/configuration';
import { watchDefinitionFiles } from './definitionWatcher';
import { ContainerGroupNode } from './containerGroupNodes';
import type { TreeNode } from './treeNode';
import type { CommandRegistrar } from '../commands/shared/registerCommand';
import { addContainerGroup } from '../commands/addContainerGroup/addContainerGroup';
import { addShareSubscription } from '../commands/addShareSubscription/addShareSubscription';
import { removeContainerGroup, removeShareSubscription } from '../commands/removeEntry';
import { newDefinition } from '../commands/newDefinition/newDefinition';
import { selectTenant, signIn, signOut } from '../commands/signIn/signInCommands';

export function registerTree(command: CommandRegistrar): void {
  const { session, explorer, secrets, language, log } = command.services;
  command.own(
    vscode.window.createTreeView('aciDataShare.explorer', { treeDataProvider: explorer, showCollapseAll: true }),
    // The walkthrough's sign-in step ticks once a connection works, however it was made.
    session.onDidConnect(() => void vscode.commands.executeCommand('setContext', 'aciDataShare.signedIn', true)),
    secrets.onDidChange(() => language.diagnostics.refreshAll()),
  );
  command('aciDataShare.refresh', () => explorer.refresh());
  command('aciDataShare.refreshNode', (_ctx, node?: TreeNode) => explorer.refresh(node));
  command('aciDataShare.addContainerGroup', (ctx, arg?: unknown) => addContainerGroup(ctx, arg));
  command('aciDataShare.addShareSubscription', (ctx) => addShareSubscription(ctx));
  command('aciDataShare.removeContainerGroup', (ctx, node: unknown) => removeContainerGroup(ctx, node));
  command('aciDataShare.removeShareSubscription', (ctx, node: unknown) => removeShareSubscription(ctx, node));
  command('aciDataShare.openDefinition', async (_ctx, node: unknown) => {
    const uri = node instanceof ContainerGroupNode ? node.uri : undefined;
    if (uri) await vscode.window.showTextDocument(uri);
  });
  command('aciDataShare.showOutput', () => log.show(true));
  command('aciDataShare.newDefinition', (ctx) => newDefinition(ctx));
  command('aciDataShare.importContainerGroup', async (ctx) => (await import('../commands/importContainerGroup/importContainerGroup')).importContainerGroup(ctx));
  command('aciDataShare.signIn', async (ctx) => {
    const signedIn = await signIn(ctx);
    // Groups that offered Sign In read their live state now.
    if (signedIn) explorer.refresh();
    return signedIn;
  });
  command('aciDataShare.signOut', (ctx) => signOut(ctx));
  command('aciDataShare.selectTenant', (ctx) => selectTenant(ctx));
  command.own(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (settings.affectsConnection(e)) session.reset();
      if (e.affectsConfiguration(settings.SECTION)) explorer.refresh();
      if (e.affectsConfiguration(`${settings.SECTION}.containerGroups`)) language.tracker.reconsiderAll();
    }),
    vscode.workspace.onDidSaveTextDocument((doc) => explorer.refreshDefinition(doc.uri)),
    watchDefinitionFiles((uri) => explorer.refreshDefinition(uri)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      session.reset();
      explorer.refresh();
    }),
  );
}
