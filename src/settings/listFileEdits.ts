/**
 * Edits one element of a list setting inside the workspace's settings.json, so the comments and layout of
 * the rest of the list stay as the user wrote them (a whole-value update through the configuration API
 * rewrites the list and drops its comments). Returns false when the list is not in that file as expected;
 * the caller then updates the value through the configuration API.
 */
import * as vscode from 'vscode';
import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';

export type ListEdit = { append: unknown } | { set: number; entry: unknown } | { remove: number };

/** The one settings file the Workspace scope writes to, in a single-folder workspace. */
function workspaceSettingsFile(): vscode.Uri | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (vscode.workspace.workspaceFile || folders.length !== 1) return undefined;
  return vscode.Uri.joinPath(folders[0].uri, '.vscode', 'settings.json');
}

/** Resolves on the next configuration change of `key`, or after `ms` (the write itself already happened). */
function configurationRead(key: string, ms = 3000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const sub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(key)) done();
    });
    function done(): void {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    }
  });
}

export async function editListInFile(key: string, edit: ListEdit): Promise<boolean> {
  const uri = workspaceSettingsFile();
  if (!uri) return false;
  let doc: vscode.TextDocument;
  try {
    doc = await vscode.workspace.openTextDocument(uri);
  } catch {
    return false;
  }
  // Unsaved changes of the user's would be saved along with ours: leave the file to them.
  if (doc.isDirty) return false;
  const text = doc.getText();
  const list = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, [key]);
  if (!list || list.type !== 'array') return false;
  const count = list.children?.length ?? 0;
  const options = {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n' },
  };
  const edits =
    'append' in edit
      ? modify(text, [key, count], edit.append, { ...options, isArrayInsertion: true })
      : 'set' in edit
        ? modify(text, [key, edit.set], edit.entry, options)
        : // A removal only deletes text; formatting it would re-lay the entry before it across several lines.
          modify(text, [key, edit.remove], undefined, {});
  if (edits.length === 0) return false;
  const next = applyEdits(text, edits);
  const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(text.length));
  const change = new vscode.WorkspaceEdit();
  change.replace(uri, whole, next);
  const read = configurationRead(key);
  if (!(await vscode.workspace.applyEdit(change)) || !(await doc.save())) return false;
  await read;
  return true;
}
