/**
 * Edits one element of a list setting inside the workspace's or the user's settings.json, so the comments and
 * layout of the list stay as the user wrote them (a whole-value update through the configuration API rewrites the list
 * and drops its comments). Returns false when the list is not in that file as VS Code read it; the caller then
 * updates the value through the configuration API. With the key written twice, the copy VS Code reads (the
 * last) is edited, or the change is refused: the configuration API would edit the first.
 */
import * as vscode from 'vscode';
import { applyEdits, createScanner, getNodeValue, modify, parseTree, SyntaxKind, type Node } from 'jsonc-parser';

export type ListEdit = { append: unknown } | { set: number; entry: unknown } | { remove: number };

/** The one settings file the Workspace scope writes to, in a single-folder workspace. */
function workspaceSettingsFile(): vscode.Uri | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (vscode.workspace.workspaceFile || folders.length !== 1) return undefined;
  return vscode.Uri.joinPath(folders[0].uri, '.vscode', 'settings.json');
}

/** The top-level members named `key`, in file order (JSON allows a key twice; VS Code reads the last). */
function copiesOf(root: Node | undefined, key: string): Node[] {
  return root?.type === 'object' ? (root.children ?? []).filter((p) => p.children?.[0]?.value === key) : [];
}

/**
 * Resolves once VS Code reads `key` in the scope written as `expected` (the list just written), or after `ms`.
 * Not on the first change: a file written in place can be read half-written (empty) first, a change of its own,
 * and an edit or a read that followed it would see the list gone.
 */
function configurationRead(key: string, user: boolean, expected: unknown, ms = 3000): Promise<void> {
  const target = JSON.stringify(expected);
  const current = () => {
    const inspected = vscode.workspace.getConfiguration().inspect(key);
    return JSON.stringify(user ? inspected?.globalValue : inspected?.workspaceValue);
  };
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const sub = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(key) && current() === target) done();
    });
    if (current() === target) done();
    function done(): void {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    }
  });
}

/**
 * Waits (a little) until VS Code reads the workspace's `key` as its settings file holds it now: a file just saved by
 * the user or another program may not have been read yet, and an edit made from the older read would drop what the
 * file holds. (The user's file is not surely the one VS Code reads: editListInFile checks that one after writing.)
 */
export async function listCaughtUp(key: string): Promise<void> {
  const uri = workspaceSettingsFile();
  const text = uri && (await readText(uri));
  const list = text === undefined ? undefined : copiesOf(parseTree(text), key).at(-1)?.children?.[1];
  if (list?.type === 'array') await configurationRead(key, false, getNodeValue(list), 2000);
}

