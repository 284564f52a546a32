/** Finds and reads the definition file named in a container group's settings. */
import * as vscode from 'vscode';
import * as path from 'path';
import { ContainerGroupTarget } from '../core/settings/model';

export function definitionUri(target: Pick<ContainerGroupTarget, 'definitionFile'>): vscode.Uri | undefined {
  const file = target.definitionFile;
  if (path.isAbsolute(file)) return vscode.Uri.file(file);
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder ? vscode.Uri.joinPath(folder.uri, file) : undefined;
}

export type FileRead = { ok: true; text: string } | { ok: false; message: string };

export async function readDefinitionFile(uri: vscode.Uri): Promise<FileRead> {
  try {
    const bytes = await vscode.workspace.fs.readFile(uri);
    return { ok: true, text: new TextDecoder('utf-8').decode(bytes) };
  } catch (err) {
    if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') {
      return { ok: false, message: vscode.l10n.t('File not found: {0}', vscode.workspace.asRelativePath(uri)) };
    }
    return { ok: false, message: vscode.l10n.t('Cannot read {0}: {1}', vscode.workspace.asRelativePath(uri), (err as Error).message) };
  }
}
