/**
 * A template deployment's parameters: which definitions deploy as a template, the parameter file's values (a value,
 * or a Key Vault reference passed through as the deploymentParameters schema allows), defaults left to Azure, the
 * missing ones, `{{secret:NAME}}` filled in, and answers typed as the parameter's type.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coerceAnswer, declaredParameters, fillSecrets, parameterFileCandidates, planParameters, secretTexts } from '../../src/core/templateDeploy/parameters';
import { deploysAsTemplate, readTemplate } from '../../src/core/templateDeploy/templateRequest';

// The shape of quickstarts/microsoft.containerinstance/aci-linuxcontainer-public-ip/azuredeploy.json (Azure/azure-quickstart-templates).
const TEMPLATE = {
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  parameters: {
    name: { type: 'string', defaultValue: 'acilinuxpublicipcontainergroup' },
    image: { type: 'string', defaultValue: 'mcr.microsoft.com/azuredocs/aci-helloworld' },
    port: { type: 'int', defaultValue: 80 },
    restartPolicy: { type: 'string', allowedValues: ['Always', 'Never', 'OnFailure'] },
    dbPassword: { type: 'securestring', metadata: { description: 'Database password' } },
  },
  resources: [{ type: 'Microsoft.ContainerInstance/containerGroups', apiVersion: '2023-05-01', name: "[parameters('name')]", location: '[resourceGroup().location]', properties: {} }],
};

test('templates Azure must evaluate deploy as a template; a template of plain container groups does not', () => {
  assert.equal(deploysAsTemplate(TEMPLATE), true);
  const plain = { resources: [{ type: 'Microsoft.ContainerInstance/containerGroups', name: 'web', location: 'westeurope', properties: { containers: [] } }] };
  assert.equal(deploysAsTemplate(plain), false);
  assert.equal(deploysAsTemplate({ resources: [...plain.resources, { type: 'Microsoft.Storage/storageAccounts', name: 's' }] }), true);
  assert.equal(deploysAsTemplate({ type: 'Microsoft.ContainerInstance/containerGroups', name: '[parameters(\'x\')]' }), false);
  assert.deepEqual(readTemplate('{\n // a comment ARM accepts\n "resources": []\n}'), { resources: [] });
  assert.equal(readTemplate('{ "resources": ['), undefined);
});

test('parameter files next to the template: <name>.parameters.json first, then azuredeploy.parameters.json', () => {
  assert.deepEqual(parameterFileCandidates('/w/t/web.json'), ['/w/t/web.parameters.json', '/w/t/azuredeploy.parameters.json']);
  assert.deepEqual(parameterFileCandidates('/w/t/azuredeploy.json'), ['/w/t/azuredeploy.parameters.json']);
});

test('the file gives values (names ignoring case) and Key Vault references; defaults are left to Azure; the rest is missing', () => {
  const declared = declaredParameters(TEMPLATE);
  const plan = planParameters(declared, {
    IMAGE: { value: 'nginx:1.27' },
    dbPassword: { reference: { keyVault: { id: '/subscriptions/s/resourceGroups/r/providers/Microsoft.KeyVault/vaults/kv' }, secretName: 'db' } },
    extra: { value: 1 },
  });
  assert.deepEqual(plan.entries, {
    image: { value: 'nginx:1.27' },
    dbPassword: { reference: { keyVault: { id: '/subscriptions/s/resourceGroups/r/providers/Microsoft.KeyVault/vaults/kv' }, secretName: 'db' } },
  });
  assert.deepEqual(plan.missing.map((p) => p.name), ['restartPolicy']);
  assert.deepEqual(plan.missing[0].allowedValues, ['Always', 'Never', 'OnFailure']);
  assert.deepEqual(plan.undeclared, ['extra']);
  assert.equal(plan.sources.get('port'), 'default');
});

test('{{secret:NAME}} in the file is recorded and filled in; a whole placeholder takes the parameter type', () => {
  const plan = planParameters(declaredParameters(TEMPLATE), { dbPassword: { value: '{{secret:db-pass}}' }, restartPolicy: { value: 'Never' } });
  assert.deepEqual(plan.secretUses, [{ parameter: 'dbPassword', secret: 'db-pass' }]);
  assert.equal(plan.missing.length, 0);
  const lookup = (n: string) => (n === 'db-pass' ? 'S3cr3t!' : n === 'obj' ? '{"a":"b"}' : undefined);
  assert.equal(fillSecrets('{{secret:db-pass}}', lookup, 'securestring'), 'S3cr3t!');
  assert.equal(fillSecrets('Server=x;Password={{secret:db-pass}};', lookup, 'string'), 'Server=x;Password=S3cr3t!;');
  assert.deepEqual(fillSecrets('{{secret:obj}}', lookup, 'secureobject'), { a: 'b' });
  assert.deepEqual(secretTexts({ a: 'b' }), ['{"a":"b"}', 'b']);
});

test('answers are typed as their parameter; a wrong one is refused with what is expected', () => {
  assert.equal(coerceAnswer('8080', 'int'), 8080);
  assert.equal(coerceAnswer('True', 'bool'), true);
  assert.deepEqual(coerceAnswer('["a"]', 'array'), ['a']);
  assert.throws(() => coerceAnswer('eighty', 'int'), /integer/);
  assert.throws(() => coerceAnswer('[1]', 'object'), /JSON object/);
  assert.equal(coerceAnswer('x', 'securestring'), 'x');
});
