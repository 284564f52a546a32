// CloudError targets → ranges in the definition file (YAML, JSON, template, cloudFile alias).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { locateErrorTargets, parseTargetPath } from '../../src/core/deploy/errorTargets';
import { groupYaml } from '../definitionTexts';

test('parseTargetPath reads dotted paths with indexes and rejects other text', () => {
  assert.deepEqual(parseTargetPath('properties.containers[0].properties.image'), ['properties', 'containers', 0, 'properties', 'image']);
  assert.deepEqual(parseTargetPath('name'), ['name']);
  assert.deepEqual(parseTargetPath("$.properties['ipAddress'].ports[12]"), ['properties', 'ipAddress', 'ports', 12]);
  assert.equal(parseTargetPath(''), undefined);
  assert.equal(parseTargetPath('the container group'), undefined);
  assert.equal(parseTargetPath('/subscriptions/x/resourceGroups/y'), undefined);
});

const yaml = groupYaml({
  top: { name: 'web', location: 'westeurope' },
  itemIndent: 2,
  containerName: 'app',
  image: '"nginx:bad tag"',
  container: ['resources: { requests: { cpu: 1, memoryInGB: 1 } }'],
  after: ['volumes:', '  - name: share', '    cloudFile:', '      shareName: s'],
});

const at = (text: string, r: { start: number; end: number }) => text.slice(r.start, r.end);

test('YAML: the target maps to the value node', () => {
  const [loc] = locateErrorTargets(yaml, 'web.aci.yaml', { message: 'bad image', code: 'InvalidImage', target: 'properties.containers[0].properties.image' });
  assert.equal(at(yaml, loc.range), '"nginx:bad tag"');
  assert.equal(loc.exact, true);
  assert.equal(loc.code, 'InvalidImage');
});

test('YAML: azureFile in the target finds the file\'s cloudFile; a missing property maps to its parent key', () => {
  const locs = locateErrorTargets(yaml, 'web.aci.yaml', {
    message: 'top',
    details: [
      { code: 'MissingRequiredProperty', message: 'missing', target: 'properties.volumes[0].azureFile.storageAccountName' },
      { code: 'X', message: 'share', target: 'properties.volumes[0].azureFile.shareName' },
    ],
  });
  assert.equal(locs.length, 2);
  assert.equal(at(yaml, locs[0].range), 'cloudFile');
  assert.equal(locs[0].exact, false);
  assert.equal(at(yaml, locs[1].range), 's');
  assert.equal(locs[1].exact, true);
});

test('JSON: object targets map to the key; details and the top-level target are de-duplicated', () => {
  const json = JSON.stringify({ location: 'x', properties: { osType: 'Linux', ipAddress: { type: 'Public', dnsNameLabel: 'ab' }, containers: [] } }, null, 2);
  const locs = locateErrorTargets(json, 'g.aci.json', {
    code: 'InvalidDnsNameLabel',
    message: 'label',
    target: 'properties.ipAddress.dnsNameLabel',
    details: [{ code: 'InvalidDnsNameLabel', message: 'label', target: 'properties.ipAddress.dnsNameLabel' }, { message: 'ip', target: 'properties.ipAddress' }],
  });
  assert.deepEqual(locs.map((l) => at(json, l.range)), ['"ab"', '"ipAddress"']);
});

test('ARM template: the body path is looked up inside resources[index]', () => {
  const tpl = JSON.stringify({ resources: [{ type: 'Microsoft.Storage/storageAccounts' }, { type: 'Microsoft.ContainerInstance/containerGroups', name: 'g', properties: { containers: [{ name: 'A_B' }] } }] }, null, 2);
  const [loc] = locateErrorTargets(tpl, 't.json', { message: 'name', target: 'properties.containers[0].name' }, ['resources', 1]);
  assert.equal(at(tpl, loc.range), '"A_B"');
});

test('a target that is not a path puts the problem on the top of the file; a property missing at the top maps to the first key', () => {
  const [top] = locateErrorTargets(yaml, 'web.aci.yaml', { message: 'm', target: 'container group web' });
  assert.equal(at(yaml, top.range), 'name');
  assert.equal(top.placedBy, 'document');
  assert.equal(top.target, '');
  const [loc] = locateErrorTargets(yaml, 'web.aci.yaml', { message: 'm', target: 'zones' });
  assert.equal(at(yaml, loc.range), 'name');
  assert.equal(loc.exact, false);
  assert.equal(loc.placedBy, 'target');
});
