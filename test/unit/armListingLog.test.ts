/** What a listing writes to the log: the first page, one summary, and every failure with its page. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { listPages } from '../../src/core/arm/paging';
import { listSynchronizationDetails } from '../../src/core/services/dataShare';
import { MemoryLogger, SUBSCRIPTION, StaticTokenProvider, json, rejectsWith, startFixture, startHarness } from './armHarness';

const SYNC_ID = '7d0536a6-3fa5-43de-b152-3d07c4f6b2bb';
const ref = { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg1', accountName: 'acc', shareSubscriptionName: 'rows-7-pagesize-3' };

test('a listing logs its first page and one summary at info; the other pages only at debug', async () => {
  const h = await startHarness();
  try {
    let pages = 0;
    for await (const _page of listSynchronizationDetails(h.client, ref, SYNC_ID)) pages++;
    assert.equal(pages, 3);
    const listing = h.logger.lines.filter((l) => l.includes('listSynchronizationDetails'));
    const info = listing.filter((l) => l.startsWith('info '));
    assert.equal(info.length, 2, listing.join('\n'));
    assert.match(info[0], /^info POST \S+\/listSynchronizationDetails\?api-version=2021-08-01 → 200 in \d+ ms/);
    assert.match(info[1], /^info Listing POST \S+\/listSynchronizationDetails: 7 items from 3 pages in \d+ ms \(next pages by POST\)\.$/);
    assert.equal(listing.filter((l) => /^debug POST \S+ → 200 /.test(l)).length, 2, 'pages 2 and 3 at debug');
  } finally {
    await h.close();
  }
});

test('a listing that fails names the failed page at info and in a warning summary', async () => {
  const arm = await startFixture((req, _body, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
    if (page === 3) return json(res, 500, { error: { code: 'InternalServerError', message: 'Page three broke.' } });
    json(res, 200, { value: [page], nextLink: `${arm.url}/list?page=${page + 1}` });
  });
  const logger = new MemoryLogger();
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000, maxRetries: 0, logger });
    const seen: unknown[] = [];
    const err = await rejectsWith(
      (async () => {
        for await (const page of listPages(client, { method: 'POST', path: '/list', apiVersion: 'v' })) seen.push(...page.items);
      })(),
    );
    assert.equal(err.status, 500);
    assert.deepEqual(seen, [1, 2]);
    assert.ok(logger.lines.some((l) => /^info POST \S+\/list\?page=3&api-version=v → 500 /.test(l)), logger.lines.join('\n'));
    const summary = logger.lines.filter((l) => l.includes('Listing '));
    assert.equal(summary.length, 1, logger.lines.join('\n'));
    assert.match(summary[0], /^warn Listing POST \S+\/list failed at page 3 after 2 items from 2 pages in \d+ ms \(next pages by POST\): .*Page three broke\./);
  } finally {
    await arm.close();
  }
});

test('a caller that stops reading early still gets a summary that says so', async () => {
  const h = await startHarness();
  try {
    for await (const page of listSynchronizationDetails(h.client, ref, SYNC_ID)) if (page.pageNumber === 2) break;
    const summary = h.logger.lines.filter((l) => l.includes('Listing '));
    assert.equal(summary.length, 1, h.logger.lines.join('\n'));
    assert.match(summary[0], /^info Listing POST \S+: 6 items from 2 pages in \d+ ms \(next pages by POST\); the caller stopped reading before the last page\.$/);
  } finally {
    await h.close();
  }
});
