/**
 * Adds and removes entries of the two list settings. A list lives in one scope (VS Code does not merge
 * arrays: the workspace's list hides the user's), so each change is written to the scope whose list is
 * in effect, and entries this version cannot read, or the user did not pick, are kept as written, with the
 * file's comments (see listFileEdits.ts). Edits run one at a time: each reads the list (and its file) as the
 * one before it left them, so two at once cannot both start from the same list and drop the other's entry.
 */
import * as vscode from 'vscode';
import {
  ContainerGroupTarget,
  ShareSubscriptionTarget,
  containerGroupKey,
  shareSubscriptionKey,
} from '../core/settings/model';
import { serializer } from '../core/settings/serialized';
import { SECTION, containerGroups, shareSubscriptions } from './configuration';
import { editListInFile, listCaughtUp } from './listFileEdits';
import { userSettingsFile } from './userSettingsFile';

type ListKey = 'containerGroups' | 'shareSubscriptions';

const KEY_OF: Record<ListKey, (entry: never) => string> = {
  containerGroups: containerGroupKey,
  shareSubscriptions: shareSubscriptionKey,
};

/** The scope whose value of `key` is in effect, and that value; for a list set nowhere, where a new one goes. */
export function listScope(key: ListKey): { where: vscode.ConfigurationTarget; raw: unknown[] } {
  const inspected = vscode.workspace.getConfiguration(SECTION).inspect<unknown>(key);
  const scopes: [vscode.ConfigurationTarget, unknown][] = [
    [vscode.ConfigurationTarget.Workspace, inspected?.workspaceValue],
    [vscode.ConfigurationTarget.Global, inspected?.globalValue],
  ];
  for (const [where, value] of scopes) if (value !== undefined) return { where, raw: Array.isArray(value) ? [...value] : [] };
  const where = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  return { where, raw: [] };
}

function sameEntry(key: ListKey, entry: unknown, wanted: string): boolean {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
  try {
    return KEY_OF[key](entry as never) === wanted;
  } catch {
    return false;
  }
}

/**
 * The writes to both lists. One per extension (built in activate, handed to commands as a service): its one queue
 * serves both lists, which may live in the same settings file.
 */
export class SettingsLists {
  private readonly oneAtATime = serializer();
  private readonly userFile: vscode.Uri | undefined;

  /** `globalStorage`: the extension's global storage folder, beside which the user's settings.json is looked for. */
  constructor(globalStorage: vscode.Uri) {
    this.userFile = userSettingsFile(globalStorage);
  }

  saveContainerGroup(t: ContainerGroupTarget): Promise<'added' | 'updated'> {
    return this.oneAtATime(() => this.upsert('containerGroups', t));
  }

  saveShareSubscription(t: ShareSubscriptionTarget): Promise<'added' | 'updated'> {
    return this.oneAtATime(() => this.upsert('shareSubscriptions', t));
  }

  removeContainerGroup(t: ContainerGroupTarget): Promise<boolean> {
    return this.oneAtATime(() => this.remove('containerGroups', t));
  }

  removeShareSubscription(t: ShareSubscriptionTarget): Promise<boolean> {
    return this.oneAtATime(() => this.remove('shareSubscriptions', t));
  }

  /** The list in effect, once VS Code has read its file as it is now. */
  private async read(key: ListKey): Promise<{ where: vscode.ConfigurationTarget; raw: unknown[] }> {
    await listCaughtUp(`${SECTION}.${key}`);
    return listScope(key);
  }

  private async upsert(key: ListKey, entry: ContainerGroupTarget | ShareSubscriptionTarget): Promise<'added' | 'updated'> {
    const { where, raw } = await this.read(key);
    const wanted = KEY_OF[key](entry as never);
    const at = raw.findIndex((e) => sameEntry(key, e, wanted));
    // An update keeps the entry's place in the list; a new one goes last.
    const edited = await editListInFile(`${SECTION}.${key}`, where, raw, at >= 0 ? { set: at, entry } : { append: entry }, this.userFile);
    if (!edited) {
      if (at >= 0) raw[at] = entry;
      else raw.push(entry);
      await vscode.workspace.getConfiguration(SECTION).update(key, raw, where);
    }
    return at >= 0 ? 'updated' : 'added';
  }

  private async remove(key: ListKey, entry: ContainerGroupTarget | ShareSubscriptionTarget): Promise<boolean> {
    const { where, raw } = await this.read(key);
    const wanted = KEY_OF[key](entry as never);
    const at = raw.findIndex((e) => sameEntry(key, e, wanted));
    if (at < 0) return false;
    const edited = await editListInFile(`${SECTION}.${key}`, where, raw, { remove: at }, this.userFile);
    if (!edited) await vscode.workspace.getConfiguration(SECTION).update(key, raw.filter((_e, i) => i !== at), where);
    return true;
  }
}

/** The view's entry for the same container group (subscription, resource group and name), if there is one. */
export function containerGroupInView(t: Pick<ContainerGroupTarget, 'subscriptionId' | 'resourceGroup' | 'name'>): ContainerGroupTarget | undefined {
  const key = containerGroupKey(t);
  return containerGroups().items.find((e) => containerGroupKey(e) === key);
}

/** The view's entry for the same share subscription, if there is one. */
export function shareSubscriptionInView(t: Parameters<typeof shareSubscriptionKey>[0]): ShareSubscriptionTarget | undefined {
  const key = shareSubscriptionKey(t);
  return shareSubscriptions().items.find((e) => shareSubscriptionKey(e) === key);
}
