/** Share subscription nodes: expanded lazily to the source share's synchronization settings from ARM. */
import * as vscode from 'vscode';
import { ShareSubscriptionTarget, shareSubscriptionKey } from '../core/settings/model';
import { describeSchedule, formatUtc, nextRun, orderBySoonest } from '../core/schedule/nextRun';
import { prop } from '../core/definition/plainValues';
import { BackgroundLoad, ErrorNode, InfoNode, LoadingNode, TreeNode } from './treeNode';
import { errorMessage } from '../core/arm/errors';

/** Fetches every page of a share subscription's source synchronization settings. */
export type SourceSettingsLoader = (target: ShareSubscriptionTarget, token: vscode.CancellationToken) => Promise<unknown[]>;

export class ShareSubscriptionNode implements TreeNode {
  readonly id: string;
  private readonly children = new BackgroundLoad<TreeNode[]>((token) => this.fetch(token), () => this.changed(this));

  constructor(
    readonly target: ShareSubscriptionTarget,
    private readonly load: SourceSettingsLoader,
    /** Called when this node's children have arrived, so the view asks for them again. */
    private readonly changed: (node: TreeNode) => void,
  ) {
    this.id = `ss:${shareSubscriptionKey(target)}`;
  }

  getTreeItem(): vscode.TreeItem {
    const t = this.target;
    const item = new vscode.TreeItem(t.label ?? t.shareSubscriptionName, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = t.label ? `${t.shareSubscriptionName} · ${t.accountName}` : t.accountName;
    item.iconPath = new vscode.ThemeIcon('cloud-download');
    item.contextValue = 'shareSubscription';
    const tip = new vscode.MarkdownString(undefined, true);
    tip.appendMarkdown('**$(cloud-download) ').appendText(t.label ?? t.shareSubscriptionName).appendMarkdown('**\n\n');
    tip.appendMarkdown('| | |\n|---|---|\n');
    const row = (k: string, v: string) => tip.appendMarkdown(`| ${k} | `).appendText(v).appendMarkdown(' |\n');
    row(vscode.l10n.t('Share subscription'), t.shareSubscriptionName);
    row(vscode.l10n.t('Account'), t.accountName);
    row(vscode.l10n.t('Resource group'), t.resourceGroup);
    row(vscode.l10n.t('Subscription'), t.subscriptionId);
    item.tooltip = tip;
    return item;
  }

  /**
   * Answers at once: a "Loading…" node while the request (and its retries) run, then the result once this
   * node's change event asks again. VS Code waits for every expanded node before it redraws the tree, so a
   * node that waited here for a slow or retried request would hold the whole view.
   */
  getChildren(): TreeNode[] {
    return this.children.get() ?? [new LoadingNode(`${this.id}:loading`, vscode.l10n.t('Loading synchronization settings…'))];
  }

  /** Forget the result, so the next expansion loads again (Refresh on this node). */
  invalidate(): void {
    this.children.reset();
  }

  private async fetch(token: vscode.CancellationToken): Promise<TreeNode[]> {
    try {
      const settings = await this.load(this.target, token);
      if (settings.length === 0) {
        const label = vscode.l10n.t('No synchronization schedule');
        return [new InfoNode(`${this.id}:none`, label, { description: vscode.l10n.t('the source share has none'), icon: new vscode.ThemeIcon('info') })];
      }
      const ordered = orderBySoonest(settings, (s) => {
        const props = prop(s, 'properties');
        return { time: prop(props, 'synchronizationTime'), interval: prop(props, 'recurrenceInterval') };
      });
      return ordered.map((s, i) => settingNode(`${this.id}:setting:${i}`, s));
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
  }
}

export function settingNode(id: string, setting: unknown): TreeNode {
  const kind = String(prop(setting, 'kind') ?? vscode.l10n.t('Unknown'));
  const props = prop(setting, 'properties');
  const interval = prop(props, 'recurrenceInterval');
  const time = prop(props, 'synchronizationTime');
  const next = nextRun(time, interval);
  const label = describeSchedule(time, interval);
  const description = next ? vscode.l10n.t('next {0}', next.toLocaleString()) : kind;
  const tip = new vscode.MarkdownString();
  tip.appendMarkdown('| | |\n|---|---|\n');
  const row = (k: string, v: string) => tip.appendMarkdown(`| ${k} | `).appendText(v).appendMarkdown(' |\n');
  row(vscode.l10n.t('Kind'), kind);
  row(vscode.l10n.t('Recurrence'), typeof interval === 'string' ? interval : '—');
  row(vscode.l10n.t('Synchronization time'), typeof time === 'string' ? time : '—');
  if (next) {
    row(vscode.l10n.t('Next run (local)'), next.toLocaleString());
    row(vscode.l10n.t('Next run (UTC)'), formatUtc(next));
  }
  return new InfoNode(id, label, { description, icon: new vscode.ThemeIcon('history'), tooltip: tip });
}
