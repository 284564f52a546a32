/**
 * The command line to run: an input box prefilled with the last one, the last ten offered first. They are kept in
 * the workspace's state (per workspace, on this computer), never in the log.
 */
import * as vscode from 'vscode';
import type { CommandContext } from '../shared/registerCommand';

const KEY = 'aciDataShare.runCommand.history';
const KEPT = 10;

/** `prompt`: what the input box says of the shell and an example line. */
export async function askCommandLine(ctx: CommandContext, name: string, prompt: string): Promise<string | undefined> {
  const state = ctx.services.extension.workspaceState;
  const history = state.get<string[]>(KEY, []).filter((x) => typeof x === 'string');
  const title = vscode.l10n.t('Run Command in {0}', name);
  let value = history[0] ?? '';
  if (history.length > 1) {
    const other = vscode.l10n.t('New command…');
    const picked = await ctx.ui.quickPick([{ label: other }, ...history.map((h) => ({ label: h, description: vscode.l10n.t('recent') }))], {
      title,
      placeHolder: vscode.l10n.t('A recent command, or a new one'),
    });
    if (!picked) return undefined;
    if (picked.label !== other) value = picked.label;
  }
  const line = await ctx.ui.inputBox({
    title,
    value,
    prompt,
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Type a command.')),
  });
  if (line === undefined || !line.trim()) return undefined;
  await state.update(KEY, [line, ...history.filter((h) => h !== line)].slice(0, KEPT));
  return line;
}
