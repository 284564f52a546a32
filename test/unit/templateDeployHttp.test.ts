/**
 * The template deployment requests over a real socket, answered as the Microsoft.Resources 2021-04-01 examples show
 * (Azure/azure-rest-api-specs …/Microsoft.Resources/stable/2021-04-01/examples): PutDeploymentResourceGroup (201
 * Accepted, then Succeeded with outputResources), PostDeploymentWhatIfOnResourceGroup (202 with Location, then 200
 * with the changes), deployment operations (GetDeploymentOperations' list shape) and CancelDeployments (204).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { cancelDeployment, deploymentNameFor, listDeploymentOperations, putDeployment, whatIfDeployment, type DeploymentRef } from '../../src/core/templateDeploy/deployments';
import { addressKind, deploymentOutputs, deployedContainerGroups, operationStates, progressText } from '../../src/core/templateDeploy/operations';
import { deploymentBody } from '../../src/core/templateDeploy/templateRequest';
import { summarizeWhatIf } from '../../src/core/templateDeploy/whatIfChanges';
import { json, startFixture, StaticTokenProvider, type FixtureServer } from './armHarness';

const SUB = '00000000-0000-0000-0000-000000000001';
const RG = 'my-resource-group';
const REF: DeploymentRef = { subscriptionId: SUB, resourceGroup: RG, deploymentName: 'aci-web-20261126182000' };
const DEPLOYMENT = `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.Resources/deployments/${REF.deploymentName}`;
const GROUP_ID = `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroups/web`;

let server: FixtureServer;
let client: ArmClient;
let statusPolls = 0;
let whatIfPolls = 0;

const operation = (state: string) => ({
  id: `${DEPLOYMENT}/operations/AAAA`,
  operationId: 'AAAA',
  properties: {
    provisioningOperation: 'Create',
    provisioningState: state,
    timestamp: '2026-11-26T18:20:01Z',
    statusCode: state === 'Succeeded' ? 'Created' : undefined,
    targetResource: { id: GROUP_ID, resourceType: 'Microsoft.ContainerInstance/containerGroups', resourceName: 'web' },
  },
});

before(async () => {
  server = await startFixture((req, body, res, self) => {
    const url = new URL(req.url ?? '/', self.url);
    const path = url.pathname;
    if (req.method === 'PUT' && path === DEPLOYMENT) {
      return json(res, 201, { id: DEPLOYMENT, name: REF.deploymentName, type: 'Microsoft.Resources/deployments', properties: { provisioningState: 'Accepted', mode: 'Incremental', parameters: {} } }, {
        'azure-asyncoperation': `${self.url}${DEPLOYMENT}/operationStatuses/08585?api-version=2021-04-01`,
      });
    }
    if (req.method === 'GET' && path === `${DEPLOYMENT}/operationStatuses/08585`) return json(res, 200, { status: ++statusPolls < 2 ? 'Running' : 'Succeeded' });
    if (req.method === 'GET' && path === DEPLOYMENT) {
      return json(res, 200, {
        id: DEPLOYMENT,
        name: REF.deploymentName,
        properties: {
          provisioningState: 'Succeeded',
          duration: 'PT22.8S',
          outputs: { containerIPv4Address: { type: 'String', value: '20.1.2.3' }, adminPassword: { type: 'SecureString' } },
          outputResources: [{ id: GROUP_ID }],
        },
      });
    }
    if (req.method === 'GET' && path === `${DEPLOYMENT}/operations`) return json(res, 200, { value: [operation(statusPolls < 2 ? 'Running' : 'Succeeded')] });
    if (req.method === 'POST' && path === `${DEPLOYMENT}/whatIf`) return json(res, 202, undefined, { location: `${self.url}/subscriptions/${SUB}/providers/Microsoft.Resources/locations/westus/operationResults/WHATIF?api-version=2021-04-01`, 'retry-after': '0' });
    if (req.method === 'GET' && path.endsWith('/operationResults/WHATIF')) {
      if (++whatIfPolls < 2) return json(res, 202, undefined, { location: `${self.url}${path}?api-version=2021-04-01` });
      return json(res, 200, {
        status: 'succeeded',
        properties: {
          changes: [
            { resourceId: GROUP_ID, changeType: 'Create', after: { name: 'web', location: 'westeurope', properties: { containers: [{ name: 'web', properties: { image: 'mcr.microsoft.com/azuredocs/aci-helloworld' } }] } } },
            {
              resourceId: `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroups/api`,
              changeType: 'Modify',
              delta: [
                { path: 'properties.containers[0].properties.image', propertyChangeType: 'Modify', before: 'nginx:1.25', after: 'nginx:1.27' },
                { path: 'properties.containers[0].properties.environmentVariables', propertyChangeType: 'Array', children: [{ path: '0', propertyChangeType: 'Create', after: { name: 'MODE', value: 'x' } }] },
                { path: 'properties.containers[0].properties.environmentVariables[1].secureValue', propertyChangeType: 'Modify', before: 'old-secret', after: 'new-secret' },
              ],
            },
            { resourceId: `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.Storage/storageAccounts/keep`, changeType: 'Ignore' },
          ],
        },
      });
    }
    if (req.method === 'POST' && path === `${DEPLOYMENT}/cancel`) return json(res, 204, undefined);
    json(res, 404, { error: { code: 'NotFound', message: `${req.method} ${path}` } });
  });
  client = new ArmClient({ endpoint: server.url, tokenProvider: new StaticTokenProvider(), scope: `${server.url}/.default`, userAgent: 'tests', timeoutMs: 2000, retryBaseDelayMs: 5, maxRetryDelayMs: 20 });
});
after(() => server.close());

const TEMPLATE = { $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', resources: [] };

test('PUT …/deployments/{name} with api-version 2021-04-01, Incremental mode, followed until Succeeded, outputs read', async () => {
  const body = deploymentBody(TEMPLATE, { name: { value: 'web' }, password: { reference: { keyVault: { id: '/kv' }, secretName: 's' } } });
  const progress: string[] = [];
  const result = await putDeployment(client, REF, body, { defaultPollMs: 1, onProgress: (p) => progress.push(p.status) });
  const put = server.hits.find((h) => h.method === 'PUT')!;
  assert.match(put.url, /api-version=2021-04-01/);
  assert.deepEqual(JSON.parse(put.body), { properties: { mode: 'Incremental', template: TEMPLATE, parameters: { name: { value: 'web' }, password: { reference: { keyVault: { id: '/kv' }, secretName: 's' } } } } });
  assert.deepEqual(progress, ['Accepted', 'Running', 'Succeeded']);
  assert.equal(result.resource.properties?.provisioningState, 'Succeeded');
  const outputs = deploymentOutputs(result.resource);
  assert.deepEqual(outputs, [{ name: 'containerIPv4Address', type: 'String', value: '20.1.2.3' }, { name: 'adminPassword', type: 'SecureString' }]);
  const ops = await listDeploymentOperations(client, REF);
  assert.equal(progressText(operationStates(ops)), 'containerGroups/web: Succeeded');
  assert.deepEqual(deployedContainerGroups(ops, result.resource), ['web']);
});

test('what-if: POST …/whatIf answered 202, its Location followed, changes per resource with property deltas, secrets never shown', async () => {
  const result = await whatIfDeployment(client, REF, deploymentBody(TEMPLATE, {}), { defaultPollMs: 1 });
  assert.equal(whatIfPolls, 2);
  const summary = summarizeWhatIf(result);
  assert.equal(summary.headline, '1 to create, 1 to modify, 1 ignored');
  assert.deepEqual(summary.lines, [
    '+ Microsoft.ContainerInstance/containerGroups/web (Create)',
    '    location: westeurope',
    '    container web: mcr.microsoft.com/azuredocs/aci-helloworld',
    '~ Microsoft.ContainerInstance/containerGroups/api (Modify)',
    '    ~ properties.containers[0].properties.image: "nginx:1.25" → "nginx:1.27"',
    '    + properties.containers[0].properties.environmentVariables[0]: {"name":"MODE","value":"x"}',
    '    ~ properties.containers[0].properties.environmentVariables[1].secureValue: (secret) → (secret)',
    '* Microsoft.Storage/storageAccounts/keep (Ignore)',
  ]);
  assert.ok(!summary.lines.join('\n').includes('secret-'), 'no secret value in the what-if lines');
  // The groups the template defines (a refused PUT's error is kept on each): not the ignored resource.
  assert.deepEqual(summary.containerGroups, [
    { subscriptionId: SUB, resourceGroup: RG, name: 'web' },
    { subscriptionId: SUB, resourceGroup: RG, name: 'api' },
  ]);
});

test('what-if: a group Ignore lists (not in the template) or Delete lists (only a Complete deploy removes it) is not the template\'s', () => {
  const id = (name: string) => `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroups/${name}`;
  const summary = summarizeWhatIf({ properties: { changes: [{ resourceId: id('kept'), changeType: 'Ignore' }, { resourceId: id('gone'), changeType: 'Delete' }, { resourceId: id('same'), changeType: 'NoChange' }] } });
  assert.deepEqual(summary.containerGroups.map((g) => g.name), ['same']);
});

test('cancel: POST …/deployments/{name}/cancel answered 204', async () => {
  const response = await cancelDeployment(client, REF);
  assert.equal(response.status, 204);
  assert.ok(server.hits.some((h) => h.method === 'POST' && h.url.startsWith(`${DEPLOYMENT}/cancel?api-version=2021-04-01`)));
});

test('deployment names: the template file and the UTC time, within 64 allowed characters', () => {
  assert.equal(deploymentNameFor('/w/templates/aci web+linux.json', new Date('2026-11-26T18:20:00Z')), 'aci-web-linux-20261126182000');
  assert.equal(deploymentNameFor(`/w/${'x'.repeat(80)}.json`, new Date('2026-11-26T18:20:00Z')).length, 64);
});

test('an address output is named as users read it: IP address or FQDN, not the output name (issue 39: "Copy fqdn")', () => {
  assert.equal(addressKind('20.1.2.3'), 'ip');
  assert.equal(addressKind('tmpl-web.westeurope.azurecontainer.io'), 'fqdn');
  assert.equal(addressKind('http://x'), 'other');
  assert.equal(addressKind(undefined), 'other');
});
