// The path-by-path change list shown before an update (added / removed / changed, secrets never shown).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeChanges } from '../../src/core/deploy/diff';

const container = (name: string, image: string, cpu = 1, memoryInGB = 1.5, env: string[] = []) => ({
  name,
  properties: { image, resources: { requests: { cpu, memoryInGB } }, environmentVariables: env.map((n) => ({ name: n, value: 'v' })) },
});

const existing = {
  location: 'westeurope',
  tags: { team: 'web' },
  properties: {
    provisioningState: 'Succeeded',
    osType: 'Linux',
    sku: 'Standard',
    restartPolicy: 'Always',
    containers: [container('web', 'nginx:1.25', 1, 1.5, ['A', 'B']), container('sidecar', 'busybox')],
    volumes: [{ name: 'cache', emptyDir: {} }, { name: 'old', gitRepo: { repository: 'https://x' } }],
    ipAddress: { type: 'Public', ip: '20.1.1.1', dnsNameLabel: 'web', ports: [{ port: 80, protocol: 'TCP' }] },
  },
};

test('no changes: nothing listed (read-only fields and values Azure fills in do not count)', () => {
  const desired = structuredClone(existing) as any;
  delete desired.properties.provisioningState;
  delete desired.properties.sku;
  delete desired.properties.ipAddress.ip;
  delete desired.properties.ipAddress.ports[0].protocol;
  desired.properties.restartPolicy = 'always';
  assert.deepEqual(describeChanges(existing, desired), []);
});

test('an environment variable value change is listed by its path', () => {
  const desired = structuredClone(existing) as any;
  desired.properties.containers[0].properties.environmentVariables[1].value = 'changed';
  assert.deepEqual(describeChanges(existing, desired), ['~ containers[web].environmentVariables[B].value: v → changed']);
});

test('containers, volumes, IP and tags: every added, removed and changed path', () => {
  const desired = {
    location: 'westeurope',
    tags: { env: 'prod' },
    properties: {
      osType: 'Linux',
      restartPolicy: 'OnFailure',
      containers: [container('web', 'nginx:1.27', 2, 1.5, ['A', 'C']), container('worker', 'python:3.12')],
      volumes: [{ name: 'cache', emptyDir: {} }, { name: 'share', azureFile: { shareName: 's' } }],
      ipAddress: { type: 'Private', dnsNameLabel: 'web', ports: [{ port: 443 }] },
    },
  };
  assert.deepEqual(describeChanges(existing, desired), [
    '~ restartPolicy: Always → OnFailure',
    '~ containers[web].image: nginx:1.25 → nginx:1.27',
    '~ containers[web].resources.requests.cpu: 1 → 2',
    '+ containers[web].environmentVariables[C]',
    '- containers[web].environmentVariables[B]',
    '+ containers[worker]: python:3.12',
    '- containers[sidecar]',
    '+ volumes[share]',
    '- volumes[old]',
    '~ ipAddress.type: Public → Private',
    '+ ipAddress.ports[443]',
    '- ipAddress.ports[80]',
    '+ tags.env: prod',
    '- tags.team: web',
  ]);
});

test('a location change is flagged as one Azure will refuse', () => {
  const desired = { ...structuredClone(existing), location: 'East US' };
  const lines = describeChanges(existing, desired);
  assert.deepEqual(lines, ['~ location: westeurope → East US (Azure does not move an existing group; the update will fail)']);
});

test('settings the definition leaves out are removed; init container added', () => {
  const desired = structuredClone(existing) as any;
  desired.properties.containers[1].properties.resources.requests.memoryInGB = 4;
  delete desired.properties.ipAddress;
  desired.properties.initContainers = [{ name: 'init', properties: { image: 'alpine' } }];
  assert.deepEqual(describeChanges(existing, desired), [
    '~ containers[sidecar].resources.requests.memoryInGB: 1.5 → 4',
    '+ initContainers[init]: alpine',
    '- ipAddress',
  ]);
});

test('secret fields are never compared or shown', () => {
  const before = { properties: { containers: [{ name: 'db', properties: { image: 'pg', environmentVariables: [{ name: 'PW' }] } }], imageRegistryCredentials: [{ server: 'r.io', username: 'u' }] } };
  const after = { properties: { containers: [{ name: 'db', properties: { image: 'pg', environmentVariables: [{ name: 'PW', secureValue: 'hunter2-secret' }] } }], imageRegistryCredentials: [{ server: 'r.io', username: 'u', password: 'reg-secret' }] } };
  const lines = describeChanges(before, after);
  assert.deepEqual(lines, []);
  assert.ok(!lines.join('\n').includes('secret'));
});

test('image and command changes that differ only in letter case are listed', () => {
  const before = { properties: { containers: [{ name: 'web', properties: { image: 'r.io/app:Beta', command: ['run', '--Mode=A'] } }] } };
  const after = { properties: { containers: [{ name: 'web', properties: { image: 'r.io/app:beta', command: ['run', '--mode=a'] } }] } };
  assert.deepEqual(describeChanges(before, after), [
    '~ containers[web].image: r.io/app:Beta → r.io/app:beta',
    '~ containers[web].command: ["run","--Mode=A"] → ["run","--mode=a"]',
  ]);
  assert.deepEqual(describeChanges(before, structuredClone(before)), []);
});
