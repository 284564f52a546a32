/** "New Container Group Definition": writes a starter definition (YAML or JSON) that has no findings where the user chooses, and offers it for the view. */
import * as vscode from 'vscode';
import { newDefinitionText } from '../../core/templates/newDefinition';
import { checkContainerGroupName } from '../../core/settings/nameRules';
import { pickDefinitionFormat } from '../pickDefinitionFormat';
import type { CommandContext } from '../shared/registerCommand';

export async function newDefinition(ctx: CommandContext): Promise<vscode.Uri | undefined> {
  const format = await pickDefinitionFormat(ctx, vscode.l10n.t('New Container Group Definition'));
  if (!format) return undefined;
  const name = await ctx.ui.inputBox({
    title: vscode.l10n.t('New Container Group Definition'),
    prompt: vscode.l10n.t('Container group name'),
    value: 'my-container-group',
    validateInput: checkContainerGroupName,
  });
  if (!name) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const fileName = `${name}.aci.${format.format}`;
  const target = folder
    ? await ctx.ui.saveDialog({
        defaultUri: vscode.Uri.joinPath(folder, fileName),
        filters: { [format.label]: [format.format] },
        saveLabel: vscode.l10n.t('Create Definition'),
      })
    : undefined;
  const text = newDefinitionText(format.format, name);
  if (!target) {
    if (folder) return undefined; // The user cancelled the save dialog.
    const doc = await vscode.workspace.openTextDocument({ language: format.format, content: text });
    await vscode.window.showTextDocument(doc);
    return doc.uri;
  }
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  await vscode.window.showTextDocument(target);
  await offerForView(ctx, target);
  return target;
}

/** A new file in the workspace is offered for the view, where it can be deployed from. */
async function offerForView(ctx: CommandContext, file: vscode.Uri): Promise<void> {
  if (!vscode.workspace.getWorkspaceFolder(file)) return;
  const add = vscode.l10n.t('Add to View…');
  const choice = await ctx.ui.message('info', vscode.l10n.t('{0} created. Add it to the ACI & Data Share view to deploy it from there?', vscode.workspace.asRelativePath(file)), add);
  if (choice === add) await vscode.commands.executeCommand('aciDataShare.addContainerGroup', file);
}
