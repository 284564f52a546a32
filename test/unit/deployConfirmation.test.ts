// The deploy confirmation's content: destination, endpoints off the public cloud, stored secrets by name and field.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capLines, describeDestination, describeSecretUses } from '../../src/core/deploy/confirmation';
import { resolveSecretPlaceholders } from '../../src/core/deploy/resolveSecrets';
import { checkTarget } from '../../src/core/settings/targetCheck';

test('stored secrets sent are listed by name and field (elements by name, as the change list names them), never by value', () => {
  const body = {
    properties: {
      containers: [{ name: 'db', properties: { environmentVariables: [{ name: 'A', value: 'x' }, { name: 'PW', secureValue: '{{secret:db-pw}}' }] } }],
      imageRegistryCredentials: [{ server: 'r.io', username: 'u', password: '{{secret:reg}}' }],
    },
  };
  const resolved = resolveSecretPlaceholders(body, (n) => `value-of-${n}`);
  const lines = describeSecretUses(resolved.used);
  assert.deepEqual(lines, ['db-pw → containers[db].environmentVariables[PW].secureValue', 'reg → imageRegistryCredentials[r.io].password']);
  assert.ok(!lines.join('\n').includes('value-of'));
});

test('destination names subscription and resource group; endpoints only off the public cloud', () => {
  const target = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-a' };
  assert.deepEqual(describeDestination(target, { name: 'AzureCloud', armEndpoint: 'https://management.azure.com', authorityHost: 'https://login.microsoftonline.com' }), [
    'Subscription: 00000000-0000-0000-0000-000000000001',
    'Resource group: rg-a',
  ]);
  const custom = describeDestination(target, { name: 'Custom', armEndpoint: 'https://arm.example', authorityHost: 'https://login.example' });
  assert.equal(custom[2], 'Custom cloud: requests go to https://arm.example, sign-in to https://login.example.');
});

test('long change lists are capped with a count', () => {
  assert.deepEqual(capLines(['a', 'b', 'c'], 2), ['a', 'b', '… and 1 more (all of them are in the output log)']);
  assert.deepEqual(capLines(['a'], 2), ['a']);
});

test('target check: names Azure refuses, each tied to its setting field', () => {
  const problems = checkTarget({ name: 'Demo-App', subscriptionId: 'nope', resourceGroup: 'rg ok?', definitionFile: 'd.yaml' });

// The path parameters containerGroupProfileName and ngroupsName of the 2025-09-01 specification (Azure/azure-rest-api-specs
// 037aa1571a00119bedc6cec175e1ccf5d65c3965, …/ContainerInstance/stable/2025-09-01/containerInstance.json): 1-63 characters,
// `^[a-zA-Z0-9]$|^[a-zA-Z0-9][-_a-zA-Z0-9]{0,61}[a-zA-Z0-9]$`; a container group's name is checked as before.
test('target check: a container group profile or NGroups name follows the rule the specification gives it', () => {
  const target = (name: string) => ({ name, subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'demo', definitionFile: 'p.json' });
  for (const collection of ['containerGroupProfiles', 'ngroups']) {
    for (const name of ['cgp_1', 'Demo_NGroup-2', 'demo1', 'a', 'x'.repeat(63)]) assert.deepEqual(checkTarget(target(name), collection), [], `${collection}/${name}`);
    for (const name of ['_cgp', 'cgp_', '-cgp', 'cgp.1', 'cg p', 'x'.repeat(64)]) assert.deepEqual(checkTarget(target(name), collection).map((p) => p.field), ['name'], `${collection}/${name}`);
  }
  assert.match(checkTarget(target('cgp.1'), 'containerGroupProfiles')[0].message, /hyphens and underscores/);
  assert.match(checkTarget(target('cgp_'), 'ngroups')[0].message, /NGroups resource name starts and ends/);
  // A container group keeps its own rule.
  assert.deepEqual(checkTarget(target('cgp_1')).map((p) => p.field), ['name']);
  assert.deepEqual(checkTarget(target('Demo_NGroup-2')).map((p) => p.field), ['name']);
});
  assert.deepEqual(problems.map((p) => p.field), ['name', 'subscriptionId', 'resourceGroup']);
  assert.deepEqual(checkTarget({ name: 'demo-app', subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg', location: 'westeurope', definitionFile: 'd.yaml' }), []);
});
