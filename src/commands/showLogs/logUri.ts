/**
 * The address of a log document: its own scheme, a path that reads "group · container.log" as the editor's title,
 * and the group's coordinates in the query so an editor restored after a reload can follow again.
 */
import * as vscode from 'vscode';
import type { ContainerGroupRef } from '../../core/services/resourcePaths';

export const LOGS_SCHEME = 'aci-logs';

export interface LogSource {
  group: ContainerGroupRef;
  containerName: string;
  init: boolean;
}

export function logUri(source: LogSource): vscode.Uri {
  const { group, containerName, init } = source;
  const query = new URLSearchParams({ subscription: group.subscriptionId, resourceGroup: group.resourceGroup, group: group.name, container: containerName });
  if (init) query.set('init', '1');
  const title = init ? vscode.l10n.t('{0} · {1} (init)', group.name, containerName) : `${group.name} · ${containerName}`;
  return vscode.Uri.from({ scheme: LOGS_SCHEME, path: `/${title.replace(/[/\\]/g, '_')}.log`, query: query.toString() });
}

export function logSourceOf(uri: vscode.Uri): LogSource | undefined {
  if (uri.scheme !== LOGS_SCHEME) return undefined;
  const q = new URLSearchParams(uri.query);
  const [subscriptionId, resourceGroup, name, containerName] = ['subscription', 'resourceGroup', 'group', 'container'].map((k) => q.get(k) ?? '');
  if (!subscriptionId || !resourceGroup || !name || !containerName) return undefined;
  return { group: { subscriptionId, resourceGroup, name }, containerName, init: q.get('init') === '1' };
}
