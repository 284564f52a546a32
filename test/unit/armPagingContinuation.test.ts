/**
 * How next pages are requested: the link as given, the operation's own method and body, one guarded
 * fallback, and the caps that end a listing whose service never stops offering pages.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { LISTING_LIMITS, listPages, type Page } from '../../src/core/arm/paging';
import { collectAll, listSynchronizations } from '../../src/core/services/dataShare';
import { listResourceGroups } from '../../src/core/services/pickLists';
import { MemoryLogger, SUBSCRIPTION, StaticTokenProvider, json, rejectsWith, startFixture, startHarness, type FixtureServer } from './armHarness';

const fixtureClient = (server: FixtureServer) =>
  new ArmClient({ endpoint: server.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000, maxRetries: 0 });

/** Three pages of a POST listing; `refuse` answers the requests this service does not take. */
function threePages(refuse: (method: string, url: URL) => { status: number; code: string } | undefined, link = (n: number) => `?api-version=v&$skipToken=${n}`) {
  return startFixture((req, body, res, self) => {
    const url = new URL(req.url ?? '/', self.url);
    const refused = refuse(req.method ?? '', url);
    if (refused) {
      json(res, refused.status, { error: { code: refused.code, message: `refused ${req.method}` } });
      return;
    }
    const token = url.searchParams.get('$skipToken');
    const page = token === null ? 1 : Number(token);
    json(res, 200, { value: [`item-${page}`], ...(page < 3 ? { nextLink: `${self.url}${url.pathname}${link(page + 1)}` } : {}) });
  });
}

async function drain<T>(pages: AsyncIterable<Page<T>>, out: T[] = []): Promise<T[]> {
  for await (const page of pages) out.push(...page.items);
  return out;
}

test('a POST listing POSTs each nextLink as given, with the same body and headers', async () => {
  const arm = await threePages(() => undefined);
  try {
    const request = { method: 'POST' as const, path: '/list', apiVersion: 'v', body: { synchronizationId: 'abc' }, headers: { 'x-custom': '1' }, query: { $filter: "a eq 'b'" } };
    assert.deepEqual(await drain(listPages<string>(fixtureClient(arm), request)), ['item-1', 'item-2', 'item-3']);
    assert.deepEqual(arm.hits.map((x) => x.method), ['POST', 'POST', 'POST']);
    for (const hit of arm.hits) {
      assert.deepEqual(JSON.parse(hit.body), { synchronizationId: 'abc' });
      assert.equal(hit.headers['x-custom'], '1');
    }
    // The link is followed as given: its own query, nothing of the first request's added.
    assert.equal(arm.hits[2].url, '/list?api-version=v&$skipToken=3');
  } finally {
    await arm.close();
  }
});

test('a service that refuses GET on its links with 400 still gives every page', async () => {
  const arm = await threePages((method) => (method === 'GET' ? { status: 400, code: 'InvalidMethod' } : undefined));
  try {
    const items = await drain(listPages<string>(fixtureClient(arm), { method: 'POST', path: '/list', apiVersion: 'v', body: { synchronizationId: 'abc' } }));
    assert.deepEqual(items, ['item-1', 'item-2', 'item-3']);
    assert.ok(arm.hits.every((x) => x.method === 'POST'));
  } finally {
    await arm.close();
  }
});

test('when POST on a nextLink is refused, GET is tried once and kept for the rest of the listing', async () => {
  const arm = await threePages((method, url) => (method === 'POST' && url.searchParams.has('$skipToken') ? { status: 405, code: 'MethodNotAllowed' } : undefined));
  try {
    const logger = new MemoryLogger();
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000, maxRetries: 0, logger });
    const items = await drain(listPages<string>(client, { method: 'POST', path: '/list', apiVersion: 'v', body: { synchronizationId: 'abc' } }));
    assert.deepEqual(items, ['item-1', 'item-2', 'item-3']);
    assert.deepEqual(arm.hits.map((x) => x.method), ['POST', 'POST', 'GET', 'GET']);
    assert.equal(arm.hits[2].body, '', 'GET carries no body');
    // Which method the service took is logged: no recording says how Data Share continues these listings.
    assert.match(logger.lines.find((l) => l.startsWith('info Listing POST')) ?? '', /3 items from 3 pages in \d+ ms \(next pages by GET after POST was refused: Method Not Allowed \(405\): refused POST \[MethodNotAllowed\]\)\.$/);
  } finally {
    await arm.close();
  }
});

test('when both methods are refused the listing ends with the POST refusal, after the pages it had', async () => {
  const arm = await threePages((_method, url) => (url.searchParams.has('$skipToken') ? { status: 400, code: 'Refused' } : undefined));
  try {
    const items: string[] = [];
    const err = await rejectsWith(drain(listPages<string>(fixtureClient(arm), { method: 'POST', path: '/list', apiVersion: 'v' }), items));
    assert.deepEqual(items, ['item-1']);
    assert.equal(err.status, 400);
    assert.match(err.message, /refused POST/);
    assert.deepEqual(arm.hits.map((x) => x.method), ['POST', 'POST', 'GET']);
  } finally {
    await arm.close();
  }
});

test('a throttled or unauthorized continuation is not mistaken for a refused method', async () => {
  const arm = await threePages((_method, url) => (url.searchParams.has('$skipToken') ? { status: 403, code: 'AuthorizationFailed' } : undefined));
  try {
    const err = await rejectsWith(drain(listPages<string>(fixtureClient(arm), { method: 'POST', path: '/list', apiVersion: 'v' })));
    assert.equal(err.status, 403);
    assert.deepEqual(arm.hits.map((x) => x.method), ['POST', 'POST']);
  } finally {
    await arm.close();
  }
});

