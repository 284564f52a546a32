import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { ArmError } from '../../src/core/arm/errors';
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';
import {
  CLIENT_SECRET,
  MemoryLogger,
  StaticTokenProvider,
  SUBSCRIPTION,
  TENANT,
  json,
  startFixture,
  startHarness,
  tokenRequests,
  validGroupBody,
  type Harness,
  rejectsWith,
} from './armHarness';
import type { AccessTokenResult, GetTokenOptions, TokenProvider } from '../../src/core/arm/tokenProvider';

const GROUP = (name: string): string =>
  `/subscriptions/${SUBSCRIPTION}/resourceGroups/rg1/providers/Microsoft.ContainerInstance/containerGroups/${name}`;
const ACI = '2023-05-01';
const SETTINGS = (share: string): string =>
  `/subscriptions/${SUBSCRIPTION}/resourceGroups/rg1/providers/Microsoft.DataShare/accounts/acc/shareSubscriptions/${share}/listSourceShareSynchronizationSettings`;
const DS = '2021-08-01';

function armRequests(h: Harness): Harness['emu']['requests'] {
  return h.emu.requests.filter((r) => !r.path.includes('/oauth2/'));
}

test('PUT then GET a container group: status, ids, lower-cased headers, one log line each', async () => {
  const h = await startHarness();
  try {
    const put = await h.client.request<{ name: string }>({ method: 'PUT', path: GROUP('web'), apiVersion: ACI, body: validGroupBody() });
    assert.equal(put.status, 201);
    assert.equal(put.body.name, 'web');
    assert.ok(put.headers['azure-asyncoperation']?.startsWith(h.emu.url));
    const get = await h.client.request<{ properties: { provisioningState: string } }>({ method: 'GET', path: GROUP('web'), apiVersion: ACI });
    assert.equal(get.status, 200);
    assert.ok(get.requestId && get.correlationId, 'request and correlation ids are read from the response');
    const lines = h.logger.lines.filter((l) => l.includes(GROUP('web')));
    assert.equal(lines.length, 2);
    // Each line names the counter its method draws on: writes for the PUT, reads for the GET.
    assert.match(lines[0], /^info PUT .+ → 201 in \d+ ms \(x-ms-request-id: westeurope:\S+, x-ms-correlation-request-id: \S+, remaining writes: \d+\)$/);
    assert.match(lines[1], /^info GET http:\/\/127\.0\.0\.1:\d+\/subscriptions\/.+api-version=2023-05-01 → 200 in \d+ ms \(x-ms-request-id: \S+, x-ms-correlation-request-id: \S+, remaining reads: \d+\)$/);
    assert.equal(tokenRequests(h.emu), 1, 'the token is cached between requests');
  } finally {
    await h.close();
  }
});

test('429 with Retry-After is retried, and the retry is logged with its reason', async () => {
  const h = await startHarness();
  try {
    h.emu.setFault('429');
    const res = await h.client.request<{ value: unknown[] }>({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS });
    assert.equal(res.status, 200);
    assert.deepEqual(armRequests(h).map((r) => r.status), [429, 429, 200]);
    const retries = h.logger.lines.filter((l) => l.startsWith('warn Retrying'));
    assert.equal(retries.length, 2);
    assert.match(retries[0], /in 0 ms \(Retry-After; attempt 2 of 5\): 429 TooManyRequests/);
  } finally {
    await h.close();
  }
});

