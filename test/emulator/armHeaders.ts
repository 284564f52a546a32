// Headers ARM adds to every response: request/correlation ids and the remaining-quota counters.
import { randomUUID } from 'node:crypto';

export type QuotaKind = 'reads' | 'writes' | 'deletes';

/** Starting values follow the legacy per-hour subscription limits (12000 reads, 1200 writes, 15000 deletes), minus one. */
const QUOTA_START: Record<QuotaKind, number> = { reads: 11999, writes: 1199, deletes: 14999 };

/**
 * A Container Instances request id: the region, a colon, a GUID (`eastus:e8ac0695-…` in recorded replies,
 * e.g. Azure/azure-sdk-for-js containerinstance recordings).
 */
export function regionalRequestId(location: string): Record<string, string> {
  return { 'x-ms-request-id': `${location}:${randomUUID()}` };
}

export class ArmHeaders {
  private readonly remaining = new Map<string, number>();

  /** Ids echoed on every ARM reply; the client's correlation id is kept so it can trace its calls. */
  ids(clientCorrelationId: string | undefined): Record<string, string> {
    const correlation = clientCorrelationId && /^[\w.-]{1,128}$/.test(clientCorrelationId) ? clientCorrelationId : randomUUID();
    return {
      'x-ms-request-id': randomUUID(),
      'x-ms-correlation-request-id': correlation,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    };
  }

  /** Decrements and returns the remaining-quota header for the subscription (never below zero). */
  quota(subscriptionId: string, kind: QuotaKind): Record<string, string> {
    const key = `${subscriptionId.toLowerCase()}|${kind}`;
    const next = Math.max(0, (this.remaining.get(key) ?? QUOTA_START[kind] + 1) - 1);
    this.remaining.set(key, next);
    return { [`x-ms-ratelimit-remaining-subscription-${kind}`]: String(next) };
  }
}
