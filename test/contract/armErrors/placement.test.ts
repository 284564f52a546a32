// Replays each recorded Container Instances error through the deploy path (the ARM client over a real socket
// to a server on 127.0.0.1 answering the PUT with that error) and checks where the problem lands in the
// sample definition, YAML and JSON, and the words the user sees.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ArmClient } from '../../../src/core/arm/client';
import { ArmError } from '../../../src/core/arm/errors';
import type { AccessTokenResult, TokenProvider } from '../../../src/core/arm/tokenProvider';
import { deployBody, prepareDeploy } from '../../../src/core/deploy/deployContainerGroup';
import { locateErrorTargets } from '../../../src/core/deploy/errorTargets';
import { SAMPLES, recordedErrors, sample, type RecordedError } from './fixtures';

/** Where each recorded error must land: the text there (quotes aside), its YAML line, and the body path. */
interface Expected {
  text: string;
  line: number;
  target: string;
  exact: boolean;
}

const C0 = 'properties.containers[0]';
const EXPECTED: Record<string, Expected[]> = {
  'invalid-os-type': [{ text: 'properties', line: 4, target: 'properties.osType', exact: false }],
  'resource-requests-not-specified': [{ text: 'properties', line: 16, target: 'properties.containers[1].properties.resources.requests', exact: false }],
  'resource-some-requests-not-specified': [{ text: 'requests', line: 10, target: `${C0}.properties.resources.requests.cpu`, exact: false }],
  'resource-limits-less-than-requests': [{ text: '1', line: 13, target: `${C0}.properties.resources.limits.cpu`, exact: true }],
  'container-limit-greater-than-group-request': [{ text: '1', line: 13, target: `${C0}.properties.resources.limits.cpu`, exact: true }],
  'invalid-container-name': [{ text: 'Db-primary1', line: 18, target: 'properties.containers[2].name', exact: true }],
  'inaccessible-image': [{ text: 'myregistry.azurecr.io/worker:v1', line: 17, target: 'properties.containers[1].properties.image', exact: true }],
  'deployment-failed-inaccessible-image': [{ text: 'myregistry.azurecr.io/app:v1', line: 8, target: `${C0}.properties.image`, exact: true }],
  'multiple-errors-occurred': [
    { text: 'myregistry.azurecr.io/app:v1', line: 8, target: `${C0}.properties.image`, exact: true },
    { text: 'myregistry.azurecr.io/worker:v1', line: 17, target: 'properties.containers[1].properties.image', exact: true },
  ],
  'invalid-request-content-path': [{ text: '6', line: 11, target: `${C0}.properties.resources.requests.memoryInGB`, exact: true }],
  'invalid-request-content-missing-parent': [{ text: 'requests', line: 10, target: `${C0}.properties.resources.requests.gpu.sku`, exact: false }],
  'invalid-request-content-required': [{ text: 'properties', line: 4, target: 'properties', exact: true }],
  'dns-name-label': [{ text: 'webx', line: 33, target: 'properties.ipAddress.dnsNameLabel', exact: true }],
  'volume-mount-path': [{ text: 'C:/Program Files/Git/files', line: 27, target: 'properties.containers[2].properties.volumeMounts[0].mountPath', exact: true }],
  // Nothing in the definition: the top of the file, with the service's words.
  'quota-exceeded': [{ text: '', line: 1, target: '', exact: false }],
};

class StaticToken implements TokenProvider {
  readonly id = 'contract-test';
  async getToken(): Promise<AccessTokenResult> {
    return { token: 'contract-token', expiresOnTimestamp: Date.now() + 3_600_000 };
  }
}

let server: Server;
let answer: RecordedError | undefined;
let client: ArmClient;

before(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const reply = req.method === 'PUT' ? answer : undefined;
      res.writeHead(reply?.status ?? 404, { 'content-type': 'application/json; charset=utf-8', 'x-ms-request-id': 'eastus:00000000-0000-0000-0000-000000000000' });
      res.end(JSON.stringify(reply?.body ?? { error: { code: 'NotFound', message: 'not here' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new ArmClient({ endpoint: url, tokenProvider: new StaticToken(), scope: `${url}/.default`, userAgent: 'contract-test', maxRetries: 0 });
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ref = { subscriptionId: '00000000-0000-0000-0000-0000000000c1', resourceGroup: 'rg-contract', name: 'web-group' };

async function replay(recordedError: RecordedError, file: (typeof SAMPLES)[number]) {
  answer = recordedError;
  const text = sample(file);
  const prepared = await prepareDeploy(text, file, ref, async () => undefined);
  const err = await deployBody(client, ref, prepared.body).then(
    () => assert.fail('the deploy should have failed'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof ArmError, String(err));
  return { err, text, locations: locateErrorTargets(text, file, err, prepared.prefix) };
}

const unquote = (s: string) => s.replace(/^"(.*)"$/s, '$1');

test('every recorded error names its source and has an expected placement', () => {
  for (const e of recordedErrors) {
    assert.match(e.source, /\S{10,}/, e.id);
    assert.ok(EXPECTED[e.id], `no expectation for ${e.id}`);
  }
});

for (const recordedError of recordedErrors) {
  describe(recordedError.id, () => {
    for (const file of SAMPLES) {
      test(file, async () => {
        const { err, text, locations } = await replay(recordedError, file);
        const { code, message, details } = recordedError.body.error;
        // The notification: the status, the service's own words, and its code when it sent one.
        assert.equal(err.status, recordedError.status);
        assert.equal(err.message, `Bad Request (400): ${message}${code ? ` [${code}]` : ''}`);
        const expected = EXPECTED[recordedError.id];
        assert.equal(locations.length, expected.length, JSON.stringify(locations));
        const shownMessages = details?.map((d) => d.message) ?? (code === 'MultipleErrorsOccurred' ? undefined : [message]);
        locations.forEach((loc, i) => {
          const want = expected[i];
          assert.equal(loc.target, want.target);
          assert.equal(loc.exact, want.exact);
          if (want.target === '') {
            assert.equal(loc.placedBy, 'document');
            assert.equal(loc.range.start, text.search(/\S/) + (file.endsWith('.json') ? text.indexOf('"') : 0), 'the first key of the file');
          } else {
            assert.equal(unquote(text.slice(loc.range.start, loc.range.end)), want.text);
          }
          if (file.endsWith('.yaml')) assert.equal(text.slice(0, loc.range.start).split('\n').length, want.line);
          if (shownMessages) assert.equal(loc.message, shownMessages[i]);
          else assert.match(message, new RegExp(`'${loc.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`));
        });
      });
    }
  });
}
