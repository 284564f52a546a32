/**
 * Asks for the Azure target of a definition file, step by step: the one flow behind "Add Container Group…"
 * and a deploy of a file that is not configured yet.
 */
import * as vscode from 'vscode';
import * as path from 'path';
import { readDefinitionText } from '../../core/containerGroup/readDefinition';
import { findContainerGroupResource } from '../../core/containerGroup/summary';
import { prop } from '../../core/definition/plainValues';
import { parameterFileCandidates, readParameterFileValues } from '../../core/definition/parameterFiles';
import { ContainerGroupTarget } from '../../core/settings/model';
import {
  checkContainerGroupName,
  checkLocation,
  checkResourceGroupName,
  normalizeLocation,
} from '../../core/settings/nameRules';
import { definitionSetting, readDefinitionFile } from '../../tree/definitionFiles';
import { askSteps } from '../inputSteps';
import { markRegion } from '../../core/services/markRegion';
import { pickSources, signInOffer, subscriptionStep, type PickSession } from '../pickSources';
import type { Prompts } from '../shared/registerCommand';

/** Defaults from the file itself: its name and location, when written as plain values (not expressions). */
async function fileDefaults(uri: vscode.Uri): Promise<{ name?: string; location?: string }> {
  const file = await readDefinitionFile(uri);
  if (!file.ok) return {};
  const read = readDefinitionText(file.text, uri.path);
  if (!read.ok) return {};
  const resource = findContainerGroupResource(read.value);
  const plain = (v: unknown) => (typeof v === 'string' && v && !v.startsWith('[') ? v : undefined);
  const name = prop(resource, 'name');
  return { name: plain(name) ?? (await parameterValue(uri, read.value, name)), location: plain(prop(resource, 'location')) };
}

/**
 * A template's name written as `[parameters('p')]` (as the ACI quickstarts write it): the value the parameter file
 * beside the template gives, else the parameter's default — the name the deployment will create.
 */
async function parameterValue(uri: vscode.Uri, template: unknown, expression: unknown): Promise<string | undefined> {
  const parameter = typeof expression === 'string' ? /^\[\s*parameters\(\s*'([^']+)'\s*\)\s*\]$/i.exec(expression)?.[1] : undefined;
  if (!parameter) return undefined;
  for (const candidate of parameterFileCandidates(uri.path)) {
    const file = await readDefinitionFile(uri.with({ path: candidate }));
    const given = file.ok ? readParameterFileValues(file.text, candidate)?.values.get(parameter.toLowerCase())?.value : undefined;
    if (given !== undefined) return typeof given === 'string' ? given : undefined;
    if (file.ok) break;
  }
  const declared = prop(prop(template, 'parameters'), parameter);
  const fallback = prop(declared, 'defaultValue');
  return typeof fallback === 'string' && !fallback.startsWith('[') ? fallback : undefined;
}

/** `asked`: steps of the flow asked before these (the definition file, when it was picked). */
export async function askContainerGroupTarget(ctx: Prompts & { session?: PickSession }, uri: vscode.Uri, title: string, asked = 0): Promise<ContainerGroupTarget | undefined> {
  const definitionFile = definitionSetting(uri);
  if (definitionFile === undefined) {
    throw new Error(vscode.l10n.t('{0} is outside the workspace folders. Move it into the workspace first.', uri.fsPath));
  }
  const defaults = await fileDefaults(uri);
  const fallbackName = path.posix.basename(uri.path).replace(/(\.aci)?\.(ya?ml|json)$/i, '').toLowerCase();
  const lists = () => pickSources(ctx.session);
  // Each resource group's region, as its list gave it: the location step marks it.
  let regions = new Map<string, string | undefined>();
  const answers = await askSteps(ctx, title, [
    subscriptionStep(lists),
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
  ], signInOffer(ctx.session, vscode.l10n.t('Sign in to pick from your subscriptions')), asked);
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
