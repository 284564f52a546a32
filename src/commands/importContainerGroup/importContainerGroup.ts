/**
 * "Import Container Group…": picks a group that exists in Azure (subscription, resource group, then the
 * group from every page of the resource group's list) and the api-version (newest stable preselected), writes its definition (YAML or JSON) with secrets as
 * `{{secret:NAME}}` placeholders where the user chooses, adds it to the view and opens it.
 */
import * as vscode from 'vscode';
import type { ArmClient } from '../../core/arm/client';
import { importGroupName, renderImport, type ImportGap, type ImportedDefinition } from '../../core/import/importRender';
import { placeholdersByField, type ReusedNames } from '../../core/import/secretPlaceholders';
import { readDefinitionText } from '../../core/containerGroup/readDefinition';
import { findContainerGroupResource } from '../../core/containerGroup/summary';
import { getContainerGroup, listContainerGroups } from '../../core/services/containerGroups';
import { listResourceGroups, listSubscriptions } from '../../core/services/pickLists';
import type { ContainerGroupTarget } from '../../core/settings/model';
import { checkContainerGroupName, checkResourceGroupName, checkSubscriptionId, normalizeLocation } from '../../core/settings/nameRules';
import { containerGroupInView } from '../../settings/lists';
import { definitionSetting, definitionUri, readDefinitionFile } from '../../tree/definitionFiles';
import { replaceAgreed } from '../shared/replaceEntry';
import { SET_SECRET_COMMAND } from '../deploy/registerDeploy';
import { askSteps } from '../inputSteps';
import { pickDefinitionFormat } from '../pickDefinitionFormat';
import { errorMessage } from '../../core/arm/errors';
import type { CommandContext } from '../shared/registerCommand';
import { refusedUntrusted } from '../shared/workspaceTrust';
import { importVersions, readAtVersion, type VersionedRead } from '../../core/import/importVersion';
import { SCHEMA_API_VERSION } from '../../core/schema/apiVersionList';

export interface ImportSession {
  connection(): Promise<{ client: ArmClient }>;
}

const title = () => vscode.l10n.t('Import Container Group');

async function askGroup(ctx: CommandContext, client: ArmClient): Promise<{ subscriptionId: string; resourceGroup: string; name: string } | undefined> {
  const answers = await askSteps(ctx, title(), [
    { prompt: vscode.l10n.t('Subscription ID'), placeHolder: '00000000-0000-0000-0000-000000000000', validate: checkSubscriptionId, choices: (_answers, signal) => listSubscriptions(client, signal) },
    { prompt: vscode.l10n.t('Resource group'), placeHolder: vscode.l10n.t('e.g. rg-containers'), validate: checkResourceGroupName, choices: ([sub], signal) => listResourceGroups(client, sub, signal) },
    {
      prompt: vscode.l10n.t('Container group to import'),
      validate: checkContainerGroupName,
      // Closing the pick stops the listing it was loading.
      choices: async ([subscriptionId, resourceGroup], signal) =>
        (await listContainerGroups(client, { subscriptionId, resourceGroup }, { signal })).map((g) => {
          const entry = containerGroupInView({ subscriptionId, resourceGroup, name: String(g.name) });
          const inView = entry ? vscode.l10n.t('in the view ({0})', entry.definitionFile) : undefined;
          return { value: String(g.name), label: String(g.name), description: [g.location, g.properties?.provisioningState, inView].filter(Boolean).join(' · ') || undefined };
        }),
    },
  ]);
  if (!answers) return undefined;
  const [subscriptionId, resourceGroup, name] = answers;
  return { subscriptionId, resourceGroup, name };
}

/** The api-version the file is read and written at: the stable versions, newest first and preselected. */
async function pickImportVersion(ctx: CommandContext): Promise<string | undefined> {
  const items = importVersions().map((version, i) => ({
    label: version,
    version,
    picked: i === 0,
    description: i === 0 ? vscode.l10n.t('newest') : version === SCHEMA_API_VERSION ? vscode.l10n.t('served in every Azure cloud') : undefined,
  }));
  return (await ctx.ui.quickPick(items, { title: title(), placeHolder: vscode.l10n.t('API version of the definition file') }))?.version;
}

