// Microsoft.DataShare share subscription listings: synchronizations, synchronization details and
// source synchronization settings, paged through nextLink / $skipToken.
import { RequestContext } from './context';
import {
  SETTINGS_PAGE_SIZE,
  SynchronizationDetail,
  generateDetails,
  generateSourceSettings,
  generateSynchronizations,
  sizesFor,
} from './dataShareGenerator';
import { applyFilter, applyOrderBy, decodeSkipToken, encodeSkipToken, parseFilter, parseOrderBy } from './dataShareQuery';
import { ErrorInfo, Reply, dataShareError, jsonReply } from './reply';
import { liveDetails, liveRuns, liveSynchronization } from './dataShareLive';

export const DATA_SHARE_API_VERSION = '2021-08-01';

const FOREIGN_HOST = 'http://example.invalid';

/** Keeps the few most recently used values, so paging through a large listing does not regenerate or re-sort it per page. */
class SmallCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly capacity: number) {}
  get(key: string, make: () => T): T {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    } else {
      this.entries.delete(key); // re-insert as most recent
    }
    this.entries.set(key, value);
    return value;
  }
}

const generatedDetails = new SmallCache<SynchronizationDetail[]>(4);
const listedDetails = new SmallCache<SynchronizationDetail[]>(8);

function seeds(ctx: RequestContext): { account: string; shareSubscription: string } {
  // ARM names are case-insensitive, so the data does not depend on the spelling used.
  return { account: ctx.params.account.toLowerCase(), shareSubscription: ctx.params.shareSubscription.toLowerCase() };
}

function badRequest(info: ErrorInfo): Reply {
  return dataShareError(400, info);
}

/** Slices one page, applies the paging faults and builds nextLink (same route, api-version, $filter, $orderby). */
function page<T>(ctx: RequestContext, items: T[], pageSize: number, synchronizationId?: string): Reply {
  const rawToken = ctx.url.searchParams.get('$skipToken');
  let offset = 0;
  if (rawToken !== null) {
    const decoded = decodeSkipToken(rawToken);
    if (!decoded.ok) return badRequest(decoded.error);
    if (decoded.value.synchronizationId !== synchronizationId) {
      return badRequest({ code: 'InvalidSkipToken', message: 'The continuation token belongs to a different synchronization.', target: '$skipToken' });
    }
    offset = decoded.value.offset;
  }
  const pageIndex = Math.floor(offset / pageSize);
  const { state } = ctx;
  if (ctx.fault === 'token-expired' && pageIndex === 1) {
    // One expiry per share subscription: its listings run side by side, and a token's lifetime ends once, so the
    // fresh token the first listing fetched must not be expired again by the second.
    const shareSubscription = /^.*\/sharesubscriptions\/[^/]+/.exec(ctx.url.pathname.toLowerCase())?.[0] ?? ctx.url.pathname.toLowerCase();
    const expired = state.tokens.takeExpiryFault(ctx.token, state.baseUrl, shareSubscription);
    if (expired) return expired;
  }
  if (ctx.fault === '429-midpaging' && pageIndex === 2 && state.faults.take(`429-midpaging|${ctx.url.pathname.toLowerCase()}`, 1)) {
    return dataShareError(429, { code: 'TooManyRequests', message: 'The request was throttled. Retry after the interval in the Retry-After header.' }, { 'retry-after': String(state.settings.retryAfterSeconds) });
  }

  // The endless fault wraps around the data and always offers a fresh token, so only a client-side cap ends it.
  const endless = ctx.fault === 'nextlink-endless';
  const start = endless && items.length > 0 ? offset % items.length : offset;
  const body: { value: T[]; nextLink?: string } = { value: items.slice(start, start + pageSize) };
  const hasMore = offset + pageSize < items.length;
  const loop = ctx.fault === 'nextlink-loop' && pageIndex === 1;
  if (hasMore || loop || endless) {
    // Query written by hand so the OData names keep their literal '$' as ARM's nextLinks do.
    const query = [`api-version=${DATA_SHARE_API_VERSION}`];
    for (const name of ['$filter', '$orderby']) {
      const value = ctx.url.searchParams.get(name);
      if (value !== null) query.push(`${name}=${encodeURIComponent(value)}`);
    }
    // The loop fault hands out page 2's own token again, so a client that does not notice never ends.
    const token = loop && rawToken !== null ? rawToken : encodeSkipToken({ offset: offset + pageSize, synchronizationId });
    query.push(`$skipToken=${encodeURIComponent(token)}`);
    const origin = ctx.fault === 'nextlink-foreign-host' ? FOREIGN_HOST : state.baseUrl;
    body.nextLink = `${origin}${ctx.url.pathname}?${query.join('&')}`;
  }
  return jsonReply(200, body);
}

/**
 * These listings are POST operations, next pages included: users report that the service refuses GET on
 * them as an invalid method while POST works (Azure/azure-cli-extensions#8275). The thread quotes only the
 * words "Invalid method"; the status is HTTP's for a refused method (405). The `nextlink-get` scenario
 * accepts GET on a nextLink, as this emulator once did and as newer generated SDKs expect.
 */