test('503 is retried after its whole Retry-After, never a capped part of it; past the bound it fails at once', async () => {
  // The emulator's 503 answers twice: two waits of half an hour fill the one-hour bound exactly.
  const h = await startHarness({ retryAfterSeconds: 1800 }, { maxRetryDelayMs: 20, sleep: async () => undefined });
  try {
    h.emu.setFault('503');
    const res = await h.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS });
    assert.equal(res.status, 200);
    assert.match(h.logger.lines.find((l) => l.startsWith('warn Retrying')) ?? '', /in 1800000 ms \(Retry-After/);
  } finally {
    await h.close();
  }
  const late = await startHarness({ retryAfterSeconds: 3601 }, { sleep: async () => assert.fail('no wait past the bound') });
  try {
    late.emu.setFault('503');
    const err = await rejectsWith(late.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS }));
    assert.equal(err.status, 503);
    assert.match(err.message, /Azure asks to wait 1 h 0 min 1 s \(until \S+\), longer than the 1 h 0 min waited here/);
    assert.equal(armRequests(late).length, 1);
  } finally {
    await late.close();
  }
});

test('a connection reset is retried with backoff', async () => {
  const h = await startHarness();
  try {
    h.emu.setFault('reset');
    const res = await h.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS });
    assert.equal(res.status, 200);
    const retries = h.logger.lines.filter((l) => l.startsWith('warn Retrying'));
    assert.equal(retries.length, 2);
    assert.match(retries[0], /\(attempt 2 of 5\): ECONNRESET/);
  } finally {
    await h.close();
  }
});

test('when retries run out the last error is reported', async () => {
  const h = await startHarness({}, { maxRetries: 1 });
  try {
    h.emu.setFault('429');
    const err = await rejectsWith(h.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS }));
    assert.equal(err.kind, 'http');
    assert.equal(err.status, 429);
    assert.equal(err.code, 'TooManyRequests');
    assert.match(err.message, /^Too Many Requests \(429\): The request was throttled\..* \[TooManyRequests\]$/);
    assert.ok(err.requestId);
  } finally {
    await h.close();
  }
});

test('a hanging server gives a timeout error naming the seconds', async () => {
  const h = await startHarness({}, { timeoutMs: 300 });
  try {
    h.emu.setFault('hang');
    const err = await rejectsWith(h.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS }));
    assert.equal(err.kind, 'timeout');
    assert.match(err.message, /timed out after 0\.3 seconds/);
  } finally {
    await h.close();
  }
});

test('cancel during a hanging request yields kind canceled', async () => {
  const h = await startHarness({}, { timeoutMs: 10_000 });
  try {
    h.emu.setFault('hang');
    const controller = new AbortController();
    const pending = h.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const err = await rejectsWith(pending);
    assert.equal(err.kind, 'canceled');
  } finally {
    await h.close();
  }
});

test('cancel during a retry wait stops at once', async () => {
  const h = await startHarness({ retryAfterSeconds: 30 }, { maxRetryDelayMs: 30_000 });
  try {
    h.emu.setFault('503');
    const controller = new AbortController();
    const pending = h.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const err = await rejectsWith(pending);
    assert.equal(err.kind, 'canceled');
    assert.equal(armRequests(h).length, 1);
  } finally {
    await h.close();
  }
});

test('a 200 with truncated JSON gives kind parse', async () => {
  const h = await startHarness();
  try {
    h.emu.setFault('malformed-json');
    const err = await rejectsWith(h.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS }));
    assert.equal(err.kind, 'parse');
    assert.equal(err.status, 200);
    assert.match(err.message, /could not be read as JSON \(application\/json/);
  } finally {
    await h.close();
  }
});

test('an HTML error page is summarized, never echoed', async () => {
  const h = await startHarness({}, { maxRetries: 1 });
  try {
    h.emu.setFault('html-error');
    const err = await rejectsWith(h.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS }));
    assert.equal(err.kind, 'http');
    assert.equal(err.status, 502);
    assert.match(err.message, /^Bad Gateway \(502\): .*text\/html, not a JSON error/);
    assert.ok(!err.message.includes('<'), 'no markup in the message');
  } finally {
    await h.close();
  }
});