function gapText(gap: ImportGap): string {
  return gap.kind === 'secretVolume'
    ? vscode.l10n.t("Azure does not return the files of the secret volume '{0}': add each as FILE_NAME: '{1}'.", gap.volume, '{{secret:NAME}}')
    : vscode.l10n.t("Azure does not return the protected settings of the extension '{0}': add them before deploying.", gap.extension);
}

/** Says what was written and what is left to do; the command does not wait for the notification to close. */
/** What became of the view's entry: new, unchanged, pointed to the new file, or left on its old file as the user chose. */
type EntryOutcome = { kind: 'added' | 'same' | 'repointed' | 'outside' } | { kind: 'kept'; definitionFile: string };

function importedLine(target: Pick<ContainerGroupTarget, 'name'>, shown: string, entry: EntryOutcome): string {
  switch (entry.kind) {
    case 'added':
      return vscode.l10n.t('Container group {0} imported to {1} and added to the ACI & Data Share view.', target.name, shown);
    case 'same':
      return vscode.l10n.t('Container group {0} imported to {1}, the file its entry in the view already uses.', target.name, shown);
    case 'repointed':
      return vscode.l10n.t('Container group {0} imported to {1}; its entry in the view now uses this file.', target.name, shown);
    case 'kept':
      return vscode.l10n.t('Container group {0} imported to {1}; its entry in the view still uses {2}.', target.name, shown, entry.definitionFile);
    case 'outside':
      return vscode.l10n.t('Container group {0} imported to {1}. It is outside the workspace folders, so it was not added to the view.', target.name, shown);
  }
}

function report(ctx: CommandContext, target: Pick<ContainerGroupTarget, 'name' | 'resourceGroup'>, file: vscode.Uri, imported: ImportedDefinition, entry: EntryOutcome, reused: ReusedNames, read: VersionedRead<unknown>): void {
  const shown = vscode.workspace.asRelativePath(file);
  ctx.log.info(`Imported ${target.name} (${target.resourceGroup}) at api-version ${read.apiVersion} to ${shown}; left out: ${imported.dropped.join(', ') || 'nothing'}.`);
  const lines = [importedLine(target, shown, entry)];
  if (read.refused) {
    ctx.log.warn(`Import: api-version ${read.refused.version} refused (${read.refused.message}); read at ${read.apiVersion}.`);
    lines.push(vscode.l10n.t('Azure refused api-version {0} for this group ({1}), so it was read and written at {2}.', read.refused.version, read.refused.message, read.apiVersion));
  }
  const stored = new Set(reused.values());
  const again = [...new Set(imported.secrets.filter((s) => stored.has(s.name)).map((s) => s.name))];
  if (again.length) lines.push(vscode.l10n.t('It uses the secrets you already store for these fields: {0}.', again.join(', ')));
  const hidden = imported.secrets.filter((s) => !s.fromUrl && !stored.has(s.name));
  if (hidden.length) {
    lines.push(vscode.l10n.t('Azure does not return secret values: store them with Set Secret… before deploying ({0}).', hidden.map((s) => s.name).join(', ')));
  }
  for (const use of imported.secrets.filter((s) => s.fromUrl && !stored.has(s.name))) {
    lines.push(vscode.l10n.t("The credentials in {0} were not written to the file: store the URL's user:password part as the secret {1} with Set Secret… before deploying.", use.field, use.name));
  }
  lines.push(...imported.gaps.map(gapText));
  const setSecret = vscode.l10n.t('Set Secret…');
  const toSet = imported.secrets.some((s) => !stored.has(s.name)) || imported.gaps.length > 0;
  void ctx.ui
    .message(imported.gaps.length || read.refused ? 'warning' : 'info', lines.join(' '), ...(toSet ? [setSecret] : []))
    .then((choice) => (choice === setSecret ? vscode.commands.executeCommand(SET_SECRET_COMMAND) : undefined));
}

