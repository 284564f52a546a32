/**
 * Which container group a deploy goes to: the tree node's, the one configured for the file, a pick among the
 * configured ones, or (for a file not configured yet) a target asked for step by step and optionally saved.
 */
import * as vscode from 'vscode';
import { readDefinitionText } from '../../core/containerGroup/readDefinition';
import { findContainerGroupResource, prop } from '../../core/containerGroup/summary';
import { isContainerGroupDocument } from '../../core/definition/detect';
import { ContainerGroupTarget, containerGroupKey } from '../../core/settings/model';
import { checkContainerGroupName, checkLocation, checkResourceGroupName, checkSubscriptionId } from '../../core/settings/nameRules';
import { containerGroups, updateList } from '../../settings/configuration';
import { definitionSetting, definitionUri } from '../../tree/definitionFiles';

export interface ResolvedTarget {
  target: ContainerGroupTarget;
  uri: vscode.Uri;
}

function isTarget(v: unknown): v is ContainerGroupTarget {
  const t = v as Partial<ContainerGroupTarget> | undefined;
  return typeof t?.name === 'string' && typeof t.subscriptionId === 'string' && typeof t.resourceGroup === 'string' && typeof t.definitionFile === 'string';
}

/** A tree node of this or another copy of the module: anything carrying a target. */
export function targetOfNode(arg: unknown): ContainerGroupTarget | undefined {
  const t = (arg as { target?: unknown } | undefined)?.target;
  return isTarget(t) ? t : undefined;
}

function activeDefinitionUri(): vscode.Uri | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc || doc.uri.scheme === 'output') return undefined;
  return isContainerGroupDocument(doc.getText(), doc.fileName) ? doc.uri : undefined;
}

async function pickConfigured(items: ContainerGroupTarget[], title: string): Promise<ContainerGroupTarget | undefined> {
  const picked = await vscode.window.showQuickPick(
    items.map((t) => ({ label: t.name, description: `${t.resourceGroup}${t.location ? ` · ${t.location}` : ''}`, detail: t.definitionFile, target: t })),
    { title, placeHolder: vscode.l10n.t('Container group to deploy'), matchOnDescription: true, matchOnDetail: true },
  );
  return picked?.target;
}

export async function pickTarget(arg: unknown): Promise<ResolvedTarget | undefined> {
  const fromNode = targetOfNode(arg) ?? (isTarget(arg) ? arg : undefined);
  if (fromNode) {
    const uri = definitionUri(fromNode);
    if (!uri) throw new Error(vscode.l10n.t('Open the workspace folder that holds the definition file.'));
    return { target: fromNode, uri };
  }
  const configured = containerGroups().items;
  const uri = arg instanceof vscode.Uri ? arg : activeDefinitionUri();
  if (!uri) {
    if (configured.length === 0) {
      throw new Error(
        vscode.l10n.t('No container group is configured. Open a definition file and deploy it from the editor, or add a container group to the view.'),
      );
    }
    const target = await pickConfigured(configured, vscode.l10n.t('Deploy Container Group'));
    const targetUri = target && definitionUri(target);
    return target && targetUri ? { target, uri: targetUri } : undefined;
  }
  const matching = configured.filter((t) => definitionUri(t)?.toString() === uri.toString());
  if (matching.length === 1) return { target: matching[0], uri };
  if (matching.length > 1) {
    const target = await pickConfigured(matching, vscode.l10n.t('Deploy {0}', vscode.workspace.asRelativePath(uri)));
    return target ? { target, uri } : undefined;
  }
  const target = await askNewTarget(uri);
  return target ? { target, uri } : undefined;
}

/** Defaults for a new target from the file itself (its name and location, when written as plain values). */
async function fileDefaults(uri: vscode.Uri): Promise<{ name?: string; location?: string }> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const read = readDefinitionText(doc.getText(), doc.fileName);
  if (!read.ok) return {};
  const resource = findContainerGroupResource(read.value);
  const plain = (v: unknown) => (typeof v === 'string' && v && !v.startsWith('[') ? v : undefined);
  return { name: plain(prop(resource, 'name')), location: plain(prop(resource, 'location')) };
}

async function askNewTarget(uri: vscode.Uri): Promise<ContainerGroupTarget | undefined> {
  const defaults = await fileDefaults(uri);
  const relative = definitionSetting(uri);
  const step = (n: number) => vscode.l10n.t('Deploy {0} ({1}/4)', relative, n);
  const subscriptionId = await vscode.window.showInputBox({
    title: step(1),
    prompt: vscode.l10n.t('Subscription ID'),
    ignoreFocusOut: true,
    validateInput: checkSubscriptionId,
  });
  if (!subscriptionId) return undefined;
  const resourceGroup = await vscode.window.showInputBox({
    title: step(2),
    prompt: vscode.l10n.t('Resource group (must exist)'),
    ignoreFocusOut: true,
    validateInput: checkResourceGroupName,
  });
  if (!resourceGroup) return undefined;
  const name = await vscode.window.showInputBox({
    title: step(3),
    prompt: vscode.l10n.t('Container group name'),
    value: defaults.name,
    ignoreFocusOut: true,
    validateInput: checkContainerGroupName,
  });
  if (!name) return undefined;
  const location = await vscode.window.showInputBox({
    title: step(4),
    prompt: defaults.location
      ? vscode.l10n.t("Location (empty uses the file's '{0}')", defaults.location)
      : vscode.l10n.t('Location, e.g. westeurope (the file sets none)'),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() || defaults.location ? checkLocation(v) : vscode.l10n.t('The definition has no location, so one is needed here.')),
  });
  if (location === undefined) return undefined;
  const target: ContainerGroupTarget = {
    name: name.trim(),
    subscriptionId: subscriptionId.trim(),
    resourceGroup: resourceGroup.trim(),
    definitionFile: relative,
    ...(location.trim() ? { location: location.trim() } : {}),
  };
  const saveAction = vscode.l10n.t('Save');
  const save = await vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Save {0} ({1}) to the workspace settings so the view lists it and later deploys skip these questions?',
      target.name,
      target.resourceGroup,
    ),
    saveAction,
    vscode.l10n.t('Not Now'),
  );
  if (save === saveAction) {
    await updateList('containerGroups', (raw) => [
      ...raw.filter((e) => !isTarget(e) || containerGroupKey(e) !== containerGroupKey(target)),
      target,
    ]);
  }
  return target;
}
