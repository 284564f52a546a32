// The long-running PUT against status answers of every shape: the status URL used exactly as given, the wait
// between polls, 200s that are not a status, and a status that never ends.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { putAndWait } from '../../src/core/arm/lro';
import { StaticTokenProvider, json, startFixture, rejectsWith } from './armHarness';

/** A PUT answering 201 with an Azure-AsyncOperation URL, the status answers from `statuses` in turn, then the group. */
async function statusFixture(statusUrl: (base: string) => string, statuses: { body: unknown; headers?: Record<string, string> }[], putHeaders: Record<string, string> = {}) {
  let next = 0;
  return startFixture((req, _body, res, self) => {
    const path = new URL(req.url ?? '/', self.url).pathname;
    if (req.method === 'PUT') {
      return json(res, 201, { name: 'cg', properties: { provisioningState: 'Pending' } }, { 'azure-asyncoperation': statusUrl(self.url), ...putHeaders });
    }
    if (path.includes('/operations/')) {
      const answer = statuses[Math.min(next++, statuses.length - 1)];
      return json(res, 200, answer.body, answer.headers ?? {});
    }
    return json(res, 200, { name: 'cg', properties: { provisioningState: 'Succeeded' } });
  });
}

const fixtureClient = (url: string) => new ArmClient({ endpoint: url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });

test('the status URL is requested exactly as given, keeping its own api-version', async () => {
  const opPath = '/subscriptions/sub/providers/Microsoft.ContainerInstance/locations/eastus/operations/0f0e?api-version=2018-06-01';
  const arm = await statusFixture((base) => base + opPath, [{ body: { status: 'Pending' } }, { body: { status: 'Succeeded' } }]);
  try {
    await putAndWait(fixtureClient(arm.url), { path: '/cg', apiVersion: '2023-05-01', body: {}, defaultPollMs: 1 });
    const polls = arm.hits.filter((x) => x.url.includes('/operations/')).map((x) => x.url);
    assert.deepEqual(polls, [opPath, opPath]);
    assert.equal(arm.hits.at(-1)?.url, '/cg?api-version=2023-05-01', 'the final read of the resource uses the resource api-version');
  } finally {
    await arm.close();
  }
});

test('a status URL without an api-version gets the request api-version added', async () => {
  const arm = await statusFixture((base) => `${base}/operations/1?x=1`, [{ body: { status: 'Succeeded' } }]);
  try {
    await putAndWait(fixtureClient(arm.url), { path: '/cg', apiVersion: '2023-05-01', body: {}, defaultPollMs: 1 });
    assert.equal(arm.hits.find((x) => x.url.includes('/operations/'))?.url, '/operations/1?x=1&api-version=2023-05-01');
  } finally {
    await arm.close();
  }
});

