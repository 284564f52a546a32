/**
 * Container group nodes: read from the definition file, expanded to containers, volumes and network, and, once
 * expanded, to what Azure says of the deployed group (states, events, how the definition differs from it).
 */
import * as vscode from 'vscode';
import { ContainerGroupTarget, containerGroupKey } from '../core/settings/model';
import { readDefinitionText } from '../core/containerGroup/readDefinition';
import { ContainerGroupSummary, VolumeSummary, formatPorts, summarizeContainerGroup } from '../core/containerGroup/summary';
import { groupContextValue } from '../core/containerGroup/allowedActions';
import type { LiveContainer } from '../core/containerGroup/liveState';
import { compareWithDefinition, liveReadOf, type LiveRead, type LiveResult } from '../core/deploy/liveFetch';
import { definitionUri, locateDefinition, readDefinitionFile } from './definitionFiles';
import { BackgroundLoad, ErrorNode, InfoNode, LoadingNode, TreeNode } from './treeNode';
import { DeployStates } from './deployStates';
import { ContainerNode, containerNodes } from './containerNodes';
import { describeLiveGroup, differenceNodes, eventsNode, liveErrorNode, liveGroupRows, notDeployedNode, signInNode } from './liveNodes';
import { SignInNeeded } from '../azure/quietConnection';
import type { LiveStateLoader } from './liveStateLoader';
import { errorMessage } from '../core/arm/errors';
import { checkTarget, type TargetProblem } from '../core/settings/targetCheck';

const VOLUME_ICONS: Record<VolumeSummary['kind'], string> = {
  azureFile: 'file-symlink-directory',
  emptyDir: 'folder',
  gitRepo: 'repo',
  secret: 'lock',
  unknown: 'warning',
  ambiguous: 'warning',
};

const OPEN_SETTINGS: vscode.Command = {
  command: 'workbench.action.openSettings',
  title: vscode.l10n.t('Open Settings'),
  arguments: ['aciDataShare.containerGroups'],
};

/**
 * What the last read of the live state gave; undefined while nothing was read since the last refresh. `setting`:
 * nothing was read because a field of the entry is one Azure would refuse (as deploy says before sending).
 */
type LiveOutcome = { ok: true; result: LiveResult } | { ok: false; signIn: boolean; message: string; setting?: TargetProblem };

export class ContainerGroupNode implements TreeNode {
  readonly id: string;
  /** The api-version the definition names, read with it before the live state is asked for; a change reads again. */
  private read: LiveRead = {};
  private readonly live = new BackgroundLoad<LiveOutcome>((token) => this.readLive(token), () => this.changed(this));

  constructor(
    readonly target: ContainerGroupTarget,
    private readonly deployStates: DeployStates,
    private readonly loadLive: LiveStateLoader,
    /** Called when the live state has arrived, so the view asks for this node and its children again. */
    private readonly changed: (node: TreeNode) => void,
  ) {
    this.id = `cg:${containerGroupKey(target)}`;
  }

  get uri(): vscode.Uri | undefined {
    return definitionUri(this.target);
  }

