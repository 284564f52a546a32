/**
 * Definition files changed on disk (a `git pull`, another editor, a script) are read again by the groups that
 * use them, so what the tree shows (and "Differs from the definition") follows the file without a Refresh.
 * Saves from the editor arrive here too; refreshing a node twice costs one more read of a small file.
 */
import * as vscode from 'vscode';

/** The extensions a definition can have (Add accepts any JSON or YAML file). */
const DEFINITION_FILES = '**/*.{yaml,yml,json}';

export function watchDefinitionFiles(changed: (uri: vscode.Uri) => void): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher(DEFINITION_FILES);
  return vscode.Disposable.from(watcher, watcher.onDidChange(changed), watcher.onDidCreate(changed), watcher.onDidDelete(changed));
}
