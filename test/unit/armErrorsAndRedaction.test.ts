import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withQuery } from '../../src/core/arm/query';
import { resolveCloud } from '../../src/core/arm/clouds';
import { ArmError, errorFromResponse, parseServiceError } from '../../src/core/arm/errors';
import { redactText, redactUrl } from '../../src/core/arm/redact';
import { backoffDelayMs, parseRetryAfterMs } from '../../src/core/arm/retryPolicy';

test('CloudError becomes "Reason (status): message [code]" with target and details', () => {
  const err = errorFromResponse({
    status: 409,
    contentType: 'application/json',
    text: JSON.stringify({ error: { code: 'Conflict', message: 'Another operation is in progress.', target: 'name', details: [{ code: 'Inner', message: 'm' }] } }),
    requestId: 'r',
    correlationId: 'c',
  });
  assert.equal(err.message, 'Conflict (409): Another operation is in progress. [Conflict]');
  assert.equal(err.kind, 'http');
  assert.equal(err.target, 'name');
  assert.deepEqual(err.details, [{ code: 'Inner', message: 'm', target: undefined, details: undefined }]);
  assert.equal(err.requestId, 'r');
  assert.equal(err.correlationId, 'c');
});

test('Entra ID errors use the first line of error_description', () => {
  const parsed = parseServiceError({ error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.\r\nTrace ID: x' });
  assert.deepEqual(parsed, { code: 'invalid_client', message: 'AADSTS7000215: Invalid client secret provided.' });
});

test('non-JSON and empty error bodies give a sensible message without the body', () => {
  const html = errorFromResponse({ status: 503, contentType: 'text/html; charset=utf-8', text: '<html><body>secret page</body></html>' });
  assert.equal(html.message, 'Service Unavailable (503): the service had a problem; try again later (the response was text/html, not a JSON error)');
  const truncated = errorFromResponse({ status: 400, contentType: 'application/json', text: '{"error":{"code":"Bad' });
  assert.match(truncated.message, /^Bad Request \(400\): .*application\/json, not a JSON error/);
  const empty = errorFromResponse({ status: 404, contentType: '', text: '' });
  assert.equal(empty.message, 'Not Found (404): the resource was not found');
  const odd = errorFromResponse({ status: 418, contentType: 'application/json', text: '{"x":1}' });
  assert.equal(odd.message, 'Request error (418): the request was rejected');
  assert.ok(odd instanceof ArmError);
});

test('redactUrl hides continuation tokens, signatures and credentials only', () => {
  assert.equal(
    redactUrl('https://management.azure.com/subscriptions/s/x?api-version=2021-08-01&$skipToken=abc%3D%3D&$filter=a'),
    'https://management.azure.com/subscriptions/s/x?api-version=2021-08-01&$skipToken=***&$filter=a',
  );
  assert.equal(redactUrl('https://a.blob.core.windows.net/c?sv=2022&sig=XYZ&se=1'), 'https://a.blob.core.windows.net/c?sv=2022&sig=***&se=1');
  assert.equal(redactUrl('https://u:p@h.example/p?access_token=t&client_secret=s&code=c&x=1'), 'https://h.example/p?access_token=***&client_secret=***&code=***&x=1');
  assert.equal(redactUrl('/relative?%24skiptoken=zz&a=1'), '/relative?%24skiptoken=***&a=1');
});

test('redactText replaces every occurrence of secrets of length ≥ 4, and shorter ones as whole tokens', () => {
  assert.equal(redactText('tok tok abcdef abcdef token', ['abcdef', 'tok', undefined]), '*** *** *** *** token');
  assert.equal(redactText('no secrets here', []), 'no secrets here');
  assert.equal(redactText('aaaa-bbbbbbbb', ['bbbbbbbb', 'aaaa']), '***-***');
});

test('withQuery keeps other parameters byte for byte and replaces same-named ones', () => {
  const url = new URL('https://h.example/p?api-version=old&$skipToken=a+b%2Fc&keep=x%20y');
  assert.equal(withQuery(url, { 'api-version': '2021-08-01', $filter: "name eq 'a b'" }), "https://h.example/p?$skipToken=a+b%2Fc&keep=x%20y&api-version=2021-08-01&$filter=name%20eq%20'a%20b'");
  assert.equal(withQuery(new URL('https://h.example/p?%24SKIPTOKEN=1'), { $skipToken: '2' }), 'https://h.example/p?$skipToken=2');
  assert.equal(withQuery(new URL('https://h.example/p'), { gone: undefined }), 'https://h.example/p');
});

test('Retry-After: seconds or an HTTP date; backoff grows, jitters and is capped', () => {
  assert.equal(parseRetryAfterMs('7'), 7000);
  assert.equal(parseRetryAfterMs('0'), 0);
  assert.equal(parseRetryAfterMs(new Date(10_000).toUTCString(), 4_000), 6000);
  assert.equal(parseRetryAfterMs('soon'), undefined);
  assert.equal(parseRetryAfterMs(undefined), undefined);
  assert.equal(backoffDelayMs(0, 1000, 30_000, () => 0), 500);
  assert.equal(backoffDelayMs(3, 1000, 30_000, () => 1), 8000);
  assert.equal(backoffDelayMs(10, 1000, 30_000, () => 1), 30_000);
});

test('clouds resolve to endpoints, authority, scope and portal', () => {
  assert.deepEqual(resolveCloud({ cloud: 'AzureCloud' }), {
    name: 'AzureCloud',
    armEndpoint: 'https://management.azure.com',
    authorityHost: 'https://login.microsoftonline.com',
    portalUrl: 'https://portal.azure.com',
    scope: 'https://management.azure.com/.default',
  });
  assert.equal(resolveCloud({ cloud: 'AzureUSGovernment' }).scope, 'https://management.usgovcloudapi.net/.default');
  assert.equal(resolveCloud({ cloud: 'AzureUSGovernment' }).authorityHost, 'https://login.microsoftonline.us');
  assert.equal(resolveCloud({ cloud: 'AzureChinaCloud' }).armEndpoint, 'https://management.chinacloudapi.cn');
  assert.equal(resolveCloud({ cloud: 'AzureChinaCloud' }).authorityHost, 'https://login.chinacloudapi.cn');
  const custom = resolveCloud({ cloud: 'Custom', custom: { armEndpoint: 'http://127.0.0.1:8080/', authorityHost: 'http://localhost:8080//' } });
  assert.equal(custom.armEndpoint, 'http://127.0.0.1:8080');
  assert.equal(custom.authorityHost, 'http://localhost:8080');
  assert.equal(custom.scope, 'http://127.0.0.1:8080/.default');
});

test('custom clouds must use https unless loopback, and need both URLs', () => {
  const isSecurity = (e: unknown): boolean => e instanceof ArmError && e.kind === 'security';
  assert.throws(() => resolveCloud({ cloud: 'Custom', custom: { armEndpoint: 'http://arm.example', authorityHost: 'https://login.example' } }), isSecurity);
  assert.throws(() => resolveCloud({ cloud: 'Custom', custom: { armEndpoint: 'https://arm.example', authorityHost: 'http://login.example' } }), isSecurity);
  assert.throws(() => resolveCloud({ cloud: 'Custom', custom: { armEndpoint: 'not a url', authorityHost: 'https://login.example' } }), isSecurity);
  assert.throws(() => resolveCloud({ cloud: 'Custom' }), /needs both/);
  assert.equal(resolveCloud({ cloud: 'Custom', custom: { armEndpoint: 'https://arm.example/', authorityHost: 'https://login.example' } }).portalUrl, 'https://arm.example');
});
