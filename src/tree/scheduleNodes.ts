/**
 * A source share's synchronization setting, and whether the consumer enabled it (a ScheduleBased trigger). The
 * next run is shown only when it is enabled: without a trigger nothing runs.
 */
import * as vscode from 'vscode';
import { describeSchedule, formatUtc, nextRun } from '../core/schedule/nextRun';
import { prop } from '../core/definition/plainValues';
import type { ScheduledTrigger } from '../core/services/dataShareConsumer';
import type { ShareSubscriptionTarget } from '../core/settings/model';
import type { TreeNode } from './treeNode';
import { modeWord } from '../ui/synchronizationWords';

class ScheduleNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly item: vscode.TreeItem,
    /** The share subscription, so the node's menu commands know which one. */
    readonly target: ShareSubscriptionTarget,
    /** The source setting the row shows, so Enable Schedule… from it enables this one. */
    readonly setting?: unknown,
  ) {}

  getTreeItem(): vscode.TreeItem {
    return this.item;
  }
}

function tooltip(rows: [string, string][]): vscode.MarkdownString {
  const tip = new vscode.MarkdownString();
  tip.appendMarkdown('| | |\n|---|---|\n');
  for (const [k, v] of rows) tip.appendMarkdown(`| ${k} | `).appendText(v).appendMarkdown(' |\n');
  return tip;
}

function scheduleItem(id: string, time: unknown, interval: unknown, rows: [string, string][], trigger: ScheduledTrigger | undefined): vscode.TreeItem {
  const item = new vscode.TreeItem(describeSchedule(time, interval), vscode.TreeItemCollapsibleState.None);
  item.id = id;
  const next = trigger ? nextRun(prop(trigger.properties, 'synchronizationTime') ?? time, interval) : undefined;
  if (trigger) {
    const mode = modeWord(trigger.properties?.synchronizationMode);
    item.description = next ? vscode.l10n.t('enabled · {0} · next {1}', mode, next.toLocaleString()) : vscode.l10n.t('enabled · {0}', mode);
    rows.push([vscode.l10n.t('Enabled'), vscode.l10n.t('yes ({0})', String(trigger.properties?.triggerStatus ?? trigger.name ?? ''))]);
    rows.push([vscode.l10n.t('Synchronization mode'), mode]);
    if (next) {
      rows.push([vscode.l10n.t('Next run (local)'), next.toLocaleString()]);
      rows.push([vscode.l10n.t('Next run (UTC)'), formatUtc(next)]);
    }
  } else {
    item.description = vscode.l10n.t('not enabled');
    rows.push([vscode.l10n.t('Enabled'), vscode.l10n.t('no: use Enable Schedule… to synchronize on this schedule')]);
  }
  item.tooltip = tooltip(rows);
  item.iconPath = new vscode.ThemeIcon(trigger ? 'history' : 'circle-slash');
  item.contextValue = trigger ? 'schedule.enabled' : 'schedule.disabled';
  return item;
}

/** One setting the source offers, enabled or not. */
export function scheduleNode(id: string, setting: unknown, trigger: ScheduledTrigger | undefined, target: ShareSubscriptionTarget): TreeNode {
  const kind = String(prop(setting, 'kind') ?? vscode.l10n.t('Unknown'));
  const props = prop(setting, 'properties');
  const interval = prop(props, 'recurrenceInterval');
  const time = prop(props, 'synchronizationTime');
  const rows: [string, string][] = [
    [vscode.l10n.t('Kind'), kind],
    [vscode.l10n.t('Recurrence'), typeof interval === 'string' ? interval : '—'],
    [vscode.l10n.t('Synchronization time'), typeof time === 'string' ? time : '—'],
  ];
  return new ScheduleNode(id, scheduleItem(id, time, interval, rows, trigger), target, setting);
}

/** A trigger the consumer has that matches no setting the source offers now. */
export function triggerOnlyNode(id: string, trigger: ScheduledTrigger, target: ShareSubscriptionTarget): TreeNode {
  const interval = trigger.properties?.recurrenceInterval;
  const time = trigger.properties?.synchronizationTime;
  const rows: [string, string][] = [
    [vscode.l10n.t('Trigger'), trigger.name ?? ''],
    [vscode.l10n.t('Recurrence'), typeof interval === 'string' ? interval : '—'],
    [vscode.l10n.t('Synchronization time'), typeof time === 'string' ? time : '—'],
  ];
  return new ScheduleNode(id, scheduleItem(id, time, interval, rows, trigger), target);
}
