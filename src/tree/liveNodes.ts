/**
 * The nodes of a group's live state that are not containers: its events, "Not deployed yet", how the definition
 * differs from the deployed group, Sign In, and a read that failed; and the group's own live summary.
 */
import * as vscode from 'vscode';
import { newestFirst, type LiveEvent, type LiveGroup } from '../core/containerGroup/liveState';
import type { DefinitionComparison } from '../core/deploy/liveFetch';
import { ErrorNode, InfoNode, TreeNode } from './treeNode';

export function localTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toLocaleString();
}

function eventNode(id: string, e: LiveEvent): TreeNode {
  const warning = e.type?.toLowerCase() === 'warning';
  const time = e.lastTimestamp ?? e.firstTimestamp;
  const times = e.count && e.count > 1 ? vscode.l10n.t('×{0}', e.count) : undefined;
  const description = [e.message, times, time && localTime(time)].filter(Boolean).join(' · ');
  const tip = new vscode.MarkdownString();
  tip.appendMarkdown('| | |\n|---|---|\n');
  const row = (k: string, v: string | number | undefined) => {
    if (v !== undefined && v !== '') tip.appendMarkdown(`| ${k} | `).appendText(String(v)).appendMarkdown(' |\n');
  };
  row(vscode.l10n.t('Event'), e.name);
  row(vscode.l10n.t('Type'), e.type);
  row(vscode.l10n.t('Message'), e.message);
  row(vscode.l10n.t('Count'), e.count);
  row(vscode.l10n.t('First'), e.firstTimestamp && localTime(e.firstTimestamp));
  row(vscode.l10n.t('Last'), e.lastTimestamp && localTime(e.lastTimestamp));
  const icon = warning ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')) : new vscode.ThemeIcon('circle-small');
  return new InfoNode(id, e.name ?? e.type ?? vscode.l10n.t('Event'), { description, icon, tooltip: tip });
}

/** "Events", newest first. */
export function eventsNode(id: string, events: readonly LiveEvent[]): TreeNode {
  const children = newestFirst(events).map((e, i) => eventNode(`${id}:${i}`, e));
  return new InfoNode(id, vscode.l10n.t('Events'), { description: String(children.length), icon: new vscode.ThemeIcon('history'), children });
}

/** "Succeeded · Running · 20.1.2.3": the group row's live part. */
export function describeLiveGroup(g: LiveGroup): string {
  return [g.provisioningState, g.state && g.state !== g.provisioningState ? g.state : undefined, g.fqdn ?? g.ip].filter(Boolean).join(' · ');
}

/** Rows for the group's tooltip. */
export function liveGroupRows(g: LiveGroup): [string, string | undefined][] {
  return [
    [vscode.l10n.t('Provisioning'), g.provisioningState],
    [vscode.l10n.t('State'), g.state],
    [vscode.l10n.t('IP address'), g.ip && (g.ipType ? `${g.ip} (${g.ipType})` : g.ip)],
    [vscode.l10n.t('FQDN'), g.fqdn],
  ];
}

export function notDeployedNode(parentId: string): TreeNode {
  return new InfoNode(`${parentId}:live:none`, vscode.l10n.t('Not deployed yet'), { description: vscode.l10n.t('Azure has no group of this name; Deploy to Azure… creates it'), icon: new vscode.ThemeIcon('cloud-upload') });
}

/** The deploy confirmation's change lines, or nothing when the definition and the group agree. */
export function differenceNodes(parentId: string, comparison: DefinitionComparison): TreeNode[] {
  const id = `${parentId}:live:diff`;
  if (!comparison.ok) return [new InfoNode(id, vscode.l10n.t('Not compared with the definition'), { description: comparison.message, icon: new vscode.ThemeIcon('warning') })];
  if (!comparison.changes.length) return [];
  const children = comparison.changes.map((line, i) => new InfoNode(`${id}:${i}`, line, { icon: new vscode.ThemeIcon(line.startsWith('+') ? 'diff-added' : line.startsWith('-') ? 'diff-removed' : 'diff-modified') }));
  const count = comparison.changes.length === 1 ? vscode.l10n.t('1 change') : vscode.l10n.t('{0} changes', comparison.changes.length);
  const tip = vscode.l10n.t('Deploying the definition would make these changes (+ added, - removed, ~ changed).');
  return [new InfoNode(id, vscode.l10n.t('Differs from the definition'), { description: count, icon: new vscode.ThemeIcon('diff'), tooltip: tip, children })];
}

export function signInNode(parentId: string, message: string): TreeNode {
  const signIn: vscode.Command = { command: 'aciDataShare.signIn', title: vscode.l10n.t('Sign In') };
  return new InfoNode(`${parentId}:live:signIn`, vscode.l10n.t('Sign in to see the live state'), { description: message, icon: new vscode.ThemeIcon('sign-in'), command: signIn });
}

export function liveErrorNode(parentId: string, message: string): TreeNode {
  return new ErrorNode(`${parentId}:live:error`, vscode.l10n.t('Could not read the live state'), message, { command: 'aciDataShare.showOutput', title: vscode.l10n.t('Show Output') });
}
