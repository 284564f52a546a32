import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { putAndWait, type LroProgress } from '../../src/core/arm/lro';
import { containerGroupPath, getContainerGroup, putContainerGroup } from '../../src/core/services/containerGroups';
import { SUBSCRIPTION, StaticTokenProvider, json, startFixture, startHarness, validGroupBody, type Harness, rejectsWith } from './armHarness';

const ref = (name: string) => ({ subscriptionId: SUBSCRIPTION, resourceGroup: 'rg1', name });

function statusPolls(h: Harness): number {
  return h.emu.requests.filter((r) => r.path.includes('/operations/')).length;
}

test('PUT, poll Azure-AsyncOperation to Succeeded, then GET the resource', async () => {
  const h = await startHarness({ lroPolls: 2 });
  try {
    const progress: LroProgress[] = [];
    const result = await putContainerGroup(h.client, ref('web'), validGroupBody(), { onProgress: (p) => progress.push(p), defaultPollMs: 5 });
    assert.equal(result.resource.name, 'web');
    assert.equal(result.resource.properties?.provisioningState, 'Succeeded');
    assert.equal(result.polls, 3);
    assert.equal(statusPolls(h), 3);
    assert.deepEqual(progress.map((p) => p.status), ['Pending', 'Pending', 'Pending', 'Succeeded']);
    assert.deepEqual(progress.map((p) => p.polls), [0, 1, 2, 3]);
    const last = h.emu.requests.filter((r) => !r.path.includes('/oauth2/')).at(-1);
    assert.equal(last?.method, 'GET');
    assert.ok(last?.path.startsWith(containerGroupPath(ref('web'))), 'the final read is the resource itself');
    const get = await getContainerGroup(h.client, ref('web'));
    assert.equal(get.body.properties?.provisioningState, 'Succeeded');
  } finally {
    await h.close();
  }
});

test('a Failed operation gives kind lro with the status error code and message', async () => {
  const h = await startHarness();
  try {
    const err = await rejectsWith(putContainerGroup(h.client, ref('web-fault-lro-failed'), validGroupBody(), { defaultPollMs: 5 }));
    assert.equal(err.kind, 'lro');
    assert.equal(err.code, 'ContainerGroupDeploymentFailed');
    assert.match(err.message, /^The operation failed: The container group 'web-fault-lro-failed' failed to provision.* \[ContainerGroupDeploymentFailed\]$/);
  } finally {
    await h.close();
  }
});

test('a Canceled operation gives kind lro saying it was canceled in Azure', async () => {
  const h = await startHarness();
  try {
    const err = await rejectsWith(putContainerGroup(h.client, ref('web-fault-lro-canceled'), validGroupBody(), { defaultPollMs: 5 }));
    assert.equal(err.kind, 'lro');
    assert.equal(err.code, 'OperationCanceled');
    assert.match(err.message, /^The operation was canceled in Azure: /);
  } finally {
    await h.close();
  }
});

test('an unreadable status URL is retried a few times, then reported as unknown status', async () => {
  const h = await startHarness();
  try {
    const err = await rejectsWith(
      putAndWait(h.client, {
        path: containerGroupPath(ref('web-fault-lro-status-error')),
        apiVersion: '2023-05-01',
        body: validGroupBody(),
        defaultPollMs: 5,
        statusReadRetries: 2,
      }),
    );
    assert.equal(err.kind, 'lro');
    assert.equal(err.code, 'OperationStatusUnavailable');
    assert.equal(err.status, 500);
    assert.match(err.message, /could not be read after 3 polls .*may still be running/);
    assert.equal(statusPolls(h), 3);
  } finally {
    await h.close();
  }
});

