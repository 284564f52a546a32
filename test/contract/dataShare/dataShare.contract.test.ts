/**
 * Replays the published Data Share 2021-08-01 examples (and one recording) through the product's client,
 * listings and report stream over a real socket, and checks what the user would see.
 */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { ArmClient } from '../../../src/core/arm/client';
import { sourceSettingRow } from '../../../src/core/report/report/sourceSettings';
import { loadSynchronizationReport, streamSynchronizationReport } from '../../../src/core/report/shared/stream';
import {
  collectAll,
  listSourceShareSynchronizationSettings,
  listSynchronizations,
  type ShareSubscriptionRef,
} from '../../../src/core/services/dataShare';
import { listDataShareAccounts, listShareSubscriptions } from '../../../src/core/services/pickLists';
import type { Fixture } from '../replayServer';
import { replay } from './replay';
import { MemoryLogger, StaticTokenProvider } from '../../unit/armHarness';
import details from './listSynchronizationDetails.json';
import detailsTwoPages from './listSynchronizationDetails.twoPages.json';
import settings from './listSourceShareSynchronizationSettings.json';
import synchronizations from './listSynchronizations.json';
import recorded from './listSynchronizations.recorded.json';
import byAccount from './shareSubscriptionsListByAccount.json';
import accounts from './accountsListBySubscription.json';

const EXAMPLE: ShareSubscriptionRef = {
  subscriptionId: '433a8dfd-e5d5-4e77-ad86-90acdc75eb1a',
  resourceGroup: 'SampleResourceGroup',
  accountName: 'Account1',
  shareSubscriptionName: 'ShareSub1',
};
const SYNC_ID = '7d0536a6-3fa5-43de-b152-3d07c4f6b2bb';

test('ShareSubscriptions_ListSynchronizations: the example ordered by durationMs lists its one run', async () => {
  await replay(synchronizations, async (client) => {
    const items = await collectAll(listSynchronizations(client, EXAMPLE, { orderby: 'durationMs' }));
    assert.deepEqual(items.map((s) => [s.synchronizationId, s.status, s.synchronizationMode, s.durationMs]), [['runId', 'Completed', 'Incremental', 2000]]);
  });
});

test("ShareSubscriptions_ListSynchronizationDetails: the example's filter and order give one row and its totals", async () => {
  await replay(details, async (client) => {
    const { rows, totals } = await loadSynchronizationReport(client, EXAMPLE, SYNC_ID, { query: { name: 'datasetmapping1', sort: { column: 'durationMs', descending: false } } });
    assert.deepEqual(rows, [
      { name: 'datasetmapping1', dataSetType: 'Blob', status: 'Completed', startTime: '2018-11-14T04:47:52.9614956Z', endTime: '2018-11-14T04:47:52.9614956Z', durationMs: 2000, dataSetId: SYNC_ID },
    ]);
    assert.equal(totals.rows, 1);
    assert.equal(totals.failed, 0, '"Completed" is not a failure');
    assert.equal(totals.durationMs, 2000);
    assert.equal(totals.pagesLoaded, 1);
    // The example sends -reads on this POST: shown under its own name.
    assert.deepEqual(totals.remaining, { kind: 'reads', count: 14993 });
  });
});

test('ShareSubscriptions_ListSynchronizationDetails over two pages (SYNTHETIC fixture: no multi-page recording exists): the continuation is POSTed to the nextLink with the same body, and the log says the service accepted POST', async () => {
  assert.equal((detailsTwoPages as Fixture).synthetic, true, 'the two-page fixture is marked as made up');
  const logger = new MemoryLogger();
  await replay(detailsTwoPages, async (plain) => {
    const client = new ArmClient({ endpoint: plain.endpoint, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'contract', maxRetries: 0, logger });
    const pages: { rows: string[]; totalRows: number; last: boolean }[] = [];
    for await (const page of streamSynchronizationReport(client, EXAMPLE, SYNC_ID)) {
      pages.push({ rows: page.rows.map((r) => r.name ?? ''), totalRows: page.totals.rows, last: page.last });
    }
    assert.deepEqual(pages, [
      { rows: ['datasetmapping1'], totalRows: 1, last: false },
      { rows: ['datasetmapping2'], totalRows: 2, last: true },
    ]);
  });
  assert.match(logger.lines.find((l) => l.includes('Listing POST')) ?? '', /2 items from 2 pages in \d+ ms \(next pages by POST\)\.$/);
});

test("ShareSubscriptions_ListSourceShareSynchronizationSettings: the example's hourly schedule", async () => {
  await replay(settings, async (client) => {
    const items = await collectAll(listSourceShareSynchronizationSettings(client, EXAMPLE));
    const now = new Date('2019-03-16T08:00:00Z');
    assert.deepEqual(items.map((s) => sourceSettingRow(s, now, (d) => d.toISOString())), [
      {
        kind: 'ScheduleBased',
        recurrence: 'Hour',
        synchronizationTime: '2019-03-15T19:45:58Z',
        schedule: 'Every hour at :45',
        nextRunLocal: '2019-03-16T08:45:58.000Z',
        nextRunUtc: '2019-03-16 08:45 UTC',
      },
    ]);
  });
});

test('recorded list-synchronization and source settings: POST listings answer with the remaining writes', async () => {
  const ref: ShareSubscriptionRef = { subscriptionId: '00000000-0000-0000-0000-000000000000', resourceGroup: 'datashare_consumer_rg', accountName: 'cli_test_acc_consumer_account', shareSubscriptionName: 'cli_test_share_subscription' };
  await replay(recorded, async (client) => {
    const syncPages = [];
    for await (const page of listSynchronizations(client, ref)) syncPages.push(page);
    assert.deepEqual(syncPages.map((p) => [p.items.map((s) => s.status), p.remaining]), [[['Queued'], { kind: 'writes', count: 1198 }]]);
    const schedule = await collectAll(listSourceShareSynchronizationSettings(client, ref));
    assert.equal(sourceSettingRow(schedule[0]).schedule, 'Every day at 10:50 UTC');
  });
});

test('ShareSubscriptions_ListByAccount: the Add flow offers the share subscriptions by name', async () => {
  await replay(byAccount, async (client) => {
    const items = await listShareSubscriptions(client, { subscriptionId: '12345678-1234-1234-12345678abc', resourceGroup: 'SampleResourceGroup', accountName: 'Account1' });
    assert.deepEqual(items.map((i) => [i.value, i.description]), [
      ['ShareSubscription1', 'share1 · Active'],
      ['ShareSubscription1', 'share1 · Active'],
    ]);
  });
});

test('Accounts_ListBySubscription: the Add flow offers the accounts with their resource groups', async () => {
  await replay(accounts, async (client) => {
    const items = await listDataShareAccounts(client, '34adfa4f-cedf-4dc0-ba29-b6d1a69ab345');
    assert.deepEqual(items.map((i) => [i.value, i.resourceGroup]), [
      ['Account1', 'SampleResourceGroup'],
      ['Account2', 'SampleResourceGroup'],
    ]);
  });
});
