// Template deployments (Microsoft.Resources 2021-04-01) on the emulator: the deployment's life, its operations,
// what-if, cancel, and the errors Azure gives for a template it cannot deploy.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Emulator, startEmulator } from '../server';
import { ACI_PATH, ArmResponse, armRequest, getToken } from '../test-client';

const DEPLOY = (name: string, suffix = '', rg = 'rg-1'): string =>
  `/subscriptions/sub-1/resourceGroups/${rg}/providers/Microsoft.Resources/deployments/${name}${suffix}?api-version=2021-04-01`;
const QUICKSTARTS = join(__dirname, '..', '..', '..', '..', 'test', 'contract', 'armTemplates', 'quickstarts');
const readJson = (...p: string[]): Record<string, unknown> => JSON.parse(readFileSync(join(QUICKSTARTS, ...p), 'utf8')) as Record<string, unknown>;

const tinyTemplate = (resources: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  resources,
  ...extra,
});

describe('emulator: template deployments', () => {
  let emu: Emulator;
  let token: string;
  const clock = Date.parse('2026-01-01T00:00:00Z');
  before(async () => {
    emu = await startEmulator({ retryAfterSeconds: 0, lroPolls: 1, now: () => clock });
    token = await getToken(emu.url);
  });
  after(() => emu.close());

  const put = (name: string, template: unknown, parameters: unknown = {}, mode = 'Incremental'): Promise<ArmResponse> =>
    armRequest(emu.url, token, 'PUT', DEPLOY(name), { body: { properties: { mode, template, parameters } } });

  async function waitForEnd(name: string): Promise<ArmResponse> {
    for (let i = 0; i < 20; i++) {
      const res = await armRequest(emu.url, token, 'GET', DEPLOY(name));
      if (!['Accepted', 'Running'].includes(res.json.properties.provisioningState)) return res;
    }
    throw new Error('deployment did not end');
  }

  it('accepts a deployment with 201 and an Azure-AsyncOperation URL, then runs it to Succeeded with outputs', async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    const res = await put('web-deploy', template, readJson('aci-linuxcontainer-public-ip', 'azuredeploy.parameters.json').parameters);
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.type, 'Microsoft.Resources/deployments');
    assert.equal(res.json.properties.provisioningState, 'Accepted');
    assert.equal(res.json.properties.mode, 'Incremental');
    assert.deepEqual(res.json.properties.parameters.name, { type: 'String', value: 'acilinuxpublicipcontainergroup' });
    const statusUrl = res.headers.get('azure-asyncoperation') ?? '';
    assert.match(statusUrl, /\/providers\/Microsoft\.Resources\/deployments\/web-deploy\/operationStatuses\/[0-9A-F]+\?api-version=2021-04-01$/);

    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await armRequest(emu.url, token, 'GET', statusUrl);
      assert.equal(s.status, 200);
      statuses.push(s.json.status);
      if (s.json.status === 'Succeeded') break;
    }
    assert.equal(statuses[0], 'Running');
    assert.equal(statuses.at(-1), 'Succeeded');

    const done = await armRequest(emu.url, token, 'GET', DEPLOY('web-deploy'));
    assert.equal(done.json.properties.provisioningState, 'Succeeded');
    assert.match(done.json.properties.outputs.containerIPv4Address.value, /^20\.\d+\.\d+\.\d+$/);
    assert.equal(done.json.properties.outputs.containerIPv4Address.type, 'String');
    assert.deepEqual(done.json.properties.outputResources, [
      { id: '/subscriptions/sub-1/resourceGroups/rg-1/providers/Microsoft.ContainerInstance/containerGroups/acilinuxpublicipcontainergroup' },
    ]);

    const group = await armRequest(emu.url, token, 'GET', ACI_PATH('acilinuxpublicipcontainergroup'));
    assert.equal(group.status, 200);
    assert.equal(group.json.properties.provisioningState, 'Succeeded');
    assert.equal(group.json.location, 'westeurope');
    assert.equal(group.json.properties.ipAddress.ip, done.json.properties.outputs.containerIPv4Address.value);

    const ops = await armRequest(emu.url, token, 'GET', DEPLOY('web-deploy', '/operations'));
    assert.equal(ops.status, 200);
    const create = ops.json.value.find((o: { properties: { provisioningOperation: string } }) => o.properties.provisioningOperation === 'Create');
    assert.equal(create.properties.provisioningState, 'Succeeded');
    assert.equal(create.properties.targetResource.resourceType, 'Microsoft.ContainerInstance/containerGroups');
    assert.equal(create.properties.targetResource.resourceName, 'acilinuxpublicipcontainergroup');
    assert.match(create.id, /\/deployments\/web-deploy\/operations\/[0-9A-F]{16}$/);
  });

  it('answers an unknown function with InvalidTemplate naming the resource, its line and column', async () => {
    const template = tinyTemplate([{ type: 'Microsoft.Storage/storageAccounts', apiVersion: '2023-01-01', name: "[notAFunction('x')]", location: 'westeurope' }]);
    const text = JSON.stringify({ properties: { mode: 'Incremental', template } }, null, 2);
    const res = await armRequest(emu.url, token, 'PUT', DEPLOY('bad-fn'), { body: text });
    assert.equal(res.status, 400);
    assert.equal(res.json.error.code, 'InvalidTemplate');
    const line = text.split('\n').findIndex((l) => l.includes('"type": "Microsoft.Storage/storageAccounts"'));
    assert.equal(
      res.json.error.message,
      `Deployment template validation failed: 'The template resource '[notAFunction('x')]' at line '${line}' and column '9' is not valid: The template function 'notAFunction' is not valid. Please see https://aka.ms/arm-template-expressions for usage details.. Please see https://aka.ms/arm-template-expressions for usage details.'.`,
    );
    assert.deepEqual(res.json.error.additionalInfo[0].info, { lineNumber: line, linePosition: 9, path: 'resources[0]' });
    const gone = await armRequest(emu.url, token, 'GET', DEPLOY('bad-fn'));
    assert.equal(gone.status, 404);
    assert.equal(gone.json.error.code, 'DeploymentNotFound');
  });

  it('answers a missing parameter value as Azure words it', async () => {
    const template = readJson('aci-linuxcontainer-healthprobe', 'azuredeploy.json');
    const res = await put('no-params', template, {});
    assert.equal(res.status, 400);
    assert.equal(res.json.error.code, 'InvalidTemplate');
    assert.match(res.json.error.message, /^Deployment template validation failed: 'The value for the template parameter 'containergroupname' at line '1' and column '\d+' is not provided\. Please see https:\/\/aka\.ms\/arm-create-parameter-file for usage details\.'\.$/);
  });

  it('rejects a value outside allowedValues', async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    const res = await put('bad-allowed', template, { restartPolicy: { value: 'Sometimes' } });
    assert.equal(res.status, 400);
    assert.match(res.json.error.message, /The provided value 'Sometimes' for the template parameter 'restartPolicy' at line '1' and column '\d+' is not valid\. The parameter value is not part of the allowed value\(s\): 'Always,Never,OnFailure'\./);
  });

  it('leaves securestring values out of the deployment it returns, and the group keeps the secret to itself', async () => {
    const template = readJson('aci-linuxcontainer-secure-environmentvariables', 'azuredeploy.json');
    (template.parameters as Record<string, { type: string }>).environmentVariableValue.type = 'securestring';
    const params = { containergroupname: { value: 'securegroup' }, containername: { value: 'app' }, environmentVariableName: { value: 'SECRET' }, environmentVariableValue: { value: 'p@ss-not-shown' } };
    const res = await put('secure', template, params);
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.json.properties.parameters.environmentVariableValue, { type: 'SecureString' });
    assert.doesNotMatch(res.text, /p@ss-not-shown/);
    const done = await waitForEnd('secure');
    assert.equal(done.json.properties.provisioningState, 'Succeeded');
    assert.doesNotMatch(done.text, /p@ss-not-shown/);
    const group = await armRequest(emu.url, token, 'GET', ACI_PATH('securegroup'));
    assert.deepEqual(group.json.properties.containers[0].properties.environmentVariables, [{ name: 'SECRET' }]);
  });

  it('cancels a running deployment (204) and refuses to cancel an ended one (409)', async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    assert.equal((await put('to-cancel', template, { name: { value: 'cancelme' } })).status, 201);
    const cancel = await armRequest(emu.url, token, 'POST', DEPLOY('to-cancel', '/cancel'));
    assert.equal(cancel.status, 204);
    const after = await armRequest(emu.url, token, 'GET', DEPLOY('to-cancel'));
    assert.equal(after.json.properties.provisioningState, 'Canceled');
    const again = await armRequest(emu.url, token, 'POST', DEPLOY('to-cancel', '/cancel'));
    assert.equal(again.status, 409);
  });

  it('answers what-if as a long-running operation: 202 with Location, then the changes', async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    const res = await armRequest(emu.url, token, 'POST', DEPLOY('wi', '/whatIf'), { body: { properties: { mode: 'Incremental', template, parameters: { name: { value: 'whatifgroup' } } } } });
    assert.equal(res.status, 202, res.text);
    const location = res.headers.get('location') ?? '';
    assert.match(location, /\/subscriptions\/sub-1\/operationresults\/[^/?]+\?api-version=2021-04-01$/);
    let result = await armRequest(emu.url, token, 'GET', location);
    while (result.status === 202) result = await armRequest(emu.url, token, 'GET', location);
    assert.equal(result.status, 200);
    assert.equal(result.json.status, 'Succeeded');
    const change = result.json.properties.changes.find((c: { resourceId: string }) => c.resourceId.endsWith('/whatifgroup'));
    assert.equal(change.changeType, 'Create');
    assert.equal(change.after.properties.containers[0].properties.image, 'mcr.microsoft.com/azuredocs/aci-helloworld');
    const ignored = result.json.properties.changes.find((c: { resourceId: string }) => c.resourceId.endsWith('/acilinuxpublicipcontainergroup'));
    assert.equal(ignored.changeType, 'Ignore');
  });

  it('shows a Modify with property-level deltas for a group that exists', async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    const res = await armRequest(emu.url, token, 'POST', DEPLOY('wi2', '/whatIf'), {
      body: { properties: { mode: 'Incremental', template, parameters: { image: { value: 'nginx:1.27' } } } },
    });
    let result = await armRequest(emu.url, token, 'GET', res.headers.get('location') ?? '');
    while (result.status === 202) result = await armRequest(emu.url, token, 'GET', res.headers.get('location') ?? '');
    const change = result.json.properties.changes.find((c: { resourceId: string }) => c.resourceId.endsWith('/acilinuxpublicipcontainergroup'));
    assert.equal(change.changeType, 'Modify');
    assert.deepEqual(change.delta, [
      {
        path: 'properties.containers',
        propertyChangeType: 'Array',
        children: [{ path: '0', propertyChangeType: 'Modify', children: [{ path: 'properties.image', propertyChangeType: 'Modify', before: 'mcr.microsoft.com/azuredocs/aci-helloworld', after: 'nginx:1.27' }] }],
      },
    ]);
  });
});
