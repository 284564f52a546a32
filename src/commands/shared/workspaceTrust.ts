/**
 * In an untrusted workspace nothing is read from or sent to Azure for the targets the workspace names (as the
 * tree's live state): Open Shell, Show Live Output, Show Logs and Import say so and stop. The settings that decide
 * where a token goes are ignored there too (package.json `restrictedConfigurations`).
 */
import * as vscode from 'vscode';
import type { Prompts } from './registerCommand';

/** True (after saying so) when the workspace is not trusted; `text` names the command and how to go on. */
export function refusedUntrusted(ctx: Pick<Prompts, 'ui'>, text: string): boolean {
  if (vscode.workspace.isTrusted) return false;
  void ctx.ui.message('error', text);
  return true;
}