test('a rejected PUT body surfaces the service error as the service words it', async () => {
  const h = await startHarness();
  try {
    const body = validGroupBody();
    (body.properties as Record<string, unknown>).containers = 'not-an-array';
    const err = await rejectsWith(putContainerGroup(h.client, ref('web'), body));
    assert.equal(err.kind, 'http');
    assert.equal(err.status, 400);
    assert.match(err.message, /^Bad Request \(400\): .+\[\w+\]$/);
    // Like the real service: no target, the JSON path is in the message.
    assert.equal(err.code, 'InvalidRequestContent');
    assert.match(err.serviceMessage ?? '', /Path 'properties\.containers', line 1, position \d+\.'\.$/);
  } finally {
    await h.close();
  }
});

test('cancel while polling stops at once and says the operation may continue', async () => {
  const h = await startHarness({ lroPolls: 10_000 });
  try {
    const controller = new AbortController();
    const err = await rejectsWith(
      putContainerGroup(h.client, ref('slow'), validGroupBody(), {
        signal: controller.signal,
        defaultPollMs: 5,
        onProgress: (p) => {
          if (p.polls === 2) controller.abort();
        },
      }),
    );
    assert.equal(err.kind, 'canceled');
    assert.match(err.message, /may still be running in Azure/);
    assert.equal(statusPolls(h), 2);
  } finally {
    await h.close();
  }
});

test('without Azure-AsyncOperation the Location URL is polled until it stops answering 202', async () => {
  let locationPolls = 0;
  const arm = await startFixture((req, _body, res, self) => {
    const path = new URL(req.url ?? '/', self.url).pathname;
    if (req.method === 'PUT') return json(res, 202, undefined, { location: `${self.url}/status/1`, 'retry-after': '0' });
    if (path === '/status/1') return ++locationPolls < 3 ? json(res, 202, undefined, { 'retry-after': '0' }) : json(res, 204, undefined);
    return json(res, 200, { name: 'cg', properties: { provisioningState: 'Succeeded' } });
  });
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    const result = await putAndWait<{ name: string }>(client, { path: '/cg', apiVersion: 'v', body: {}, defaultPollMs: 5 });
    assert.equal(result.resource.name, 'cg');
    assert.equal(result.polls, 3);
    assert.deepEqual(arm.hits.map((x) => `${x.method} ${new URL(x.url, arm.url).pathname}`), ['PUT /cg', 'GET /status/1', 'GET /status/1', 'GET /status/1', 'GET /cg']);
  } finally {
    await arm.close();
  }
});

test('without status headers the resource is polled until provisioningState is terminal', async () => {
  let gets = 0;
  const arm = await startFixture((req, _body, res) => {
    if (req.method === 'PUT') return json(res, 201, { name: 'cg', properties: { provisioningState: 'Creating' } });
    gets++;
    return json(res, 200, { name: 'cg', properties: { provisioningState: gets < 2 ? 'Creating' : 'Succeeded' } });
  });
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    const states: string[] = [];
    const result = await putAndWait<{ properties: { provisioningState: string } }>(client, {
      path: '/cg',
      apiVersion: 'v',
      body: {},
      defaultPollMs: 5,
      onProgress: (p) => states.push(p.status),
    });
    assert.equal(result.resource.properties.provisioningState, 'Succeeded');
    assert.deepEqual(states, ['Creating', 'Creating', 'Succeeded']);
  } finally {
    await arm.close();
  }
});

test('a DELETE or POST answered 202 without status headers polls nothing: it ends at once as accepted', async () => {
  // The resource would read as still there and Succeeded: polling it would pass that off as the operation's end.
  const arm = await startFixture((req, _body, res) => {
    if (req.method === 'DELETE' || req.method === 'POST') return json(res, 202, undefined, { 'retry-after': '0' });
    json(res, 200, { name: 'cg', properties: { provisioningState: 'Succeeded' } });
  });
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    const sleeps: number[] = [];
    for (const method of ['DELETE', 'POST'] as const) {
      const states: string[] = [];
      const result = await putAndWait(client, { method, path: '/cg', apiVersion: 'v', sleep: async (ms) => void sleeps.push(ms), onProgress: (p) => states.push(p.status) });
      assert.deepEqual([result.accepted, result.polls, result.response.status], [true, 0, 202], method);
      assert.deepEqual(states, ['Accepted'], method);
    }
    assert.deepEqual(arm.hits.map((x) => x.method), ['DELETE', 'POST'], 'no poll of the resource after either');
    assert.deepEqual(sleeps, [], 'no wait either');
  } finally {
    await arm.close();
  }
});

