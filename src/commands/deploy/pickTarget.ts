/**
 * Which container group a deploy goes to: the tree node's, the one configured for the file, a pick among the
 * configured ones, or (for a file not configured yet) a target asked for step by step and optionally saved.
 */
import * as vscode from 'vscode';
import { isContainerGroupDocument } from '../../core/definition/detect';
import { ContainerGroupTarget } from '../../core/settings/model';
import { containerGroups } from '../../settings/configuration';
import type { SettingsLists } from '../../settings/lists';
import { definitionUri, locateDefinition } from '../../tree/definitionFiles';
import { askContainerGroupTarget } from '../addContainerGroup/askTarget';
import { ContainerGroupNode } from '../../tree/containerGroupNodes';
import type { Prompts } from '../shared/registerCommand';
import type { PickSession } from '../pickSources';

export interface ResolvedTarget {
  target: ContainerGroupTarget;
  uri: vscode.Uri;
}

/** The target of a container group node of the view. */
export function targetOfNode(arg: unknown): ContainerGroupTarget | undefined {
  return arg instanceof ContainerGroupNode ? arg.target : undefined;
}

function activeDefinitionUri(): vscode.Uri | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc || doc.uri.scheme === 'output') return undefined;
  return isContainerGroupDocument(doc.getText(), doc.fileName) ? doc.uri : undefined;
}

/** A pick among configured container groups (name, resource group and location, definition file). */
export async function pickConfigured(ctx: Prompts, items: ContainerGroupTarget[], title: string, placeHolder = vscode.l10n.t('Container group to deploy')): Promise<ContainerGroupTarget | undefined> {
  const picked = await ctx.ui.quickPick(
    items.map((t) => ({ label: t.name, description: `${t.resourceGroup}${t.location ? ` · ${t.location}` : ''}`, detail: t.definitionFile, target: t })),
    { title, placeHolder, matchOnDescription: true, matchOnDetail: true },
  );
  return picked?.target;
}

/** The file a deploy would ask a new target for (not configured in the view), before it asks anything. */
export function unconfiguredDefinition(arg: unknown): vscode.Uri | undefined {
  if (targetOfNode(arg)) return undefined;
  const uri = arg instanceof vscode.Uri ? arg : activeDefinitionUri();
  if (!uri) return undefined;
  return containerGroups().items.some((t) => definitionUri(t)?.toString() === uri.toString()) ? undefined : uri;
}

export async function pickTarget(ctx: Prompts & { session?: PickSession; lists: SettingsLists }, arg: unknown): Promise<ResolvedTarget | undefined> {
  const fromNode = targetOfNode(arg);
  if (fromNode) {
    const at = locateDefinition(fromNode);
    if (!at.ok) throw new Error(at.message);
    return { target: fromNode, uri: at.uri };
  }
  const configured = containerGroups().items;
  const uri = arg instanceof vscode.Uri ? arg : activeDefinitionUri();
  if (!uri) {
    if (configured.length === 0) {
      throw new Error(
        vscode.l10n.t('No container group is configured. Open a definition file and deploy it from the editor, or add a container group to the view.'),
      );
    }
    const target = await pickConfigured(ctx, configured, vscode.l10n.t('Deploy Container Group'));
    const targetUri = target && definitionUri(target);
    return target && targetUri ? { target, uri: targetUri } : undefined;
  }
  const matching = configured.filter((t) => definitionUri(t)?.toString() === uri.toString());
  if (matching.length === 1) return { target: matching[0], uri };
  if (matching.length > 1) {
    const target = await pickConfigured(ctx, matching, vscode.l10n.t('Deploy {0}', vscode.workspace.asRelativePath(uri)));
    return target ? { target, uri } : undefined;
  }
  const target = await askNewTarget(ctx, uri);
  return target ? { target, uri } : undefined;
}

async function askNewTarget(ctx: Prompts & { session?: PickSession; lists: SettingsLists }, uri: vscode.Uri): Promise<ContainerGroupTarget | undefined> {
  const target = await askContainerGroupTarget(ctx, uri, vscode.l10n.t('Deploy {0}', vscode.workspace.asRelativePath(uri)));
  if (!target) return undefined;
  const saveAction = vscode.l10n.t('Save');
  const save = await ctx.ui.message('info', 
    vscode.l10n.t(
      'Save {0} ({1}) to your settings so the view lists it and later deploys skip these questions?',
      target.name,
      target.resourceGroup,
    ),
    saveAction,
    vscode.l10n.t('Not Now'),
  );
  if (save === saveAction) {
    await ctx.lists.saveContainerGroup(target);
  }
  return target;
}
