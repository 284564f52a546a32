/**
 * Measures how fast a report streams: time to the first page and to the last row. Used by the benchmark
 * suite against the ARM emulator (e.g. 100,000 rows over 200 pages: share subscription
 * `bench-rows-100000-pagesize-500`).
 */
import type { ArmClient } from '../../src/core/arm/client';
import type { ShareSubscriptionRef } from '../../src/core/services/dataShare';
import type { ReportQuery } from '../../src/core/report/shared/model';
import { streamSynchronizationReport } from '../../src/core/report/shared/stream';
import type { ReportTotals } from '../../src/core/report/shared/totals';

export interface ReportBenchResult {
  firstPageMs: number;
  allRowsMs: number;
  rows: number;
  pages: number;
  totals: ReportTotals;
}

export async function benchSynchronizationReport(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  synchronizationId: string,
  query: ReportQuery = {},
  now: () => number = () => performance.now(),
): Promise<ReportBenchResult> {
  const started = now();
  let firstPageMs = -1;
  let rows = 0;
  let pages = 0;
  let totals: ReportTotals | undefined;
  for await (const page of streamSynchronizationReport(client, ref, synchronizationId, { query })) {
    if (firstPageMs < 0) firstPageMs = now() - started;
    rows += page.rows.length;
    pages++;
    totals = page.totals;
  }
  if (!totals) throw new Error('The listing returned no page.');
  return { firstPageMs, allRowsMs: now() - started, rows, pages, totals };
}
