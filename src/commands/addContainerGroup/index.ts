/** "Add Container Group…": picks a definition file, asks for the Azure target, and saves it to settings. */
import * as vscode from 'vscode';
import * as path from 'path';
import { readDefinitionText } from '../../core/containerGroup/readDefinition';
import { summarizeContainerGroup } from '../../core/containerGroup/summary';
import { ContainerGroupTarget, containerGroupKey } from '../../core/settings/model';
import {
  checkContainerGroupName,
  checkLocation,
  checkResourceGroupName,
  checkSubscriptionId,
  normalizeLocation,
} from '../../core/settings/nameRules';
import { updateList } from '../../settings/configuration';
import { askSteps } from '../inputSteps';
import { pickDefinitionFile } from './pickDefinitionFile';
import { definitionSetting } from '../../tree/definitionFiles';

async function defaultsFrom(uri: vscode.Uri): Promise<{ name?: string; location?: string }> {
  try {
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const read = readDefinitionText(text, uri.path);
    if (!read.ok) return {};
    const s = summarizeContainerGroup(read.value);
    return { name: s.name, location: s.location };
  } catch {
    return {};
  }
}

export async function addContainerGroup(arg?: unknown): Promise<ContainerGroupTarget | undefined> {
  const fromEditor = arg instanceof vscode.Uri ? arg : undefined;
  const uri = await pickDefinitionFile(fromEditor);
  if (!uri) return undefined;
  const defaults = await defaultsFrom(uri);
  const fallbackName = path.posix.basename(uri.path).replace(/(\.aci)?\.(ya?ml|json)$/i, '').toLowerCase();
  const answers = await askSteps(vscode.l10n.t('Add Container Group'), [
    { prompt: vscode.l10n.t('Container group name'), value: defaults.name ?? fallbackName, validate: checkContainerGroupName },
    { prompt: vscode.l10n.t('Subscription ID'), placeHolder: '00000000-0000-0000-0000-000000000000', validate: checkSubscriptionId },
    { prompt: vscode.l10n.t('Resource group'), placeHolder: vscode.l10n.t('e.g. rg-containers'), validate: checkResourceGroupName },
    {
      prompt: vscode.l10n.t('Location (leave empty to use the definition’s location)'),
      placeHolder: vscode.l10n.t('e.g. westeurope'),
      value: defaults.location ?? '',
      optional: true,
      validate: checkLocation,
    },
  ]);
  if (!answers) return undefined;
  const [name, subscriptionId, resourceGroup, location] = answers;
  const target: ContainerGroupTarget = {
    name,
    subscriptionId,
    resourceGroup,
    ...(location ? { location: normalizeLocation(location) } : {}),
    definitionFile: definitionSetting(uri),
  };
  const key = containerGroupKey(target);
  let replaced = false;
  await updateList('containerGroups', (raw) => {
    const kept = raw.filter((e) => {
      const same = typeof e === 'object' && e !== null && containerGroupKey(e as ContainerGroupTarget) === key;
      replaced ||= same;
      return !same;
    });
    return [...kept, target];
  });
  void vscode.window.showInformationMessage(
    replaced
      ? vscode.l10n.t('Container group {0} updated.', name)
      : vscode.l10n.t('Container group {0} added to the ACI & Data Share view.', name),
  );
  return target;
}
