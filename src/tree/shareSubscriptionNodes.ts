/**
 * Share subscription nodes: the synchronization being followed (on the node itself), the source share's schedule
 * with whether the consumer enabled it, and the data sets with where they land. Children load lazily from ARM.
 */
import * as vscode from 'vscode';
import { ShareSubscriptionTarget, shareSubscriptionKey } from '../core/settings/model';
import { orderBySoonest } from '../core/schedule/nextRun';
import { prop } from '../core/definition/plainValues';
import { triggerFor, isScheduleTrigger } from '../core/synchronization/schedule';
import type { SynchronizationWatches } from '../core/synchronization/syncWatches';
import type { WatchSnapshot } from '../core/synchronization/syncWatch';
import type { ScheduledTrigger } from '../core/services/dataShareConsumer';
import type { SourceShareSynchronizationSetting } from '../core/services/dataShare';
import { BackgroundLoad, ErrorNode, InfoNode, LoadingNode, TreeNode } from './treeNode';
import { errorMessage } from '../core/arm/errors';
import type { ShareSubscriptionSource } from './shareSubscriptionSource';
import { progressLine } from './synchronizationText';
import { DataSetsNode } from './dataSetNodes';
import { scheduleNode, triggerOnlyNode } from './scheduleNodes';

export class ShareSubscriptionNode implements TreeNode {
  readonly id: string;
  readonly key: string;
  private readonly children = new BackgroundLoad<TreeNode[]>((token) => this.fetch(token), () => this.changed(this));
  private readonly dataSets: DataSetsNode;
  /** The synchronization the data sets were last read again for, and whether it had ended. */
  private followed: { synchronizationId: string; ended: boolean } | undefined;

  constructor(
    readonly target: ShareSubscriptionTarget,
    private readonly source: ShareSubscriptionSource,
    /** Called when this node's children have arrived, so the view asks for them again. */
    private readonly changed: (node: TreeNode) => void,
    private readonly watches: SynchronizationWatches,
  ) {
    this.key = shareSubscriptionKey(target);
    this.id = `ss:${this.key}`;
    this.dataSets = new DataSetsNode(`${this.id}:datasets`, target, source, changed);
  }

  getTreeItem(): vscode.TreeItem {
    const t = this.target;
    const item = new vscode.TreeItem(t.label ?? t.shareSubscriptionName, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    const watch = this.watches.get(this.key)?.snapshot;
    const running = watch !== undefined && !watch.ended;
    const names = t.label ? `${t.shareSubscriptionName} · ${t.accountName}` : t.accountName;
    item.description = watch ? progressLine(watch) : names;
    item.iconPath = new vscode.ThemeIcon(running ? 'sync~spin' : 'cloud-download');
    item.contextValue = running ? 'shareSubscription.synchronizing' : 'shareSubscription';
    const tip = new vscode.MarkdownString(undefined, true);
    tip.appendMarkdown('**$(cloud-download) ').appendText(t.label ?? t.shareSubscriptionName).appendMarkdown('**\n\n');
    tip.appendMarkdown('| | |\n|---|---|\n');
    const row = (k: string, v: string) => tip.appendMarkdown(`| ${k} | `).appendText(v).appendMarkdown(' |\n');
    row(vscode.l10n.t('Share subscription'), t.shareSubscriptionName);
    row(vscode.l10n.t('Account'), t.accountName);
    row(vscode.l10n.t('Resource group'), t.resourceGroup);
    row(vscode.l10n.t('Subscription'), t.subscriptionId);
    if (watch) {
      row(vscode.l10n.t('Synchronization'), progressLine(watch));
      row(vscode.l10n.t('Synchronization id'), watch.synchronizationId);
    }
    item.tooltip = tip;
    return item;
  }

  /**
   * Answers at once: a "Loading…" node while the request (and its retries) run, then the result once this
   * node's change event asks again. VS Code waits for every expanded node before it redraws the tree, so a
   * node that waited here for a slow or retried request would hold the whole view.
   */
  getChildren(): TreeNode[] {
    const schedule = this.children.get() ?? [new LoadingNode(`${this.id}:loading`, vscode.l10n.t('Loading synchronization settings…'))];
    return [...schedule, this.dataSets];
  }

  /** Forget the result, so the next expansion loads again (Refresh on this node). */
  invalidate(): void {
    this.children.reset();
    this.dataSets.invalidate();
  }

  /**
   * The followed synchronization moved. The data sets show their status in the latest synchronization: when a new one
   * starts that is no longer the previous run's, and when it ends its statuses are final, so they are read again
   * (when next shown) at both.
   */
  synchronizationMoved(snapshot: WatchSnapshot): void {
    const started = snapshot.synchronizationId !== this.followed?.synchronizationId;
    const ended = snapshot.ended && !this.followed?.ended;
    this.followed = { synchronizationId: snapshot.synchronizationId, ended: snapshot.ended };
    if (started || ended) this.dataSets.invalidate();
  }

  private async fetch(token: vscode.CancellationToken): Promise<TreeNode[]> {
    const triggers = this.source.triggers(this.target, token).then(
      (items): { items: ScheduledTrigger[]; error?: string } => ({ items }),
      (err: unknown) => ({ items: [] as ScheduledTrigger[], error: errorMessage(err) }),
    );
    try {
      const settings = (await this.source.settings(this.target, token)) as SourceShareSynchronizationSetting[];
      const enabled = await triggers;
      const nodes: TreeNode[] = [];
      if (settings.length === 0) {
        const label = vscode.l10n.t('No synchronization schedule');
        nodes.push(new InfoNode(`${this.id}:none`, label, { description: vscode.l10n.t('the source share has none'), icon: new vscode.ThemeIcon('info') }));
      }
      const ordered = orderBySoonest(settings, (s) => {
        const props = prop(s, 'properties');
        return { time: prop(props, 'synchronizationTime'), interval: prop(props, 'recurrenceInterval') };
      });
      nodes.push(...ordered.map((s, i) => scheduleNode(`${this.id}:setting:${i}`, s, enabled.error ? undefined : triggerFor(s, enabled.items), this.target)));
      // A trigger that matches no setting the source offers (e.g. the provider changed its schedule) still runs.
      const orphans = enabled.items.filter((t) => isScheduleTrigger(t) && !settings.some((s) => triggerFor(s, [t])));
      nodes.push(...orphans.map((t, i) => triggerOnlyNode(`${this.id}:trigger:${i}`, t, this.target)));
      if (enabled.error) {
        nodes.push(new ErrorNode(`${this.id}:triggers-error`, vscode.l10n.t('Could not read whether the schedule is enabled'), enabled.error, { command: 'aciDataShare.showOutput', title: vscode.l10n.t('Show Output') }));
      }
      return nodes;
    } catch (err) {
      return [
        new ErrorNode(`${this.id}:error`, vscode.l10n.t('Could not load synchronization settings'), errorMessage(err), {
          command: 'aciDataShare.showOutput',
          title: vscode.l10n.t('Show Output'),
        }),
      ];
    }
  }

  dispose(): void {
    this.children.dispose();
    this.dataSets.dispose();
  }
}