test('a missing, zero, negative or past Retry-After waits the default interval between polls', async () => {
  const arm = await statusFixture(
    (base) => `${base}/operations/1?api-version=2018-06-01`,
    [
      { body: { status: 'Pending' }, headers: { 'retry-after': '0' } },
      { body: { status: 'Pending' }, headers: { 'retry-after': '-3' } },
      { body: { status: 'Pending' }, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } },
      { body: { status: 'Pending' }, headers: { 'retry-after': '2' } },
      { body: { status: 'Succeeded' } },
    ],
  );
  try {
    const waits: number[] = [];
    const result = await putAndWait(fixtureClient(arm.url), {
      path: '/cg',
      apiVersion: '2023-05-01',
      body: {},
      defaultPollMs: 4000,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    assert.equal(result.polls, 5);
    // PUT (none), then 0, -3, a past date: the default each time; then the positive 2 s as asked.
    assert.deepEqual(waits, [4000, 4000, 4000, 4000, 2000]);
  } finally {
    await arm.close();
  }
});

test('a 200 whose body is an error, not a status, ends with a clear "status unavailable" error', async () => {
  const arm = await statusFixture(
    (base) => `${base}/operations/1?api-version=2018-06-01`,
    [{ body: { error: { code: 'InternalServerError', message: 'Encountered internal server error.' } } }],
  );
  try {
    const err = await rejectsWith(putAndWait(fixtureClient(arm.url), { path: '/cg', apiVersion: '2023-05-01', body: {}, defaultPollMs: 1, statusReadRetries: 2 }));
    assert.equal(err.kind, 'lro');
    assert.equal(err.code, 'OperationStatusUnavailable');
    assert.match(err.message, /could not be read after 3 polls \(Azure answered 200 with an error instead of a status: Encountered internal server error\. \[InternalServerError\]\); the operation may still be running in Azure\.$/);
    assert.equal(arm.hits.filter((x) => x.url.includes('/operations/')).length, 3, 'read a bounded number of times, not forever');
  } finally {
    await arm.close();
  }
});

test('a 200 without a status is not taken for "still running"', async () => {
  const arm = await statusFixture((base) => `${base}/operations/1?api-version=2018-06-01`, [{ body: { id: '/x', startTime: '2022-07-11T08:15:33Z' } }]);
  try {
    const err = await rejectsWith(putAndWait(fixtureClient(arm.url), { path: '/cg', apiVersion: '2023-05-01', body: {}, defaultPollMs: 1, statusReadRetries: 1 }));
    assert.equal(err.code, 'OperationStatusUnavailable');
    assert.match(err.message, /Azure answered 200 without a status/);
    assert.equal(arm.hits.filter((x) => x.url.includes('/operations/')).length, 2);
  } finally {
    await arm.close();
  }
});

test('a Failed status with an error in a 200 is the operation failing, with its code and message', async () => {
  const arm = await statusFixture(
    (base) => `${base}/operations/1?api-version=2018-06-01`,
    [{ body: { id: '/g', status: 'Failed', startTime: 't', error: { code: 'InaccessibleImage', message: "The image 'nope' is not accessible." } } }],
  );
  try {
    const err = await rejectsWith(putAndWait(fixtureClient(arm.url), { path: '/cg', apiVersion: '2023-05-01', body: {}, defaultPollMs: 1 }));
    assert.equal(err.kind, 'lro');
    assert.equal(err.code, 'InaccessibleImage');
    assert.equal(err.message, "The operation failed: The image 'nope' is not accessible. [InaccessibleImage]");
  } finally {
    await arm.close();
  }
});

test('a finished operation whose resource cannot be read says it may still be provisioning', async () => {
  const arm = await startFixture((req, _body, res, self) => {
    if (req.method === 'PUT') return json(res, 201, { properties: { provisioningState: 'Pending' } }, { 'azure-asyncoperation': `${self.url}/operations/1?api-version=2018-06-01` });
    if ((req.url ?? '').includes('/operations/')) return json(res, 200, { status: 'Succeeded' });
    return json(res, 404, { error: { code: 'ResourceNotFound', message: 'not yet' } });
  });
  try {
    const err = await rejectsWith(putAndWait(fixtureClient(arm.url), { path: '/cg', apiVersion: '2023-05-01', body: {}, defaultPollMs: 1 }));
    assert.equal(err.code, 'OperationStatusUnavailable');
    assert.match(err.message, /^The operation finished but the resource could not be read \(.*ResourceNotFound.*\); the operation may still be running in Azure\.$/);
  } finally {
    await arm.close();
  }
});

test('a tiny positive Retry-After is raised to a second, so no server can drive a tight polling loop', async () => {
  const arm = await statusFixture((base) => `${base}/operations/1?api-version=2018-06-01`, [
    { body: { status: 'Pending' }, headers: { 'retry-after': '0.001' } },
    { body: { status: 'Succeeded' } },
  ]);
  try {
    const waits: number[] = [];
    await putAndWait(fixtureClient(arm.url), { path: '/cg', apiVersion: '2023-05-01', body: {}, defaultPollMs: 4000, sleep: async (ms) => void waits.push(ms) });
    assert.deepEqual(waits, [4000, 1000]);
  } finally {
    await arm.close();
  }
});

test('a status that never ends stops the wait after maxWaitMs with "may still be running", not a failure', async () => {
  const arm = await statusFixture((base) => `${base}/operations/1?api-version=2018-06-01`, [{ body: { status: 'Pending' } }]);
  try {
    const err = await rejectsWith(
      putAndWait(fixtureClient(arm.url), { path: '/cg', apiVersion: '2023-05-01', body: {}, maxWaitMs: 0, sleep: async () => undefined }),
    );
    assert.equal(err.code, 'OperationStatusUnavailable');
    assert.match(err.message, /still Pending after 0 min of waiting; the operation may still be running in Azure\.$/);
    assert.equal(arm.hits.filter((x) => x.url.includes('/operations/')).length, 1);
  } finally {
    await arm.close();
  }
});
