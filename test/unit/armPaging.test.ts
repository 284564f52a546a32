import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { listPages, skipTokenFromNextLink, type Page } from '../../src/core/arm/paging';
import {
  collectAll,
  listSourceShareSynchronizationSettings,
  listSynchronizationDetails,
  listSynchronizations,
  type SynchronizationDetails,
} from '../../src/core/services/dataShare';
import type { ShareSubscriptionRef } from '../../src/core/services/resourcePaths';
import { SUBSCRIPTION, StaticTokenProvider, json, startFixture, startHarness, type Harness, rejectsWith } from './armHarness';

const SYNC_ID = '7d0536a6-3fa5-43de-b152-3d07c4f6b2bb';
const ref = (share: string): ShareSubscriptionRef => ({ subscriptionId: SUBSCRIPTION, resourceGroup: 'rg1', accountName: 'acc', shareSubscriptionName: share });

async function drain<T>(pages: AsyncIterable<Page<T>>): Promise<Page<T>[]> {
  const out: Page<T>[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

function armRequests(h: Harness): Harness['emu']['requests'] {
  return h.emu.requests.filter((r) => !r.path.includes('/oauth2/'));
}

test('synchronization details arrive page by page, each next page POSTed to its nextLink', async () => {
  const h = await startHarness();
  try {
    const pages = await drain(listSynchronizationDetails(h.client, ref('rows-7-pagesize-3'), SYNC_ID));
    assert.deepEqual(pages.map((p) => [p.pageNumber, p.items.length, Boolean(p.nextLink)]), [[1, 3, true], [2, 3, true], [3, 1, false]]);
    assert.ok(pages.every((p) => p.remaining?.kind === 'writes' && typeof p.remaining.count === 'number'), 'the remaining writes of each POST');
    assert.equal(new Set(pages.flatMap((p) => p.items.map((i) => i.dataSetId))).size, 7);
    // The emulator refuses GET on these links as the service does: no request is wasted on it.
    assert.deepEqual(armRequests(h).map((r) => [r.method, r.status]), [['POST', 200], ['POST', 200], ['POST', 200]]);
  } finally {
    await h.close();
  }
});

test('$filter and $orderby are sent and kept across pages', async () => {
  const h = await startHarness();
  try {
    const all = await collectAll<SynchronizationDetails>(
      listSynchronizationDetails(h.client, ref('rows-20-pagesize-4'), SYNC_ID, { orderby: 'durationMs desc', filter: "status ne 'Queued'" }),
    );
    assert.ok(all.length > 4, 'more than one page');
    assert.ok(all.every((d) => d.status !== 'Queued'));
    const durations = all.map((d) => d.durationMs ?? 0);
    assert.deepEqual(durations, [...durations].sort((a, b) => b - a));
  } finally {
    await h.close();
  }
});

test('synchronizations and source settings list through the same pager', async () => {
  const h = await startHarness();
  try {
    const syncs = await collectAll(listSynchronizations(h.client, ref('syncs-4')));
    assert.equal(syncs.length, 4);
    const settings = await drain(listSourceShareSynchronizationSettings(h.client, ref('settings-5')));
    assert.deepEqual(settings.map((p) => p.items.length), [2, 2, 1]);
    assert.ok(settings.flatMap((p) => p.items).every((s) => s.kind === 'ScheduleBased'));
  } finally {
    await h.close();
  }
});

test('maxPages stops early and the last page keeps its nextLink', async () => {
  const h = await startHarness();
  try {
    const pages = await drain(listSynchronizationDetails(h.client, ref('rows-9-pagesize-3'), SYNC_ID, { maxPages: 2 }));
    assert.equal(pages.length, 2);
    assert.ok(pages[1].nextLink);
  } finally {
    await h.close();
  }
});

test('a 429 in the middle of paging is retried and the listing completes', async () => {
  const h = await startHarness();
  try {
    h.emu.setFault('429-midpaging');
    const all = await collectAll(listSynchronizationDetails(h.client, ref('rows-10-pagesize-3'), SYNC_ID));
    assert.equal(all.length, 10);
    assert.ok(armRequests(h).some((r) => r.status === 429));
  } finally {
    await h.close();
  }
});

test('a nextLink seen before stops the listing with NextLinkLoop', async () => {
  const h = await startHarness();
  try {
    h.emu.setFault('nextlink-loop');
    const seen: number[] = [];
    const err = await rejectsWith(
      (async () => {
        for await (const page of listSynchronizationDetails(h.client, ref('rows-30-pagesize-3'), SYNC_ID)) seen.push(page.pageNumber);
      })(),
    );
    assert.equal(err.kind, 'http');
    assert.equal(err.code, 'NextLinkLoop');
    assert.match(err.message, /same next-page link twice/);
    assert.deepEqual(seen, [1, 2], "page 2 points back at itself");
  } finally {
    await h.close();
  }
});

test('a nextLink to another host is refused without sending anything', async () => {
  const h = await startHarness();
  try {
    h.emu.setFault('nextlink-foreign-host');
    const pages: number[] = [];
    const err = await rejectsWith(
      (async () => {
        for await (const page of listSynchronizationDetails(h.client, ref('rows-9-pagesize-3'), SYNC_ID)) pages.push(page.pageNumber);
      })(),
    );
    assert.equal(err.kind, 'security');
    assert.deepEqual(pages, [1]);
    assert.equal(armRequests(h).length, 1, 'only the first page was requested');
  } finally {
    await h.close();
  }
});

test('a nextLink to another local port gets no request at all', async () => {
  const foreign = await startFixture((_req, _body, res) => json(res, 200, { value: [] }));
  const arm = await startFixture((_req, _body, res) => json(res, 200, { value: [1], nextLink: `${foreign.url}/next?$skipToken=abc` }));
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    const err = await rejectsWith(drain(listPages(client, { method: 'POST', path: '/list', apiVersion: 'v' })));
    assert.equal(err.kind, 'security');
    assert.equal(foreign.hits.length, 0);
  } finally {
    await arm.close();
    await foreign.close();
  }
});

test('cancel between pages stops the listing', async () => {
  const h = await startHarness();
  try {
    const controller = new AbortController();
    const pages: number[] = [];
    const err = await rejectsWith(
      (async () => {
        for await (const page of listSynchronizationDetails(h.client, ref('rows-9-pagesize-3'), SYNC_ID, { signal: controller.signal })) {
          pages.push(page.pageNumber);
          controller.abort();
        }
      })(),
    );
    assert.equal(err.kind, 'canceled');
    assert.deepEqual(pages, [1]);
    assert.equal(armRequests(h).length, 1);
  } finally {
    await h.close();
  }
});

test('cancel while a page request hangs stops the listing', async () => {
  const h = await startHarness({}, { timeoutMs: 10_000 });
  try {
    const controller = new AbortController();
    const err = await rejectsWith(
      (async () => {
        for await (const page of listSynchronizationDetails(h.client, ref('rows-9-pagesize-3'), SYNC_ID, { signal: controller.signal })) {
          if (page.pageNumber === 1) {
            h.emu.setFault('hang');
            setTimeout(() => controller.abort(), 50);
          }
        }
      })(),
    );
    assert.equal(err.kind, 'canceled');
  } finally {
    await h.close();
  }
});

test('skipTokenFromNextLink reads the token whatever the parameter case', () => {
  assert.equal(skipTokenFromNextLink('https://m.example/x?api-version=1&$skipToken=a%2Bb'), 'a+b');
  assert.equal(skipTokenFromNextLink('https://m.example/x?%24skiptoken=zz'), 'zz');
  assert.equal(skipTokenFromNextLink('https://m.example/x?api-version=1'), undefined);
});
