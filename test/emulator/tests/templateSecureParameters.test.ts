// Secure parameters (securestring, secureObject) in a deployment: ARM evaluates them like any other parameter, so a
// secureObject's property can feed a resource (ResourceModules' container-group template passes
// "[parameters('environmentVariables').secureList]" this way), and leaves only their values out of what it returns
// (the deployment's properties.parameters show the type alone).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { ACI_PATH, armRequest } from '../testClient';
import { deploy, deploymentBody, helloWorldTemplate } from './quickstartDeploy';
import { suiteEmulator } from './suiteEmulator';

const template = helloWorldTemplate({
  parameters: {
    environmentVariables: { type: 'secureObject', defaultValue: {} },
    adminPassword: { type: 'securestring' },
  },
  name: 'secure-object-group',
  container: {
    environmentVariables: "[if(contains(parameters('environmentVariables'), 'variables'), parameters('environmentVariables').variables, createArray())]",
    command: "[createArray('run', string(length(parameters('adminPassword'))))]",
  },
  outputs: { count: { type: 'int', value: "[length(parameters('environmentVariables').variables)]" } },
});

describe('emulator: secure parameters are evaluated at deployment and hidden in what it returns', () => {
  const emulator = suiteEmulator();

  it('deploys a container group whose environment variables come from a secureObject parameter', async () => {
    const parameters = {
      environmentVariables: { value: { variables: [{ name: 'PLAIN', value: 'visible' }, { name: 'TOKEN', secureValue: 'tok-not-shown' }] } },
      adminPassword: { value: 'pw-not-shown' },
    };
    const { put, done, statuses } = await deploy(emulator.url, emulator.token, 'rg-1', 'secure-object', deploymentBody(template, parameters));
    assert.equal(put.status, 201, put.text);
    assert.equal(statuses.at(-1), 'Succeeded', done.text);
    assert.deepEqual(done.json.properties.parameters, { environmentVariables: { type: 'SecureObject' }, adminPassword: { type: 'SecureString' } });
    assert.deepEqual(done.json.properties.outputs, { count: { type: 'Int', value: 2 } });
    for (const text of [put.text, done.text]) assert.doesNotMatch(text, /not-shown|visible/);

    const group = await armRequest(emulator.url, emulator.token, 'GET', ACI_PATH('secure-object-group'));
    assert.equal(group.status, 200, group.text);
    const c = group.json.properties.containers[0].properties;
    assert.deepEqual(c.environmentVariables, [{ name: 'PLAIN', value: 'visible' }, { name: 'TOKEN' }]);
    assert.deepEqual(c.command, ['run', '12']);
  });
});
