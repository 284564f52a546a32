// @azure/arm-resources 6.1.0 (Microsoft.Resources 2021-04-01, with deployments) against the emulator: every
// deployment operation the product uses, through the official SDK's request shaping, polling and deserialization.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { ResourceManagementClient } from '@azure/arm-resources';
import { RestError } from '@azure/core-rest-pipeline';
import { POLL, all, overLoopback, startSdkStage, type SdkStage } from './sdkHarness';

const RG = 'rg-sdk';

/** One container group and an output, as a user's template would have them. */
const TEMPLATE = {
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  parameters: { name: { type: 'string', defaultValue: 'sdk-dep' } },
  resources: [
    {
      type: 'Microsoft.ContainerInstance/containerGroups',
      apiVersion: '2023-05-01',
      name: "[parameters('name')]",
      location: 'westeurope',
      properties: {
        osType: 'Linux',
        containers: [{ name: 'app', properties: { image: 'nginx:1.27', resources: { requests: { cpu: 1, memoryInGB: 1.5 } } } }],
        ipAddress: { type: 'Public', ports: [{ port: 80, protocol: 'TCP' }] },
      },
    },
  ],
  outputs: { ip: { type: 'string', value: "[reference(parameters('name')).ipAddress.ip]" } },
};

describe('official SDK: @azure/arm-resources deployments against the emulator', () => {
  let stage: SdkStage;
  let arm: ResourceManagementClient;
  before(async () => {
    stage = await startSdkStage();
    // 6.1.0 defaults to 2025-03-01; the product (and so the emulator) speaks 2021-04-01.
    arm = overLoopback(new ResourceManagementClient(stage.credential, 'sub-sdk', { ...stage.clientOptions, apiVersion: '2021-04-01' }), stage.credential);
  });
  after(() => stage.emu.close());

  it('creates a deployment with beginCreateOrUpdateAndWait and reads it back with get', async () => {
    const done = await arm.deployments.beginCreateOrUpdateAndWait(RG, 'dep-1', { properties: { mode: 'Incremental', template: TEMPLATE, parameters: {} } }, POLL);
    assert.equal(done.properties?.provisioningState, 'Succeeded');
    const outputs = done.properties?.outputs as { ip: { value: string } };
    assert.match(outputs.ip.value, /^20\.\d+\.\d+\.\d+$/);
    const got = await arm.deployments.get(RG, 'dep-1');
    assert.equal(got.id, '/subscriptions/sub-sdk/resourceGroups/rg-sdk/providers/Microsoft.Resources/deployments/dep-1');
    assert.deepEqual(got.properties?.outputResources?.map((r) => r.id), ['/subscriptions/sub-sdk/resourceGroups/rg-sdk/providers/Microsoft.ContainerInstance/containerGroups/sdk-dep']);
  });

  it('lists the deployment operations (the swagger path without providers/) and gets one by id', async () => {
    const ops = await all(arm.deploymentOperations.list(RG, 'dep-1'));
    const create = ops.find((o) => o.properties?.provisioningOperation === 'Create');
    assert.ok(create?.operationId, JSON.stringify(ops));
    assert.equal(create.properties?.provisioningState, 'Succeeded');
    assert.equal(create.properties?.targetResource?.resourceName, 'sdk-dep');
    const one = await arm.deploymentOperations.get(RG, 'dep-1', create.operationId);
    assert.equal(one.operationId, create.operationId);
    assert.equal(one.properties?.targetResource?.resourceType, 'Microsoft.ContainerInstance/containerGroups');
  });

  it('what-if follows the Location to the changes without creating anything', async () => {
    const result = await arm.deployments.beginWhatIfAndWait(RG, 'dep-whatif', { properties: { mode: 'Incremental', template: TEMPLATE, parameters: { name: { value: 'sdk-new' } } } }, POLL);
    assert.equal(result.status, 'Succeeded');
    // Incremental: the group deployed earlier, which this template does not name, is left alone (Ignore).
    assert.deepEqual(result.changes?.map((c) => [c.resourceId?.split('/').pop(), c.changeType]).sort(), [['sdk-dep', 'Ignore'], ['sdk-new', 'Create']]);
    await assert.rejects(arm.deployments.get(RG, 'dep-whatif'), (err: unknown) => err instanceof RestError && err.statusCode === 404 && err.code === 'DeploymentNotFound');
  });

  it('cancels a running deployment (204), then refuses to cancel it again (409)', async () => {
    const poller = await arm.deployments.beginCreateOrUpdate(RG, 'dep-cancel', { properties: { mode: 'Incremental', template: TEMPLATE, parameters: { name: { value: 'sdk-cancel' } } } }, POLL);
    assert.equal(poller.getOperationState().status, 'running');
    await arm.deployments.cancel(RG, 'dep-cancel');
    assert.equal((await arm.deployments.get(RG, 'dep-cancel')).properties?.provisioningState, 'Canceled');
    await assert.rejects(arm.deployments.cancel(RG, 'dep-cancel'), (err: unknown) => err instanceof RestError && err.statusCode === 409);
  });
});
