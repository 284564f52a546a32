// Template deployments (Microsoft.Resources 2021-04-01) on the emulator: the deployment's life, its operations,
// what-if, cancel, and the errors Azure gives for a template it cannot deploy.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { Emulator, startEmulator } from '../server';
import { ACI_PATH, ArmResponse, armRequest, getToken } from '../testClient';
import { readJsonc } from './quickstartDeploy';

const DEPLOY = (name: string, suffix = '', rg = 'rg-1'): string =>
  `/subscriptions/sub-1/resourceGroups/${rg}/providers/Microsoft.Resources/deployments/${name}${suffix}?api-version=2021-04-01`;
const readJson = readJsonc;

const tinyTemplate = (resources: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  resources,
  ...extra,
});

describe('emulator: template deployments', () => {
  let emu: Emulator;
  let token: string;
  let clock = Date.parse('2026-01-01T00:00:00Z');
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
    assert.match(statusUrl, /\/providers\/Microsoft\.Resources\/deployments\/web-deploy\/operationStatuses\/0858\d{16}\?api-version=2021-04-01$/);

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
    assert.deepEqual(res.json.error.additionalInfo[0].info, { lineNumber: line, linePosition: 9, path: 'properties.template.resources[0]' });
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

  it('fails the deployment when a group fails to provision: DeploymentFailed, and the operation carries the error', async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    const body = { properties: { mode: 'Incremental', template, parameters: { name: { value: 'willfail' } } } };
    const res = await armRequest(emu.url, token, 'PUT', DEPLOY('failing'), { body, headers: { 'x-emulator-fault': 'lro-failed' } });
    assert.equal(res.status, 201, res.text);
    const done = await waitForEnd('failing');
    assert.equal(done.json.properties.provisioningState, 'Failed');
    assert.equal(done.json.properties.error.code, 'DeploymentFailed');
    assert.equal(done.json.properties.error.details[0].code, 'ResourceDeploymentFailure');
    assert.equal(done.json.properties.outputs, undefined);
    const status = await armRequest(emu.url, token, 'GET', res.headers.get('azure-asyncoperation') ?? '');
    assert.deepEqual([status.json.status, status.json.error.code], ['Failed', 'DeploymentFailed']);
    const ops = await armRequest(emu.url, token, 'GET', DEPLOY('failing', '/operations'));
    const op = ops.json.value[0].properties;
    assert.equal(op.provisioningState, 'Failed');
    assert.equal(op.statusCode, 'Conflict');
    assert.equal(op.statusMessage.status, 'Failed');
    assert.equal(op.statusMessage.error.message, "The resource operation completed with terminal provisioning state 'Failed'.");
    assert.equal(op.targetResource.resourceName, 'willfail');
  });

  it("refuses in preflight a group the provider would refuse (InvalidTemplateDeployment with the provider's error)", async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    const res = await put('bad-name', template, { name: { value: 'Not_Valid' } });
    assert.equal(res.status, 400);
    assert.equal(res.json.error.code, 'InvalidTemplateDeployment');
    assert.match(res.json.error.message, /^The template deployment 'bad-name' is not valid according to the validation procedure\. The tracking id is '[0-9a-f-]{36}'\. See inner errors for details\.$/);
    assert.equal(res.json.error.details[0].code, 'InvalidContainerGroupName');
    assert.equal((await armRequest(emu.url, token, 'GET', ACI_PATH('Not_Valid'))).status, 404);
  });

  it('refuses to replace a deployment that still runs (409 DeploymentActive), and ends one with time alone', async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    assert.equal((await put('busy', template, { name: { value: 'busygroup' } })).status, 201);
    const again = await put('busy', template, { name: { value: 'busygroup' } });
    assert.equal(again.status, 409);
    assert.equal(again.json.error.code, 'DeploymentActive');
    assert.equal(
      again.json.error.message,
      "Unable to edit or replace deployment 'busy': previous deployment from '1/1/2026 12:00:00 AM' is still active (expiration time is '1/8/2026 12:00:00 AM'). Please see https://aka.ms/arm-deploy for usage details.",
    );
    clock += 60_000; // past the emulator's operation time: the deployment ends whether or not anyone polls
    const ops = await armRequest(emu.url, token, 'GET', DEPLOY('busy', '/operations'));
    assert.equal(ops.json.value[0].properties.provisioningState, 'Succeeded');
    const done = await waitForEnd('busy');
    assert.equal(done.json.properties.provisioningState, 'Succeeded');
    assert.equal((await put('busy', template, { name: { value: 'busygroup' } })).status, 200);
  });

  it('names line 1 for a request sent as compact JSON, as ARM does for CLI deployments', async () => {
    const template = readJson('aci-linuxcontainer-healthprobe', 'azuredeploy.json');
    const res = await put('compact', template, {});
    assert.equal(res.json.error.additionalInfo[0].info.lineNumber, 1);
    assert.equal(res.json.error.additionalInfo[0].info.path, 'properties.template.parameters.containergroupname');
  });

  it('keeps secure values out of a what-if', async () => {
    const template = readJson('aci-linuxcontainer-volume-secret', 'azuredeploy.json');
    const parameters = { name: { value: 'secretgroup' }, dnsNameLabel: { value: 'secretlabel' }, sslCertificateData: { value: 'c2VjcmV0LWNlcnQ=' }, sslCertificatePwd: { value: 'pfx-secret-pass' } };
    const res = await armRequest(emu.url, token, 'POST', DEPLOY('wi-secure', '/whatIf'), { body: { properties: { mode: 'Incremental', template, parameters } } });
    let result = await armRequest(emu.url, token, 'GET', res.headers.get('location') ?? '');
    while (result.status === 202) result = await armRequest(emu.url, token, 'GET', res.headers.get('location') ?? '');
    assert.doesNotMatch(result.text, /c2VjcmV0LWNlcnQ=|pfx-secret-pass/);
    const change = result.json.properties.changes.find((c: { resourceId: string }) => c.resourceId.endsWith('/secretgroup'));
    assert.deepEqual(change.after.properties.volumes[0].secret, { sslcertificateData: "[parameters('sslCertificateData')]", sslcertificatePwd: "[base64(parameters('sslCertificatePwd'))]" });
  });

  it('shows NoChange for a group the template would leave as it is, and refuses an unknown function in an output at once', async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    const res = await armRequest(emu.url, token, 'POST', DEPLOY('wi3', '/whatIf'), { body: { properties: { mode: 'Incremental', template, parameters: {} } } });
    let result = await armRequest(emu.url, token, 'GET', res.headers.get('location') ?? '');
    while (result.status === 202) result = await armRequest(emu.url, token, 'GET', res.headers.get('location') ?? '');
    const change = result.json.properties.changes.find((c: { resourceId: string }) => c.resourceId.endsWith('/acilinuxpublicipcontainergroup'));
    assert.equal(change.changeType, 'NoChange');
    assert.equal(change.delta, undefined);

    const broken = { ...template, outputs: { fqdn: { type: 'string', value: "[toLowerCase('X')]" } } };
    const bad = await put('bad-output', broken, {});
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.message, /The template output 'fqdn' at line '1' and column '\d+' is not valid: The template function 'toLowerCase' is not valid\./);
  });

  it('finds nothing to change when a deployed template is deployed again: write-only values are not compared, secure values shown as written', async () => {
    const dir = 'aci-sftp-files';
    const template = readJson(dir, 'azuredeploy.json');
    const parameters = { sftpUser: { value: 'tester' }, sftpPassword: { value: 'Sftp-secret-9' } };
    const body = { properties: { mode: 'Incremental', template, parameters } };
    assert.equal((await armRequest(emu.url, token, 'PUT', DEPLOY('sftp', '', 'rg-sftp'), { body })).status, 201);
    const res = await armRequest(emu.url, token, 'POST', DEPLOY('sftp-again', '/whatIf', 'rg-sftp'), { body });
    let result = await armRequest(emu.url, token, 'GET', res.headers.get('location') ?? '');
    while (result.status === 202) result = await armRequest(emu.url, token, 'GET', res.headers.get('location') ?? '');
    const group = result.json.properties.changes.find((c: { resourceId: string }) => c.resourceId.endsWith('/containerGroups/sftp-group'));
    assert.equal(group.changeType, 'NoChange');
    // `before` is the group as a GET returns it (this template itself puts the password in a plain `value`); what the
    // template would send is shown with the secure parameter as written, and the storage key not at all.
    assert.doesNotMatch(JSON.stringify(group.after), /Sftp-secret-9/);
    assert.equal(group.after.properties.containers[0].properties.environmentVariables[0].value, "[concat(parameters('sftpUser'), ':', parameters('sftpPassword'), ':1001')]");
    assert.equal(group.after.properties.volumes[0].azureFile.storageAccountKey, "[listKeys(variables('storageAccountName'),'2018-02-01').keys[0].value]");
    const deployment = await armRequest(emu.url, token, 'GET', DEPLOY('sftp', '', 'rg-sftp'));
    assert.deepEqual(deployment.json.properties.parameters.sftpPassword, { type: 'SecureString' });
  });

  it('deletes what the template does not mention in Complete mode, and leaves it in Incremental mode', async () => {
    const template = readJson('aci-linuxcontainer-public-ip', 'azuredeploy.json');
    const deployIn = async (name: string, group: string, mode: string): Promise<void> => {
      const res = await armRequest(emu.url, token, 'PUT', DEPLOY(name, '', 'rg-modes'), { body: { properties: { mode, template, parameters: { name: { value: group } } } } });
      assert.equal(res.status, 201, res.text);
    };
    await deployIn('first', 'one', 'Incremental');
    await deployIn('second', 'two', 'Incremental');
    assert.equal((await armRequest(emu.url, token, 'GET', ACI_PATH('one', 'sub-1', 'rg-modes'))).status, 200);
    await deployIn('third', 'three', 'Complete');
    assert.equal((await armRequest(emu.url, token, 'GET', ACI_PATH('one', 'sub-1', 'rg-modes'))).status, 404);
    assert.equal((await armRequest(emu.url, token, 'GET', ACI_PATH('two', 'sub-1', 'rg-modes'))).status, 404);
    assert.equal((await armRequest(emu.url, token, 'GET', ACI_PATH('three', 'sub-1', 'rg-modes'))).status, 200);
  });

  it('fails the resource whose value cannot be evaluated while deploying, in the words Azure uses then', async () => {
    const template = tinyTemplate([
      { type: 'Microsoft.Storage/storageAccounts', apiVersion: '2023-01-01', name: 'st1', location: 'westeurope', properties: { note: "[reference(resourceId('Microsoft.Network/virtualNetworks', 'nope')).addressSpace]" } },
    ]);
    const res = await put('late-failure', template);
    assert.equal(res.status, 201, res.text);
    const done = await waitForEnd('late-failure');
    assert.equal(done.json.properties.provisioningState, 'Failed');
    const ops = await armRequest(emu.url, token, 'GET', DEPLOY('late-failure', '/operations'));
    const op = ops.json.value[0].properties;
    assert.equal(op.provisioningState, 'Failed');
    assert.equal(op.statusMessage.error.code, 'InvalidTemplate');
    // The resource's "{" in the compact body the test sent.
    const column = JSON.stringify({ properties: { mode: 'Incremental', template, parameters: {} } }).indexOf('[{"type":"Microsoft.Storage') + 2;
    assert.equal(
      op.statusMessage.error.message,
      `Unable to process template language expressions for resource '/subscriptions/sub-1/resourceGroups/rg-1/providers/Microsoft.Storage/storageAccounts/st1' at line '1' and column '${column}'. 'The Resource 'Microsoft.Network/virtualNetworks/nope' under resource group 'rg-1' was not found. For more details please go to https://aka.ms/ARMResourceNotFoundFix'`,
    );
  });
});