test("api-version is added to a nextLink only when the link has none; the link's own version is kept", async () => {
  const withVersion = await threePages(() => undefined, (n) => `?api-version=2020-09-01&$skipToken=${n}`);
  const without = await threePages(() => undefined, (n) => `?$skipToken=${n}`);
  try {
    await drain(listPages<string>(fixtureClient(withVersion), { method: 'POST', path: '/list', apiVersion: '2021-08-01' }));
    assert.deepEqual(withVersion.hits.map((x) => new URL(x.url, withVersion.url).searchParams.getAll('api-version')), [['2021-08-01'], ['2020-09-01'], ['2020-09-01']]);
    await drain(listPages<string>(fixtureClient(without), { method: 'POST', path: '/list', apiVersion: '2021-08-01' }));
    assert.deepEqual(without.hits.map((x) => new URL(x.url, without.url).searchParams.getAll('api-version')), [['2021-08-01'], ['2021-08-01'], ['2021-08-01']]);
  } finally {
    await withVersion.close();
    await without.close();
  }
});

test('GET listings keep following their links with GET', async () => {
  const arm = await startFixture((req, _body, res, self) => {
    const url = new URL(req.url ?? '/', self.url);
    const page = Number(url.searchParams.get('$skipToken') ?? '1');
    json(res, 200, { value: [{ name: `rg${page}` }], ...(page < 2 ? { nextLink: `${self.url}${url.pathname}?api-version=2021-04-01&$skipToken=2` } : {}) });
  });
  try {
    const groups = await listResourceGroups(fixtureClient(arm), SUBSCRIPTION);
    assert.deepEqual(groups.map((g) => g.value), ['rg1', 'rg2']);
    assert.deepEqual(arm.hits.map((x) => x.method), ['GET', 'GET']);
  } finally {
    await arm.close();
  }
});

/** Reads an endless listing, failing (instead of hanging) when nothing stops it within `guard` pages. */
async function readEndless(pages: AsyncIterable<Page<unknown>>, guard: number): Promise<{ pages: number; items: number; error: unknown }> {
  let count = 0;
  let items = 0;
  try {
    for await (const page of pages) {
      count++;
      items += page.items.length;
      if (count > guard) assert.fail(`the listing was still paging after ${guard} pages`);
    }
  } catch (error) {
    return { pages: count, items, error };
  }
  return { pages: count, items, error: undefined };
}

test('a listing that offers fresh pages forever stops at the page cap with a message naming it', async () => {
  const h = await startHarness();
  try {
    h.emu.setFault('nextlink-endless');
    const ref = { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg', accountName: 'acc', shareSubscriptionName: 'ss-syncs-3-pagesize-2' };
    const run = await readEndless(listSynchronizations(h.client, ref, { limits: { pages: 7, items: 1_000_000 } }), 50);
    assert.equal(run.pages, 7);
    const err = run.error as { code?: string; message: string };
    assert.equal(err.code, 'ListingLimit');
    assert.match(err.message, /stopped after 7 pages and \d+ items although the service offered more/);
    assert.match(err.message, /7 pages is the most one listing reads/);
  } finally {
    await h.close();
  }
});

test('a listing stops at the item cap, keeping the pages it read', async () => {
  const h = await startHarness();
  try {
    h.emu.setFault('nextlink-endless');
    const ref = { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg', accountName: 'acc', shareSubscriptionName: 'ss-syncs-5-pagesize-5' };
    const run = await readEndless(listSynchronizations(h.client, ref, { limits: { pages: 10_000, items: 12 } }), 50);
    assert.equal(run.pages, 3);
    assert.equal(run.items, 15);
    assert.match((run.error as Error).message, /12 items is the most one listing reads/);
  } finally {
    await h.close();
  }
});

test('the default caps are generous: 10,000 pages and 1,000,000 items', () => {
  assert.deepEqual({ ...LISTING_LIMITS }, { pages: 10_000, items: 1_000_000 });
});

test('a listing within the caps is unaffected by them', async () => {
  const h = await startHarness();
  try {
    const ref = { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg', accountName: 'acc', shareSubscriptionName: 'ss-syncs-6-pagesize-2' };
    assert.equal((await collectAll(listSynchronizations(h.client, ref, { limits: { pages: 3, items: 6 } }))).length, 6);
  } finally {
    await h.close();
  }
});

test('a pick list stops paging as soon as its pick is closed (its signal aborts)', async () => {
  const closed = new AbortController();
  const arm = await startFixture((req, _body, res, self) => {
    const url = new URL(req.url ?? '/', self.url);
    const page = Number(url.searchParams.get('$skipToken') ?? '1');
    if (page === 3) closed.abort(); // the user closes the pick while page 3 is on its way
    json(res, 200, { value: [{ name: `rg${page}` }], nextLink: `${self.url}${url.pathname}?api-version=2021-04-01&$skipToken=${page + 1}` });
  });
  try {
    const err = await rejectsWith(listResourceGroups(fixtureClient(arm), SUBSCRIPTION, closed.signal));
    assert.equal(err.kind, 'canceled');
    assert.equal(arm.hits.length, 3, 'no page is asked for after the pick closed');
  } finally {
    await arm.close();
  }
});
