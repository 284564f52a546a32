// A success status with an error body (`{"error": {...}}`) is a failure wherever the ARM client or the LRO decides:
// the first answer of a PUT or an action, a Location poll, the final read of the resource. A 405 in ARM's
// `{"Message": "…"}` form keeps its text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { errorFromResponse } from '../../src/core/arm/errors';
import { putAndWait } from '../../src/core/arm/lro';
import { runContainerGroupAction } from '../../src/core/containerGroup/actions';
import { deployBody } from '../../src/core/deploy/deployContainerGroup';
import { StaticTokenProvider, json, rejectsWith, startFixture } from './armHarness';

const SUB = '00000000-0000-0000-0000-000000000001';
const ref = { subscriptionId: SUB, resourceGroup: 'rg', name: 'web' };
const ERROR = { error: { code: 'ContainerGroupQuotaReached', message: 'Resource type Microsoft.ContainerInstance/containerGroups has reached its quota.' } };
const clientFor = (url: string) => new ArmClient({ endpoint: url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000, maxRetries: 0 });
const noWait = { defaultPollMs: 1, sleep: async () => undefined };

test('a PUT answered 200 or 201 with an error body fails the deploy with the service words, whatever the status', async () => {
  for (const status of [200, 201]) {
    const fixture = await startFixture((_req, _body, res) => json(res, status, ERROR, { 'x-ms-request-id': 'eastus:1' }));
    try {
      const err = await rejectsWith(deployBody(clientFor(fixture.url), ref, { location: 'eastus', properties: {} }, noWait));
      assert.deepEqual([err.kind, err.status, err.code, err.requestId], ['http', status, 'ContainerGroupQuotaReached', 'eastus:1']);
      assert.equal(err.message, `Azure answered ${status} with an error: Resource type Microsoft.ContainerInstance/containerGroups has reached its quota. [ContainerGroupQuotaReached]`);
      assert.equal(fixture.hits.length, 1, 'nothing is polled after an error');
    } finally {
      await fixture.close();
    }
  }
});

test('start, stop, restart and delete answered 200 with an error body fail, never succeed', async () => {
  const fixture = await startFixture((_req, _body, res) => json(res, 200, ERROR));
  try {
    for (const action of ['start', 'stop', 'restart', 'delete'] as const) {
      const err = await rejectsWith(runContainerGroupAction(clientFor(fixture.url), ref, action, noWait));
      assert.deepEqual([err.status, err.code], [200, 'ContainerGroupQuotaReached'], action);
    }
  } finally {
    await fixture.close();
  }
});

test('a Location poll answered 200 with an error body is the operation failing', async () => {
  const fixture = await startFixture((req, _body, res, self) => {
    if (req.method === 'DELETE') {
      res.writeHead(202, { location: `${self.url}/operationResults/1` });
      return res.end();
    }
    json(res, 200, ERROR);
  });
  try {
    const err = await rejectsWith(runContainerGroupAction(clientFor(fixture.url), ref, 'delete', noWait));
    assert.deepEqual([err.kind, err.code], ['lro', 'ContainerGroupQuotaReached']);
    assert.match(err.message, /^The operation failed: Resource type .* \[ContainerGroupQuotaReached\]$/);
  } finally {
    await fixture.close();
  }
});

test('the final read of the resource answered 200 with an error body fails the deploy', async () => {
  const fixture = await startFixture((req, _body, res, self) => {
    if (req.method === 'PUT') return json(res, 201, { properties: { provisioningState: 'Pending' } }, { 'azure-asyncoperation': `${self.url}/operations/1` });
    if (req.url?.startsWith('/operations/')) return json(res, 200, { status: 'Succeeded' });
    json(res, 200, ERROR);
  });
  try {
    const err = await rejectsWith(putAndWait(clientFor(fixture.url), { path: '/cg', apiVersion: '2023-05-01', body: {}, ...noWait }));
    assert.deepEqual([err.kind, err.code], ['lro', 'ContainerGroupQuotaReached']);
  } finally {
    await fixture.close();
  }
});

test('a resource or a status that carries an `error` member beside its own fields is no error body', async () => {
  const fixture = await startFixture((req, _body, res) => json(res, 200, { id: '/x', properties: { provisioningState: 'Succeeded' }, error: { code: 'Stale' } }));
  try {
    const res = await clientFor(fixture.url).request<{ id: string }>({ method: 'GET', path: '/x', apiVersion: '1' });
    assert.equal(res.body.id, '/x');
  } finally {
    await fixture.close();
  }
});

test("a 405 in ARM's {\"Message\": …} form keeps its text", () => {
  const err = errorFromResponse({ status: 405, contentType: 'application/json', text: JSON.stringify({ Message: "The requested resource does not support http method 'GET'." }) });
  assert.equal(err.message, "Method Not Allowed (405): The requested resource does not support http method 'GET'.");
  assert.equal(err.serviceMessage, "The requested resource does not support http method 'GET'.");
});