test('a PUT answered 202 without status headers still follows the resource, and is not "accepted"', async () => {
  let gets = 0;
  const arm = await startFixture((req, _body, res) => {
    if (req.method === 'PUT') return json(res, 202, undefined);
    gets++;
    json(res, 200, { name: 'cg', properties: { provisioningState: gets < 2 ? 'Creating' : 'Succeeded' } });
  });
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    const result = await putAndWait(client, { path: '/cg', apiVersion: 'v', body: {}, defaultPollMs: 5 });
    assert.deepEqual([result.accepted, result.polls], [undefined, 2]);
  } finally {
    await arm.close();
  }
});

test('a PUT that finishes at once returns without polling; a Failed state is an lro error', async () => {
  const arm = await startFixture((req, _body, res) => {
    const failed = (req.url ?? '').startsWith('/bad');
    json(res, 200, { name: 'cg', properties: { provisioningState: failed ? 'Failed' : 'Succeeded' } });
  });
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    const ok = await putAndWait(client, { path: '/good', apiVersion: 'v', body: {} });
    assert.equal(ok.polls, 0);
    assert.equal(arm.hits.length, 1);
    const err = await rejectsWith(putAndWait(client, { path: '/bad', apiVersion: 'v', body: {} }));
    assert.equal(err.kind, 'lro');
    assert.equal(err.code, 'OperationFailed');
  } finally {
    await arm.close();
  }
});

test('a status URL on another origin is refused before the first poll', async () => {
  const other = await startFixture((_req, _body, res) => json(res, 200, { status: 'Succeeded' }));
  const arm = await startFixture((_req, _body, res) =>
    json(res, 201, { properties: { provisioningState: 'Creating' } }, { 'azure-asyncoperation': `${other.url}/op` }),
  );
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    const err = await rejectsWith(putAndWait(client, { path: '/cg', apiVersion: 'v', body: {}, defaultPollMs: 5 }));
    assert.equal(err.kind, 'security');
    assert.equal(other.hits.length, 0);
  } finally {
    await arm.close();
    await other.close();
  }
});

test('a throttled status read waits as its Retry-After asks; a zero Retry-After waits the default interval', async () => {
  let statusReads = 0;
  const arm = await startFixture((req, _body, res, self) => {
    const path = new URL(req.url ?? '/', self.url).pathname;
    if (req.method === 'PUT') {
      return json(res, 201, { name: 'cg', properties: { provisioningState: 'Creating' } }, { 'azure-asyncoperation': `${self.url}/operations/1`, 'retry-after': '0' });
    }
    if (path === '/operations/1') {
      return ++statusReads === 1
        ? json(res, 429, { error: { code: 'TooManyRequests', message: 'slow down' } }, { 'retry-after': '7' })
        : json(res, 200, { status: 'Succeeded' });
    }
    return json(res, 200, { name: 'cg', properties: { provisioningState: 'Succeeded' } });
  });
  try {
    const client = new ArmClient({ endpoint: arm.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000 });
    const waits: number[] = [];
    const result = await putAndWait<{ name: string }>(client, {
      path: '/cg',
      apiVersion: 'v',
      body: {},
      defaultPollMs: 5,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    assert.equal(result.resource.name, 'cg');
    // The PUT's Retry-After: 0 is no reason to poll at once: the default interval applies.
    assert.deepEqual(waits, [5, 7000]);
  } finally {
    await arm.close();
  }
});
