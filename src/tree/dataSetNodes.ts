/**
 * "Data sets" under a share subscription: each source data set with where it lands (its mapping's sink) or that it
 * is not mapped, and how it did in the latest synchronization. Each opens its rows of that synchronization's report.
 * A share subscription may hold 100,000 data sets: the first MAX_SHOWN are listed, then one row that opens the report
 * for the rest. Records the service sent malformed are left out and said so.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../core/arm/errors';
import { formatCount } from '../core/report/shared/format';
import type { DataSetLanding } from '../core/synchronization/dataSetLandings';
import { syncOutcome } from '../core/synchronization/syncStatus';
import type { Landings } from '../core/synchronization/shareSubscriptionReads';
import type { ShareSubscriptionTarget } from '../core/settings/model';
import { statusWord } from '../ui/synchronizationWords';
import { BackgroundLoad, ErrorNode, InfoNode, LoadingNode, type TreeNode } from './treeNode';
import type { ShareSubscriptionSource } from './shareSubscriptionSource';

/** Data sets listed in the tree; the report (paged, filtered, sorted) shows any number. */
export const MAX_SHOWN = 200;

function statusIcon(landing: DataSetLanding): vscode.ThemeIcon {
  if (!landing.sink) return new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
  if (landing.sink.broken) return new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
  switch (syncOutcome(landing.lastStatus)) {
    case 'failed':
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
    case 'succeeded':
      return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    default:
      return new vscode.ThemeIcon('database');
  }
}

function landingNode(id: string, landing: DataSetLanding, target: ShareSubscriptionTarget, synchronizationId: string | undefined): TreeNode {
  const where = landing.sink ? (landing.sink.broken ? vscode.l10n.t('{0} (mapping broken)', landing.sink.where) : landing.sink.where) : vscode.l10n.t('not mapped');
  // A data set that is not mapped is not received: a status from a run before it was unmapped would read as received.
  // The data set's own word, as the report's table shows it.
  const status = landing.lastStatus;
  const description = status && landing.sink ? vscode.l10n.t('→ {0} · {1}', where, status) : vscode.l10n.t('→ {0}', where);
  const tip = new vscode.MarkdownString();
  tip.appendMarkdown('| | |\n|---|---|\n');
  const row = (k: string, v: string) => tip.appendMarkdown(`| ${k} | `).appendText(v).appendMarkdown(' |\n');
  row(vscode.l10n.t('Data set'), landing.name);
  row(vscode.l10n.t('Type'), landing.type);
  row(vscode.l10n.t('Lands in'), landing.sink ? `${landing.sink.kind}: ${landing.sink.where}` : vscode.l10n.t('not mapped: it is not received until it is mapped'));
  row(vscode.l10n.t('Latest synchronization'), status ? (landing.sink ? status : vscode.l10n.t('{0} (while it was mapped)', status)) : '—');
  if (landing.lastMessage) row(vscode.l10n.t('Message'), landing.lastMessage);
  const command: vscode.Command | undefined = synchronizationId
    ? { command: 'aciDataShare.showSynchronizationReport', title: vscode.l10n.t('Show Synchronization Report'), arguments: [target, synchronizationId, { name: landing.name }] }
    : undefined;
  return new InfoNode(id, landing.name, { description: `${landing.type} ${description}`, icon: statusIcon(landing), tooltip: tip, command });
}

export class DataSetsNode implements TreeNode {
  private readonly children = new BackgroundLoad<TreeNode[]>((token) => this.fetch(token), () => this.changed(this));
  /** "15 · 2 not mapped", from the last read. */
  private counted: string | undefined;
  /** The latest synchronization the statuses come from, as read with them (dropped when they are to be read again). */
  private latest: { word: string; tip: string } | undefined;

  constructor(
    readonly id: string,
    readonly target: ShareSubscriptionTarget,
    private readonly source: ShareSubscriptionSource,
    private readonly changed: (node: TreeNode) => void,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Data sets'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = this.latest && this.counted ? vscode.l10n.t('{0} · latest synchronization: {1}', this.counted, this.latest.word) : this.counted;
    item.iconPath = new vscode.ThemeIcon('database');
    item.contextValue = 'dataSets';
    const about = vscode.l10n.t('The data sets this share subscription receives, where each lands, and how each did in the latest synchronization');
    item.tooltip = this.latest ? `${about}\n\n${this.latest.tip}` : about;
    return item;
  }

  getChildren(): TreeNode[] {
    return this.children.get() ?? [new LoadingNode(`${this.id}:loading`, vscode.l10n.t('Loading data sets…'))];
  }

  invalidate(): void {
    this.children.reset();
    this.latest = undefined;
  }

  private async fetch(token: vscode.CancellationToken): Promise<TreeNode[]> {
    let read: Landings;
    try {
      read = await this.source.landings(this.target, token);
    } catch (err) {
      return [new ErrorNode(`${this.id}:error`, vscode.l10n.t('Could not load the data sets'), errorMessage(err), { command: 'aciDataShare.showOutput', title: vscode.l10n.t('Show Output') })];
    }
    const unmapped = read.landings.filter((l) => !l.sink).length;
    this.counted = unmapped ? vscode.l10n.t('{0} · {1} not mapped', read.landings.length, unmapped) : String(read.landings.length);
    // The statuses beside the data sets are the latest synchronization's: one still running has only those done so far.
    const latest = read.latest;
    const word = statusWord(latest?.status) || '—';
    this.latest = latest && { word, tip: vscode.l10n.t('Statuses from the latest synchronization: {0}, started {1} (id {2})', word, latest.startTime ?? '—', latest.synchronizationId) };
    const synchronizationId = read.latest?.synchronizationId;
    const nodes: TreeNode[] = read.landings.slice(0, MAX_SHOWN).map((l, i) => landingNode(`${this.id}:${i}`, l, this.target, synchronizationId));
    const more = read.landings.length - MAX_SHOWN;
    if (more > 0) {
      const command: vscode.Command | undefined = synchronizationId
        ? { command: 'aciDataShare.showSynchronizationReport', title: vscode.l10n.t('Show Synchronization Report'), arguments: [this.target, synchronizationId] }
        : undefined;
      const label = synchronizationId ? vscode.l10n.t('{0} more… (open the report)', formatCount(more)) : vscode.l10n.t('{0} more…', formatCount(more));
      nodes.push(new InfoNode(`${this.id}:more`, label, { icon: new vscode.ThemeIcon('ellipsis'), command }));
    }
    if (read.skipped > 0) {
      const label = vscode.l10n.t('{0} records could not be read and are left out', read.skipped);
      nodes.push(new InfoNode(`${this.id}:skipped`, label, { icon: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')) }));
    }
    if (nodes.length === 0) return [new InfoNode(`${this.id}:none`, vscode.l10n.t('No data sets'), { icon: new vscode.ThemeIcon('info') })];
    return nodes;
  }

  dispose(): void {
    this.children.dispose();
  }
}
