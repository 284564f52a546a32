/**
 * Pageable ARM lists (`{ value: T[], nextLink? }`), yielded page by page as they arrive.
 */
import type { ArmClient, ArmRequest, ArmResponse } from './client';
import { ArmError } from './errors';
import { redactUrl } from './redact';
import { canceledError } from './retryPolicy';

export interface Page<T> {
  items: T[];
  /** 1-based. */
  pageNumber: number;
  /** x-ms-ratelimit-remaining-subscription-reads of this page's response, when sent. */
  remainingReads?: number;
  /** Present when the service has more pages. */
  nextLink?: string;
}

export interface ListPagesOptions {
  signal?: AbortSignal;
  /** Stop after this many pages (the last yielded page still carries its nextLink). */
  maxPages?: number;
}

interface ListBody<T> {
  value?: T[];
  nextLink?: string | null;
}

function readRemaining(headers: Record<string, string>): number | undefined {
  const raw = headers['x-ms-ratelimit-remaining-subscription-reads'];
  if (raw === undefined) {
    return undefined;
  }
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) ? n : undefined;
}

function toPage<T>(response: ArmResponse<ListBody<T> | undefined>, pageNumber: number): Page<T> {
  const body = response.body;
  const items = body && Array.isArray(body.value) ? body.value : [];
  const next = body && typeof body.nextLink === 'string' && body.nextLink.length > 0 ? body.nextLink : undefined;
  return { items, pageNumber, remainingReads: readRemaining(response.headers), nextLink: next };
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

/**
 * Follows nextLink with GET. Some POST list operations may not accept that; when the GET answers
 * 404/405 the original request is sent again with the nextLink's `$skipToken`, and that mode sticks.
 */
export async function* listPages<T>(
  client: ArmClient,
  firstRequest: ArmRequest,
  options: ListPagesOptions = {},
): AsyncGenerator<Page<T>, void, undefined> {
  const { signal, maxPages } = options;
  const seen = new Set<string>();
  let repost = false;
  let pageNumber = 1;

  let response = await client.request<ListBody<T> | undefined>({ ...firstRequest, signal });
  for (;;) {
    const page = toPage<T>(response, pageNumber);
    yield page;
    if (!page.nextLink || (maxPages !== undefined && pageNumber >= maxPages)) {
      return;
    }
    if (signal?.aborted) {
      throw canceledError('Listing');
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
    response = repost
      ? await repostWithSkipToken<T>(client, firstRequest, nextLink, signal)
      : await getNextLinkOrRepost<T>(client, firstRequest, nextLink, signal, () => {
          repost = true;
        });
  }
}

async function getNextLinkOrRepost<T>(
  client: ArmClient,
  firstRequest: ArmRequest,
  nextLink: string,
  signal: AbortSignal | undefined,
  switchToRepost: () => void,
): Promise<ArmResponse<ListBody<T> | undefined>> {
  try {
    return await client.request<ListBody<T> | undefined>({
      method: 'GET',
      url: nextLink,
      apiVersion: firstRequest.apiVersion,
      headers: firstRequest.headers,
      signal,
    });
  } catch (err) {
    const fallback =
      err instanceof ArmError && err.kind === 'http' && (err.status === 404 || err.status === 405) && firstRequest.method !== 'GET';
    if (!fallback) {
      throw err;
    }
    switchToRepost();
    return repostWithSkipToken<T>(client, firstRequest, nextLink, signal);
  }
}

async function repostWithSkipToken<T>(
  client: ArmClient,
  firstRequest: ArmRequest,
  nextLink: string,
  signal: AbortSignal | undefined,
): Promise<ArmResponse<ListBody<T> | undefined>> {
  const skipToken = skipTokenFromNextLink(nextLink);
  if (skipToken === undefined) {
    throw new ArmError(
      `The next-page link ${redactUrl(nextLink)} could not be followed and carries no $skipToken to resend the request with.`,
      { kind: 'http', code: 'NextLinkUnusable' },
    );
  }
  return client.request<ListBody<T> | undefined>({
    ...firstRequest,
    query: { ...(firstRequest.query ?? {}), $skipToken: skipToken },
    signal,
  });
}
