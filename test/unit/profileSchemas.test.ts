// The container group profile and NGroups schemas build/resourceTypeSchemas.mjs generates from the pinned
// 2025-09-01 specification (schemas/specs/2025-09-01/profilesAndNGroups.definitions.json).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { definition, resolveRef } from '../../src/core/schema/schemaLookup';
import { versionsWithType } from '../../src/core/schema/apiVersionList';
import { validatorFor } from '../../src/core/validation/validators';
import { isSecretField } from '../../src/core/definition/secrets';

const V = '2025-09-01';

test('only the versions that pin them have profiles and NGroups', () => {
  assert.deepEqual(versionsWithType('Microsoft.ContainerInstance/containerGroupProfiles'), [V]);
  assert.deepEqual(versionsWithType('microsoft.containerinstance/NGROUPS'), [V]);
  assert.deepEqual(versionsWithType('Microsoft.ContainerInstance/containerGroups'), []);
  assert.equal(definition('ContainerGroupProfileFile'), undefined, 'the 2023-05-01 base has none');
});

test("a profile's properties that a container group has are the group's own schema (its rules and spellings)", () => {
  const profile = definition('ContainerGroupProfileProperties', V).properties!;
  const group = definition('ContainerGroupPropertiesProperties', V).properties!;
  for (const key of ['containers', 'volumes', 'ipAddress', 'osType', 'sku', 'restartPolicy', 'initContainers']) assert.deepEqual(profile[key], group[key], key);
  // Required as the profile's swagger says, not as the group's.
  assert.deepEqual(definition('ContainerGroupProfileProperties', V).required, ['containers', 'osType']);
  // Only a profile counts revisions, read-only.
  assert.equal(resolveRef(profile.revision)?.readOnly, true);
});

test("the template-resource forms accept their type in any case and refuse another type", () => {
  const arm = validatorFor('ArmNGroupResource', V);
  assert.equal(arm({ type: 'microsoft.containerinstance/NGroups', apiVersion: V, name: 'n', properties: {} }), true, JSON.stringify(arm.errors));
  assert.equal(arm({ type: 'Microsoft.ContainerInstance/containerGroups', apiVersion: V, name: 'n', properties: {} }), false);
  const file = validatorFor('ContainerGroupProfileFile', V);
  assert.equal(file({ type: 'Microsoft.ContainerInstance/containerGroupProfiles', properties: { osType: 'Linux', containers: [] } }), true, JSON.stringify(file.errors));
  assert.equal(file({ type: 'Microsoft.ContainerInstance/containerGroupProfiles', properties: { containers: [] } }), false, 'osType is required');
});

test('an Azure Files key an NGroups profile reference adds is a secret field (2025-09-01 NGroupCGPropertyVolume)', () => {
    assert.ok(isSecretField(['properties', 'containerGroupProfiles', 0, 'containerGroupProperties', 'volumes', 0, 'azureFile', 'storageAccountKey']));
    assert.ok(!isSecretField(['properties', 'containerGroupProfiles', 0, 'containerGroupProperties', 'volumes', 0, 'azureFile', 'shareName']));
});
