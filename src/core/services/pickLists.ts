/**
 * The lists the "Add …" flows offer to pick from, read through the one ARM client: subscriptions, resource
 * groups, locations, Data Share accounts and their share subscriptions. Each item is reduced to what a
 * picker shows; records without a usable name are skipped.
 */
import type { ArmClient } from '../arm/client';
import { listPages } from '../arm/paging';
import { DATA_SHARE_API_VERSION, segment } from './resourcePaths';

export const SUBSCRIPTIONS_API_VERSION = '2022-12-01';
export const RESOURCE_GROUPS_API_VERSION = '2021-04-01';

export interface PickItem {
  /** What is written to the setting. */
  value: string;
  label: string;
  description?: string;
}

type Raw = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

async function collect(client: ArmClient, path: string, apiVersion: string, toItem: (raw: Raw) => PickItem | undefined, signal?: AbortSignal): Promise<PickItem[]> {
  const items: PickItem[] = [];
  for await (const page of listPages<Raw>(client, { method: 'GET', path, apiVersion, signal }, { signal })) {
    for (const raw of page.items) {
      const item = raw && typeof raw === 'object' ? toItem(raw) : undefined;
      if (item) items.push(item);
    }
  }
  return items.sort((a, b) => a.label.localeCompare(b.label));
}


export function listSubscriptions(client: ArmClient, signal?: AbortSignal): Promise<PickItem[]> {
  return collect(client, '/subscriptions', SUBSCRIPTIONS_API_VERSION, (s) => {
    const id = str(s.subscriptionId);
    if (!id || (str(s.state) && s.state !== 'Enabled')) return undefined;
    return { value: id, label: str(s.displayName) ?? id, description: id };
  }, signal);
}

export function listResourceGroups(client: ArmClient, subscriptionId: string, signal?: AbortSignal): Promise<PickItem[]> {
  return collect(client, `/subscriptions/${segment(subscriptionId, 'subscription id')}/resourcegroups`, RESOURCE_GROUPS_API_VERSION, (g) => {
    const name = str(g.name);
    return name ? { value: name, label: name, description: str(g.location) } : undefined;
  }, signal);
}

export function listLocations(client: ArmClient, subscriptionId: string, signal?: AbortSignal): Promise<PickItem[]> {
  return collect(client, `/subscriptions/${segment(subscriptionId, 'subscription id')}/locations`, SUBSCRIPTIONS_API_VERSION, (l) => {
    const name = str(l.name);
    const physical = (l.metadata as Raw | undefined)?.regionType;
    if (!name || (physical !== undefined && physical !== 'Physical')) return undefined;
    return { value: name, label: str(l.displayName) ?? name, description: name };
  }, signal);
}

/** Data Share accounts of a subscription; `value` is the account name, `description` its resource group. */
export function listDataShareAccounts(client: ArmClient, subscriptionId: string, signal?: AbortSignal): Promise<(PickItem & { resourceGroup: string })[]> {
  return collect(client, `/subscriptions/${segment(subscriptionId, 'subscription id')}/providers/Microsoft.DataShare/accounts`, DATA_SHARE_API_VERSION, (a) => {
    const name = str(a.name);
    const resourceGroup = /\/resourceGroups\/([^/]+)\//i.exec(str(a.id) ?? '')?.[1];
    return name && resourceGroup ? { value: name, label: name, description: decodeURIComponent(resourceGroup) } : undefined;
  }, signal).then((items) => items.map((i) => ({ ...i, resourceGroup: i.description ?? '' })));
}

export function listShareSubscriptions(
  client: ArmClient,
  account: { subscriptionId: string; resourceGroup: string; accountName: string },
  signal?: AbortSignal,
): Promise<PickItem[]> {
  const path = `/subscriptions/${segment(account.subscriptionId, 'subscription id')}/resourceGroups/${segment(account.resourceGroup, 'resource group name')}/providers/Microsoft.DataShare/accounts/${segment(account.accountName, 'Data Share account name')}/shareSubscriptions`;
  return collect(client, path, DATA_SHARE_API_VERSION, (s) => {
    const name = str(s.name);
    const props = (s.properties ?? {}) as Raw;
    return name ? { value: name, label: name, description: [str(props.shareName), str(props.shareSubscriptionStatus)].filter(Boolean).join(' · ') || undefined } : undefined;
  }, signal);
}
