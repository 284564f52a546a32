// Status URLs named by the service (Azure-AsyncOperation, Location): a path is read against the ARM endpoint, and
// whatever it resolves to is held to the same policy as every request.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveServiceUrl } from '../../src/core/arm/urlPolicy';

const ARM = new URL('https://management.azure.com/');

test('a relative Location (the published what-if example) is read against the ARM endpoint', () => {
  assert.equal(resolveServiceUrl(ARM, '/subscriptions/0/operationresults/ZZ').href, 'https://management.azure.com/subscriptions/0/operationresults/ZZ');
  assert.equal(resolveServiceUrl(new URL('http://127.0.0.1:8080/arm'), '/subscriptions/0/x?api-version=1').href, 'http://127.0.0.1:8080/arm/subscriptions/0/x?api-version=1');
});

test('an absolute status URL on the endpoint is kept as given', () => {
  const url = 'https://management.azure.com/subscriptions/0/providers/Microsoft.ContainerInstance/locations/westeurope/operations/1?api-version=2018-06-01';
  assert.equal(resolveServiceUrl(ARM, url).href, url);
});

test('a foreign, protocol-relative or credentialed status URL is refused before anything is sent', () => {
  for (const raw of ['https://evil.example/subscriptions/0', '//evil.example/subscriptions/0', 'https://user:pw@management.azure.com/x', 'http://management.azure.com/x', 'subscriptions/0']) {
    assert.throws(() => resolveServiceUrl(ARM, raw), (err: Error & { kind?: string }) => err.kind === 'security', raw);
  }
});
