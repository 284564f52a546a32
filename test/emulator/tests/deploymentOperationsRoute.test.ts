// The deployment operations under both paths ARM serves them: the swagger's DeploymentOperations_List/_Get
// (`resourcegroups/{rg}/deployments/{name}/operations`, no providers segment, as @azure/arm-resources sends it) and
// the `providers/Microsoft.Resources/deployments` form the docs show; segments match case-insensitively.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { Emulator, startEmulator } from '../server';
import { armRequest, getToken } from '../testClient';

const V = '?api-version=2021-04-01';
const PROVIDERS = '/subscriptions/sub-1/resourceGroups/rg-ops/providers/Microsoft.Resources/deployments/ops';
const SWAGGER = '/subscriptions/sub-1/resourcegroups/rg-ops/deployments/ops';

describe('emulator: deployment operations routes', () => {
  let emu: Emulator;
  let token: string;
  before(async () => {
    emu = await startEmulator({ retryAfterSeconds: 0, lroPolls: 1 });
    token = await getToken(emu.url);
    const template = {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      resources: [{ type: 'Microsoft.Storage/storageAccounts', apiVersion: '2023-01-01', name: 'opsstore', location: 'westeurope', sku: { name: 'Standard_LRS' }, kind: 'StorageV2' }],
    };
    const res = await armRequest(emu.url, token, 'PUT', PROVIDERS + V, { body: { properties: { mode: 'Incremental', template, parameters: {} } } });
    assert.equal(res.status, 201, res.text);
  });
  after(() => emu.close());

  it('lists the same operations under the swagger path, the providers path and another spelling', async () => {
    const lists = await Promise.all([SWAGGER, PROVIDERS, SWAGGER.replace('resourcegroups', 'RESOURCEGROUPS').replace('/deployments/', '/Deployments/')].map((p) => armRequest(emu.url, token, 'GET', `${p}/operations${V}`)));
    for (const list of lists) assert.equal(list.status, 200, list.text);
    const ids = lists.map((l) => l.json.value.map((o: { operationId: string }) => o.operationId));
    assert.equal(ids[0].length, 1);
    assert.deepEqual(ids[1], ids[0]);
    assert.deepEqual(ids[2], ids[0]);
    assert.equal(lists[0].json.value[0].properties.targetResource.resourceName, 'opsstore');
  });

  it('reads one operation by id under both paths, and answers 404 for an id it does not have', async () => {
    const list = await armRequest(emu.url, token, 'GET', `${SWAGGER}/operations${V}`);
    const id: string = list.json.value[0].operationId;
    for (const base of [SWAGGER, PROVIDERS]) {
      const one = await armRequest(emu.url, token, 'GET', `${base}/operations/${id}${V}`);
      assert.equal(one.status, 200, one.text);
      assert.equal(one.json.operationId, id);
      assert.equal(one.json.properties.targetResource.resourceType, 'Microsoft.Storage/storageAccounts');
    }
    const missing = await armRequest(emu.url, token, 'GET', `${SWAGGER}/operations/0000000000000000${V}`);
    assert.equal(missing.status, 404);
    const noDeployment = await armRequest(emu.url, token, 'GET', `${SWAGGER.replace('/ops', '/nope')}/operations${V}`);
    assert.equal(noDeployment.json.error.code, 'DeploymentNotFound');
  });
});
