/**
 * Loads both synchronizations' details for a comparison: the two listings stream side by side through the
 * report's stream (same client, paging bounds and sanitising); a failure of either stops the other, and
 * what arrived stays for the caller to show as incomplete.
 */
import type { ArmClient } from '../../arm/client';
import type { ListingLimits } from '../../arm/paging';
import type { ShareSubscriptionRef } from '../../services/dataShare';
import type { ReportRow } from '../shared/model';
import { streamSynchronizationReport } from '../shared/stream';
import { emptyTotals, type ReportTotals } from '../shared/totals';

export interface ComparisonSide {
  rows: ReportRow[];
  totals: ReportTotals;
}

export interface ComparisonLoad {
  a: ComparisonSide;
  b: ComparisonSide;
  /** The first failure (or the cancellation) when a listing did not finish. */
  error?: unknown;
}

export interface ComparisonLoadOptions {
  signal?: AbortSignal;
  limits?: ListingLimits;
  /** After every page of either listing, with the rows of each so far. */
  onProgress?(rowsA: number, rowsB: number): void;
}

export async function loadComparison(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  synchronizationIdA: string,
  synchronizationIdB: string,
  options: ComparisonLoadOptions = {},
): Promise<ComparisonLoad> {
  const stop = new AbortController();
  const abort = () => stop.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  if (options.signal?.aborted) stop.abort();
  const a: ComparisonSide = { rows: [], totals: emptyTotals() };
  const b: ComparisonSide = { rows: [], totals: emptyTotals() };
  let error: unknown;
  const load = async (side: ComparisonSide, synchronizationId: string) => {
    try {
      for await (const page of streamSynchronizationReport(client, ref, synchronizationId, { signal: stop.signal, limits: options.limits })) {
        for (const row of page.rows) side.rows.push(row);
        side.totals = page.totals;
        options.onProgress?.(a.rows.length, b.rows.length);
      }
    } catch (err) {
      // The first cause is the one to report; the other listing's cancellation follows from it.
      error ??= err;
      stop.abort();
    }
  };
  try {
    await Promise.all([load(a, synchronizationIdA), load(b, synchronizationIdB)]);
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
  return error === undefined ? { a, b } : { a, b, error };
}
