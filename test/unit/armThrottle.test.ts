// Long throttles: the wait Azure names in Retry-After is kept whole (never shortened, so the request is not sent
// before that time), up to the one-hour bound; a longer wait fails at once naming the time; each wait is reported to
// the caller so the adapters can show it. Waits go through the injectable sleep or mocked timers: nothing sleeps here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { putAndWait } from '../../src/core/arm/lro';
import { formatWait, type ThrottleWait } from '../../src/core/arm/retryPolicy';
import { MemoryLogger, StaticTokenProvider, json, rejectsWith, startFixture } from './armHarness';

const THROTTLED = { error: { code: 'ResourceRequestsThrottled', message: "Number of requests exceeded the limit. Please try again after '372' seconds." } };

/** Answers 429 with `retryAfter` for the first `times` requests, then 200. */
async function throttling(retryAfter: string, times = 1) {
  let served = 0;
  return startFixture((_req, _body, res) => (served++ < times ? json(res, 429, THROTTLED, { 'retry-after': retryAfter }) : json(res, 200, { value: [] })));
}

function client(url: string, waits: number[], logger = new MemoryLogger()) {
  return new ArmClient({ endpoint: url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', logger, sleep: async (ms) => void waits.push(ms) });
}

test("a 429 asking for 372 s waits 372 s, not a capped 30 s, and tells the caller when it retries", async () => {
  const fixture = await throttling('372');
  try {
    const waits: number[] = [];
    const told: ThrottleWait[] = [];
    const logger = new MemoryLogger();
    const before = Date.now();
    const res = await client(fixture.url, waits, logger).request({ method: 'PUT', path: '/cg', apiVersion: '1', body: {}, onThrottle: (w) => told.push(w) });
    assert.equal(res.status, 200);
    assert.deepEqual(waits, [372_000]);
    assert.equal(told.length, 1);
    assert.deepEqual([told[0].status, told[0].code, told[0].waitMs], [429, 'ResourceRequestsThrottled', 372_000]);
    assert.ok(told[0].retryAt >= before + 372_000 && told[0].retryAt <= Date.now() + 372_000);
    assert.match(logger.lines.find((l) => l.startsWith('warn Retrying')) ?? '', /in 372000 ms \(Retry-After; attempt 2 of 5\): 429 ResourceRequestsThrottled; throttled by Azure, not before \S+Z \(6 min 12 s\)$/);
  } finally {
    await fixture.close();
  }
});

test('an HTTP-date Retry-After is waited until that date', async () => {
  const fixture = await throttling(new Date(Date.now() + 10 * 60_000).toUTCString());
  try {
    const waits: number[] = [];
    await client(fixture.url, waits).request({ method: 'GET', path: '/x', apiVersion: '1' });
    assert.equal(waits.length, 1);
    assert.ok(waits[0] > 9 * 60_000 && waits[0] <= 10 * 60_000, `waited ${waits[0]} ms`);
  } finally {
    await fixture.close();
  }
});

test('a wait past the one-hour bound fails at once, naming when Azure will take the request', async () => {
  const fixture = await throttling('7200');
  try {
    const waits: number[] = [];
    const err = await rejectsWith(client(fixture.url, waits).request({ method: 'PUT', path: '/cg', apiVersion: '1', body: {} }));
    assert.deepEqual([err.status, err.code, err.retryAfterMs], [429, 'ResourceRequestsThrottled', 7_200_000]);
    assert.match(err.message, /Azure asks to wait 2 h 0 min \(until \S+Z\), longer than the 1 h 0 min waited here; try again after that time\.$/);
    assert.deepEqual(waits, [], 'no wait, and no early retry');
    assert.equal(fixture.hits.length, 1);
  } finally {
    await fixture.close();
  }
});

test('the bound holds for the sum of the waits of one request', async () => {
  const fixture = await throttling('2400', 5);
  try {
    const waits: number[] = [];
    const err = await rejectsWith(client(fixture.url, waits).request({ method: 'GET', path: '/x', apiVersion: '1' }));
    assert.equal(err.status, 429);
    assert.deepEqual(waits, [2_400_000]);
    assert.equal(fixture.hits.length, 2);
  } finally {
    await fixture.close();
  }
});

test('a throttled status read waits what Azure asked, not the capped poll interval, and is reported', async () => {
  let statusReads = 0;
  const fixture = await startFixture((req, _body, res, self) => {
    if (req.method === 'PUT') return json(res, 201, { properties: { provisioningState: 'Pending' } }, { 'azure-asyncoperation': `${self.url}/operations/1` });
    if (req.url?.startsWith('/operations/')) {
      return statusReads++ === 0 ? json(res, 429, THROTTLED, { 'retry-after': '372' }) : json(res, 200, { status: 'Succeeded' });
    }
    json(res, 200, { properties: { provisioningState: 'Succeeded' } });
  });
  try {
    const waits: number[] = [];
    const told: ThrottleWait[] = [];
    const c = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua' });
    const result = await putAndWait(c, { path: '/cg', apiVersion: '1', body: {}, defaultPollMs: 2000, onThrottle: (w) => told.push(w), sleep: async (ms) => void waits.push(ms) });
    assert.equal(result.polls, 2);
    assert.deepEqual(waits, [2000, 372_000]);
    assert.deepEqual(told.map((w) => [w.status, w.waitMs]), [[429, 372_000]]);
  } finally {
    await fixture.close();
  }
});

test('with real timers (mocked), the request is not sent again one millisecond before the time Azure named', async (t) => {
  const fixture = await throttling('372');
  t.mock.timers.enable({ apis: ['setTimeout'] });
  try {
    let told: (() => void) | undefined;
    const throttled = new Promise<void>((resolve) => (told = resolve));
    const c = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua' });
    const pending = c.request({ method: 'GET', path: '/x', apiVersion: '1', onThrottle: () => told?.() });
    await throttled;
    t.mock.timers.tick(371_999);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(fixture.hits.length, 1, 'not sent again before 372 s');
    t.mock.timers.tick(1);
    const res = await pending;
    assert.equal(res.status, 200);
    assert.equal(fixture.hits.length, 2);
  } finally {
    t.mock.timers.reset();
    await fixture.close();
  }
});

test('waits read as the log writes them', () => {
  assert.deepEqual([formatWait(45_000), formatWait(312_000), formatWait(3_600_000)], ['45 s', '5 min 12 s', '1 h 0 min']);
});

