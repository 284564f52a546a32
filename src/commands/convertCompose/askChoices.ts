/** The questions of a conversion, through the one prompt seam: the format, host names, each named volume. */
import * as vscode from 'vscode';
import type { ConversionResult } from '../../core/compose/convertCompose';
import type { RenderFormat } from '../../core/compose/renderDefinition';
import type { ConversionChoices, VolumeChoice } from '../../core/compose/types';
import type { Prompts } from '../shared/registerCommand';

export async function askFormat(ctx: Prompts, title: string): Promise<RenderFormat | undefined> {
  const picked = await ctx.ui.quickPick(
    [
      { label: 'YAML', description: vscode.l10n.t('the az container create --file format'), format: 'yaml' as const },
      { label: vscode.l10n.t('ARM template'), description: vscode.l10n.t('a template of the one container group'), format: 'arm' as const },
    ],
    { title, placeHolder: vscode.l10n.t('Format of the definition file') },
  );
  return picked?.format;
}

/** Storage account names: 3-24 lower case letters and digits (Azure naming rules for Microsoft.Storage). */
const STORAGE_ACCOUNT = /^[a-z0-9]{3,24}$/;

export async function askChoices(ctx: Prompts, title: string, first: ConversionResult): Promise<ConversionChoices | undefined> {
  const choices: ConversionChoices = { volumes: {} };
  if (first.questions.hostnames.length) {
    const names = first.questions.hostnames.join(', ');
    const picked = await ctx.ui.quickPick(
      [
        { label: vscode.l10n.t('Rewrite to localhost'), description: vscode.l10n.t('containers of a group reach each other at localhost'), rewrite: true },
        { label: vscode.l10n.t('Keep the names'), description: vscode.l10n.t('flagged in the report, to change by hand'), rewrite: false },
      ],
      { title, placeHolder: vscode.l10n.t('Environment values name the services {0} as hosts', names) },
    );
    if (!picked) return undefined;
    choices.rewriteHostnames = picked.rewrite;
  }
  for (const volume of first.questions.namedVolumes) {
    const picked = await ctx.ui.quickPick(
      [
        { label: vscode.l10n.t('emptyDir'), description: vscode.l10n.t('files last as long as the group'), volume: 'emptyDir' as const },
        { label: vscode.l10n.t('Azure Files share'), description: vscode.l10n.t('files kept across deploys, in a storage account'), volume: 'azureFile' as const },
      ],
      { title, placeHolder: vscode.l10n.t('Volume {0}', volume) },
    );
    if (!picked) return undefined;
    (choices.volumes as Record<string, VolumeChoice>)[volume] = picked.volume;
  }
  if (Object.values(choices.volumes ?? {}).includes('azureFile')) {
    const account = await ctx.ui.inputBox({
      title,
      prompt: vscode.l10n.t('Storage account of the Azure Files shares'),
      validateInput: (v) => (STORAGE_ACCOUNT.test(v) ? undefined : vscode.l10n.t('3-24 lower case letters and digits.')),
    });
    if (!account) return undefined;
    choices.storageAccountName = account;
  }
  return choices;
}
