// Nested deployments with their template inline and inner-scoped expressions (how Bicep emits modules): the inner
// template sees only the parameters it is given, its resources are created in the resource group it names, and the
// parent reads its outputs through reference().
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { ACI_PATH, armRequest } from '../testClient';
import { deploy, deploymentBody, helloWorldTemplate, whatIf } from './quickstartDeploy';
import { suiteEmulator } from './suiteEmulator';

const moduleTemplate = helloWorldTemplate({
  parameters: { name: { type: 'string' }, password: { type: 'securestring' } },
  name: "[parameters('name')]",
  container: { environmentVariables: [{ name: 'PASSWORD', secureValue: "[parameters('password')]" }], ports: [{ port: 80 }] },
  group: { ipAddress: { type: 'Public', ports: [{ port: 80, protocol: 'TCP' }] } },
  outputs: { ip: { type: 'string', value: "[reference(parameters('name')).ipAddress.ip]" } },
});

const template = {
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  parameters: { groupName: { type: 'string' }, password: { type: 'securestring' } },
  resources: [
    {
      type: 'Microsoft.Resources/deployments',
      apiVersion: '2022-09-01',
      name: 'app-module',
      properties: {
        mode: 'Incremental',
        expressionEvaluationOptions: { scope: 'inner' },
        parameters: { name: { value: "[parameters('groupName')]" }, password: { value: "[parameters('password')]" } },
        template: moduleTemplate,
      },
    },
  ],
  outputs: { moduleIp: { type: 'string', value: "[reference('app-module').outputs.ip.value]" } },
};

describe('emulator: nested deployments with inner-scoped templates', () => {
  const emulator = suiteEmulator();

  it("deploys the module's container group with the parameters it is given and returns its output to the parent", async () => {
    const body = deploymentBody(template, { groupName: { value: 'module-group' }, password: { value: 'pw-not-shown' } });
    const wi = await whatIf(emulator.url, emulator.token, 'rg-1', 'with-module', body);
    assert.equal(wi.status, 200, wi.text);
    assert.doesNotMatch(wi.text, /pw-not-shown/);

    const { put, done, statuses } = await deploy(emulator.url, emulator.token, 'rg-1', 'with-module', body);
    assert.equal(put.status, 201, put.text);
    assert.equal(statuses.at(-1), 'Succeeded', done.text);
    const group = await armRequest(emulator.url, emulator.token, 'GET', ACI_PATH('module-group'));
    assert.equal(group.status, 200, group.text);
    assert.deepEqual(group.json.properties.containers[0].properties.environmentVariables, [{ name: 'PASSWORD' }]);
    assert.match(group.json.properties.ipAddress.ip, /^\d+\.\d+\.\d+\.\d+$/);
    assert.equal(done.json.properties.outputs.moduleIp.value, group.json.properties.ipAddress.ip);
    assert.doesNotMatch(done.text, /pw-not-shown/);

    // What the resource group holds afterwards (the module deployment among it) shows no secret either.
    const again = await whatIf(emulator.url, emulator.token, 'rg-1', 'other', deploymentBody({ resources: [] }, {}));
    assert.doesNotMatch(again.text, /pw-not-shown/);
  });
});