  getTreeItem(): vscode.TreeItem {
    const t = this.target;
    const item = new vscode.TreeItem(t.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    const deploy = this.deployStates.get(t);
    const where = [t.location, t.resourceGroup].filter(Boolean).join(' · ');
    const read = this.live.peek();
    const live = read?.ok ? read.result : undefined;
    // A setting Azure would refuse is said at once: nothing is read for it.
    const setting = checkTarget(t, this.read.collection)[0];
    const liveText = setting
      ? vscode.l10n.t('setting {0} is not valid', setting.field)
      : live
        ? live.deployed
          ? describeLiveGroup(live.group)
          : vscode.l10n.t('not deployed')
        : undefined;
    item.description = liveText ? `${where} · ${liveText}` : deploy ? `${where} · ${deploy.state}` : where;
    item.iconPath = new vscode.ThemeIcon('server-environment');
    // A path the tree will not read is said on the node itself, before anyone expands it.
    const at = locateDefinition(t);
    if (!at.ok) {
      item.description = vscode.l10n.t('definition not read · {0}', where);
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
    }
    item.resourceUri = this.uri;
    // The menus offer what the live state allows (all of it until that state is known).
    // A profile or NGroups resource has no Start, Stop, Restart, Delete or Diagnose here: those act on containerGroups/.
    item.contextValue = this.read.collection ? 'containerGroupProfile' : groupContextValue(live);
    const tip = new vscode.MarkdownString(undefined, true);
    tip.appendMarkdown(`**$(server-environment) `).appendText(t.name).appendMarkdown('**\n\n');
    tip.appendMarkdown('| | |\n|---|---|\n');
    const row = (k: string, v: string | undefined) => tip.appendMarkdown(`| ${k} | `).appendText(v ?? '—').appendMarkdown(' |\n');
    row(vscode.l10n.t('Subscription'), t.subscriptionId);
    row(vscode.l10n.t('Resource group'), t.resourceGroup);
    row(vscode.l10n.t('Location'), t.location ?? vscode.l10n.t('from the definition'));
    row(vscode.l10n.t('Definition'), t.definitionFile);
    if (!at.ok) row(vscode.l10n.t('Not read'), at.message);
    if (deploy) row(vscode.l10n.t('Last deploy'), vscode.l10n.t('{0} at {1}', deploy.state, new Date(deploy.at).toLocaleString()));
    if (live?.deployed) for (const [k, v] of liveGroupRows(live.group)) row(k, v);
    if (live && !live.deployed) row(vscode.l10n.t('In Azure'), vscode.l10n.t('not deployed yet'));
    item.tooltip = tip;
    return item;
  }

  /** The definition's nodes at once, with "Loading…" until the live state arrives; then the same nodes with it. */
  async getChildren(): Promise<TreeNode[]> {
    // NGroups have no properties.containers (their profiles do): no "No containers" advice for them.
    const nodes = (await this.definitionAndLive()).filter((n) => !(this.read.collection === 'ngroups' && n.id === `${this.id}:noc`));
    // A profile or NGroups resource runs nothing itself: its containers offer no shell, logs or file copy.
    if (this.read.collection) for (const n of nodes) if (n instanceof ContainerNode) n.noSessions();
    return nodes;
  }

  private async definitionAndLive(): Promise<TreeNode[]> {
    const at = locateDefinition(this.target);
    if (!at.ok) return [new ErrorNode(`${this.id}:error`, vscode.l10n.t('Definition not read'), at.message, OPEN_SETTINGS)];
    const uri = at.uri;
    const open = (title: string): vscode.Command => ({ command: 'vscode.open', title, arguments: [uri] });
    const file = await readDefinitionFile(uri);
    if (!file.ok) {
      const label = file.missing ? vscode.l10n.t('Definition not found') : vscode.l10n.t('Definition not read');
      return [new ErrorNode(`${this.id}:error`, label, file.message, open(vscode.l10n.t('Open Definition')))];
    }
    const parsed = readDefinitionText(file.text, uri.path);
    if (!parsed.ok) return [new ErrorNode(`${this.id}:error`, vscode.l10n.t('Definition has errors'), parsed.message, open(vscode.l10n.t('Open Definition')))];
    const summary = summarizeContainerGroup(parsed.value);
    const read = liveReadOf(parsed.value, this.target);
    // The file now names another api-version (or resource type): what was read before lacks (or has) other fields.
    if (read.apiVersion !== this.read.apiVersion || read.collection !== this.read.collection) this.live.reset();
    this.read = read;
    // Decided here, not by the background read: the row's child says what to fix at once, never "Loading…".
    const setting = checkTarget(this.target, this.read.collection)[0];
    if (setting) return [...summaryNodes(this.id, this.target, summary), settingNode(this.id, setting)];
    const live = this.live.get();
    if (!live) return [...summaryNodes(this.id, this.target, summary), new LoadingNode(`${this.id}:live:loading`, vscode.l10n.t('Loading the live state…'))];
    return this.withLiveState(summary, parsed.value, live);
  }

  private withLiveState(summary: ContainerGroupSummary, definition: unknown, live: LiveOutcome): TreeNode[] {
    if (!live.ok && live.setting) return [...summaryNodes(this.id, this.target, summary), settingNode(this.id, live.setting)];
    if (!live.ok) {
      const note = live.signIn ? signInNode(this.id, live.message) : liveErrorNode(this.id, live.message);
      return [...summaryNodes(this.id, this.target, summary), note];
    }
    if (!live.result.deployed) return [...summaryNodes(this.id, this.target, summary), notDeployedNode(this.id)];
    const { group, resource } = live.result;
    const nodes = summaryNodes(this.id, this.target, summary, group.containers, group.state);
    if (group.events.length) nodes.push(eventsNode(`${this.id}:live:events`, group.events));
    // Compared with the definition as it is now, so an edit shows without reading Azure again.
    nodes.push(...differenceNodes(this.id, compareWithDefinition(resource, definition, this.target)));
    return nodes;
  }

  /** Forget the live state, so the next expansion reads it again (Refresh, a deploy of this group). */
  invalidate(): void {
    this.live.reset();
  }

  private async readLive(token: vscode.CancellationToken): Promise<LiveOutcome> {
    // An id Azure would refuse is not asked about: its 404 would read as "not deployed yet".
    const setting = checkTarget(this.target, this.read.collection)[0];
    if (setting) return { ok: false, signIn: false, message: setting.message, setting };
    const started = Date.now();
    try {
      const result = await this.loadLive(this.target, token, this.read);
      // What Azure says now replaces a deploy's outcome recorded before (an abandoned deploy's Unknown).
      await this.deployStates.forget(this.target, started);
      return { ok: true, result };
    } catch (err) {
      return { ok: false, signIn: err instanceof SignInNeeded, message: errorMessage(err) };
    }
  }

  dispose(): void {
    this.live.dispose();
  }
}

/** The entry's setting that keeps the live state from being read, and how to fix it. */
function settingNode(parentId: string, p: TargetProblem): TreeNode {
  const label = vscode.l10n.t('The setting {0} is not valid', p.field);
  return new ErrorNode(`${parentId}:live:setting`, label, vscode.l10n.t('"{0}": {1}', p.value, p.message), OPEN_SETTINGS);
}

/** The group settings the newer api-versions add, one row each when the definition sets them. */
function settingNodes(id: string, g: ContainerGroupSummary['settings']): TreeNode[] {
  const rows: [string, string, string | undefined][] = [
    ['priority', vscode.l10n.t('Priority'), g.priority],
    ['identity', vscode.l10n.t('Identity'), g.identity],
    ['zones', vscode.l10n.t('Zones'), g.zones.join(', ') || undefined],
    ['profile', vscode.l10n.t('Container group profile'), g.profile],
    ['secretRefs', vscode.l10n.t('Secret references'), g.secretReferences.join(', ') || undefined],
  ];
  return rows.filter(([, , v]) => v !== undefined).map(([key, label, v]) => new InfoNode(`${id}:set:${key}`, label, { description: v, icon: new vscode.ThemeIcon('settings') }));
}

function volumeNode(parentId: string, v: VolumeSummary): TreeNode {
  const kind =
    v.kind === 'unknown' ? vscode.l10n.t('no source set') : v.kind === 'ambiguous' ? vscode.l10n.t('several sources: {0}', v.detail ?? '') : v.kind;
  const description = v.kind === 'unknown' || v.kind === 'ambiguous' ? kind : [kind, v.detail].filter(Boolean).join(' · ');
  return new InfoNode(`${parentId}:vol:${v.name}`, v.name, { description, icon: new vscode.ThemeIcon(VOLUME_ICONS[v.kind]) });
}

export function summaryNodes(id: string, target: ContainerGroupTarget, s: ContainerGroupSummary, live?: LiveContainer[], groupState?: string): TreeNode[] {
  const nodes: TreeNode[] = containerNodes(id, target, s.containers, live, false, groupState);
  if (s.containers.length === 0) nodes.push(new InfoNode(`${id}:noc`, vscode.l10n.t('No containers'), { description: vscode.l10n.t('add one under properties.containers'), icon: new vscode.ThemeIcon('warning') }));
  const inits = containerNodes(id, target, s.initContainers, live, true, groupState);
  if (inits.length) {
    nodes.push(new InfoNode(`${id}:inits`, vscode.l10n.t('Init containers'), { description: String(inits.length), icon: new vscode.ThemeIcon('debug-start'), children: inits }));
  }
  if (s.volumes.length) {
    const children = s.volumes.map((v) => volumeNode(id, v));
    nodes.push(new InfoNode(`${id}:vols`, vscode.l10n.t('Volumes'), { description: String(children.length), icon: new vscode.ThemeIcon('database'), children }));
  }
  nodes.push(...settingNodes(id, s.settings));
  if (s.network) {
    const n = s.network;
    const parts = [n.type ?? vscode.l10n.t('IP address'), formatPorts(n.ports), n.dnsNameLabel && `${n.dnsNameLabel}.${s.location ?? '<location>'}.azurecontainer.io`];
    const children: TreeNode[] = n.subnets.map((sn, i) => new InfoNode(`${id}:net:sub:${i}`, vscode.l10n.t('Subnet'), { description: sn, icon: new vscode.ThemeIcon('type-hierarchy') }));
    nodes.push(new InfoNode(`${id}:net`, vscode.l10n.t('Network'), { description: parts.filter(Boolean).join(' · '), icon: new vscode.ThemeIcon('globe'), children }));
  }
  return nodes;
}
