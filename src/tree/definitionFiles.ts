/** Finds and reads the definition file named in a container group's settings. */
import * as vscode from 'vscode';
import * as path from 'path';
import { ContainerGroupTarget } from '../core/settings/model';

/**
 * The file a setting names: an absolute path, `<folder name>/<path>` in a multi-root workspace (as
 * `definitionSetting` writes it), or a path inside the first workspace folder.
 */
export function definitionUri(target: Pick<ContainerGroupTarget, 'definitionFile'>): vscode.Uri | undefined {
  const file = target.definitionFile;
  if (path.isAbsolute(file)) return vscode.Uri.file(file);
  const folders = vscode.workspace.workspaceFolders ?? [];
  const [head, ...rest] = file.split(/[\\/]/);
  const named = folders.length > 1 && rest.length ? folders.find((f) => f.name === head) : undefined;
  if (named) return vscode.Uri.joinPath(named.uri, ...rest);
  return folders[0] ? vscode.Uri.joinPath(folders[0].uri, file) : undefined;
}

/** How a setting names `uri`: relative to its workspace folder, with the folder's name in a multi-root workspace. */
export function definitionSetting(uri: vscode.Uri): string {
  return vscode.workspace.getWorkspaceFolder(uri) ? vscode.workspace.asRelativePath(uri, true) : uri.fsPath;
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
