import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { Emulator, startEmulator } from '../server';
import { ACI_PATH, SHARE_PATH, armRequest, getToken } from '../testClient';

describe('emulator: token endpoint, authentication and ARM headers', () => {
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ retryAfterSeconds: 0 });
  });
  after(() => emu.close());

  const postForm = (fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
    fetch(`${emu.url}/my-tenant/oauth2/v2.0/token`, { method: 'POST', headers: { 'content-type': contentType }, body: new URLSearchParams(fields).toString() });

  it('listens on 127.0.0.1 and answers /healthz without auth', async () => {
    assert.match(emu.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${emu.url}/healthz`);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'ok');
  });

  it('issues a bearer token for client credentials', async () => {
    const res = await postForm({ grant_type: 'client_credentials', client_id: 'c', client_secret: 's', scope: 'https://management.azure.com/.default' });
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 3600);
    assert.equal(body.ext_expires_in, 3600);
    assert.equal(typeof body.access_token, 'string');
    assert.ok((body.access_token as string).length >= 32);
  });

  for (const missing of ['grant_type', 'client_id', 'client_secret', 'scope']) {
    it(`rejects a token request without ${missing} with an AAD-style 400`, async () => {
      const fields: Record<string, string> = { grant_type: 'client_credentials', client_id: 'c', client_secret: 's', scope: 'x/.default' };
      delete fields[missing];
      const res = await postForm(fields);
      assert.equal(res.status, 400);
      const body = (await res.json()) as Record<string, string>;
      assert.equal(body.error, 'invalid_request');
      assert.match(body.error_description, new RegExp(missing));
    });
  }

  it('rejects other grant types and a JSON body', async () => {
    const grant = await postForm({ grant_type: 'password', client_id: 'c', client_secret: 's', scope: 'x/.default' });
    assert.equal(grant.status, 400);
    assert.equal(((await grant.json()) as Record<string, string>).error, 'unsupported_grant_type');
    const json = await postForm({ grant_type: 'client_credentials', client_id: 'c', client_secret: 's', scope: 'x/.default' }, 'application/json');
    assert.equal(json.status, 400);
    assert.equal(((await json.json()) as Record<string, string>).error, 'invalid_request');
  });

  it('answers 401 AuthenticationFailed with WWW-Authenticate when the token is missing or unknown', async () => {
    for (const token of [undefined, 'not-issued-by-this-server']) {
      const res = await armRequest(emu.url, token, 'GET', ACI_PATH('web'));
      assert.equal(res.status, 401);
      assert.equal(res.json.error.code, 'AuthenticationFailed');
      assert.ok(res.json.error.message);
      assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer /);
    }
  });

  it('answers 401 ExpiredAuthenticationToken for an expired token', async () => {
    const shortLived = await startEmulator({ tokenLifetimeSeconds: 0 });
    try {
      const token = await getToken(shortLived.url);
      const res = await armRequest(shortLived.url, token, 'GET', ACI_PATH('web'));
      assert.equal(res.status, 401);
      assert.equal(res.json.error.code, 'ExpiredAuthenticationToken');
      assert.match(res.headers.get('www-authenticate') ?? '', /invalid_token/);
    } finally {
      await shortLived.close();
    }
  });

  it('accepts an issued token and sets request id, correlation id and read quota headers', async () => {
    const token = await getToken(emu.url);
    const first = await armRequest(emu.url, token, 'GET', ACI_PATH('absent'), { headers: { 'x-ms-correlation-request-id': 'corr-123' } });
    assert.equal(first.status, 404);
    assert.equal(first.json.error.code, 'ResourceNotFound');
    assert.equal(first.headers.get('x-ms-correlation-request-id'), 'corr-123');
    assert.match(first.headers.get('x-ms-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const second = await armRequest(emu.url, token, 'GET', ACI_PATH('absent'));
    assert.match(second.headers.get('x-ms-correlation-request-id') ?? '', /^[0-9a-f-]{36}$/);
    assert.notEqual(second.headers.get('x-ms-request-id'), first.headers.get('x-ms-request-id'));
    const r1 = Number(first.headers.get('x-ms-ratelimit-remaining-subscription-reads'));
    const r2 = Number(second.headers.get('x-ms-ratelimit-remaining-subscription-reads'));
    assert.equal(r2, r1 - 1);
    assert.equal(second.headers.get('x-ms-ratelimit-remaining-subscription-writes'), null);
  });

  it('requires the exact api-version per provider', async () => {
    const token = await getToken(emu.url);
    const missing = await armRequest(emu.url, token, 'GET', ACI_PATH('web').replace(/\?.*$/, ''));
    assert.equal(missing.status, 400);
    assert.equal(missing.json.error.code, 'MissingApiVersionParameter');
    const wrong = await armRequest(emu.url, token, 'GET', ACI_PATH('web').replace('2023-05-01', '2021-10-01'));
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error.code, 'InvalidApiVersionParameter');
    const shareWrong = await armRequest(emu.url, token, 'POST', SHARE_PATH('ss', 'listSynchronizations').replace('2021-08-01', '2020-09-01'));
    assert.equal(shareWrong.status, 400);
    assert.equal(shareWrong.json.error.code, 'InvalidApiVersionParameter');
    assert.ok(shareWrong.json.error.message);
  });

  it('records served requests and serving time', async () => {
    emu.resetStats();
    assert.deepEqual([emu.stats().requests, emu.stats().servingMs], [0, 0], 'reset');
    const before = emu.requests.length;
    await fetch(`${emu.url}/healthz`);
    assert.equal(emu.stats().requests, 1);
    // Serving time is measured (hrtime, in ns): any request takes some, and a second adds to it.
    const once = emu.stats().servingMs;
    assert.ok(once > 0, `serving time ${once} ms`);
    await fetch(`${emu.url}/healthz`);
    assert.ok(emu.stats().servingMs > once);
    assert.equal(emu.stats().requests, 2);
    const last = emu.requests[emu.requests.length - 1];
    assert.equal(emu.requests.length, before + 2);
    assert.deepEqual({ method: last.method, path: last.path, status: last.status }, { method: 'GET', path: '/healthz', status: 200 });
  });

  it('rejects unknown fault names in options, setFault and the header', async () => {
    await assert.rejects(startEmulator({ fault: 'no-such-fault' }), /Unknown fault/);
    assert.throws(() => emu.setFault('no-such-fault'), /Unknown fault/);
    const token = await getToken(emu.url);
    const res = await armRequest(emu.url, token, 'GET', ACI_PATH('web'), { headers: { 'x-emulator-fault': 'no-such-fault' } });
    assert.equal(res.status, 400);
    assert.equal(res.json.error.code, 'UnknownEmulatorFault');
  });
});
