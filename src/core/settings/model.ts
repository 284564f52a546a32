/**
 * The extension's settings as plain data. Settings arrive from the user's JSON and may hold anything,
 * so every reader here accepts `unknown` and keeps only well-formed entries, reporting the rest.
 */
import { CLOUD_NAMES, type CloudName } from '../arm/clouds';
import { trimmedText } from '../definition/plainValues';
import { isDotSegment } from './nameRules';

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


/**
 * Reads a list setting: each entry needs every `required` field (a non-blank string); `optional` is kept when
 * set. An entry that is not an object, or lacks a field, is skipped with a message naming its position.
 */
function readList<T>(raw: unknown, what: string, required: readonly (keyof T & string)[], optional: keyof T & string): ReadResult<T> {
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
    const e = entry as Record<string, unknown>;
    const absent = required.filter((k) => trimmedText(e[k]) === undefined);
    if (absent.length) {
      result.problems.push(`${what} entry ${index + 1}: missing ${absent.join(', ')}.`);
      return;
    }
    // A name that is `.` or `..` would address another resource once in the ARM path.
    const dots = required.filter((k) => isDotSegment(trimmedText(e[k]) ?? ''));
    if (dots.length) {
      result.problems.push(`${what} entry ${index + 1}: '.' and '..' are not names (${dots.join(', ')}).`);
      return;
    }
    const extra = trimmedText(e[optional]);
    result.items.push({ ...Object.fromEntries(required.map((k) => [k, trimmedText(e[k])])), ...(extra ? { [optional]: extra } : {}) } as T);
  });
  return result;
}

export function readContainerGroups(raw: unknown): ReadResult<ContainerGroupTarget> {
  return readList<ContainerGroupTarget>(raw, 'Container group', ['name', 'subscriptionId', 'resourceGroup', 'definitionFile'], 'location');
}

export function readShareSubscriptions(raw: unknown): ReadResult<ShareSubscriptionTarget> {
  return readList<ShareSubscriptionTarget>(raw, 'Share subscription', ['subscriptionId', 'resourceGroup', 'accountName', 'shareSubscriptionName'], 'label');
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