export async function importContainerGroup(ctx: CommandContext): Promise<vscode.Uri | undefined> {
  if (refusedUntrusted(ctx, vscode.l10n.t('{0} is disabled in an untrusted workspace. Trust the workspace to use it.', vscode.l10n.t('Import Container Group')))) return undefined;
  const { session } = ctx.services;
  try {
    const { client } = await session.connection();
    const picked = await askGroup(ctx, client);
    if (!picked) return undefined;
    // Read while the format and the file are picked, so no round trip is waited on after the save dialog. The
    // writable fields and the schema they are read from load with the first import (their own chunk, esbuild.mjs).
    // Read and written at the api-version picked, so the file keeps what that version has.
    const version = await pickImportVersion(ctx);
    if (!version) return undefined;
    const reading = Promise.all([readAtVersion(version, async (apiVersion) => (await getContainerGroup(client, picked, { apiVersion })).body), import('../../core/import/importFields')]);
    reading.catch(() => undefined); // awaited below; an import cancelled before then has nothing to report
    const format = await pickDefinitionFormat(ctx, title());
    if (!format) return undefined;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const file = await ctx.ui.saveDialog({
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, `${picked.name}.aci.${format.format}`) } : {}),
      filters: { [format.label]: [format.format] },
      saveLabel: vscode.l10n.t('Import'),
      title: title(),
    });
    if (!file) return undefined;
    const [read, { importFields }] = await reading;
    const { value: group, apiVersion } = read;
    const existing = containerGroupInView(picked);
    const reused = existing ? await storedNames(ctx, existing) : new Map<string, string>();
    const groupName = importGroupName(group, picked.name);
    const imported = renderImport(importFields(group, groupName, reused, apiVersion), format.format, groupName);
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(imported.text));
    const location = typeof group.location === 'string' && group.location ? { location: normalizeLocation(group.location) } : {};
    const entry = await updateEntry(ctx, existing, file, { ...picked, ...location });
    await vscode.window.showTextDocument(file);
    report(ctx, picked, file, imported, entry, reused, read);
    return file;
  } catch (err) {
    ctx.log.warn(`Import failed: ${errorMessage(err)}`);
    void ctx.ui.message('error', vscode.l10n.t('Import failed: {0}', errorMessage(err)));
    return undefined;
  }
}

/**
 * The names of stored secrets the group's definition in the view already puts in its secret fields, by field:
 * a new import fills the same fields with the same names instead of new ones the store lacks.
 */
async function storedNames(ctx: CommandContext, existing: ContainerGroupTarget): Promise<ReusedNames> {
  const uri = definitionUri(existing);
  const file = uri ? await readDefinitionFile(uri) : undefined;
  if (!uri || !file?.ok) return new Map();
  const read = readDefinitionText(file.text, uri.path);
  if (!read.ok) return new Map();
  const found = placeholdersByField(findContainerGroupResource(read.value));
  return new Map([...found].filter(([, name]) => ctx.services.secrets.has(name)));
}

/**
 * The view lists files of the workspace only (one saved elsewhere is still written and opened); an entry
 * that already uses another file is pointed to the new one only once the user agrees.
 */
async function updateEntry(ctx: CommandContext, existing: ContainerGroupTarget | undefined, file: vscode.Uri, target: Omit<ContainerGroupTarget, 'definitionFile'>): Promise<EntryOutcome> {
  const definitionFile = definitionSetting(file);
  if (definitionFile === undefined) return { kind: 'outside' };
  const entry: ContainerGroupTarget = { ...target, definitionFile };
  if (existing?.definitionFile === definitionFile) {
    if (existing.location !== entry.location) await ctx.services.lists.saveContainerGroup(entry);
    return { kind: 'same' };
  }
  if (existing && !(await replaceAgreed(ctx, existing, entry))) return { kind: 'kept', definitionFile: existing.definitionFile };
  await ctx.services.lists.saveContainerGroup(entry);
  return { kind: existing ? 'repointed' : 'added' };
}
