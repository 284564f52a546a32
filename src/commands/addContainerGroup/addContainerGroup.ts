/** "Add Container Group…": picks a definition file, asks for the Azure target, and saves it to settings. */
import * as vscode from 'vscode';
import { ContainerGroupTarget } from '../../core/settings/model';
import { saveContainerGroup } from '../../settings/lists';
import { askContainerGroupTarget } from './askTarget';
import { pickDefinitionFile } from './pickDefinitionFile';
import { errorMessage } from '../../core/arm/errors';
import type { CommandContext } from '../shared/registerCommand';

export async function addContainerGroup(ctx: CommandContext, arg?: unknown): Promise<ContainerGroupTarget | undefined> {
  const fromEditor = arg instanceof vscode.Uri ? arg : undefined;
  const uri = await pickDefinitionFile(ctx, fromEditor);
  if (!uri) return undefined;
  let target: ContainerGroupTarget | undefined;
  try {
    target = await askContainerGroupTarget(ctx, uri, vscode.l10n.t('Add Container Group'));
  } catch (err) {
    void ctx.ui.message('error', errorMessage(err));
    return undefined;
  }
  if (!target) return undefined;
  const saved = await saveContainerGroup(target);
  void ctx.ui.message('info', 
    saved === 'updated'
      ? vscode.l10n.t('Container group {0} updated.', target.name)
      : vscode.l10n.t('Container group {0} added to the ACI & Data Share view.', target.name),
  );
  return target;
}
