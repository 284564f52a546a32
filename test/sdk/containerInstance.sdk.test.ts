// @azure/arm-containerinstance 9.1.0 (api-version 2023-05-01) against the emulator: every Container Instances
// operation the product uses, through the official SDK's own request shaping, polling and deserialization. A
// disagreement here means the emulator answers in a shape the published API does not have.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { ContainerInstanceManagementClient, type ContainerGroup } from '@azure/arm-containerinstance';
import { RestError } from '@azure/core-rest-pipeline';
import { POLL, all, overLoopback, startSdkStage, type SdkStage } from './sdkHarness';

const RG = 'rg-sdk';

describe('official SDK: @azure/arm-containerinstance against the emulator', () => {
  let stage: SdkStage;
  let aci: ContainerInstanceManagementClient;
  before(async () => {
    stage = await startSdkStage();
    aci = overLoopback(new ContainerInstanceManagementClient(stage.credential, 'sub-sdk', stage.clientOptions), stage.credential);
  });
  after(() => stage.emu.close());

  // The SDK's model flattens `properties` (x-ms-client-flatten): it writes the wire body itself.
  const group = (extra: Partial<ContainerGroup> = {}): ContainerGroup => ({
    location: 'westeurope',
    osType: 'Linux',
    containers: [{ name: 'app', image: 'nginx:1.27', resources: { requests: { cpu: 1, memoryInGB: 1.5 } } }],
    ...extra,
  });

  it('creates a group with beginCreateOrUpdateAndWait, following the Azure-AsyncOperation URL to Succeeded', async () => {
    const created = await aci.containerGroups.beginCreateOrUpdateAndWait(RG, 'sdk-web', group({ ipAddress: { type: 'Public', ports: [{ port: 80, protocol: 'TCP' }], dnsNameLabel: 'sdk-web' } }), POLL);
    assert.equal(created.provisioningState, 'Succeeded');
    assert.equal(created.name, 'sdk-web');
    assert.equal(created.instanceView?.state, 'Running');
    assert.equal(created.containers[0].instanceView?.currentState?.state, 'Running');
    assert.match(created.ipAddress?.ip ?? '', /^20\.\d+\.\d+\.\d+$/);
    assert.equal(created.ipAddress?.fqdn, 'sdk-web.westeurope.azurecontainer.io');
  });

  it('gets the group, and lists the resource group page by page', async () => {
    const got = await aci.containerGroups.get(RG, 'sdk-web');
    assert.equal(got.id, '/subscriptions/sub-sdk/resourceGroups/rg-sdk/providers/Microsoft.ContainerInstance/containerGroups/sdk-web');
    assert.equal(got.osType, 'Linux');
    for (const name of ['sdk-b', 'sdk-c']) await aci.containerGroups.beginCreateOrUpdateAndWait(RG, name, group(), POLL);
    const listed = await all(aci.containerGroups.listByResourceGroup(RG));
    assert.deepEqual(listed.map((g) => g.name).sort(), ['sdk-b', 'sdk-c', 'sdk-web'], 'the nextLink pages are followed to the end');
  });

  it('reads a container log, and opens exec and attach sessions', async () => {
    const logs = await aci.containers.listLogs(RG, 'sdk-web', 'app', { tail: 10 });
    assert.equal(typeof logs.content, 'string');
    const exec = await aci.containers.executeCommand(RG, 'sdk-web', 'app', { command: '/bin/sh', terminalSize: { rows: 24, cols: 80 } });
    assert.match(exec.webSocketUri ?? '', /^wss?:\/\//);
    assert.ok(exec.password);
    const attach = await aci.containers.attach(RG, 'sdk-web', 'app');
    assert.match(attach.webSocketUri ?? '', /^wss?:\/\//);
    assert.ok(attach.password);
  });

  it('stops, starts and restarts the group', async () => {
    await aci.containerGroups.stop(RG, 'sdk-web');
    assert.equal((await aci.containerGroups.get(RG, 'sdk-web')).instanceView?.state, 'Stopped');
    await aci.containerGroups.beginStartAndWait(RG, 'sdk-web', POLL);
    assert.equal((await aci.containerGroups.get(RG, 'sdk-web')).instanceView?.state, 'Running');
    await aci.containerGroups.beginRestartAndWait(RG, 'sdk-web', POLL);
    const restarted = await aci.containerGroups.get(RG, 'sdk-web');
    assert.equal(restarted.instanceView?.state, 'Running');
    assert.equal(restarted.containers[0].instanceView?.restartCount, 1);
  });

  it('deletes the group; a later get is a 404 ResourceNotFound', async () => {
    await aci.containerGroups.beginDeleteAndWait(RG, 'sdk-web', POLL);
    await assert.rejects(aci.containerGroups.get(RG, 'sdk-web'), (err: unknown) => err instanceof RestError && err.statusCode === 404 && err.code === 'ResourceNotFound');
  });
});
