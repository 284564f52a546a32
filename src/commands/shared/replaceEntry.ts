/**
 * Adding a container group that is already in the view (Add Container Group…, Import Container Group…) says
 * so and changes nothing, or, when the new entry differs, replaces the old one only once the user agrees.
 */
import * as vscode from 'vscode';
import type { ContainerGroupTarget } from '../../core/settings/model';
import type { Prompts } from './registerCommand';

/** The same entry again changes nothing (said so); one that differs is replaced only once confirmed. */
export async function replaceAgreed(ctx: Prompts, existing: ContainerGroupTarget, target: ContainerGroupTarget): Promise<boolean> {
  if (existing.definitionFile === target.definitionFile && existing.location === target.location) {
    void ctx.ui.message('info', vscode.l10n.t('Container group {0} ({1}) is already in the ACI & Data Share view.', existing.name, existing.resourceGroup));
    return false;
  }
  const replace = vscode.l10n.t('Replace');
  const detail =
    existing.definitionFile !== target.definitionFile
      ? vscode.l10n.t('Its definition {0} becomes {1}; the files themselves stay as they are.', existing.definitionFile, target.definitionFile)
      : vscode.l10n.t("Its location '{0}' becomes '{1}'.", existing.location ?? '', target.location ?? '');
  const question = vscode.l10n.t('Container group {0} ({1}) is already in the ACI & Data Share view. Replace its entry?', existing.name, existing.resourceGroup);
  return (await ctx.ui.message('warning', question, { modal: true, detail }, replace)) === replace;
}
