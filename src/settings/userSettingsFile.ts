/**
 * The user settings file VS Code reads, for edits that keep its comments (see listFileEdits.ts). VS Code has no
 * API for it: it is found beside the extension's global storage (`…/User/globalStorage/<id>` →
 * `…/User/settings.json`) and written through VS Code's file service, whose watcher tells its settings service.
 * Only a guess until checked: the caller confirms through the configuration API that VS Code read what was
 * written (a settings profile of its own, for one, keeps its settings elsewhere) and undoes the write otherwise.
 */
import * as vscode from 'vscode';

/**
 * Where the user's settings.json should be, from the extension's global storage folder. In a remote window (the
 * extension on another machine, the user's settings with the window) the guess names a file VS Code does not
 * read as the user's settings, or none: the caller's check finds that out, and undoes the write.
 */
export function userSettingsFile(globalStorage: vscode.Uri): vscode.Uri | undefined {
  if (globalStorage.scheme !== 'file') return undefined;
  const user = vscode.Uri.joinPath(globalStorage, '..', '..');
  if (!/\/User$/.test(user.path)) return undefined;
  return vscode.Uri.joinPath(user, 'settings.json');
}
