/** The one tree of the ACI & Data Share view: container groups and share subscriptions. */
import * as vscode from 'vscode';
import * as settings from '../settings/configuration';
import { ContainerGroupNode } from './containerGroupNodes';
import { ShareSubscriptionNode } from './shareSubscriptionNodes';
import type { ShareSubscriptionSource } from './shareSubscriptionSource';
import type { SynchronizationWatches } from '../core/synchronization/syncWatches';
import type { WatchSnapshot } from '../core/synchronization/syncWatch';
import { DeployStates } from './deployStates';
import type { LiveStateLoader } from './liveStateLoader';
import { containerGroupKey, type ContainerGroupTarget } from '../core/settings/model';
import { ErrorNode, InfoNode, TreeNode } from './treeNode';
import { AgoRefresh } from './agoRefresh';

const NEVER = new vscode.CancellationTokenSource().token;

class RootNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly label: string,
    private readonly icon: string,
    private readonly contextValue: string,
    private readonly children: () => TreeNode[],
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = this.contextValue;
    const count = this.children().filter((c) => c instanceof ContainerGroupNode || c instanceof ShareSubscriptionNode).length;
    item.description = String(count);
    return item;
  }

  getChildren(): TreeNode[] {
    return this.children();
  }
}

function problemNodes(prefix: string, problems: string[]): TreeNode[] {
  const open: vscode.Command = { command: 'workbench.action.openSettings', title: vscode.l10n.t('Open Settings'), arguments: ['aciDataShare'] };
  return problems.map((p, i) => new ErrorNode(`${prefix}:problem:${i}`, vscode.l10n.t('Setting skipped'), p, open));
}

export class ExplorerProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots: TreeNode[] | undefined;
  /** Nothing configured: the view shows its welcome content instead. */
  isEmpty = false;
  /** How long the first build of the roots took (the tree's first render), in ms. */
  firstRenderMs: number | undefined;

  private readonly following: vscode.Disposable;
  private readonly watching: { dispose(): void };
  /** Redraws running synchronizations' rows when their "started N min ago" would change; no timer when none runs. */
  private readonly agoRefresh = new AgoRefresh(
    // A Canceling row counts from the cancel ("asked 3 min ago"), the others from the start.
    () => this.runningNodes().map((n) => {
      const s = this.watches.running(n.key)?.snapshot;
      return s?.status === 'Canceling' && s.cancelAskedAt ? s.cancelAskedAt : s?.startTime;
    }),
    () => this.runningNodes().forEach((n) => this.changed.fire(n)),
  );

  constructor(
    private readonly shareSubscriptions: ShareSubscriptionSource,
    private readonly deployStates: DeployStates,
    private readonly loadLiveState: LiveStateLoader,
    private readonly watches: SynchronizationWatches,
  ) {
    this.following = deployStates.onDidChange((target) => this.refreshGroup(target));
    this.watching = watches.onDidChange((key, snapshot) => this.showSynchronization(key, snapshot));
  }

  /** A followed synchronization moved: only its share subscription's node is redrawn (its schedule stays loaded). */
  private showSynchronization(key: string, snapshot: WatchSnapshot): void {
    for (const node of this.entries()) {
      if (!(node instanceof ShareSubscriptionNode) || node.key !== key) continue;
      node.synchronizationMoved(snapshot);
      this.changed.fire(node);
    }
    this.agoRefresh.update();
  }

  /** Share subscription nodes whose followed synchronization has not ended. */
  private runningNodes(): ShareSubscriptionNode[] {
    return this.entries().filter((n): n is ShareSubscriptionNode => n instanceof ShareSubscriptionNode && this.watches.running(n.key) !== undefined);
  }

  /** Shows a group's new deploy state: only its node is rebuilt. */
  private refreshGroup(target: ContainerGroupTarget): void {
    const key = containerGroupKey(target);
    for (const node of this.entries()) {
      if (node instanceof ContainerGroupNode && containerGroupKey(node.target) === key) this.refresh(node);
    }
  }

  /** Rebuilds everything, or only `node` and its children. */
  refresh(node?: TreeNode): void {
    if (node) node.invalidate?.();
    else this.disposeRoots();
    this.changed.fire(node);
  }

  private disposeRoots(): void {
    for (const node of this.entries()) node.dispose?.();
    this.roots = undefined;
  }

  getTreeItem(node: TreeNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    return node.getTreeItem();
  }

  getChildren(node?: TreeNode): vscode.ProviderResult<TreeNode[]> {
    if (node) return node.getChildren?.(NEVER) ?? [];
    if (!this.roots) {
      const started = performance.now();
      this.roots = this.buildRoots();
      this.firstRenderMs ??= performance.now() - started;
    }
    return this.roots;
  }

  getParent(): undefined {
    return undefined;
  }

  /** The configured groups and subscriptions currently in the tree. */
  entries(): TreeNode[] {
    return (this.roots ?? []).flatMap((root) => (root.getChildren?.(NEVER) as TreeNode[] | undefined) ?? []);
  }

  /** Re-reads only the container groups whose definition is `uri` (after a save). */
  refreshDefinition(uri: vscode.Uri): void {
    for (const node of this.entries()) {
      if (node instanceof ContainerGroupNode && node.uri?.toString() === uri.toString()) this.changed.fire(node);
    }
  }

  private buildRoots(): TreeNode[] {
    const groups = settings.containerGroups();
    const subs = settings.shareSubscriptions();
    const empty = groups.items.length + subs.items.length + groups.problems.length + subs.problems.length === 0;
    this.isEmpty = empty;
    void vscode.commands.executeCommand('setContext', 'aciDataShare.empty', empty);
    // The walkthrough's first step ticks when the view lists a container group, however it got there.
    void vscode.commands.executeCommand('setContext', 'aciDataShare.hasContainerGroups', groups.items.length > 0);
    if (empty) return [];
    const groupNodes: TreeNode[] = [
      ...groups.items.map((t) => new ContainerGroupNode(t, this.deployStates, this.loadLiveState, (n) => this.changed.fire(n))),
      ...problemNodes('cg', groups.problems),
    ];
    const subNodes: TreeNode[] = [
      ...subs.items.map((t) => new ShareSubscriptionNode(t, this.shareSubscriptions, (n) => this.changed.fire(n), this.watches)),
      ...problemNodes('ss', subs.problems),
    ];
    const none = (id: string, label: string) => new InfoNode(id, label, { description: vscode.l10n.t('use Add… in the view menu'), icon: new vscode.ThemeIcon('info') });
    return [
      new RootNode('root:cg', vscode.l10n.t('Container groups'), 'server-environment', 'containerGroupsRoot', () =>
        groupNodes.length ? groupNodes : [none('cg:none', vscode.l10n.t('No container groups yet'))],
      ),
      new RootNode('root:ss', vscode.l10n.t('Share subscriptions'), 'cloud', 'shareSubscriptionsRoot', () =>
        subNodes.length ? subNodes : [none('ss:none', vscode.l10n.t('No share subscriptions yet'))],
      ),
    ];
  }

  dispose(): void {
    this.following.dispose();
    this.watching.dispose();
    this.agoRefresh.dispose();
    this.disposeRoots();
    this.changed.dispose();
  }
}