/** `userFile`: where the user's settings.json is thought to be (see userSettingsFile.ts), if anywhere. */
export async function editListInFile(key: string, where: vscode.ConfigurationTarget, current: readonly unknown[], edit: ListEdit, userFile: vscode.Uri | undefined): Promise<boolean> {
  const user = where === vscode.ConfigurationTarget.Global;
  const uri = user ? userFile : where === vscode.ConfigurationTarget.Workspace ? workspaceSettingsFile() : undefined;
  if (!uri) return false;
  // Read from the disk: an open document of the file may not have caught up with a change made outside.
  const text = await readText(uri);
  if (text === undefined) return false;
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const copies = copiesOf(parseTree(text), key);
  const list = copies.at(-1)?.children?.[1];
  // With the key twice, the configuration API would edit the first copy while VS Code reads the last.
  const refuse = (why: string) => {
    if (copies.length < 2) return false;
    throw new Error(vscode.l10n.t('{0} is written {1} times in {2}; VS Code uses the last one. {3} Remove the other copies, then try again.', key, copies.length, vscode.workspace.asRelativePath(uri), why));
  };
  // Unsaved changes of the user's would be saved along with ours: leave the file to them.
  if (doc?.isDirty) return refuse(vscode.l10n.t('The file has unsaved changes.'));
  // Only the list VS Code read is edited: otherwise this file is not the one in effect.
  if (!list || list.type !== 'array' || JSON.stringify(getNodeValue(list)) !== JSON.stringify(current)) return refuse(vscode.l10n.t('Its last copy is not the list VS Code read.'));
  // A user list without comments loses nothing through the configuration API, which VS Code surely reads.
  if (user && !hasComments(text.slice(list.offset, list.offset + list.length))) return false;
  // jsonc-parser edits the first copy of a key: the earlier ones are renamed in what it reads (same length,
  // so its edits apply to the file as it is).
  let seen = text;
  for (const copy of copies.slice(0, -1)) {
    const k = copy.children![0];
    seen = seen.slice(0, k.offset) + `"${'_'.repeat(k.length - 2)}"` + seen.slice(k.offset + k.length);
  }
  const count = list.children?.length ?? 0;
  const options = {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: text.includes('\r\n') ? '\r\n' : '\n' },
  };
  const edits =
    'append' in edit
      ? modify(seen, [key, count], edit.append, { ...options, isArrayInsertion: true })
      : 'set' in edit
        ? modify(seen, [key, edit.set], edit.entry, options)
        : // A removal only deletes text; formatting it would re-lay the entry before it across several lines.
          modify(seen, [key, edit.remove], undefined, {});
  if (edits.length === 0) return false;
  const next = applyEdits(text, edits);
  const wanted = copiesOf(parseTree(next), key).at(-1)?.children?.[1];
  const read = configurationRead(key, user, wanted && getNodeValue(wanted));
  try {
    await replaceFile(uri, next);
  } catch (err) {
    if (user) throw commentsRefusal(key, uri);
    throw err;
  }
  await read;
  if (!user) return true;
  // The user's file was found by its place on disk, not named by VS Code: it counts only if VS Code now reads
  // the list as written there. Otherwise the write is undone, and the change refused rather than made through
  // the configuration API, which would drop the comments.
  const now = vscode.workspace.getConfiguration().inspect(key)?.globalValue;
  if (wanted && JSON.stringify(now) === JSON.stringify(getNodeValue(wanted))) return true;
  // Undone only if the file is still as written: a change made meanwhile (by the user or another edit) is kept.
  if ((await readText(uri)) !== next) throw changedMeanwhile(key, uri);
  await replaceFile(uri, text);
  throw commentsRefusal(key, uri);
}

/**
 * Replaces a settings file in one step: written beside it, then renamed over it. Written in place, VS Code can read it
 * half-written (empty), and every setting in it, the cloud and sign-in ones too, would seem gone for a moment.
 */
async function replaceFile(uri: vscode.Uri, text: string): Promise<void> {
  const next = uri.with({ path: `${uri.path}.${Date.now().toString(36)}.tmp` });
  await vscode.workspace.fs.writeFile(next, new TextEncoder().encode(text));
  try {
    await vscode.workspace.fs.rename(next, uri, { overwrite: true });
  } catch (err) {
    await vscode.workspace.fs.delete(next).then(undefined, () => undefined);
    throw err;
  }
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

function changedMeanwhile(key: string, uri: vscode.Uri): Error {
  return new Error(
    vscode.l10n.t('VS Code did not take the edit of the list {0} in {1}, and the file changed meanwhile, so it was left as it is. Check the list in it, and try again.', key, uri.fsPath),
  );
}

function hasComments(text: string): boolean {
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) return true;
  }
  return false;
}

function commentsRefusal(key: string, uri: vscode.Uri): Error {
  return new Error(
    vscode.l10n.t(
      'Nothing was changed: the list {0} in your user settings has comments, and VS Code offers extensions no way to change it that keeps them (its settings API rewrites the list without them, and VS Code did not take an edit of {1}). Remove the comments from the list, or move it to the workspace settings, and try again.',
      key,
      uri.fsPath,
    ),
  );
}
