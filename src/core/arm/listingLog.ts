/**
 * One log line per listing instead of one per page: a report of 2,000 pages would otherwise write 2,000
 * look-alike lines (each a write the extension host pays for while the rows stream). The first page's own
 * line still says the listing started; every page's line is there at debug level; failures and retries are
 * logged by the client as they happen, and the summary names the page a listing stopped at.
 */
import type { ArmClient, ArmRequest } from './client';
import { ArmError, errorMessage } from './errors';
import { redactUrl } from './redact';

export interface ListingProgress {
  /** Pages received so far. */
  pages: number;
  items: number;
  /** Whether the last received page offered a next one. */
  more: boolean;
  started: number;
  /**
   * How a POST listing's next pages were fetched, once one was: no multi-page answer of these listings is recorded
   * anywhere public, so the log says which method the service accepted (and, for GET, what refused the POST).
   */
  continuation?: { method: string; refused?: string };
}

/** `ended`: the pager stopped by itself; `stopped`: the caller stopped reading; else the error it ended with. */
export type ListingOutcome = 'ended' | 'stopped' | { error: unknown };

/** "1 page", "10,000 pages". */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

export function logListing(client: ArmClient, firstRequest: ArmRequest, progress: ListingProgress, outcome: ListingOutcome): void {
  const target = `${firstRequest.method} ${redactUrl(firstRequest.url ?? `${client.endpoint}${firstRequest.path ?? ''}`)}`;
  const c = progress.continuation;
  const how = c && firstRequest.method !== 'GET' ? ` (next pages by ${c.method}${c.refused ? ` after POST was refused: ${c.refused}` : ''})` : '';
  const read = `${countOf(progress.items, 'item', 'items')} from ${countOf(progress.pages, 'page', 'pages')} in ${Date.now() - progress.started} ms${how}`;
  if (typeof outcome === 'object') {
    const err = outcome.error;
    const message = errorMessage(err);
    if (err instanceof ArmError && err.kind === 'canceled') {
      client.logger.info(`Listing ${target} canceled at page ${progress.pages + 1} after ${read}.`);
    } else {
      client.logger.warn(`Listing ${target} failed at page ${progress.pages + 1} after ${read}: ${message}`);
    }
    return;
  }
  const rest = progress.more ? (outcome === 'ended' ? '; more pages were left unread' : '; the caller stopped reading before the last page') : '';
  client.logger.info(`Listing ${target}: ${read}${rest}.`);
}
