import { strict as assert } from 'node:assert';
import { request } from 'node:http';
import { afterEach, describe, it } from 'node:test';
import { startEmulator } from '../server';
import { ACI_PATH, SHARE_PATH, armRequest, getToken, minimalGroup } from '../testClient';
import { suiteEmulator } from './suiteEmulator';

describe('emulator: fault scenarios', () => {
  const suite = suiteEmulator({ lroPolls: 2, hangMs: 50 });
  afterEach(() => suite.emu.setFault(undefined));

  const get = (path: string, headers: Record<string, string> = {}) => armRequest(suite.url, suite.token, 'GET', path, { headers });
  const syncs = (ss: string, headers: Record<string, string> = {}) => armRequest(suite.url, suite.token, 'POST', SHARE_PATH(ss, 'listSynchronizations'), { headers });

  for (const [fault, status, code] of [['429', 429, 'TooManyRequests'], ['503', 503, 'ServiceUnavailable']] as const) {
    it(`${fault}: the first two requests per resource path fail with Retry-After, then the path behaves`, async () => {
      suite.emu.setFault(fault);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await syncs('ss-a');
        statuses.push(res.status);
        if (res.status === status) {
          assert.equal(res.json.error.code, code);
          assert.equal(res.headers.get('retry-after'), '0');
          assert.ok(res.headers.get('x-ms-request-id'));
        }
      }
      assert.deepEqual(statuses, [status, status, 200]);
      assert.equal((await syncs('ss-b')).status, status, 'another resource path has its own counter');
    });

    it(`${fault}: selected per request by header and per resource by name`, async () => {
      assert.equal((await syncs('ss-c', { 'x-emulator-fault': fault })).status, status);
      assert.equal((await syncs('ss-c')).status, 200, 'without the header the request is normal');
      const byName = `ss-fault-${fault}`;
      assert.deepEqual([(await syncs(byName)).status, (await syncs(byName)).status, (await syncs(byName)).status], [status, status, 200]);
    });
  }

  it('reset: the socket is closed without a reply twice, then the request succeeds', async () => {
    suite.emu.setFault('reset');
    await assert.rejects(syncs('ss-reset'));
    await assert.rejects(syncs('ss-reset'));
    assert.equal((await syncs('ss-reset')).status, 200);
    assert.equal(suite.emu.requests.filter((r) => r.path.includes('ss-reset') && r.status === 0).length, 2);
  });

  it('hang: no reply until hangMs, then the socket is destroyed', async () => {
    await assert.rejects(syncs('ss-fault-hang'));
    assert.equal(suite.emu.requests.filter((r) => r.path.includes('ss-fault-hang')).map((r) => r.status).join(), '0');
  });

  it('hang: close() ends a request that is still hanging', async () => {
    const slow = await startEmulator({ hangMs: 60_000 });
    const t = await getToken(slow.url);
    const outcome = new Promise<string>((resolve) => {
      const req = request(slow.url + ACI_PATH('web'), { headers: { authorization: `Bearer ${t}`, 'x-emulator-fault': 'hang' } });
      req.on('response', () => resolve('response'));
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      // Close only once the request is on the wire, so the server holds an open socket.
      req.on('finish', () => void slow.close());
      req.end();
    });
    assert.equal(await outcome, 'ECONNRESET');
  });

  it('malformed-json: a 200 reply whose JSON is cut short', async () => {
    const res = await syncs('ss-fault-malformed-json');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.throws(() => JSON.parse(res.text));
    assert.equal(res.json, undefined);
  });

  it('html-error: a 502 HTML page', async () => {
    suite.emu.setFault('html-error');
    const res = await get(ACI_PATH('web'));
    assert.equal(res.status, 502);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(res.text, /<html>/);
  });

  async function runLro(name: string, headers: Record<string, string> = {}): Promise<{ statuses: string[]; last: Record<string, any> }> {
    const created = await armRequest(suite.url, suite.token, 'PUT', ACI_PATH(name), { body: minimalGroup(), headers });
    assert.equal(created.status, 201);
    const statusUrl = created.headers.get('azure-asyncoperation') ?? '';
    const statuses: string[] = [];
    let last: Record<string, any> = {};
    for (let i = 0; i < 10 && !['Succeeded', 'Failed', 'Canceled'].includes(statuses[statuses.length - 1]); i++) {
      const poll = await get(statusUrl);
      assert.equal(poll.status, 200);
      last = poll.json;
      statuses.push(last.status);
    }
    return { statuses, last };
  }

  it('lro-failed: the operation ends Failed with an error and the group is Failed', async () => {
    const { statuses, last } = await runLro('web-fault-lro-failed');
    assert.deepEqual(statuses, ['Pending', 'Pending', 'Failed']);
    assert.ok(last.error.code && last.error.message);
    const group = await get(ACI_PATH('web-fault-lro-failed'));
    assert.equal(group.json.properties.provisioningState, 'Failed');
    assert.equal(group.json.properties.ipAddress, undefined);
  });

  it('api-version-unregistered: container group requests at a newer api-version are refused as an unregistered version, 2023-05-01 is served', async () => {
    const name = 'web-fault-api-version-unregistered';
    const at = (v: string) => ACI_PATH(name).replace('2023-05-01', v);
    const created = await armRequest(suite.url, suite.token, 'PUT', ACI_PATH(name), { body: minimalGroup() });
    assert.equal(created.status, 201);
    for (const v of ['2025-09-01', '2026-06-01-preview']) {
      const refused = await get(at(v));
      assert.equal(refused.status, 400);
      assert.equal(refused.json.error.code, 'NoRegisteredProviderFound');
      assert.match(refused.json.error.message, new RegExp(`API version '${v}' for type 'containerGroups'.*supported api-versions are '.*2023-05-01'`));
    }
    assert.equal((await get(ACI_PATH(name))).status, 200);
    assert.equal((await get(at('2025-09-01').replace(name, 'web'))).status, 404, 'other groups are served at 2025-09-01');
  });

  it('lro-canceled: selected by a header on the PUT, the operation ends Canceled', async () => {
    const { statuses, last } = await runLro('web-cancel', { 'x-emulator-fault': 'lro-canceled' });
    assert.equal(statuses[statuses.length - 1], 'Canceled');
    assert.ok(last.error.code);
    assert.equal((await get(ACI_PATH('web-cancel'))).json.properties.provisioningState, 'Canceled');
  });

  it('lro-status-error: the status URL answers 500 although the PUT was accepted', async () => {
    const created = await armRequest(suite.url, suite.token, 'PUT', ACI_PATH('web-fault-lro-status-error'), { body: minimalGroup() });
    assert.equal(created.status, 201);
    const poll = await get(created.headers.get('azure-asyncoperation') ?? '');
    assert.equal(poll.status, 500);
    assert.ok(poll.json.error.code);
  });

  /** Every page of these listings is a POST, next pages included. */
  async function pageWith(bearer: string, url: string, body?: unknown) {
    return armRequest(suite.url, bearer, 'POST', url, { body });
  }

  async function page(url: string, body?: unknown) {
    return pageWith(suite.token, url, body);
  }

  it('nextlink-loop: page 2 links back to itself', async () => {
    const first = await page(SHARE_PATH('ss-fault-nextlink-loop-syncs-20-pagesize-5', 'listSynchronizations'));
    const second = await page(first.json.nextLink);
    assert.equal(second.status, 200);
    assert.equal(second.json.nextLink, first.json.nextLink);
    const again = await page(second.json.nextLink);
    assert.deepEqual(again.json, second.json);
  });

  it('nextlink-endless: every page offers a fresh nextLink, wrapping around the data', async () => {
    let res = await page(SHARE_PATH('ss-fault-nextlink-endless-syncs-3-pagesize-2', 'listSynchronizations'));
    const links = new Set<string>();
    for (let i = 0; i < 6; i++) {
      assert.equal(res.status, 200);
      assert.ok(res.json.value.length > 0, 'every page has rows');
      assert.ok(!links.has(res.json.nextLink), 'never the same link twice');
      links.add(res.json.nextLink);
      res = await page(res.json.nextLink);
    }
  });

  it('GET on a nextLink is refused as an invalid method unless the nextlink-get scenario is on', async () => {
    const path = SHARE_PATH('ss-syncs-20-pagesize-5', 'listSynchronizations');
    const first = await page(path);
    const refused = await armRequest(suite.url, suite.token, 'GET', first.json.nextLink);
    assert.equal(refused.status, 405);
    assert.equal(refused.json.error.code, 'InvalidMethod');
    assert.match(refused.json.error.message, /Invalid method/);
    const headers = { 'x-emulator-fault': 'nextlink-get' };
    const accepted = await armRequest(suite.url, suite.token, 'GET', first.json.nextLink, { headers });
    assert.equal(accepted.status, 200);
    assert.equal(accepted.json.value.length, 5);
    assert.equal((await armRequest(suite.url, suite.token, 'GET', path, { headers })).status, 405, 'the first page is POST only');
  });

  it('POST listings report the remaining writes, as ARM does for every method but GET', async () => {
    const res = await page(SHARE_PATH('ss-plain', 'listSynchronizations'));
    assert.match(res.headers.get('x-ms-ratelimit-remaining-subscription-writes') ?? '', /^\d+$/);
    assert.equal(res.headers.get('x-ms-ratelimit-remaining-subscription-reads'), null);
  });

  it('nextlink-foreign-host: nextLink points at another host', async () => {
    suite.emu.setFault('nextlink-foreign-host');
    const first = await page(SHARE_PATH('ss-syncs-20-pagesize-5', 'listSynchronizations'));
    assert.equal(new URL(first.json.nextLink).origin, 'http://example.invalid');
    assert.match(first.json.nextLink, /\$skipToken=/);
  });

  it('token-expired: page 2 answers 401 ExpiredAuthenticationToken once and expires that token', async () => {
    const path = SHARE_PATH('ss-fault-token-expired-syncs-20-pagesize-5', 'listSynchronizations');
    const own = await getToken(suite.url);
    const first = await pageWith(own, path);
    assert.equal(first.status, 200);
    const expired = await pageWith(own, first.json.nextLink);
    assert.equal(expired.status, 401);
    assert.equal(expired.json.error.code, 'ExpiredAuthenticationToken');
    assert.match(expired.headers.get('www-authenticate') ?? '', /^Bearer /);
    assert.equal((await pageWith(own, first.json.nextLink)).status, 401, 'the same token stays expired');
    const fresh = await getToken(suite.url);
    assert.equal((await pageWith(fresh, first.json.nextLink)).status, 200, 'a fresh token succeeds');
  });

  it('token-expired: one expiry per share subscription, so a fresh token serves all its listings', async () => {
    // The report reads details and source settings side by side: the fresh token fetched after the first
    // listing's 401 must not be expired again by the second listing's page 2.
    const name = 'ss-both-fault-token-expired-syncs-20-pagesize-5';
    const own = await getToken(suite.url);
    const settings = await pageWith(own, SHARE_PATH(name, 'listSourceShareSynchronizationSettings'));
    assert.equal(settings.status, 200);
    assert.ok(settings.json.nextLink, 'the settings listing has a second page');
    const first = await pageWith(own, SHARE_PATH(name, 'listSynchronizations'));
    const expired = await pageWith(own, first.json.nextLink);
    assert.equal(expired.status, 401);
    const fresh = await getToken(suite.url);
    assert.equal((await pageWith(fresh, settings.json.nextLink)).status, 200, 'the other listing of the same share subscription');
    assert.equal((await pageWith(fresh, first.json.nextLink)).status, 200);
  });

  it('token-expired: the first LRO status poll answers 401 once', async () => {
    const created = await armRequest(suite.url, suite.token, 'PUT', ACI_PATH('web-token'), { body: minimalGroup() });
    const statusUrl = created.headers.get('azure-asyncoperation') ?? '';
    const fresh = await getToken(suite.url);
    const headers = { 'x-emulator-fault': 'token-expired' };
    assert.equal((await armRequest(suite.url, fresh, 'GET', statusUrl, { headers })).status, 401);
    const renewed = await getToken(suite.url);
    assert.equal((await armRequest(suite.url, renewed, 'GET', statusUrl, { headers })).status, 200);
  });

  it('429-midpaging: page 3 is throttled once, then paging completes', async () => {
    suite.emu.setFault('429-midpaging');
    const statuses: number[] = [];
    let url = SHARE_PATH('ss-syncs-20-pagesize-5', 'listSynchronizations');
    let items = 0;
    for (let guard = 0; guard < 10; guard++) {
      const res = await page(url);
      statuses.push(res.status);
      if (res.status === 429) {
        assert.equal(res.headers.get('retry-after'), '0');
        continue; // retry the same page
      }
      items += res.json.value.length;
      if (!res.json.nextLink) break;
      url = res.json.nextLink;
    }
    assert.deepEqual(statuses, [200, 200, 429, 200, 200]);
    assert.equal(items, 20);
  });

  it('a header fault wins over the resource name, and a run-wide fault applies from the start option', async () => {
    assert.equal((await syncs('ss-fault-429', { 'x-emulator-fault': 'html-error' })).status, 502);
    const runWide = await startEmulator({ fault: '503', retryAfterSeconds: 0 });
    try {
      const t = await getToken(runWide.url);
      assert.equal((await armRequest(runWide.url, t, 'GET', ACI_PATH('web'))).status, 503);
      runWide.setFault('none');
      assert.equal((await armRequest(runWide.url, t, 'GET', ACI_PATH('web'))).status, 404);
    } finally {
      await runWide.close();
    }
  });
});
