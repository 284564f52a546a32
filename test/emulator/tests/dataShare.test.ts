import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { DATA_SET_TYPES, HOSTILE_PAYLOADS } from '../dataShareGenerator';
import { startEmulator } from '../server';
import { SHARE_PATH, armRequest, getToken } from '../testClient';
import { suiteEmulator } from './suiteEmulator';

type Page = { value: Record<string, unknown>[]; nextLink?: string };

describe('emulator: data share listings', () => {
  const suite = suiteEmulator({ lroPolls: 2 });

  /** Follows nextLink until the end by POSTing the same body to it, or with GET under the nextlink-get scenario. */
  async function listAll(path: string, body: unknown, follow: 'GET' | 'POST', maxPages = 1000): Promise<{ items: Record<string, unknown>[]; pages: number }> {
    const items: Record<string, unknown>[] = [];
    let res = await armRequest(suite.url, suite.token, 'POST', path, { body });
    let pages = 0;
    for (;;) {
      assert.equal(res.status, 200, res.text);
      const page = res.json as Page;
      items.push(...page.value);
      pages += 1;
      if (!page.nextLink) return { items, pages };
      assert.ok(pages < maxPages, 'too many pages');
      const next = new URL(page.nextLink);
      assert.equal(next.origin, suite.url);
      assert.equal(next.searchParams.get('api-version'), '2021-08-01');
      assert.ok(next.searchParams.get('$skipToken'));
      res =
        follow === 'GET'
          ? await armRequest(suite.url, suite.token, 'GET', page.nextLink, { headers: { 'x-emulator-fault': 'nextlink-get' } })
          : await armRequest(suite.url, suite.token, 'POST', page.nextLink, { body });
    }
  }

  async function firstSyncId(ss: string): Promise<string> {
    const res = await armRequest(suite.url, suite.token, 'POST', SHARE_PATH(ss, 'listSynchronizations'));
    return (res.json as Page).value[0].synchronizationId as string;
  }

  it('lists synchronizations newest first with every field', async () => {
    const { items } = await listAll(SHARE_PATH('ss-one', 'listSynchronizations'), undefined, 'POST');
    assert.equal(items.length, 5);
    const starts = items.map((s) => Date.parse(s.startTime as string));
    assert.deepEqual([...starts].sort((a, b) => b - a), starts);
    for (const s of items) {
      assert.match(s.synchronizationId as string, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.ok(['FullSync', 'Incremental'].includes(s.synchronizationMode as string));
      assert.equal(typeof s.status, 'string');
    }
    assert.ok(items.some((s) => s.status === 'Failed' && typeof s.message === 'string'));
    const done = items.find((s) => s.status === 'Succeeded')!;
    assert.equal(Date.parse(done.endTime as string) - Date.parse(done.startTime as string), done.durationMs);
  });

  it('pages synchronization details with GET on nextLink and with re-POST, giving identical results', async () => {
    const ss = 'ss-rows-230-pagesize-40';
    const syncId = await firstSyncId(ss);
    const viaGet = await listAll(SHARE_PATH(ss, 'listSynchronizationDetails'), { synchronizationId: syncId }, 'GET');
    const viaPost = await listAll(SHARE_PATH(ss, 'listSynchronizationDetails'), { synchronizationId: syncId }, 'POST');
    assert.equal(viaGet.items.length, 230);
    assert.equal(viaGet.pages, 6);
    assert.deepEqual(viaPost.items, viaGet.items);
    assert.equal(new Set(viaGet.items.map((d) => d.dataSetId)).size, 230);
    const fields = ['dataSetId', 'dataSetType', 'name', 'status', 'startTime', 'endTime', 'durationMs', 'filesRead', 'filesWritten', 'rowsRead', 'rowsCopied', 'sizeRead', 'sizeWritten', 'vCore'];
    for (const d of viaGet.items) {
      for (const f of fields) assert.notEqual(d[f], undefined, `missing ${f}`);
      assert.ok((DATA_SET_TYPES as readonly string[]).includes(d.dataSetType as string));
    }
    const failed = viaGet.items.filter((d) => d.status === 'Failed');
    assert.ok(failed.length > 0);
    for (const d of failed) assert.ok(typeof d.message === 'string' && d.message.length > 0);
  });

  it('uses the defaults: 120 detail rows in pages of 50', async () => {
    const syncId = await firstSyncId('plain');
    const { items, pages } = await listAll(SHARE_PATH('plain', 'listSynchronizationDetails'), { synchronizationId: syncId }, 'POST');
    assert.equal(items.length, 120);
    assert.equal(pages, 3);
  });

  it('generates the same data in another emulator run', async () => {
    const other = await startEmulator();
    try {
      const t = await getToken(other.url);
      const path = SHARE_PATH('ss-rows-10', 'listSynchronizationDetails');
      const syncId = await firstSyncId('ss-rows-10');
      const mine = await armRequest(suite.url, suite.token, 'POST', path, { body: { synchronizationId: syncId } });
      const theirs = await armRequest(other.url, t, 'POST', path, { body: { synchronizationId: syncId } });
      assert.deepEqual(theirs.json, mine.json);
    } finally {
      await other.close();
    }
  });

  it('filters details by status, dataSetType and name with eq/ne joined by and', async () => {
    const ss = 'ss-rows-300';
    const syncId = await firstSyncId(ss);
    const all = (await listAll(SHARE_PATH(ss, 'listSynchronizationDetails'), { synchronizationId: syncId }, 'POST')).items;
    const base = SHARE_PATH(ss, 'listSynchronizationDetails');
    const failed = await listAll(`${base}&$filter=${encodeURIComponent("status eq 'Failed'")}`, { synchronizationId: syncId }, 'POST');
    assert.deepEqual(failed.items, all.filter((d) => d.status === 'Failed'));
    const type = all[0].dataSetType as string;
    const combo = await listAll(`${base}&$filter=${encodeURIComponent(`status ne 'Failed' and dataSetType eq '${type}'`)}`, { synchronizationId: syncId }, 'POST');
    assert.deepEqual(combo.items, all.filter((d) => d.status !== 'Failed' && d.dataSetType === type));
    const byName = await listAll(`${base}&$filter=${encodeURIComponent(`name eq '${all[7].name as string}'`)}`, { synchronizationId: syncId }, 'POST');
    assert.deepEqual(byName.items, [all[7]]);
  });

  for (const [field, direction] of [['durationMs', 'desc'], ['name', 'asc'], ['sizeRead', 'asc'], ['startTime', 'desc'], ['status', 'asc']] as const) {
    it(`orders details by ${field} ${direction} across pages`, async () => {
      const ss = 'ss-rows-150-pagesize-30';
      const syncId = await firstSyncId(ss);
      const { items } = await listAll(`${SHARE_PATH(ss, 'listSynchronizationDetails')}&$orderby=${encodeURIComponent(`${field} ${direction}`)}`, { synchronizationId: syncId }, 'POST');
      assert.equal(items.length, 150);
      const values = items.map((d) => d[field] as string | number);
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (direction === 'desc') sorted.reverse();
      assert.deepEqual(values, sorted);
    });
  }

  it('filters and orders synchronizations', async () => {
    const ss = 'ss-syncs-20-pagesize-7';
    const all = (await listAll(SHARE_PATH(ss, 'listSynchronizations'), undefined, 'POST')).items;
    assert.equal(all.length, 20);
    const asc = (await listAll(`${SHARE_PATH(ss, 'listSynchronizations')}&$orderby=${encodeURIComponent('startTime asc')}`, undefined, 'POST')).items;
    assert.deepEqual(asc, [...all].reverse());
    const failed = (await listAll(`${SHARE_PATH(ss, 'listSynchronizations')}&$filter=${encodeURIComponent("status eq 'Failed'")}`, undefined, 'POST')).items;
    assert.deepEqual(failed, all.filter((s) => s.status === 'Failed'));
    assert.ok(failed.length > 0);
  });

  it('takes the $orderby of the published ListSynchronizations example (durationMs)', async () => {
    const ss = 'ss-syncs-9-pagesize-4';
    const sorted = (await listAll(`${SHARE_PATH(ss, 'listSynchronizations')}&$orderby=durationMs`, undefined, 'POST')).items;
    assert.equal(sorted.length, 9);
    const durations = sorted.filter((s) => typeof s.durationMs === 'number').map((s) => s.durationMs as number);
    assert.deepEqual(durations, [...durations].sort((a, b) => a - b));
  });

  it('rejects unsupported filters and orderings with a DataShareError', async () => {
    const syncId = await firstSyncId('plain');
    const base = SHARE_PATH('plain', 'listSynchronizationDetails');
    for (const filter of ["vCore eq '1'", "status gt 'A'", "status eq 'A' or name eq 'B'", 'status eq Failed']) {
      const res = await armRequest(suite.url, suite.token, 'POST', `${base}&$filter=${encodeURIComponent(filter)}`, { body: { synchronizationId: syncId } });
      assert.equal(res.status, 400, filter);
      assert.equal(res.json.error.code, 'InvalidFilter');
      assert.ok(res.json.error.message);
    }
    const syncFilter = await armRequest(suite.url, suite.token, 'POST', `${SHARE_PATH('plain', 'listSynchronizations')}&$filter=${encodeURIComponent("status ne 'Failed'")}`);
    assert.equal(syncFilter.json.error.code, 'InvalidFilter');
    const order = await armRequest(suite.url, suite.token, 'POST', `${base}&$orderby=vCore`, { body: { synchronizationId: syncId } });
    assert.equal(order.status, 400);
    assert.equal(order.json.error.code, 'InvalidOrderBy');
  });

  it('requires a JSON body with synchronizationId for details', async () => {
    const path = SHARE_PATH('plain', 'listSynchronizationDetails');
    const none = await armRequest(suite.url, suite.token, 'POST', path);
    assert.equal(none.status, 400);
    assert.ok(none.json.error.code && none.json.error.message);
    const empty = await armRequest(suite.url, suite.token, 'POST', path, { body: {} });
    assert.equal(empty.status, 400);
    assert.equal(empty.json.error.code, 'MissingRequiredProperty');
    assert.equal(empty.json.error.target, 'synchronizationId');
    const getFirst = await armRequest(suite.url, suite.token, 'GET', path);
    assert.equal(getFirst.status, 405);
  });

  it('rejects a continuation token that is not one of ours', async () => {
    const res = await armRequest(suite.url, suite.token, 'POST', `${SHARE_PATH('plain', 'listSynchronizations')}&$skipToken=garbage`);
    assert.equal(res.status, 400);
    assert.equal(res.json.error.code, 'InvalidSkipToken');
  });

  it('lists source synchronization settings in pages of 2', async () => {
    const def = await listAll(SHARE_PATH('plain', 'listSourceShareSynchronizationSettings'), undefined, 'POST');
    assert.equal(def.items.length, 3);
    assert.equal(def.pages, 2);
    const many = await listAll(SHARE_PATH('ss-settings-7', 'listSourceShareSynchronizationSettings'), undefined, 'POST');
    assert.equal(many.items.length, 7);
    assert.equal(many.pages, 4);
    for (const s of many.items) {
      assert.equal(s.kind, 'ScheduleBased');
      const props = s.properties as Record<string, string>;
      assert.ok(['Hour', 'Day'].includes(props.recurrenceInterval));
      assert.ok(!Number.isNaN(Date.parse(props.synchronizationTime)));
    }
  });

  it('puts script, HTML and formula payloads into names and messages of hostile share subscriptions', async () => {
    const ss = 'ss-hostile-rows-40';
    const syncId = await firstSyncId(ss);
    const { items } = await listAll(SHARE_PATH(ss, 'listSynchronizationDetails'), { synchronizationId: syncId }, 'POST');
    const text = JSON.stringify(items.map((d) => [d.name, d.message]));
    for (const payload of HOSTILE_PAYLOADS) assert.ok(text.includes(JSON.stringify(payload).slice(1, -1)), `missing ${payload}`);
    assert.ok(items.some((d) => d.name === '=HYPERLINK("http://x")'));
    assert.ok(items.some((d) => d.name === '<img src=x onerror=alert(1)>'));
  });
});
