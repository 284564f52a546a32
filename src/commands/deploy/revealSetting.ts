/** Opens the settings file that holds the container group list and selects a value in it. */
import * as vscode from 'vscode';
import { listScope } from '../../settings/lists';

export async function revealTargetSetting(value: string): Promise<void> {
  const { where } = listScope('containerGroups');
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (where !== vscode.ConfigurationTarget.Workspace || !folder) {
    await vscode.commands.executeCommand('workbench.action.openSettingsJson');
  } else {
    const file = vscode.workspace.workspaceFile ?? vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    await vscode.window.showTextDocument(file);
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor) return;
  const at = editor.document.getText().indexOf(JSON.stringify(value));
  if (at < 0) return;
  const range = new vscode.Range(editor.document.positionAt(at), editor.document.positionAt(at + JSON.stringify(value).length));
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenter);
}
