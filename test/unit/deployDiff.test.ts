// The top-level change summary shown before an update.
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

test('no changes: nothing listed (read-only fields and the default SKU do not count)', () => {
  const desired = structuredClone(existing) as any;
  delete desired.properties.provisioningState;
  delete desired.properties.sku;
  delete desired.properties.ipAddress.ip;
  desired.properties.restartPolicy = 'always';
  assert.deepEqual(describeChanges(existing, desired), []);
});

test('containers added, removed and changed; volumes, IP type, label, ports and tags', () => {
  const desired = {
    location: 'westeurope',
    tags: { team: 'web', env: 'prod' },
    properties: {
      osType: 'Linux',
      restartPolicy: 'OnFailure',
      containers: [container('web', 'nginx:1.27', 2, 1.5, ['A', 'C']), container('worker', 'python:3.12')],
      volumes: [{ name: 'cache', emptyDir: {} }, { name: 'share', cloudFile: { shareName: 's' } }],
      ipAddress: { type: 'Private', dnsNameLabel: 'web', ports: [{ port: 443 }] },
    },
  };
  assert.deepEqual(describeChanges(existing, desired), [
    'restart policy: Always → OnFailure',
    'container web: image: nginx:1.25 → nginx:1.27; cpu: 1 → 2; environment added: C; environment removed: B',
    'container worker added (python:3.12)',
    'container sidecar removed',
    'volume share added (azureFile)',
    'volume old removed',
    'IP address type: Public → Private',
    'public ports: 80/TCP → 443/TCP',
    'tags changed',
  ]);
});

test('a location change is flagged as one Azure will refuse', () => {
  const desired = { ...structuredClone(existing), location: 'East US' };
  const lines = describeChanges(existing, desired);
  assert.equal(lines.length, 1);
  assert.match(lines[0], /^location: westeurope → East US \(Azure does not move/);
});

test('memory change, IP removed, init container added', () => {
  const desired = structuredClone(existing) as any;
  desired.properties.containers[1].properties.resources.requests.memoryInGB = 4;
  delete desired.properties.ipAddress;
  desired.properties.initContainers = [{ name: 'init', properties: { image: 'alpine' } }];
  assert.deepEqual(describeChanges(existing, desired), [
    'container sidecar: memoryInGB: 1.5 → 4',
    'init container init added (alpine)',
    'IP address type: Public → (not set)',
    'DNS name label: web → (not set)',
    'public ports: 80/TCP → (not set)',
  ]);
});

test('image and command changes that differ only in letter case are listed', () => {
  const before = { properties: { containers: [{ name: 'web', properties: { image: 'r.io/app:Beta', command: ['run', '--Mode=A'] } }] } };
  const after = { properties: { containers: [{ name: 'web', properties: { image: 'r.io/app:beta', command: ['run', '--mode=a'] } }] } };
  const [line] = describeChanges(before, after);
  assert.match(line, /image: r\.io\/app:Beta → r\.io\/app:beta/);
  assert.match(line, /command: /);
  assert.deepEqual(describeChanges(before, structuredClone(before)), []);
});
