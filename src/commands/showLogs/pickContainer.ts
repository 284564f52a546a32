/**
 * Show Logs from the palette: a configured container group, then one of the containers or init containers its
 * definition file declares.
 */
import * as vscode from 'vscode';
import { readDefinitionText } from '../../core/containerGroup/readDefinition';
import { summarizeContainerGroup } from '../../core/containerGroup/summary';
import type { ContainerGroupTarget } from '../../core/settings/model';
import { containerGroups } from '../../settings/configuration';
import { locateDefinition, readDefinitionFile } from '../../tree/definitionFiles';
import type { ContainerRef } from '../../tree/containerRef';
import type { Prompts } from '../shared/registerCommand';

/**
 * The chosen container, undefined when dismissed; throws with the reason when there is nothing to choose from.
 * `title` names the command asking (Show Logs by default).
 */
export async function pickContainer(ctx: Prompts, title = vscode.l10n.t('Show Logs')): Promise<ContainerRef | undefined> {
  const configured = containerGroups().items;
  if (configured.length === 0) throw new Error(vscode.l10n.t('No container group is configured. Add one to the view first.'));
  const group = await ctx.ui.quickPick(
    configured.map((target) => ({ label: target.name, description: target.resourceGroup, detail: target.definitionFile, target })),
    { title, placeHolder: vscode.l10n.t('Container group'), matchOnDescription: true },
  );
  if (!group) return undefined;
  const { containers } = await definitionOf(group.target);
  if (containers.length === 0) throw new Error(vscode.l10n.t('{0} declares no containers in {1}.', group.target.name, group.target.definitionFile));
  const picked = await ctx.ui.quickPick(
    containers.map((c) => ({ label: c.name, description: c.image, detail: c.init ? vscode.l10n.t('Init container') : undefined, c })),
    { title: `${title}: ${group.target.name}`, placeHolder: vscode.l10n.t('Container'), matchOnDescription: true },
  );
  return picked && { target: group.target, containerName: picked.c.name, init: picked.c.init };
}

/** The containers (and init containers) a configured group's definition declares, and its OS type. */
export async function definitionOf(target: ContainerGroupTarget): Promise<{ containers: { name: string; image?: string; init: boolean }[]; osType?: string }> {
  const at = locateDefinition(target);
  if (!at.ok) throw new Error(at.message);
  const file = await readDefinitionFile(at.uri);
  if (!file.ok) throw new Error(file.message);
  const read = readDefinitionText(file.text, at.uri.path);
  if (!read.ok) throw new Error(vscode.l10n.t('{0}: {1}', target.definitionFile, read.message));
  const summary = summarizeContainerGroup(read.value);
  return {
    osType: summary.osType,
    containers: [
      ...summary.containers.map((c) => ({ name: c.name, image: c.image, init: false })),
      ...summary.initContainers.map((c) => ({ name: c.name, image: c.image, init: true })),
    ],
  };
}
