/** Finds and reads the definition file named in a container group's settings. */
import * as vscode from 'vscode';
import * as fs from 'fs';
import * as path from 'path';
import { definitionFileRefusal, MAX_DEFINITION_BYTES, MAX_DEFINITION_MB } from '../core/definition/fileLimits';
import { ContainerGroupTarget } from '../core/settings/model';
import { errorMessage } from '../core/arm/errors';

export type DefinitionLocation = { ok: true; uri: vscode.Uri } | { ok: false; message: string };

/**
 * The file a setting names: `<folder name>/<path>` in a multi-root workspace (as `definitionSetting` writes
 * it), else a path inside the first workspace folder; an absolute path only when it lies in a workspace
 * folder. A path that leaves the workspace folders is refused: a repository's settings must not make the
 * extension read files elsewhere on the machine.
 */
export function locateDefinition(target: Pick<ContainerGroupTarget, 'definitionFile'>): DefinitionLocation {
  const file = target.definitionFile;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) return { ok: false, message: vscode.l10n.t('Open the folder that holds the definition file.') };
  let uri: vscode.Uri;
  if (path.isAbsolute(file)) uri = vscode.Uri.file(file);
  else {
    const [head, ...rest] = file.split(/[\\/]/);
    const named = folders.length > 1 && rest.length ? folders.find((f) => f.name === head) : undefined;
    uri = named ? vscode.Uri.joinPath(named.uri, ...rest) : vscode.Uri.joinPath(folders[0].uri, ...file.split(/[\\/]/));
  }
  // joinPath normalises `..`, so a path that climbs out is seen here as lying outside every folder.
  if (!vscode.workspace.getWorkspaceFolder(uri) || !resolvesInside(uri, folders)) {
    return { ok: false, message: vscode.l10n.t('{0} is outside the workspace folders; only files in the workspace are read.', file) };
  }
  return { ok: true, uri };
}

const within = (folder: string, file: string): boolean => {
  const rel = path.relative(folder, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * Whether a file on disk, its links resolved, still lies in a workspace folder (its links resolved too): a link
 * in the workspace to a file elsewhere is outside. A file that does not exist yet resolves to nothing and passes
 * (reading it says it is missing); other schemes have no links to resolve.
 */
function resolvesInside(uri: vscode.Uri, folders: readonly vscode.WorkspaceFolder[]): boolean {
  if (uri.scheme !== 'file') return true;
  let real: string;
  try {
    real = fs.realpathSync.native(uri.fsPath);
  } catch {
    return true;
  }
  return folders.some((f) => {
    if (f.uri.scheme !== 'file') return false;
    try {
      return within(fs.realpathSync.native(f.uri.fsPath), real);
    } catch {
      return false;
    }
  });
}

export function definitionUri(target: Pick<ContainerGroupTarget, 'definitionFile'>): vscode.Uri | undefined {
  const at = locateDefinition(target);
  return at.ok ? at.uri : undefined;
}

/**
 * How a setting names `uri` so that `locateDefinition` finds it again: relative to its workspace folder, with
 * the folder's name in front only in a multi-root workspace. Undefined for a file outside the workspace.
 */
export function definitionSetting(uri: vscode.Uri): string | undefined {
  if (!vscode.workspace.getWorkspaceFolder(uri)) return undefined;
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}

/** `missing`: there is no such file (as opposed to one that is not read: too large, not a regular file, unreadable). */
export type FileRead = { ok: true; text: string } | { ok: false; message: string; missing?: boolean };

export async function readDefinitionFile(uri: vscode.Uri): Promise<FileRead> {
  const shown = vscode.workspace.asRelativePath(uri);
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    const refused = definitionFileRefusal({ isFile: (stat.type & vscode.FileType.File) !== 0, size: stat.size });
    if (refused === 'notFile') return { ok: false, message: vscode.l10n.t('{0} is not a regular file.', shown) };
    const tooLarge = { ok: false as const, message: vscode.l10n.t('{0} is larger than {1} MB and is not read.', shown, MAX_DEFINITION_MB) };
    if (refused === 'tooLarge') return tooLarge;
    const bytes = await vscode.workspace.fs.readFile(uri);
    if (bytes.byteLength > MAX_DEFINITION_BYTES) return tooLarge;
    return { ok: true, text: new TextDecoder('utf-8').decode(bytes) };
  } catch (err) {
    if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') {
      return { ok: false, message: vscode.l10n.t('File not found: {0}', shown), missing: true };
    }
    return { ok: false, message: vscode.l10n.t('Cannot read {0}: {1}', shown, errorMessage(err)) };
  }
}
