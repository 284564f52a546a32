import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  readContainerGroups,
  readShareSubscriptions,
  readCloudName,
  readAuthMethod,
  containerGroupKey,
} from '../../src/core/settings/model';
import {
  checkContainerGroupName,
  checkSubscriptionId,
  checkResourceGroupName,
  checkLocation,
  normalizeLocation,
} from '../../src/core/settings/nameRules';

test('container groups: keeps well-formed entries and names the skipped ones', () => {
  const r = readContainerGroups([
    { name: 'web', subscriptionId: 's', resourceGroup: 'rg', definitionFile: 'a.aci.yaml', location: ' westeurope ' },
    { name: 'no-file', subscriptionId: 's', resourceGroup: 'rg' },
    'junk',
    { name: 'x', subscriptionId: 's', resourceGroup: 'rg', definitionFile: 'b.json', location: '' },
  ]);
  assert.deepEqual(r.items, [
    { name: 'web', subscriptionId: 's', resourceGroup: 'rg', definitionFile: 'a.aci.yaml', location: 'westeurope' },
    { name: 'x', subscriptionId: 's', resourceGroup: 'rg', definitionFile: 'b.json' },
  ]);
  assert.deepEqual(r.problems, ['Container group entry 2: missing definitionFile.', 'Container group entry 3 is not an object.']);
});

test('settings that are not lists give one problem and no items', () => {
  assert.deepEqual(readShareSubscriptions({}), { items: [], problems: ['The Share subscription setting must be a list.'] });
  assert.deepEqual(readShareSubscriptions(undefined), { items: [], problems: [] });
});

test('share subscriptions: label is optional', () => {
  const r = readShareSubscriptions([{ subscriptionId: 's', resourceGroup: 'rg', accountName: 'a', shareSubscriptionName: 'n', label: 'L' }]);
  assert.equal(r.items[0].label, 'L');
});

test('cloud and auth method fall back to defaults and ignore case', () => {
  assert.equal(readCloudName('azureusgovernment'), 'AzureUSGovernment');
  assert.equal(readCloudName(42), 'AzureCloud');
  assert.equal(readAuthMethod('ENVIRONMENT'), 'environment');
  assert.equal(readAuthMethod('nope'), 'microsoft');
});

test('keys ignore case', () => {
  assert.equal(containerGroupKey({ subscriptionId: 'S', resourceGroup: 'RG', name: 'w' }), 's/rg/w');
});

test('name rules', () => {
  assert.equal(checkContainerGroupName('web-1'), undefined);
  assert.match(checkContainerGroupName('Web') ?? '', /lowercase/);
  assert.match(checkContainerGroupName('-web') ?? '', /start or end/);
  assert.match(checkContainerGroupName('a--b') ?? '', /two hyphens/);
  assert.match(checkContainerGroupName('a'.repeat(64)) ?? '', /1 to 63/);
  assert.equal(checkSubscriptionId('00000000-0000-0000-0000-000000000001'), undefined);
  assert.match(checkSubscriptionId('123') ?? '', /GUID/);
  assert.equal(checkResourceGroupName('rg-demo.(1)'), undefined);
  assert.match(checkResourceGroupName('rg.') ?? '', /period/);
  assert.match(checkResourceGroupName('r g') ?? '', /Use letters/);
  assert.equal(checkLocation('West Europe'), undefined);
  assert.equal(normalizeLocation('West Europe'), 'westeurope');
});
