/**
 * Streams a synchronization's data-set details page by page with running totals. The service-side part
 * of the query travels as $filter/$orderby; if the service refuses those (400), the listing restarts
 * without them and the caller filters and sorts locally, so the report still works.
 */
import type { ArmClient } from '../arm/client';
import { ArmError } from '../arm/errors';
import { listSynchronizationDetails, type ShareSubscriptionRef } from '../services/dataShare';
import { sanitizeRow, type ReportQuery, type ReportRow } from './model';
import { toServerQuery, type ServerQuery } from './query';
import { addPage, emptyTotals, type ReportTotals } from './totals';

export interface ReportPage {
  rows: ReportRow[];
  pageNumber: number;
  remainingReads?: number;
  /** Totals over every page so far (a copy). */
  totals: ReportTotals;
  /** True on the last page. */
  last: boolean;
  /** The query parts the service applied (empty when it refused them). */
  server: ServerQuery;
}

export interface StreamOptions {
  query?: ReportQuery;
  signal?: AbortSignal;
  maxPages?: number;
}

function refusedQuery(err: unknown, server: ServerQuery): boolean {
  return (server.filter !== undefined || server.orderby !== undefined) && err instanceof ArmError && err.kind === 'http' && err.status === 400;
}

export async function* streamSynchronizationReport(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  synchronizationId: string,
  options: StreamOptions = {},
): AsyncGenerator<ReportPage, void, undefined> {
  let server = toServerQuery(options.query ?? {});
  const totals = emptyTotals();
  let started = false;
  for (;;) {
    try {
      const pages = listSynchronizationDetails(client, ref, synchronizationId, { ...server, signal: options.signal, maxPages: options.maxPages });
      for await (const page of pages) {
        started = true;
        const rows = page.items.map(sanitizeRow);
        addPage(totals, rows, page.remainingReads);
        const last = !page.nextLink || (options.maxPages !== undefined && page.pageNumber >= options.maxPages);
        yield { rows, pageNumber: page.pageNumber, remainingReads: page.remainingReads, totals: { ...totals }, last, server };
      }
      return;
    } catch (err) {
      if (!started && refusedQuery(err, server)) {
        server = {};
        continue;
      }
      throw err;
    }
  }
}

/** Every row of a report, for exports and tests. */
export async function loadSynchronizationReport(
  client: ArmClient,
  ref: ShareSubscriptionRef,
  synchronizationId: string,
  options: StreamOptions = {},
): Promise<{ rows: ReportRow[]; totals: ReportTotals }> {
  const rows: ReportRow[] = [];
  let totals = emptyTotals();
  for await (const page of streamSynchronizationReport(client, ref, synchronizationId, options)) {
    for (const r of page.rows) rows.push(r);
    totals = page.totals;
  }
  return { rows, totals };
}