function checkMethod(ctx: RequestContext): Reply | undefined {
  if (ctx.method !== 'GET') return undefined;
  if (ctx.fault === 'nextlink-get' && ctx.url.searchParams.has('$skipToken')) return undefined;
  return dataShareError(405, { code: 'InvalidMethod', message: "Invalid method: 'GET'. This operation accepts POST only." });
}

export function listSynchronizations(ctx: RequestContext): Reply {
  const methodError = checkMethod(ctx);
  if (methodError) return methodError;
  const filter = parseFilter(ctx.url.searchParams.get('$filter'), { status: ['eq'] });
  if (!filter.ok) return badRequest(filter.error);
  // The 2021-08-01 example ShareSubscriptions_ListSynchronizations.json orders by durationMs.
  const order = parseOrderBy(ctx.url.searchParams.get('$orderby'), ['startTime', 'endTime', 'durationMs', 'status', 'synchronizationMode']);
  if (!order.ok) return badRequest(order.error);
  const { account, shareSubscription } = seeds(ctx);
  // Runs started through synchronize come first (newest first), before the generated history.
  const now = ctx.state.now();
  const live = liveRuns(ctx).map((run) => liveSynchronization(run, now));
  const all = [...live, ...generateSynchronizations(account, shareSubscription)] as Array<Record<string, unknown>>;
  const items = applyOrderBy(applyFilter(all, filter.value), order.value);
  return page(ctx, items, sizesFor(shareSubscription).pageSize);
}

function synchronizationIdFrom(ctx: RequestContext): { ok: true; id: string } | { ok: false; reply: Reply } {
  const text = ctx.body.toString('utf8');
  if (ctx.method === 'GET' || (text.trim() === '' && ctx.url.searchParams.has('$skipToken'))) {
    // nextLink followed with GET (no body): the synchronization id travels inside the token.
    const decoded = decodeSkipToken(ctx.url.searchParams.get('$skipToken') ?? '');
    if (!decoded.ok) return { ok: false, reply: badRequest(decoded.error) };
    if (decoded.value.synchronizationId) return { ok: true, id: decoded.value.synchronizationId };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const message = 'The request body must be a JSON object with a synchronizationId.';
    return { ok: false, reply: badRequest({ code: 'InvalidRequestContent', message, details: [{ code: 'InvalidRequestContent', message }] }) };
  }
  const id = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).synchronizationId : undefined;
  if (typeof id !== 'string' || id.trim() === '') {
    const message = "The required property 'synchronizationId' is missing or is not a non-empty string.";
    return { ok: false, reply: badRequest({ code: 'MissingRequiredProperty', message, target: 'synchronizationId', details: [{ code: 'MissingRequiredProperty', message, target: 'synchronizationId' }] }) };
  }
  return { ok: true, id };
}

export function listSynchronizationDetails(ctx: RequestContext): Reply {
  const methodError = checkMethod(ctx);
  if (methodError) return methodError;
  const sync = synchronizationIdFrom(ctx);
  if (!sync.ok) return sync.reply;
  const filter = parseFilter(ctx.url.searchParams.get('$filter'), { status: ['eq', 'ne'], dataSetType: ['eq', 'ne'], name: ['eq', 'ne'] });
  if (!filter.ok) return badRequest(filter.error);
  const order = parseOrderBy(ctx.url.searchParams.get('$orderby'), ['name', 'durationMs', 'startTime', 'sizeRead', 'status']);
  if (!order.ok) return badRequest(order.error);
  const { account, shareSubscription } = seeds(ctx);
  const run = liveRuns(ctx).find((r) => r.synchronizationId.toLowerCase() === sync.id.toLowerCase());
  if (run) {
    // A run under way lists the data sets finished so far: never cached, the list grows with time.
    return page(ctx, applyOrderBy(applyFilter(liveDetails(run, ctx.state.now()), filter.value), order.value), sizesFor(shareSubscription).pageSize, sync.id);
  }
  const key = [account, shareSubscription, sync.id].join('|');
  const query = [ctx.url.searchParams.get('$filter') ?? '', ctx.url.searchParams.get('$orderby') ?? ''].join('|');
  const items = listedDetails.get(`${key}|${query}`, () =>
    applyOrderBy(applyFilter(generatedDetails.get(key, () => generateDetails(account, shareSubscription, sync.id)), filter.value), order.value),
  );
  return page(ctx, items, sizesFor(shareSubscription).pageSize, sync.id);
}

export function listSourceShareSynchronizationSettings(ctx: RequestContext): Reply {
  const methodError = checkMethod(ctx);
  if (methodError) return methodError;
  const { account, shareSubscription } = seeds(ctx);
  return page(ctx, generateSourceSettings(account, shareSubscription), SETTINGS_PAGE_SIZE);
}
