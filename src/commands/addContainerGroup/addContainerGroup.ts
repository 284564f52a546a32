/** "Add Container Group…": picks a definition file, asks for the Azure target, and saves it to settings. */
import * as vscode from 'vscode';
import { ContainerGroupTarget } from '../../core/settings/model';
import { containerGroupInView } from '../../settings/lists';
import { askContainerGroupTarget } from './askTarget';
import { stepTitle } from '../inputSteps';
import { pickDefinitionFile } from './pickDefinitionFile';
import { errorMessage } from '../../core/arm/errors';
import type { CommandContext } from '../shared/registerCommand';
import { replaceAgreed } from '../shared/replaceEntry';

export async function addContainerGroup(ctx: CommandContext, arg?: unknown): Promise<ContainerGroupTarget | undefined> {
  const fromEditor = arg instanceof vscode.Uri ? arg : undefined;
  const title = vscode.l10n.t('Add Container Group');
  // Picked here, the file is step 1 of 5; given (from the editor or the explorer), the target's 4 steps are all.
  const uri = fromEditor ?? (await pickDefinitionFile(ctx, stepTitle(title, 1, 5)));
  if (!uri) return undefined;
  let target: ContainerGroupTarget | undefined;
  try {
    target = await askContainerGroupTarget({ ui: ctx.ui, log: ctx.log, session: ctx.services.session }, uri, title, fromEditor ? 0 : 1);
  } catch (err) {
    void ctx.ui.message('error', errorMessage(err));
    return undefined;
  }
  if (!target) return undefined;
  const existing = containerGroupInView(target);
  if (existing && !(await replaceAgreed(ctx, existing, target))) return existing;
  const saved = await ctx.services.lists.saveContainerGroup(target);
  void ctx.ui.message('info', 
    saved === 'updated'
      ? vscode.l10n.t('Container group {0} updated.', target.name)
      : vscode.l10n.t('Container group {0} added to the ACI & Data Share view.', target.name),
  );
  return target;
}
