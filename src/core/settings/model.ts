/**
 * The extension's settings as plain data. Settings arrive from the user's JSON and may hold anything,
 * so every reader here accepts `unknown` and keeps only well-formed entries, reporting the rest.
 */
import { CLOUD_NAMES, type CloudName } from '../arm/clouds';

export { CLOUD_NAMES, type CloudName };

export interface ContainerGroupTarget {
  name: string;
  subscriptionId: string;
  resourceGroup: string;
  location?: string;
  /** Workspace-relative path of the JSON or YAML definition. */
  definitionFile: string;
}

export interface ShareSubscriptionTarget {
  subscriptionId: string;
  resourceGroup: string;
  accountName: string;
  shareSubscriptionName: string;
  label?: string;
}

export type AuthMethod = 'microsoft' | 'azureCli' | 'environment' | 'deviceCode';

export const AUTH_METHODS: readonly AuthMethod[] = ['microsoft', 'azureCli', 'environment', 'deviceCode'];

export interface ReadResult<T> {
  items: T[];
  /** One message per entry that was skipped, naming its position. */
  problems: string[];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function readList<T>(raw: unknown, what: string, read: (entry: Record<string, unknown>) => T | string): ReadResult<T> {
  const result: ReadResult<T> = { items: [], problems: [] };
  if (raw === undefined || raw === null) return result;
  if (!Array.isArray(raw)) {
    result.problems.push(`The ${what} setting must be a list.`);
    return result;
  }
  raw.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      result.problems.push(`${what} entry ${index + 1} is not an object.`);
      return;
    }
    const item = read(entry as Record<string, unknown>);
    if (typeof item === 'string') result.problems.push(`${what} entry ${index + 1}: ${item}`);
    else result.items.push(item);
  });
  return result;
}

function missing(fields: Record<string, string | undefined>): string | undefined {
  const absent = Object.entries(fields)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  return absent.length ? `missing ${absent.join(', ')}.` : undefined;
}

export function readContainerGroups(raw: unknown): ReadResult<ContainerGroupTarget> {
  return readList<ContainerGroupTarget>(raw, 'Container group', (e) => {
    const fields = {
      name: str(e.name),
      subscriptionId: str(e.subscriptionId),
      resourceGroup: str(e.resourceGroup),
      definitionFile: str(e.definitionFile),
    };
    const problem = missing(fields);
    if (problem) return problem;
    const location = str(e.location);
    return { ...(fields as { [K in keyof typeof fields]: string }), ...(location ? { location } : {}) };
  });
}

export function readShareSubscriptions(raw: unknown): ReadResult<ShareSubscriptionTarget> {
  return readList<ShareSubscriptionTarget>(raw, 'Share subscription', (e) => {
    const fields = {
      subscriptionId: str(e.subscriptionId),
      resourceGroup: str(e.resourceGroup),
      accountName: str(e.accountName),
      shareSubscriptionName: str(e.shareSubscriptionName),
    };
    const problem = missing(fields);
    if (problem) return problem;
    const label = str(e.label);
    return { ...(fields as { [K in keyof typeof fields]: string }), ...(label ? { label } : {}) };
  });
}

export function readCloudName(raw: unknown): CloudName {
  return CLOUD_NAMES.find((c) => typeof raw === 'string' && c.toLowerCase() === raw.toLowerCase()) ?? 'AzureCloud';
}

export function readAuthMethod(raw: unknown): AuthMethod {
  return AUTH_METHODS.find((m) => typeof raw === 'string' && m.toLowerCase() === raw.toLowerCase()) ?? 'microsoft';
}

/** Identity of an entry, so a remove or an update touches exactly the one the user picked. */
export function containerGroupKey(t: Pick<ContainerGroupTarget, 'subscriptionId' | 'resourceGroup' | 'name'>): string {
  return `${t.subscriptionId}/${t.resourceGroup}/${t.name}`.toLowerCase();
}

export function shareSubscriptionKey(
  t: Pick<ShareSubscriptionTarget, 'subscriptionId' | 'resourceGroup' | 'accountName' | 'shareSubscriptionName'>,
): string {
  return `${t.subscriptionId}/${t.resourceGroup}/${t.accountName}/${t.shareSubscriptionName}`.toLowerCase();
}
