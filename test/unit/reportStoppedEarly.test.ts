// A report whose listing ends early keeps the rows it streamed and says how many it has and why.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { ArmError } from '../../src/core/arm/errors';
import { ReportStoppedError, streamSynchronizationReport, type ReportPage } from '../../src/core/report/shared/stream';
import { collectAll, listSynchronizations, type ShareSubscriptionRef } from '../../src/core/services/dataShare';
import { SUBSCRIPTION, StaticTokenProvider, json, startFixture, startHarness } from './armHarness';

const ref = (shareSubscriptionName: string): ShareSubscriptionRef => ({ subscriptionId: SUBSCRIPTION, resourceGroup: 'rg', accountName: 'acc', shareSubscriptionName });

/** Streams a report, failing (instead of hanging) past `guard` pages; returns what arrived and how it ended. */
async function stream(pages: AsyncIterable<ReportPage>, guard = 50): Promise<{ pages: ReportPage[]; error: unknown }> {
  const seen: ReportPage[] = [];
  try {
    for await (const page of pages) {
      seen.push(page);
      if (seen.length > guard) assert.fail(`the report was still paging after ${guard} pages`);
    }
  } catch (error) {
    return { pages: seen, error };
  }
  return { pages: seen, error: undefined };
}

test('a report over endless paging stops at the cap, keeps its rows and says how many and why', async () => {
  const h = await startHarness();
  try {
    const name = 'rep-rows-40-pagesize-10-fault-nextlink-endless';
    const [sync] = await collectAll(listSynchronizations(h.client, ref(name), { maxPages: 1 }));
    const run = await stream(streamSynchronizationReport(h.client, ref(name), sync.synchronizationId, { limits: { pages: 6, items: 1_000_000 } }));
    assert.equal(run.pages.length, 6);
    assert.equal(run.pages[5].totals.rows, 60);
    assert.ok(run.error instanceof ReportStoppedError, String(run.error));
    assert.equal(run.error.rows, 60);
    assert.equal(run.error.pages, 6);
    assert.equal(run.error.code, 'ListingLimit');
    assert.match(run.error.message, /stopped after 60 rows from 6 pages, which stay shown/);
    assert.match(run.error.message, /6 pages is the most one listing reads/);
  } finally {
    await h.close();
  }
});

test('a report whose page 3 fails ends with the rows of pages 1 and 2 and the service reason', async () => {
  const arm = await startFixture((req, _body, res, self) => {
    const url = new URL(req.url ?? '/', self.url);
    const page = Number(url.searchParams.get('$skipToken') ?? '1');
    if (page === 3) {
      json(res, 500, { error: { code: 'InternalServerError', message: 'Something broke.' } });
      return;
    }
    json(res, 200, { value: [{ name: `ds${page}a` }, { name: `ds${page}b` }], nextLink: `${self.url}${url.pathname}?api-version=2021-08-01&$skipToken=${page + 1}` });
  });
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000, maxRetries: 0 });
    const run = await stream(streamSynchronizationReport(client, ref('ss'), 'sync-1'));
    assert.deepEqual(run.pages.flatMap((p) => p.rows.map((r) => r.name)), ['ds1a', 'ds1b', 'ds2a', 'ds2b']);
    assert.ok(run.error instanceof ReportStoppedError, String(run.error));
    assert.equal(run.error.rows, 4);
    assert.equal(run.error.status, 500);
    assert.match(run.error.message, /^The report is incomplete: it stopped after 4 rows from 2 pages, which stay shown\. .*Something broke\./);
  } finally {
    await arm.close();
  }
});

test('a cancelled report ends as cancelled, not as stopped early', async () => {
  const h = await startHarness();
  try {
    const name = 'rep-rows-50-pagesize-10';
    const [sync] = await collectAll(listSynchronizations(h.client, ref(name), { maxPages: 1 }));
    const abort = new AbortController();
    const run = await stream(
      (async function* () {
        for await (const page of streamSynchronizationReport(h.client, ref(name), sync.synchronizationId, { signal: abort.signal })) {
          yield page;
          if (page.pageNumber === 2) abort.abort();
        }
      })(),
    );
    assert.equal(run.pages.length, 2);
    assert.ok(run.error instanceof ArmError && run.error.kind === 'canceled' && !(run.error instanceof ReportStoppedError));
  } finally {
    await h.close();
  }
});
