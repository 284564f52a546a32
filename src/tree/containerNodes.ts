/**
 * Container and init container nodes: what the definition says (image, resources, ports, mounts, environment
 * variable names) and, once the group's live state is read, what Azure says (state, restarts, last exit code,
 * events). They carry `containerRef` for the commands that act on one container.
 */
import * as vscode from 'vscode';
import { containerContextValue } from '../core/containerGroup/allowedActions';
import type { ContainerGroupTarget } from '../core/settings/model';
import { type ContainerSummary, formatPorts } from '../core/containerGroup/summary';
import { containerTone, lastExitCode, type LiveContainer, type StateTone } from '../core/containerGroup/liveState';
import type { ContainerRef } from './containerRef';
import { eventsNode, localTime } from './liveNodes';
import { InfoNode, TreeNode } from './treeNode';

const TONE_COLOURS: Record<StateTone, string | undefined> = {
  ok: 'testing.iconPassed',
  waiting: 'list.warningForeground',
  failed: 'list.errorForeground',
  done: 'descriptionForeground',
  unknown: undefined,
};

function stateIcon(tone: StateTone, init: boolean): vscode.ThemeIcon {
  const colour = TONE_COLOURS[tone];
  const id = tone === 'ok' ? 'pass-filled' : tone === 'failed' ? 'error' : tone === 'waiting' ? 'warning' : init ? 'debug-start' : 'package';
  return new vscode.ThemeIcon(id, colour ? new vscode.ThemeColor(colour) : undefined);
}

/** "Running · 3 restarts · last exit 1": what the container's row says once its live state is known. */
export function describeLiveContainer(c: LiveContainer): string {
  const restarts = c.restartCount ?? 0;
  const exit = lastExitCode(c);
  return [
    c.current?.state ?? vscode.l10n.t('state unknown'),
    c.current?.detailStatus,
    restarts === 1 ? vscode.l10n.t('1 restart') : restarts > 1 ? vscode.l10n.t('{0} restarts', restarts) : undefined,
    exit === undefined ? undefined : vscode.l10n.t('last exit {0}', exit),
  ]
    .filter(Boolean)
    .join(' · ');
}

function definitionDetails(id: string, c: ContainerSummary, init: boolean): TreeNode[] {
  const notSet = vscode.l10n.t('not set');
  const details: TreeNode[] = [new InfoNode(`${id}:image`, vscode.l10n.t('Image'), { description: c.image ?? notSet, icon: new vscode.ThemeIcon('package') })];
  if (!init) details.push(new InfoNode(`${id}:res`, vscode.l10n.t('Resources'), { description: sizeOf(c) || notSet, icon: new vscode.ThemeIcon('dashboard') }));
  if (c.ports.length) details.push(new InfoNode(`${id}:ports`, vscode.l10n.t('Ports'), { description: formatPorts(c.ports), icon: new vscode.ThemeIcon('plug') }));
  for (const m of c.mounts) {
    const where = m.readOnly ? vscode.l10n.t('{0} (read-only)', m.mountPath) : m.mountPath;
    details.push(new InfoNode(`${id}:mount:${m.name}`, vscode.l10n.t('Mount {0}', m.name), { description: where, icon: new vscode.ThemeIcon('file-symlink-directory') }));
  }
  if (c.environment.length) {
    // Names only: a value, secure or not, is never shown.
    const names = c.environment.map((e) => (e.secure ? vscode.l10n.t('{0} (secure)', e.name) : e.name)).join(', ');
    details.push(new InfoNode(`${id}:env`, vscode.l10n.t('Environment'), { description: names, icon: new vscode.ThemeIcon('symbol-variable') }));
  }
  return details;
}

function sizeOf(c: ContainerSummary): string {
  return [c.cpu && vscode.l10n.t('{0} CPU', c.cpu), c.memoryInGB && vscode.l10n.t('{0} GB', c.memoryInGB), c.gpu && vscode.l10n.t('GPU {0}', c.gpu)]
    .filter(Boolean)
    .join(' · ');
}