/** Hands out tok-1, tok-2, … and records whether each call forced a refresh. */
class SequenceTokenProvider implements TokenProvider {
  readonly id = 'sequence';
  readonly forced: boolean[] = [];
  async getToken(_scopes: string[], options: GetTokenOptions = {}): Promise<AccessTokenResult> {
    this.forced.push(Boolean(options.forceRefresh));
    return { token: `tok-${options.forceRefresh ? this.forced.length : 1}`, expiresOnTimestamp: Date.now() + 3_600_000 };
  }
}

test('401 ExpiredAuthenticationToken: one forced token refresh, then success', async () => {
  const fixture = await startFixture((req, _body, res) => {
    if (req.headers.authorization === 'Bearer tok-1') {
      json(res, 401, { error: { code: 'ExpiredAuthenticationToken', message: 'The access token expiry UTC time is earlier than current UTC time.' } });
    } else {
      json(res, 200, { ok: true });
    }
  });
  try {
    const tokens = new SequenceTokenProvider();
    const client = new ArmClient({ endpoint: fixture.url, tokenProvider: tokens, scope: 's', userAgent: 'ua', timeoutMs: 2000, maxRetries: 0 });
    const res = await client.request<{ ok: boolean }>({ method: 'GET', path: '/r', apiVersion: 'v' });
    assert.equal(res.body.ok, true);
    assert.deepEqual(tokens.forced, [false, true]);
    assert.deepEqual(fixture.hits.map((hit) => hit.headers.authorization), ['Bearer tok-1', 'Bearer tok-2']);
  } finally {
    await fixture.close();
  }
});

test('401 ExpiredAuthenticationToken twice: a clear error after exactly one refresh', async () => {
  const h = await startHarness({ tokenLifetimeSeconds: 0 });
  try {
    const err = await rejectsWith(h.client.request({ method: 'POST', path: SETTINGS('s1'), apiVersion: DS }));
    assert.equal(err.status, 401);
    assert.equal(err.code, 'ExpiredAuthenticationToken');
    assert.match(err.message, /sign in again/);
    assert.equal(tokenRequests(h.emu), 2);
  } finally {
    await h.close();
  }
});

