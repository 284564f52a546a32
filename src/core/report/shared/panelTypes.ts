/** What the report, the trend and the comparison say to their pages alike: formats, load states, a synchronization's record, the share subscription. */
import type { ShareSubscriptionTarget } from '../../settings/model';

export type ExportFormat = 'csv' | 'json';
export type LoadState = 'loading' | 'done' | 'stopped' | 'error';

export interface SynchronizationSummary {
  synchronizationId: string;
  synchronizationMode?: string;
  status?: string;
  message?: string;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
}

const str = (v: unknown): v is string => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';

/** The share subscription a report belongs to (names and ids only), as a page or saved state may send it. */
export function isShareSubscriptionTarget(v: unknown): v is ShareSubscriptionTarget {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  return [t.subscriptionId, t.resourceGroup, t.accountName, t.shareSubscriptionName].every((x) => str(x) && x !== '') && optStr(t.label);
}
