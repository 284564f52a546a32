/**
 * Streams a synchronization's data-set details page by page with running totals. The service-side part
 * of the query travels as $filter/$orderby; if the service refuses those (400), the listing restarts
 * without them and the caller filters and sorts locally, so the report still works. A listing that fails
 * after rows arrived ends with ReportStoppedError, which says how many rows the report has and why.
 */
import type { ArmClient } from '../../arm/client';
import { ArmError } from '../../arm/errors';
import type { RemainingQuota } from '../../arm/rateLimit';
import { countOf, type ListingLimits } from '../../arm/paging';
import { listSynchronizationDetails, type ShareSubscriptionRef } from '../../services/dataShare';
import { sanitizeRow, type ReportQuery, type ReportRow } from './model';
import { toServerQuery, type ServerQuery } from './query';
import { addPage, emptyTotals, type ReportTotals } from './totals';

export interface ReportPage {
  rows: ReportRow[];
  pageNumber: number;
  remaining?: RemainingQuota;
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
  limits?: ListingLimits;
}

/**
 * The report ended before its last page: the rows already streamed stay valid and shown. It keeps the
 * cause's kind, status and code, so callers treat it as they would the cause.
 */
export class ReportStoppedError extends ArmError {
  constructor(
    readonly rows: number,
    readonly pages: number,
    readonly reason: ArmError,
  ) {
    super(
      `The report is incomplete: it stopped after ${countOf(rows, 'row', 'rows')} from ${countOf(pages, 'page', 'pages')}, which stay shown. ${reason.message}`,
      { kind: reason.kind, status: reason.status, code: reason.code, requestId: reason.requestId, correlationId: reason.correlationId, cause: reason },
    );
  }
}

function stoppedEarly(err: unknown, totals: ReportTotals): unknown {
  if (!(err instanceof ArmError) || err.kind === 'canceled') return err;
  return new ReportStoppedError(totals.rows, totals.pagesLoaded, err);
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
      const pages = listSynchronizationDetails(client, ref, synchronizationId, {
        ...server,
        signal: options.signal,
        maxPages: options.maxPages,
        limits: options.limits,
      });
      for await (const page of pages) {
        started = true;
        const rows = page.items.map(sanitizeRow);
        addPage(totals, rows, page.remaining);
        const last = !page.nextLink || (options.maxPages !== undefined && page.pageNumber >= options.maxPages);
        yield { rows, pageNumber: page.pageNumber, remaining: page.remaining, totals: { ...totals }, last, server };
      }
      return;
    } catch (err) {
      if (!started && refusedQuery(err, server)) {
        server = {};
        continue;
      }
      throw started ? stoppedEarly(err, totals) : err;
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
