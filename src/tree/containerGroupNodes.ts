/** Container group nodes: read from the definition file, expanded to containers, volumes and network. */
import * as vscode from 'vscode';
import { ContainerGroupTarget, containerGroupKey } from '../core/settings/model';
import { readDefinitionText } from '../core/containerGroup/readDefinition';
import {
  ContainerGroupSummary,
  ContainerSummary,
  VolumeSummary,
  formatPorts,
  summarizeContainerGroup,
} from '../core/containerGroup/summary';
import { definitionUri, locateDefinition, readDefinitionFile } from './definitionFiles';
import { ErrorNode, InfoNode, TreeNode } from './treeNode';
import { DeployStates } from './deployStates';

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

export class ContainerGroupNode implements TreeNode {
  readonly id: string;

  constructor(
    readonly target: ContainerGroupTarget,
    private readonly deployStates: DeployStates,
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
    item.description = deploy ? `${where} · ${deploy.state}` : where;
    item.iconPath = new vscode.ThemeIcon('server-environment');
    // A path the tree will not read is said on the node itself, before anyone expands it.
    const at = locateDefinition(t);
    if (!at.ok) {
      item.description = vscode.l10n.t('definition not read · {0}', where);
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
    }
    item.resourceUri = this.uri;
    item.contextValue = 'containerGroup';
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
    item.tooltip = tip;
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    const at = locateDefinition(this.target);
    if (!at.ok) return [new ErrorNode(`${this.id}:error`, vscode.l10n.t('Definition not read'), at.message, OPEN_SETTINGS)];
    const uri = at.uri;
    const open = (title: string): vscode.Command => ({ command: 'vscode.open', title, arguments: [uri] });
    const file = await readDefinitionFile(uri);
    if (!file.ok) return [new ErrorNode(`${this.id}:error`, vscode.l10n.t('Definition not found'), file.message, open(vscode.l10n.t('Open Definition')))];
    const parsed = readDefinitionText(file.text, uri.path);
    if (!parsed.ok) return [new ErrorNode(`${this.id}:error`, vscode.l10n.t('Definition has errors'), parsed.message, open(vscode.l10n.t('Open Definition')))];
    return summaryNodes(this.id, summarizeContainerGroup(parsed.value));
  }
}

function containerNode(parentId: string, c: ContainerSummary, init: boolean): TreeNode {
  const id = `${parentId}:${init ? 'init' : 'c'}:${c.name}`;
  const size = [
    c.cpu && vscode.l10n.t('{0} CPU', c.cpu),
    c.memoryInGB && vscode.l10n.t('{0} GB', c.memoryInGB),
    c.gpu && vscode.l10n.t('GPU {0}', c.gpu),
  ].filter(Boolean).join(' · ');
  const notSet = vscode.l10n.t('not set');
  const details: TreeNode[] = [
    new InfoNode(`${id}:image`, vscode.l10n.t('Image'), c.image ?? notSet, new vscode.ThemeIcon('package')),
  ];
  if (!init) details.push(new InfoNode(`${id}:res`, vscode.l10n.t('Resources'), size || notSet, new vscode.ThemeIcon('dashboard')));
  if (c.ports.length) details.push(new InfoNode(`${id}:ports`, vscode.l10n.t('Ports'), formatPorts(c.ports), new vscode.ThemeIcon('plug')));
  for (const m of c.mounts) {
    const where = m.readOnly ? vscode.l10n.t('{0} (read-only)', m.mountPath) : m.mountPath;
    details.push(new InfoNode(`${id}:mount:${m.name}`, vscode.l10n.t('Mount {0}', m.name), where, new vscode.ThemeIcon('file-symlink-directory')));
  }
  if (c.environment.length) {
    const names = c.environment.map((e) => (e.secure ? vscode.l10n.t('{0} (secure)', e.name) : e.name)).join(', ');
    details.push(new InfoNode(`${id}:env`, vscode.l10n.t('Environment'), names, new vscode.ThemeIcon('symbol-variable')));
  }
  const description = [c.image, init ? undefined : size, formatPorts(c.ports)].filter(Boolean).join(' · ');
  return new InfoNode(id, c.name, description, new vscode.ThemeIcon(init ? 'debug-start' : 'package'), undefined, details);
}

function volumeNode(parentId: string, v: VolumeSummary): TreeNode {
  const kind =
    v.kind === 'unknown' ? vscode.l10n.t('no source set') : v.kind === 'ambiguous' ? vscode.l10n.t('several sources: {0}', v.detail ?? '') : v.kind;
  const description = v.kind === 'unknown' || v.kind === 'ambiguous' ? kind : [kind, v.detail].filter(Boolean).join(' · ');
  return new InfoNode(`${parentId}:vol:${v.name}`, v.name, description, new vscode.ThemeIcon(VOLUME_ICONS[v.kind]));
}

export function summaryNodes(id: string, s: ContainerGroupSummary): TreeNode[] {
  const nodes: TreeNode[] = s.containers.map((c) => containerNode(id, c, false));
  if (s.containers.length === 0) nodes.push(new InfoNode(`${id}:noc`, vscode.l10n.t('No containers'), vscode.l10n.t('add one under properties.containers'), new vscode.ThemeIcon('warning')));
  if (s.initContainers.length) {
    const children = s.initContainers.map((c) => containerNode(id, c, true));
    nodes.push(new InfoNode(`${id}:inits`, vscode.l10n.t('Init containers'), String(children.length), new vscode.ThemeIcon('debug-start'), undefined, children));
  }
  if (s.volumes.length) {
    const children = s.volumes.map((v) => volumeNode(id, v));
    nodes.push(new InfoNode(`${id}:vols`, vscode.l10n.t('Volumes'), String(children.length), new vscode.ThemeIcon('database'), undefined, children));
  }
  if (s.network) {
    const n = s.network;
    const parts = [n.type ?? vscode.l10n.t('IP address'), formatPorts(n.ports), n.dnsNameLabel && `${n.dnsNameLabel}.${s.location ?? '<location>'}.azurecontainer.io`];
    const children: TreeNode[] = n.subnets.map((sn, i) => new InfoNode(`${id}:net:sub:${i}`, vscode.l10n.t('Subnet'), sn, new vscode.ThemeIcon('type-hierarchy')));
    nodes.push(new InfoNode(`${id}:net`, vscode.l10n.t('Network'), parts.filter(Boolean).join(' · '), new vscode.ThemeIcon('globe'), undefined, children));
  }
  return nodes;
}
