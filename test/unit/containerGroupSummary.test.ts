import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeContainerGroup, formatPorts } from '../../src/core/containerGroup/summary';
import { readDefinitionText } from '../../src/core/containerGroup/readDefinition';

const yaml = `apiVersion: 2019-12-01
location: eastus
name: myContainerGroup
properties:
  containers:
  - name: aci-tutorial-app
    properties:
      image: mcr.microsoft.com/azuredocs/aci-helloworld:latest
      resources:
        requests:
          cpu: 1
          memoryInGb: 1.5
      ports:
      - port: 80
      - port: 8080
        protocol: udp
      environmentVariables:
      - name: PASSWORD
        secureValue: hunter2-very-secret
      volumeMounts:
      - name: cache
        mountPath: /cache
        readOnly: true
  initContainers:
  - name: init
    properties:
      image: busybox
  osType: Linux
  ipAddress:
    type: Public
    ports:
    - protocol: tcp
      port: 80
    dnsNameLabel: hello
  volumes:
  - name: cache
    emptyDir: {}
  - name: repo
    gitRepo:
      repository: https://github.com/Azure-Samples/aci-helloworld
  - name: secrets
    secret:
      token: c2VjcmV0
  - name: broken
type: Microsoft.ContainerInstance/containerGroups
`;

test('summarizes the docs-style YAML, matching property names without regard to case', () => {
  const read = readDefinitionText(yaml, 'x.aci.yaml');
  assert.ok(read.ok);
  const s = summarizeContainerGroup(read.value);
  assert.equal(s.name, 'myContainerGroup');
  assert.equal(s.location, 'eastus');
  assert.equal(s.containers.length, 1);
  const c = s.containers[0];
  assert.equal(c.image, 'mcr.microsoft.com/azuredocs/aci-helloworld:latest');
  assert.equal(c.cpu, '1');
  assert.equal(c.memoryInGB, '1.5');
  assert.equal(formatPorts(c.ports), '80/TCP, 8080/UDP');
  assert.deepEqual(c.mounts, [{ name: 'cache', mountPath: '/cache', readOnly: true }]);
  assert.deepEqual(c.environment, [{ name: 'PASSWORD', secure: true }]);
  assert.equal(s.initContainers[0].name, 'init');
  assert.deepEqual(
    s.volumes.map((v) => [v.name, v.kind, v.detail]),
    [
      ['cache', 'emptyDir', undefined],
      ['repo', 'gitRepo', 'https://github.com/Azure-Samples/aci-helloworld'],
      ['secrets', 'secret', 'token'],
      ['broken', 'unknown', undefined],
    ],
  );
  assert.equal(s.network?.type, 'Public');
  assert.equal(s.network?.dnsNameLabel, 'hello');
  assert.ok(!JSON.stringify(s).includes('hunter2'), 'no secret value in the summary');
  assert.ok(!JSON.stringify(s).includes('c2VjcmV0'), 'no secret volume value in the summary');
});

test('finds the container group inside an ARM template', () => {
  const template = {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    resources: [
      { type: 'Microsoft.Storage/storageAccounts', name: 'sa' },
      { type: 'Microsoft.ContainerInstance/containerGroups', name: "[parameters('name')]", properties: { containers: [{ name: 'a', properties: { image: 'nginx' } }] } },
    ],
  };
  const s = summarizeContainerGroup(template);
  assert.equal(s.containers[0].image, 'nginx');
});

test('a volume with two sources is reported as such', () => {
  const s = summarizeContainerGroup({ properties: { volumes: [{ name: 'v', emptyDir: {}, secret: {} }] } });
  assert.deepEqual(s.volumes[0], { name: 'v', kind: 'ambiguous', detail: 'emptyDir + secret' });
});

test('garbage gives an empty summary, not a throw', () => {
  for (const v of [null, 1, 'x', [], { properties: 5 }, { properties: { containers: 'x', volumes: [1, null] } }]) {
    const s = summarizeContainerGroup(v);
    assert.ok(Array.isArray(s.containers));
  }
});

test('read errors say where', () => {
  const json = readDefinitionText('{\n  "a": 1,\n  "b" 2\n}', 'x.aci.json');
  assert.deepEqual(json, { ok: false, message: "Invalid JSON at line 3, column 7: Expected ':' after the property name." });
  const y = readDefinitionText('a: 1\n b: [\n', 'x.aci.yaml');
  assert.equal(y.ok, false);
  assert.match((y as { message: string }).message, /^Invalid YAML at line \d+, column \d+: /);
  assert.deepEqual(readDefinitionText('42', 'x.json'), { ok: false, message: 'The file holds no JSON object.' });
});

test('a token in a gitRepo URL never reaches the summary', () => {
  const s = summarizeContainerGroup({
    properties: { volumes: [{ name: 'repo', gitRepo: { repository: 'https://me:ghp_secretToken123@github.com/org/app.git' } }] },
  });
  assert.equal(s.volumes[0].detail, 'https://github.com/org/app.git');
  assert.ok(!JSON.stringify(s).includes('ghp_secretToken123'));
});

// The published 2025-09-01 examples (test/contract/apiVersions: each fixture names its repository, path and commit).
test('the group settings newer api-versions add: priority, identity, zones, profile, secret reference names', async () => {
  const refs = (await import('../contract/apiVersions/2025-09-01-secretReference.json')).containerGroup;
  const s = summarizeContainerGroup(refs);
  assert.equal(s.settings.identity, 'UserAssigned: identity-name');
  assert.deepEqual(s.settings.secretReferences, ['envSecretRef', 'accountKeyRef', 'volumeSecretRef', 'privateRegistryKeyRef']);
  assert.ok(!JSON.stringify(s).includes('vault.azure.net'), 'names only, never where the secret is kept');
  const priority = summarizeContainerGroup((await import('../contract/apiVersions/2025-09-01-priority.json')).containerGroup);
  assert.equal(priority.settings.priority, 'Spot');
  const profile = summarizeContainerGroup((await import('../contract/apiVersions/2025-09-01-standbyPool.json')).containerGroup);
  assert.equal(profile.settings.profile, 'democgp (revision 1)');
  assert.deepEqual(summarizeContainerGroup({ zones: ['1', '3'], properties: {} }).settings.zones, ['1', '3']);
  assert.deepEqual(summarizeContainerGroup({ properties: {} }).settings, { priority: undefined, identity: undefined, zones: [], profile: undefined, secretReferences: [] });
});
