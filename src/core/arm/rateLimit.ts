/**
 * ARM's remaining-request counters. A read (GET, HEAD) reports `x-ms-ratelimit-remaining-subscription-reads`, a
 * DELETE `…-deletes` (ARM counts deletes on their own, with their own limit), and every other write, POST
 * included, `…-writes`. Newer ARM (regional token buckets) also sends, or only sends, the
 * `…-subscription-global-{reads,writes,deletes}` forms. A counter of another kind is never passed off as this
 * one, and an unreadable value is dropped: showing nothing beats showing a wrong number.
 */

export type QuotaKind = 'reads' | 'writes' | 'deletes';

/** Which counter a request of this method draws on. */
export function quotaKindOf(method: string): QuotaKind {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return 'reads';
  return m === 'DELETE' ? 'deletes' : 'writes';
}

/** A remaining-request count with the counter it was read from. */
export interface RemainingQuota {
  kind: QuotaKind;
  count: number;
}

/**
 * The counter a response reports, named by its own kind: `preferred` (the request's) when sent. For reads and
 * writes the other of the two stands in, under its own name: the published Data Share examples send `-reads` on
 * POST listings, the recorded service `-writes`. A DELETE has no stand-in: its answer counts deletes only.
 */
export function remainingQuota(headers: Record<string, string>, preferred: QuotaKind): RemainingQuota | undefined {
  const order: readonly QuotaKind[] = preferred === 'deletes' ? ['deletes'] : preferred === 'reads' ? ['reads', 'writes'] : ['writes', 'reads'];
  for (const kind of order) {
    const count = remainingRequests(headers, kind);
    if (count !== undefined) return { kind, count };
  }
  return undefined;
}

/** The remaining count of `kind` from lower-cased response headers, when the service sent a readable one. */
export function remainingRequests(headers: Record<string, string>, kind: QuotaKind): number | undefined {
  for (const name of [`x-ms-ratelimit-remaining-subscription-${kind}`, `x-ms-ratelimit-remaining-subscription-global-${kind}`]) {
    const text = headers[name]?.trim();
    // Number.parseInt would accept "12abc" or "-1"; only a plain count is a count.
    if (text !== undefined && /^\d{1,15}$/.test(text)) return Number(text);
  }
  return undefined;
}

/**
 * Below this many remaining requests of a kind, what the user does next (a deploy, a refresh) may be throttled
 * soon: ARM's bucket holds a few hundred and refills over seconds to minutes, and a long listing can empty it.
 */
export const LOW_REMAINING = 50;

/** True when the counter says the budget is nearly spent (and so worth one warning). */
export function isLowQuota(quota: RemainingQuota | undefined): boolean {
  return quota !== undefined && quota.count < LOW_REMAINING;
}
