/** Asks which format a new definition file is written in: the one question behind New Definition and Import. */
import * as vscode from 'vscode';
import type { Prompts } from './shared/registerCommand';

export type DefinitionFormat = 'yaml' | 'json';

export async function pickDefinitionFormat(ctx: Prompts, title: string): Promise<{ label: string; format: DefinitionFormat } | undefined> {
  return ctx.ui.quickPick(
    [
      { label: 'YAML', description: vscode.l10n.t('the az container create --file format'), format: 'yaml' as const },
      { label: 'JSON', description: vscode.l10n.t('the ARM request body'), format: 'json' as const },
    ],
    { title, placeHolder: vscode.l10n.t('Format of the definition file') },
  );
}
