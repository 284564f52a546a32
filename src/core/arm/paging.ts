/**
 * Pageable ARM lists (`{ value: T[], nextLink? }`), yielded page by page as they arrive.
 *
 * A nextLink is followed as ARM gives it (its own query, api-version added only when missing) with the
 * operation's own method: GET listings continue with GET, POST listings (Data Share's listSynchronizations
 * and friends) POST the same body to the link, as their contract and the original SDK do. Users report
 * that Data Share refuses GET on these links (Azure/azure-cli-extensions#8275), while newer generated SDKs
 * send GET; so when a POST continuation is refused, GET is tried once before the listing gives up.
 */
import type { ArmClient, ArmRequest, ArmResponse } from './client';
import { ArmError } from './errors';
import { quotaKindOf, remainingQuota, type RemainingQuota } from './rateLimit';
import { redactUrl } from './redact';
import { canceledError } from './retryPolicy';
import { countOf, logListing, type ListingOutcome, type ListingProgress } from './listingLog';

export interface Page<T> {
  items: T[];
  /** 1-based. */
  pageNumber: number;
  /** ARM's remaining-request counter sent with this page (writes for POST, reads for GET), named by its kind. */
  remaining?: RemainingQuota;
  /** Present when the service has more pages. */
  nextLink?: string;
}

/** How much one listing may read before it stops with `ListingLimit`. */
export interface ListingLimits {
  pages: number;
  items: number;
}

/**
 * Generous guards against a service that hands out fresh continuation tokens forever. At ARM's current
 * refill rate for writes (10 a second; POST listings count as writes) 10,000 pages take over a quarter of
 * an hour, far past any real synchronization; a million rows is about what one report can hold in memory.
 */
export const LISTING_LIMITS: Readonly<ListingLimits> = { pages: 10_000, items: 1_000_000 };

export interface ListPagesOptions {
  signal?: AbortSignal;
  /** Stop quietly after this many pages (the last yielded page still carries its nextLink). */
  maxPages?: number;
  /** Stop with a `ListingLimit` error past these; defaults to LISTING_LIMITS. */
  limits?: ListingLimits;
}

interface ListBody<T> {
  value?: T[];
  nextLink?: string | null;
}

type ListResponse<T> = ArmResponse<ListBody<T> | undefined>;

function toPage<T>(response: ListResponse<T>, pageNumber: number, method: string): Page<T> {
  const body = response.body;
  const items = body && Array.isArray(body.value) ? body.value : [];
  const next = body && typeof body.nextLink === 'string' && body.nextLink.length > 0 ? body.nextLink : undefined;
  return { items, pageNumber, remaining: remainingQuota(response.headers, quotaKindOf(method)), nextLink: next };
}

/** `$skipToken` from a nextLink, whatever the case of the parameter name. */
export function skipTokenFromNextLink(nextLink: string): string | undefined {
  const url = new URL(nextLink);
  for (const [name, value] of url.searchParams) {
    if (name.toLowerCase() === '$skiptoken') {
      return value;
    }
  }
  return undefined;
}

/** A refusal of the request itself (method, shape), as opposed to sign-in, throttling or a broken service. */
function refusedRequest(err: unknown): err is ArmError {
  return (
    err instanceof ArmError &&
    err.kind === 'http' &&
    err.status !== undefined &&
    err.status >= 400 &&
    err.status < 500 &&
    ![401, 403, 408, 429].includes(err.status)
  );
}

export { countOf } from './listingLog';

function limitError(pages: number, items: number, limits: ListingLimits, response: ListResponse<unknown>): ArmError {
  const which = pages >= limits.pages ? countOf(limits.pages, 'page', 'pages') : countOf(limits.items, 'item', 'items');
  return new ArmError(
    `The listing stopped after ${countOf(pages, 'page', 'pages')} and ${countOf(items, 'item', 'items')} although the service offered more: ${which} is the most one listing reads.`,
    { kind: 'http', code: 'ListingLimit', status: response.status, requestId: response.requestId, correlationId: response.correlationId },
  );
}

export async function* listPages<T>(
  client: ArmClient,
  firstRequest: ArmRequest,
  options: ListPagesOptions = {},
): AsyncGenerator<Page<T>, void, undefined> {
  const progress: ListingProgress = { pages: 0, items: 0, more: false, started: Date.now() };
  let outcome: ListingOutcome = 'stopped';
  try {
    yield* followPages<T>(client, firstRequest, options, progress);
    outcome = 'ended';
  } catch (err) {
    outcome = { error: err };
    throw err;
  } finally {
    logListing(client, firstRequest, progress, outcome);
  }
}

async function* followPages<T>(
  client: ArmClient,
  firstRequest: ArmRequest,
  options: ListPagesOptions,
  progress: ListingProgress,
): AsyncGenerator<Page<T>, void, undefined> {
  const { signal, maxPages } = options;
  const limits = options.limits ?? LISTING_LIMITS;
  const seen = new Set<string>();
  let method = firstRequest.method;
  let triedGet = firstRequest.method === 'GET';
  let pageNumber = 1;
  let items = 0;

  let response = await client.request<ListBody<T> | undefined>({ ...firstRequest, signal });
  for (;;) {
    const page = toPage<T>(response, pageNumber, method);
    items += page.items.length;
    progress.pages = pageNumber;
    progress.items = items;
    progress.more = page.nextLink !== undefined;
    yield page;
    if (!page.nextLink || (maxPages !== undefined && pageNumber >= maxPages)) {
      return;
    }
    if (signal?.aborted) {
      throw canceledError('Listing');
    }
    if (pageNumber >= limits.pages || items >= limits.items) {
      throw limitError(pageNumber, items, limits, response);
    }
    const nextLink = page.nextLink;
    // Vet the link before anything is sent: a foreign host never sees the token.
    client.assertAllowedUrl(nextLink);
    if (seen.has(nextLink)) {
      throw new ArmError(
        `The service returned the same next-page link twice (page ${pageNumber + 1}, ${redactUrl(nextLink)}); listing stopped to avoid an endless loop.`,
        { kind: 'http', code: 'NextLinkLoop', status: response.status, requestId: response.requestId, correlationId: response.correlationId },
      );
    }
    seen.add(nextLink);
    pageNumber++;
    const next = (m: ArmRequest['method']): ArmRequest => ({
      method: m,
      url: nextLink,
      apiVersion: firstRequest.apiVersion,
      headers: firstRequest.headers,
      body: m === 'GET' ? undefined : firstRequest.body,
      signal,
      // The first page's line says the listing started; the summary says how it went.
      logLevel: 'debug',
    });
    try {
      response = await client.request<ListBody<T> | undefined>(next(method));
      progress.continuation ??= { method };
    } catch (err) {
      if (triedGet || !refusedRequest(err)) throw err;
      // Once per listing: a service that wants GET on its links gets it from here on.
      triedGet = true;
      try {
        response = await client.request<ListBody<T> | undefined>(next('GET'));
      } catch {
        throw err; // the operation's own method's answer says more than the fallback's
      }
      method = 'GET';
      progress.continuation = { method, refused: err.message };
      client.logger.warn(`The service refused POST on a next-page link (${err.message}); it accepted GET, used for the rest of this listing.`);
    }
  }
}