test('sends api-version, bearer, client request id, user agent and JSON content type; no token in logs', async () => {
  const fixture = await startFixture((_req, _body, res) => json(res, 200, { ok: true }, { 'x-ms-request-id': 'rid-1' }));
  const logger = new MemoryLogger();
  const tokens = new StaticTokenProvider('secret-bearer-token-xyz');
  try {
    const client = new ArmClient({ endpoint: `${fixture.url}/`, tokenProvider: tokens, scope: 's/.default', userAgent: 'ua-test/1.0', logger, timeoutMs: 2000 });
    const res = await client.request({ method: 'PUT', path: '/x/y', apiVersion: '2020-01-01', query: { $skipToken: 'opaque-token', a: 'b' }, body: { k: 1 } });
    assert.equal(res.requestId, 'rid-1');
    const hit = fixture.hits[0];
    const url = new URL(hit.url, fixture.url);
    assert.equal(url.pathname, '/x/y');
    assert.equal(url.searchParams.get('api-version'), '2020-01-01');
    assert.equal(hit.headers.authorization, 'Bearer secret-bearer-token-xyz');
    assert.match(String(hit.headers['x-ms-client-request-id']), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(hit.headers['user-agent'], 'ua-test/1.0');
    assert.match(String(hit.headers['content-type']), /^application\/json/);
    assert.deepEqual(JSON.parse(hit.body), { k: 1 });
    const all = logger.lines.join('\n');
    assert.ok(!all.includes('secret-bearer-token-xyz'));
    assert.ok(!all.includes('opaque-token'));
    assert.match(all, /\$skipToken=\*\*\*/);
  } finally {
    await fixture.close();
  }
});

test('redirects are not followed, so the token stays on the endpoint', async () => {
  const elsewhere = await startFixture((_req, _body, res) => json(res, 200, {}));
  const fixture = await startFixture((_req, _body, res) => {
    res.writeHead(302, { location: `${elsewhere.url}/steal` });
    res.end();
  });
  try {
    const client = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    const err = await rejectsWith(client.request({ method: 'GET', path: '/r', apiVersion: 'v' }));
    assert.equal(err.status, 302);
    assert.equal(elsewhere.hits.length, 0);
  } finally {
    await fixture.close();
    await elsewhere.close();
  }
});

test('absolute URLs on another origin are refused before any token or request', async () => {
  const other = await startFixture((_req, _body, res) => json(res, 200, {}));
  const fixture = await startFixture((_req, _body, res) => json(res, 200, {}));
  const tokens = new StaticTokenProvider();
  try {
    const client = new ArmClient({ endpoint: fixture.url, tokenProvider: tokens, scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    for (const url of [`${other.url}/r`, 'https://example.com/r', fixture.url.replace('127.0.0.1', 'localhost') + '/r']) {
      const err = await rejectsWith(client.request({ method: 'GET', url, apiVersion: 'v' }));
      assert.equal(err.kind, 'security', url);
    }
    assert.equal(other.hits.length, 0);
    assert.equal(fixture.hits.length, 0);
    assert.equal(tokens.calls, 0);
  } finally {
    await fixture.close();
    await other.close();
  }
});

test('the endpoint must be https unless it is loopback', () => {
  const base = { tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua' };
  assert.throws(() => new ArmClient({ ...base, endpoint: 'http://management.azure.com' }), (e: unknown) => e instanceof ArmError && e.kind === 'security');
  assert.throws(() => new ArmClient({ ...base, endpoint: 'http://10.0.0.1:8080' }), (e: unknown) => e instanceof ArmError && e.kind === 'security');
  assert.throws(() => new ArmClient({ ...base, endpoint: 'ftp://127.0.0.1' }), (e: unknown) => e instanceof ArmError && e.kind === 'security');
  for (const endpoint of ['https://management.azure.com/', 'http://127.0.0.1:1', 'http://localhost:2', 'http://[::1]:3']) {
    assert.equal(new ArmClient({ ...base, endpoint }).endpoint, endpoint.replace(/\/$/, ''));
  }
});

test('the client-secret provider caches, refreshes on demand and keeps the secret out of errors', async () => {
  const h = await startHarness();
  try {
    const provider = new ClientSecretTokenProvider({ authorityHost: h.emu.url, tenantId: TENANT, clientId: 'c', clientSecret: CLIENT_SECRET, userAgent: 'ua' });
    const a = await provider.getToken([`${h.emu.url}/.default`]);
    const b = await provider.getToken([`${h.emu.url}/.default`]);
    assert.equal(a.token, b.token);
    assert.ok(a.expiresOnTimestamp > Date.now() + 3_000_000);
    const c = await provider.getToken([`${h.emu.url}/.default`], { forceRefresh: true });
    assert.notEqual(c.token, a.token);
    const err = await rejectsWith(provider.getToken(['no-default-suffix']));
    assert.equal(err.status, 400);
    assert.equal(err.code, 'invalid_scope');
    assert.match(err.message, /^Sign-in failed: Bad Request \(400\): AADSTS1002012/);
    assert.ok(!err.message.includes(CLIENT_SECRET));
  } finally {
    await h.close();
  }
});

test('the client-secret provider only talks https, or http on loopback', () => {
  const base = { tenantId: 't', clientId: 'c', clientSecret: 's3cret', userAgent: 'ua' };
  assert.throws(() => new ClientSecretTokenProvider({ ...base, authorityHost: 'http://login.example.com' }), (e: unknown) => e instanceof ArmError && e.kind === 'security');
  assert.throws(() => new ClientSecretTokenProvider({ ...base, authorityHost: 'https://login.microsoftonline.com', tenantId: '../x' }), (e: unknown) => e instanceof ArmError && e.kind === 'security');
  assert.ok(new ClientSecretTokenProvider({ ...base, authorityHost: 'https://login.microsoftonline.com/' }).id.startsWith('client-secret:t:c'));
});
