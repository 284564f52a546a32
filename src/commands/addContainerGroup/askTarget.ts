/**
 * Asks for the Azure target of a definition file, step by step: the one flow behind "Add Container Group…"
 * and a deploy of a file that is not configured yet.
 */
import * as vscode from 'vscode';
import * as path from 'path';
import { readDefinitionText } from '../../core/containerGroup/readDefinition';
import { findContainerGroupResource } from '../../core/containerGroup/summary';
import { prop } from '../../core/definition/plainValues';
import { ContainerGroupTarget } from '../../core/settings/model';
import {
  checkContainerGroupName,
  checkLocation,
  checkResourceGroupName,
  checkSubscriptionId,
  normalizeLocation,
} from '../../core/settings/nameRules';
import { definitionSetting, readDefinitionFile } from '../../tree/definitionFiles';
import { askSteps } from '../inputSteps';
import { markRegion } from '../../core/services/markRegion';
import { pickSources, signInOffer } from '../pickSources';
import type { Prompts } from '../shared/registerCommand';

/** Defaults from the file itself: its name and location, when written as plain values (not expressions). */
async function fileDefaults(uri: vscode.Uri): Promise<{ name?: string; location?: string }> {
  const file = await readDefinitionFile(uri);
  if (!file.ok) return {};
  const read = readDefinitionText(file.text, uri.path);
  if (!read.ok) return {};
  const resource = findContainerGroupResource(read.value);
  const plain = (v: unknown) => (typeof v === 'string' && v && !v.startsWith('[') ? v : undefined);
  return { name: plain(prop(resource, 'name')), location: plain(prop(resource, 'location')) };
}

/** `asked`: steps of the flow asked before these (the definition file, when it was picked). */
export async function askContainerGroupTarget(ctx: Prompts, uri: vscode.Uri, title: string, asked = 0): Promise<ContainerGroupTarget | undefined> {
  const definitionFile = definitionSetting(uri);
  if (definitionFile === undefined) {
    throw new Error(vscode.l10n.t('{0} is outside the workspace folders. Move it into the workspace first.', uri.fsPath));
  }
  const defaults = await fileDefaults(uri);
  const fallbackName = path.posix.basename(uri.path).replace(/(\.aci)?\.(ya?ml|json)$/i, '').toLowerCase();
  const lists = () => pickSources();
  // Each resource group's region, as its list gave it: the location step marks it.
  let regions = new Map<string, string | undefined>();
  const answers = await askSteps(ctx, title, [
    {
      prompt: vscode.l10n.t('Subscription ID'),
      placeHolder: '00000000-0000-0000-0000-000000000000',
      validate: checkSubscriptionId,
      choices: (_answers, signal) => lists()?.subscriptions(signal),
    },
    {
      prompt: vscode.l10n.t('Resource group (must exist)'),
      placeHolder: vscode.l10n.t('e.g. rg-containers'),
      validate: checkResourceGroupName,
      choices: ([sub], signal) =>
        lists()
          ?.resourceGroups(sub, signal)
          .then((groups) => {
            regions = new Map(groups.map((g) => [g.value, g.description]));
            return groups;
          }),
    },
    { prompt: vscode.l10n.t('Container group name'), value: defaults.name ?? (checkContainerGroupName(fallbackName) ? '' : fallbackName), validate: checkContainerGroupName },
    {
      ...(defaults.location
        ? { prompt: vscode.l10n.t("Location (empty uses the file's '{0}')", defaults.location), optional: true }
        : { prompt: vscode.l10n.t('Location (the file sets none)') }),
      placeHolder: vscode.l10n.t('e.g. westeurope'),
      validate: checkLocation,
      choices: ([sub, group], signal) =>
        lists()
          ?.locations(sub, signal)
          .then((items) => markRegion(items, regions.get(group), vscode.l10n.t('region of {0}', group))),
    },
  ], signInOffer(vscode.l10n.t('Sign in to pick from your subscriptions')), asked);
  if (!answers) return undefined;
  const [subscriptionId, resourceGroup, name, location] = answers;
  return {
    name,
    subscriptionId,
    resourceGroup,
    ...(location ? { location: normalizeLocation(location) } : {}),
    definitionFile,
  };
}