function liveDetails(id: string, live: LiveContainer): TreeNode[] {
  const nodes: TreeNode[] = [];
  const prev = live.previous;
  if (prev?.state) {
    const exit = prev.exitCode === undefined ? undefined : vscode.l10n.t('exit {0}', prev.exitCode);
    const ended = prev.finishTime ? vscode.l10n.t('ended {0}', localTime(prev.finishTime)) : undefined;
    nodes.push(new InfoNode(`${id}:prev`, vscode.l10n.t('Previous state'), { description: [prev.state, prev.detailStatus, exit, ended].filter(Boolean).join(' · '), icon: new vscode.ThemeIcon('history') }));
  }
  if (live.events.length) nodes.push(eventsNode(`${id}:events`, live.events));
  return nodes;
}

function tooltipOf(name: string, c: ContainerSummary | undefined, live: LiveContainer | undefined): vscode.MarkdownString {
  const tip = new vscode.MarkdownString(undefined, true);
  tip.appendMarkdown('**').appendText(name).appendMarkdown('**\n\n| | |\n|---|---|\n');
  const row = (k: string, v: string | number | undefined) => {
    if (v !== undefined && v !== '') tip.appendMarkdown(`| ${k} | `).appendText(String(v)).appendMarkdown(' |\n');
  };
  row(vscode.l10n.t('Image'), c?.image ?? live?.image);
  if (live) {
    row(vscode.l10n.t('State'), live.current?.state);
    row(vscode.l10n.t('Detail'), live.current?.detailStatus);
    row(vscode.l10n.t('Since'), live.current?.startTime && localTime(live.current.startTime));
    row(vscode.l10n.t('Restarts'), live.restartCount);
    row(vscode.l10n.t('Last exit code'), lastExitCode(live));
    row(vscode.l10n.t('Previous state'), live.previous?.state);
  }
  return tip;
}

export class ContainerNode implements TreeNode {
  readonly id: string;
  readonly containerRef: ContainerRef;
  private readonly children: TreeNode[];
  private sessions = true;

  constructor(
    parentId: string,
    target: ContainerGroupTarget,
    readonly name: string,
    private readonly init: boolean,
    private readonly summary: ContainerSummary | undefined,
    private readonly live: LiveContainer | undefined,
    /** The group's instanceView.state, once read. */
    private readonly groupState?: string,
  ) {
    this.id = `${parentId}:${init ? 'init' : 'c'}:${name}`;
    this.containerRef = { target, containerName: name, init };
    this.children = [...(summary ? definitionDetails(this.id, summary, init) : []), ...(live ? liveDetails(this.id, live) : [])];
  }

  /** A container of a profile or NGroups definition: nothing runs it, so no session is offered. */
  noSessions(): void {
    this.sessions = false;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.name, this.children.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    const c = this.summary;
    const definition = c ? [c.image, this.init ? undefined : sizeOf(c), formatPorts(c.ports)].filter(Boolean).join(' · ') : '';
    item.description = this.live ? describeLiveContainer(this.live) : definition;
    if (this.live && !c) item.description = vscode.l10n.t('{0} · not in the definition', item.description);
    item.iconPath = this.live ? stateIcon(containerTone(this.live), this.init) : new vscode.ThemeIcon(this.init ? 'debug-start' : 'package');
    item.tooltip = tooltipOf(this.name, c, this.live);
    // Open Shell and Show Live Output are offered where a session can open (or while that is not known).
    item.contextValue = this.sessions ? containerContextValue(this.init, this.groupState, this.live?.current?.state) : 'profileContainer';
    return item;
  }

  getChildren(): TreeNode[] {
    return this.children;
  }
}

/**
 * The definition's containers (or init containers) with their live state where Azure has one, then those Azure
 * has and the definition does not.
 */
export function containerNodes(
  parentId: string,
  target: ContainerGroupTarget,
  defined: ContainerSummary[],
  live: LiveContainer[] | undefined,
  init: boolean,
  groupState?: string,
): ContainerNode[] {
  const liveOnes = (live ?? []).filter((l) => l.init === init && l.name);
  const byName = new Map(liveOnes.map((l) => [l.name.toLowerCase(), l]));
  const nodes = defined.map((c) => new ContainerNode(parentId, target, c.name, init, c, byName.get(c.name.toLowerCase()), groupState));
  const definedNames = new Set(defined.map((c) => c.name.toLowerCase()));
  for (const l of liveOnes) if (!definedNames.has(l.name.toLowerCase())) nodes.push(new ContainerNode(parentId, target, l.name, init, undefined, l, groupState));
  return nodes;
}
