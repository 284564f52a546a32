// The region reads (capabilities, usages, cachedImages), the scripted failures Diagnose reads and the scripted refusals of a deploy.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { armRequest, ACI_PATH, minimalGroup } from '../testClient';
import { suiteEmulator } from './suiteEmulator';
import { DIAGNOSE_SCENARIOS } from '../containerGroupDiagnose';
import { DEPLOY_REFUSALS } from '../containerGroupRefusals';

const s = suiteEmulator();
const region = (what: string, version = '2023-05-01', loc = 'westeurope', sub = 'sub-r') => `/subscriptions/${sub}/providers/Microsoft.ContainerInstance/locations/${loc}/${what}?api-version=${version}`;

test('capabilities: the published example, per OS type', async () => {
  for (const version of ['2023-05-01', '2025-09-01']) {
    const res = await armRequest(s.url, s.token, 'GET', region('capabilities', version));
    assert.equal(res.status, 200);
    const linux = res.json.value.find((c: { osType: string }) => c.osType === 'Linux');
    assert.deepEqual(linux.capabilities, { maxMemoryInGB: 14, maxCpu: 4, maxGpuCount: 4 });
    assert.equal(linux.location, 'westeurope');
  }
});

test('usages count the groups and cores held in the subscription and region', async () => {
  const before = await armRequest(s.url, s.token, 'GET', region('usages'));
  assert.equal(before.status, 200);
  const cores = (r: typeof before) => r.json.value.find((u: { name: { value: string } }) => u.name.value === 'StandardCores');
  assert.deepEqual({ current: cores(before).currentValue, limit: cores(before).limit, unit: cores(before).unit }, { current: 0, limit: 10, unit: 'Count' });
  const put = await armRequest(s.url, s.token, 'PUT', ACI_PATH('quota-a', 'sub-r'), { body: minimalGroup() });
  assert.equal(put.status, 201);
  const after = await armRequest(s.url, s.token, 'GET', region('usages'));
  assert.equal(cores(after).currentValue, 1);
  assert.equal(after.json.value.find((u: { name: { value: string } }) => u.name.value === 'ContainerGroups').currentValue, 1);
  const elsewhere = await armRequest(s.url, s.token, 'GET', region('usages', '2023-05-01', 'eastus'));
  assert.equal(cores(elsewhere).currentValue, 0);
});

test('cachedImages lists images with their OS type; an unknown api-version is refused', async () => {
  const res = await armRequest(s.url, s.token, 'GET', region('cachedImages'));
  assert.equal(res.status, 200);
  assert.ok(res.json.value.every((i: { image: string; osType: string }) => i.image && /^(Linux|Windows)$/.test(i.osType)));
  const bad = await armRequest(s.url, s.token, 'GET', region('cachedImages', '2019-01-01'));
  assert.equal(bad.status, 400);
  assert.equal(bad.json.error.code, 'InvalidApiVersionParameter');
});

test('each Diagnose scenario shows its failure once provisioned', async () => {
  for (const scenario of DIAGNOSE_SCENARIOS) {
    const name = `g-diag-${scenario}`;
    assert.equal((await armRequest(s.url, s.token, 'PUT', ACI_PATH(name), { body: minimalGroup() })).status, 201);
    let body;
    for (let i = 0; i < 5; i++) body = (await armRequest(s.url, s.token, 'GET', ACI_PATH(name))).json;
    const view = body.properties.containers[0].properties.instanceView;
    const words = JSON.stringify([view, body.properties.instanceView]);
    const expected: Record<string, RegExp> = {
      'image-not-found': /Failed to pull image .* not found/,
      unauthorized: /unauthorized: authentication required/,
      oom: /"exitCode":137/,
      'restart-loop': /Back-off restarting failed container/,
      probe: /Liveness probe failed/,
      capacity: /is not available in the location 'westeurope'/,
    };
    assert.match(words, expected[scenario], scenario);
  }
});

test("each scripted deploy refusal answers the PUT with the service's code and words, and stores nothing", async () => {
  const expected = {
    'dns-taken': { status: 400, code: 'DnsNameLabelAlreadyTaken', message: /^The DNS name label 'web-label' in container group 'g-deploy-dns-taken' is not available\. Try using a different label\.$/ },
    quota: { status: 409, code: 'ServiceUnavailable', message: /container group quota 'StandardCores' exceeded in region 'westeurope'\. Limit: '10', Usage: '10' Requested: '1'\.$/ },
    capacity: { status: 409, code: 'ServiceUnavailable', message: /^The requested resource is not available in the location 'westeurope' at this moment\. .* Resource requested: '1' CPU '1\.5' GB memory 'Linux' OS\.$/ },
  };
  for (const scenario of DEPLOY_REFUSALS) {
    const name = `g-deploy-${scenario}`;
    const res = await armRequest(s.url, s.token, 'PUT', ACI_PATH(name), { body: minimalGroup({ ipAddress: { type: 'Public', ports: [{ port: 80 }], dnsNameLabel: 'web-label' } }) });
    assert.equal(res.status, expected[scenario].status, scenario);
    assert.equal(res.json.error.code, expected[scenario].code, scenario);
    assert.match(res.json.error.message, expected[scenario].message, scenario);
    assert.equal((await armRequest(s.url, s.token, 'GET', ACI_PATH(name))).status, 404, `${scenario}: nothing stored`);
  }
});
