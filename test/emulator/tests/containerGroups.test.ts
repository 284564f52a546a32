import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { startEmulator } from '../server';
import { ACI_PATH, ArmResponse, armRequest, getToken, minimalGroup } from '../testClient';
import { suiteEmulator } from './suiteEmulator';

describe('emulator: container groups', () => {
  const suite = suiteEmulator({ lroPolls: 2 });

  const put = (name: string, body: unknown): Promise<ArmResponse> => armRequest(suite.url, suite.token, 'PUT', ACI_PATH(name), { body });

  describe('validation', () => {
    it('rejects a body that is not JSON', async () => {
      const res = await put('web', '{"location": "westeurope", ');
      assert.equal(res.status, 400);
      assert.equal(res.json.error.code, 'InvalidRequestContent');
      assert.equal(res.json.error.details.length, 1);
    });

    it('answers like the service by default: the first problem alone, code and message, no target', async () => {
      const res = await put('web', {});
      assert.equal(res.status, 400);
      assert.deepEqual(res.json.error, {
        code: 'InvalidRequestContent',
        message: "The request content was invalid and could not be deserialized: 'Required property 'location' not found in JSON. Path '', line 1, position 2.'.",
      });
    });

    it('lists every problem with a JSON-path target under the validation-targets scenario', async () => {
      const res = await armRequest(suite.url, suite.token, 'PUT', ACI_PATH('web'), { body: {}, headers: { 'x-emulator-fault': 'validation-targets' } });
      assert.equal(res.status, 400);
      assert.deepEqual(res.json.error.details.map((d: { target: string }) => d.target).sort(), ['location', 'properties']);
    });

    const mixed = {
      location: 'westeurope',
      properties: {
        osType: 'Solaris',
        containers: [
          { name: 'ok', properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } } } },
          { name: 'second', properties: { resources: { requests: { cpu: '2' } } } },
        ],
      },
    };

    it("meets problems in the service's order: what the JSON reader rejects, then its own rules", async () => {
      const res = await armRequest(suite.url, suite.token, 'PUT', ACI_PATH('web'), { body: mixed, headers: { 'x-emulator-fault': 'validation-targets' } });
      assert.equal(res.status, 400);
      assert.deepEqual(
        res.json.error.details.map((d: { target: string; code: string }) => `${d.code} ${d.target}`),
        [
          'InvalidRequestContent properties.containers[1].properties.image',
          'InvalidRequestContent properties.containers[1].properties.resources.requests.cpu',
          'InvalidOsType properties.osType',
          'ResourceSomeRequestsNotSpecified properties.containers[1].properties.resources.requests.memoryInGB',
        ],
      );
      assert.equal(res.json.error.code, 'InvalidRequestContent'); // mixed codes fold into the generic one
      assert.equal(res.json.error.target, res.json.error.details[0].target);
      const first = await put('web', mixed);
      assert.equal(first.json.error.code, 'InvalidRequestContent');
      assert.match(first.json.error.message, /^The request content was invalid and could not be deserialized: 'Required property 'image' not found in JSON\. Path 'properties\.containers\[1\]\.properties', line 1, position \d+\.'\.$/);
      assert.equal(first.json.error.target, undefined);
      assert.equal(first.json.error.details, undefined);
    });

    it("reports osType, resource requests and wrong JSON types in the service's words", async () => {
      const noOs = await put('web', minimalGroup({ osType: undefined }));
      assert.deepEqual(noOs.json.error, { code: 'InvalidOsType', message: "The 'osType' for container group '<null>' is invalid. The value must be one of 'Windows,Linux'." });
      const noRequests = await put('web', minimalGroup({ containers: [{ name: 'app', properties: { image: 'nginx' } }] }));
      assert.deepEqual(noRequests.json.error, {
        code: 'ResourceRequestsNotSpecified',
        message: "The resource requests are not specified in container 'app' of contain group 'web'. Both memory and CPU requests are required since API version '2017-07-01-preview'.",
      });
      const noCpu = await put('web', minimalGroup({ containers: [{ name: 'app', properties: { image: 'nginx', resources: { requests: { memoryInGB: 6 } } } }] }));
      assert.equal(noCpu.json.error.code, 'ResourceSomeRequestsNotSpecified');
      assert.equal(noCpu.json.error.message, "The 'Cpu' request is not specified in 'MemoryInGB '6' Cpu ''' in container 'app' of contain group 'web'. It is required since API version '2017-07-01-preview'.");
      const wrongType = await put('web', { location: 'westeurope', properties: { osType: 'Linux', containers: {} } });
      assert.equal(wrongType.status, 400);
      assert.match(wrongType.json.error.message, /requires a JSON array .* Path 'properties\.containers', line 1, position \d+\.'\.$/);
    });

    it('accepts enum values in any case', async () => {
      const res = await put('case-test', minimalGroup({ osType: 'linux', restartPolicy: 'onfailure', sku: 'STANDARD' }));
      assert.equal(res.status, 201);
      assert.equal(res.json.properties.osType, 'Linux');
      assert.equal(res.json.properties.restartPolicy, 'OnFailure');
    });

    for (const bad of ['Upper', '-lead', 'trail-', 'double--hyphen', 'x'.repeat(64), 'under_score']) {
      it(`rejects the container group name '${bad.slice(0, 20)}'`, async () => {
        const res = await put(bad, minimalGroup());
        assert.equal(res.status, 400);
        assert.equal(res.json.error.code, 'InvalidContainerGroupName');
        assert.equal(res.json.error.details, undefined);
      });
    }

    it('checks volume mounts, git directories, container names and DNS labels', async () => {
      const res = await armRequest(suite.url, suite.token, 'PUT', ACI_PATH('web'), { headers: { 'x-emulator-fault': 'validation-targets' }, body: minimalGroup({
        containers: [
          { name: 'Bad_Name', properties: { image: 'x', resources: { requests: { cpu: 1, memoryInGB: 1 } }, volumeMounts: [{ name: 'nope', mountPath: 'C:/data' }] } },
        ],
        volumes: [{ name: 'repo', gitRepo: { repository: 'https://example.com/r.git', directory: '../up' } }, { name: 'files', cloudFile: { shareName: 's', storageAccountName: 'a' } }],
        ipAddress: { type: 'Public', ports: [{ port: 80 }], dnsNameLabel: 'ab' },
      }) });
      assert.equal(res.status, 400);
      const codes = res.json.error.details.map((d: { code: string }) => d.code).sort();
      assert.deepEqual(codes, ['InvalidContainerName', 'InvalidDnsNameLabel', 'InvalidGitRepoDirectory', 'InvalidVolume', 'InvalidVolumeMountPath', 'VolumeMountNotFound']);
    });
  });

  describe('create, poll, read, update', () => {
    const fullBody = {
      location: 'West Europe',
      tags: { env: 'test' },
      identity: { type: 'SystemAssigned' },
      properties: {
        osType: 'Linux',
        containers: [
          {
            name: 'web',
            properties: {
              image: 'myregistry.azurecr.io/web:1',
              resources: { requests: { cpu: 1, memoryInGB: 1.5 } },
              ports: [{ port: 80 }],
              environmentVariables: [{ name: 'PLAIN', value: 'visible' }, { name: 'SECRET', secureValue: 'env-secret-value' }],
              volumeMounts: [{ name: 'files', mountPath: '/mnt/files' }, { name: 'secrets', mountPath: '/mnt/secrets' }],
            },
          },
        ],
        initContainers: [{ name: 'init', properties: { image: 'busybox', environmentVariables: [{ name: 'S', secureValue: 'init-secret' }] } }],
        imageRegistryCredentials: [{ server: 'myregistry.azurecr.io', username: 'u', password: 'registry-password' }],
        volumes: [
          { name: 'files', azureFile: { shareName: 'share', storageAccountName: 'acct', storageAccountKey: 'storage-key' } },
          { name: 'secrets', secret: { 'a.txt': 'c2VjcmV0' } },
        ],
        diagnostics: { logAnalytics: { workspaceId: 'ws-id', workspaceKey: 'workspace-key' } },
        extensions: [{ name: 'kube-proxy', properties: { extensionType: 'kube-proxy', version: '1.0', settings: { a: 1 }, protectedSettings: { kubeConfig: 'protected-value' } } }],
        ipAddress: { type: 'Public', ports: [{ port: 80 }], dnsNameLabel: 'my-label' },
      },
    };

    it('creates with 201, polls to Succeeded and returns the running group with secrets removed', async () => {
      const created = await put('full-group', fullBody);
      assert.equal(created.status, 201);
      assert.equal(created.json.id, '/subscriptions/sub-1/resourceGroups/rg-1/providers/Microsoft.ContainerInstance/containerGroups/full-group');
      assert.equal(created.json.name, 'full-group');
      assert.equal(created.json.type, 'Microsoft.ContainerInstance/containerGroups');
      assert.equal(created.json.location, 'westeurope');
      assert.equal(created.json.properties.provisioningState, 'Pending');
      assert.equal(created.json.properties.sku, 'Standard');
      // As the real service answers (SDK recordings): no Retry-After, a regional request id, -writes on the PUT,
      // the address already allocated, and a status URL with the operations' own api-version.
      assert.equal(created.headers.get('retry-after'), null);
      assert.match(created.headers.get('x-ms-request-id') ?? '', /^westeurope:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.equal(created.headers.get('x-ms-ratelimit-remaining-subscription-writes') !== null, true);
      assert.equal(created.headers.get('x-ms-ratelimit-remaining-subscription-reads'), null);
      assert.match(created.json.properties.ipAddress.ip, /^20\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
      assert.equal(created.json.properties.ipAddress.fqdn, 'my-label.westeurope.azurecontainer.io');
      const statusUrl = created.headers.get('azure-asyncoperation') ?? '';
      assert.match(statusUrl, new RegExp(`^${suite.url}/subscriptions/sub-1/providers/Microsoft\\.ContainerInstance/locations/westeurope/operations/[0-9a-f-]+\\?api-version=2018-06-01$`));
      // The status URL answers on its own api-version only: a client that swaps in the PUT's is refused.
      const swapped = await armRequest(suite.url, suite.token, 'GET', statusUrl.replace('2018-06-01', '2023-05-01'));
      assert.equal(swapped.status, 400);
      assert.equal(swapped.json.error.code, 'InvalidApiVersionParameter');

      const statuses: string[] = [];
      for (let i = 0; i < 3; i++) {
        const poll = await armRequest(suite.url, suite.token, 'GET', statusUrl);
        assert.equal(poll.status, 200);
        statuses.push(poll.json.status);
        assert.equal(poll.json.id, created.json.id);
        assert.ok(poll.json.startTime);
        assert.deepEqual(poll.json.properties, { events: [] });
        assert.equal(poll.headers.get('retry-after'), null);
        assert.match(poll.headers.get('x-ms-request-id') ?? '', /^westeurope:/);
        assert.ok(poll.headers.get('x-ms-ratelimit-remaining-subscription-reads') !== null);
      }
      assert.deepEqual(statuses, ['Pending', 'Pending', 'Succeeded']);

      const got = await armRequest(suite.url, suite.token, 'GET', ACI_PATH('full-group'));
      assert.equal(got.status, 200);
      const p = got.json.properties;
      assert.equal(p.provisioningState, 'Succeeded');
      assert.equal(p.instanceView.state, 'Running');
      assert.ok(Array.isArray(p.instanceView.events));
      assert.equal(p.containers[0].properties.instanceView.currentState.state, 'Running');
      assert.match(p.ipAddress.ip, /^20\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
      assert.equal(p.ipAddress.fqdn, 'my-label.westeurope.azurecontainer.io');
      assert.equal(got.json.identity.type, 'SystemAssigned');
      assert.ok(got.json.identity.principalId);
      assert.deepEqual(got.json.tags, { env: 'test' });

      assert.deepEqual(p.containers[0].properties.environmentVariables, [{ name: 'PLAIN', value: 'visible' }, { name: 'SECRET' }]);
      assert.deepEqual(p.initContainers[0].properties.environmentVariables, [{ name: 'S' }]);
      assert.deepEqual(p.imageRegistryCredentials, [{ server: 'myregistry.azurecr.io', username: 'u' }]);
      assert.deepEqual(p.volumes[0].azureFile, { shareName: 'share', storageAccountName: 'acct' });
      assert.deepEqual(p.volumes[1].secret, {});
      assert.deepEqual(p.diagnostics.logAnalytics, { workspaceId: 'ws-id' });
      assert.deepEqual(p.extensions[0].properties, { extensionType: 'kube-proxy', version: '1.0', settings: { a: 1 } });
      for (const secret of ['env-secret-value', 'init-secret', 'registry-password', 'storage-key', 'c2VjcmV0', 'workspace-key', 'protected-value']) {
        assert.ok(!got.text.includes(secret), `response leaks ${secret}`);
        assert.ok(!created.text.includes(secret), `PUT response leaks ${secret}`);
      }
    });

    it('lro-retry-after: a generic provider that sends Retry-After and reports InProgress', async () => {
      const slow = await startEmulator({ retryAfterSeconds: 3, fault: 'lro-retry-after' });
      try {
        const t = await getToken(slow.url);
        const created = await armRequest(slow.url, t, 'PUT', ACI_PATH('generic'), { body: minimalGroup() });
        assert.equal(created.headers.get('retry-after'), '3');
        const statuses: string[] = [];
        const waits: (string | null)[] = [];
        for (let i = 0; i < 3; i++) {
          const poll = await armRequest(slow.url, t, 'GET', created.headers.get('azure-asyncoperation') ?? '');
          statuses.push(poll.json.status);
          waits.push(poll.headers.get('retry-after'));
        }
        assert.deepEqual(statuses, ['InProgress', 'InProgress', 'Succeeded']);
        assert.deepEqual(waits, ['3', '3', null]);
      } finally {
        await slow.close();
      }
    });

    it('gives the same group the same IP address every time', async () => {
      const again = await startEmulator({ retryAfterSeconds: 0, lroPolls: 0 });
      try {
        const t = await getToken(again.url);
        const created = await armRequest(again.url, t, 'PUT', ACI_PATH('full-group'), { body: fullBody });
        await armRequest(again.url, t, 'GET', created.headers.get('azure-asyncoperation') ?? '');
        const other = await armRequest(again.url, t, 'GET', ACI_PATH('full-group'));
        const mine = await armRequest(suite.url, suite.token, 'GET', ACI_PATH('full-group'));
        assert.equal(other.json.properties.ipAddress.ip, mine.json.properties.ipAddress.ip);
      } finally {
        await again.close();
      }
    });

    it('updates an existing group with 200 and a new operation', async () => {
      const updated = await put('full-group', { ...fullBody, tags: { env: 'prod' } });
      assert.equal(updated.status, 200);
      assert.equal(updated.json.properties.provisioningState, 'Pending');
      assert.deepEqual(updated.json.tags, { env: 'prod' });
      // Polling the resource itself also advances the operation.
      const states: string[] = [];
      for (let i = 0; i < 3; i++) states.push((await armRequest(suite.url, suite.token, 'GET', ACI_PATH('full-group'))).json.properties.provisioningState);
      assert.deepEqual(states, ['Creating', 'Creating', 'Succeeded']);
    });

    it('omits fqdn without a DNS label and uses a private address for Private groups', async () => {
      const quick = await startEmulator({ retryAfterSeconds: 0, lroPolls: 0 });
      try {
        const t = await getToken(quick.url);
        const body = minimalGroup({ ipAddress: { type: 'Private', ports: [{ port: 80 }] }, subnetIds: [{ id: '/subscriptions/s/resourceGroups/r/providers/Microsoft.Network/virtualNetworks/v/subnets/s' }] });
        await armRequest(quick.url, t, 'PUT', ACI_PATH('private-group'), { body });
        const got = await armRequest(quick.url, t, 'GET', ACI_PATH('private-group'));
        assert.equal(got.json.properties.provisioningState, 'Succeeded');
        assert.match(got.json.properties.ipAddress.ip, /^10\.0\./);
        assert.equal(got.json.properties.ipAddress.fqdn, undefined);
      } finally {
        await quick.close();
      }
    });

    it('answers 404 ResourceNotFound for an unknown group and OperationNotFound for an unknown operation', async () => {
      const res = await armRequest(suite.url, suite.token, 'GET', ACI_PATH('never-created'));
      assert.equal(res.status, 404);
      assert.equal(res.json.error.code, 'ResourceNotFound');
      const op = await armRequest(suite.url, suite.token, 'GET', '/subscriptions/sub-1/providers/Microsoft.ContainerInstance/locations/westeurope/operations/00000000-0000-0000-0000-000000000000?api-version=2018-06-01');
      assert.equal(op.status, 404);
    });
  });
});
