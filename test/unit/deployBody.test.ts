// Definition → PUT body: the three accepted shapes, read-only fields, cloudFile, location rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDefinitionText } from '../../src/core/containerGroup/readDefinition';
import { prepareDeploy } from '../../src/core/deploy/deployContainerGroup';
import { DeployInputError, describeLocationChoice, toRequestBody } from '../../src/core/deploy/requestBody';

const yamlText = `apiVersion: '2023-05-01'
name: web
type: Microsoft.ContainerInstance/containerGroups
location: westeurope
tags: { team: web }
zones: ['1']
identity: { type: SystemAssigned }
properties:
  osType: Linux
  containers:
    - name: app
      properties:
        image: nginx:1.27
        resources: { requests: { cpu: 1, memoryInGB: 1.5 } }
  volumes:
    - name: share
      cloudFile: { shareName: s, storageAccountName: acct, storageAccountKey: k }
`;

function parse(text: string, file: string): unknown {
  const r = readDefinitionText(text, file);
  assert.ok(r.ok);
  return r.value;
}

test('YAML (az container create --file): drops apiVersion/name/type, keeps location, tags, zones, identity, properties', () => {
  const c = toRequestBody(parse(yamlText, 'web.aci.yaml'));
  assert.equal(c.shape, 'cliYaml');
  assert.deepEqual(Object.keys(c.body), ['location', 'tags', 'zones', 'identity', 'properties']);
  assert.equal(c.body.location, 'westeurope');
  assert.deepEqual(c.body.tags, { team: 'web' });
  assert.deepEqual(c.body.zones, ['1']);
  assert.equal(c.nameInFile, 'web');
  assert.equal(c.apiVersionInFile, '2023-05-01');
  assert.deepEqual(c.dropped, []);
});

test('the spec\'s cloudFile volume is sent as azureFile', () => {
  const c = toRequestBody(parse(yamlText, 'web.aci.yaml'));
  const vol = (c.body.properties.volumes as Record<string, unknown>[])[0];
  assert.deepEqual(Object.keys(vol), ['name', 'azureFile']);
  assert.deepEqual(vol.azureFile, { shareName: 's', storageAccountName: 'acct', storageAccountKey: 'k' });
});

test('an ARM body saved from a GET loses its read-only fields', () => {
  const saved = {
    id: '/subscriptions/s/resourceGroups/r/providers/Microsoft.ContainerInstance/containerGroups/web',
    name: 'web',
    type: 'Microsoft.ContainerInstance/containerGroups',
    location: 'westeurope',
    identity: { type: 'UserAssigned', principalId: 'p', tenantId: 't', userAssignedIdentities: { '/id/x': { clientId: 'c', principalId: 'p' } } },
    properties: {
      provisioningState: 'Succeeded',
      instanceView: { state: 'Running', events: [] },
      osType: 'Linux',
      containers: [{ name: 'app', properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } }, instanceView: { restartCount: 0 } } }],
      ipAddress: { type: 'Public', ip: '20.1.2.3', fqdn: 'x.westeurope.azurecontainer.io', dnsNameLabel: 'x', ports: [{ port: 80 }] },
    },
  };
  const c = toRequestBody(saved);
  assert.equal(c.shape, 'armBody');
  assert.deepEqual(c.body.properties, {
    osType: 'Linux',
    containers: [{ name: 'app', properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } } } }],
    ipAddress: { type: 'Public', dnsNameLabel: 'x', ports: [{ port: 80 }] },
  });
  assert.deepEqual(c.body.identity, { type: 'UserAssigned', userAssignedIdentities: { '/id/x': {} } });
  assert.ok(!('id' in c.body) && !('name' in c.body) && !('type' in c.body));
  for (const d of ['properties.provisioningState', 'properties.instanceView', 'properties.containers[0].properties.instanceView', 'properties.ipAddress.fqdn', 'properties.ipAddress.ip', 'identity.principalId']) {
    assert.ok(c.dropped.includes(d), `dropped ${d}: ${c.dropped.join(', ')}`);
  }
  // The input stays untouched.
  assert.equal(saved.properties.provisioningState, 'Succeeded');
});

test('keys are matched ignoring case, as the service does', () => {
  const c = toRequestBody({ Location: 'westus', Properties: { osType: 'Linux', containers: [] } });
  assert.equal(c.body.location, 'westus');
  assert.deepEqual(c.body.properties, { osType: 'Linux', containers: [] });
});

test('ARM template: takes the container group resource', () => {
  const template = {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    resources: [
      { type: 'Microsoft.Storage/storageAccounts', name: 'st', apiVersion: '2023-01-01' },
      { type: 'Microsoft.ContainerInstance/containerGroups', apiVersion: '2023-05-01', name: 'web', location: 'northeurope', dependsOn: ['st'], properties: { osType: 'Linux', containers: [] } },
    ],
  };
  const c = toRequestBody(template);
  assert.equal(c.shape, 'armTemplate');
  assert.equal(c.resourceIndex, 1);
  assert.deepEqual(c.body, { location: 'northeurope', properties: { osType: 'Linux', containers: [] } });
  assert.deepEqual(c.dropped, ['dependsOn']);
});

test('ARM template with expressions is refused, naming where they are', () => {
  const template = {
    resources: [
      { type: 'Microsoft.ContainerInstance/containerGroups', name: "[parameters('name')]", location: '[resourceGroup().location]', properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image: "[variables('img')]" } }] } },
    ],
  };
  assert.throws(
    () => toRequestBody(template),
    (e: unknown) => e instanceof DeployInputError && /location/.test(e.message) && /properties\.containers\[0\]\.properties\.image/.test(e.message) && /template expressions/.test(e.message),
  );
  // `[[` is a literal bracket, not an expression.
  const escaped = { resources: [{ type: 'Microsoft.ContainerInstance/containerGroups', location: 'x', properties: { osType: 'Linux', containers: [], note: '[[literal]' } }] };
  assert.equal(toRequestBody(escaped).body.location, 'x');
});

test('a template resource on its own with expressions is refused too, naming where they are', () => {
  const resource = {
    type: 'Microsoft.ContainerInstance/containerGroups',
    apiVersion: '2023-05-01',
    name: "[parameters('name')]",
    location: 'eastus',
    properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image: "[parameters('image')]", resources: { requests: { cpu: 1, memoryInGB: 1 } } } }] },
  };
  assert.throws(
    () => toRequestBody(resource),
    (e: unknown) => e instanceof DeployInputError && /at properties\.containers\[0\]\.properties\.image\./.test(e.message) && /template expressions/.test(e.message),
  );
  // The same resource with values deploys (a YAML export carries type and apiVersion as well).
  (resource.properties.containers[0].properties as { image: string }).image = 'nginx';
  assert.equal(toRequestBody(resource).body.properties.osType, 'Linux');
});

test('ARM template with several groups picks the one named like the target, else refuses', () => {
  const r = (name: string) => ({ type: 'Microsoft.ContainerInstance/containerGroups', name, location: 'x', properties: { osType: 'Linux', containers: [] } });
  const template = { resources: [r('a'), r('b')] };
  assert.equal(toRequestBody(template, { name: 'b' }).resourceIndex, 1);
  assert.throws(() => toRequestBody(template, { name: 'c' }), /2 container groups/);
  assert.throws(() => toRequestBody({ resources: [{ type: 'Microsoft.Web/sites' }] }), /no Microsoft.ContainerInstance\/containerGroups/);
});

test('location: in an ARM body the target wins over the file, and says so; neither is a clear error', () => {
  const body = { location: 'westeurope', properties: { osType: 'Linux', containers: [] } };
  const c = toRequestBody(body, { location: 'eastus' });
  assert.equal(c.body.location, 'eastus');
  assert.deepEqual(c.locationChoice, { used: 'eastus', ignored: 'westeurope', from: 'setting' });
  assert.equal(toRequestBody(body).body.location, 'westeurope');
  assert.equal(toRequestBody(body).locationChoice, undefined);
  // The same region spelled differently is no disagreement.
  assert.equal(toRequestBody(body, { location: 'West Europe' }).locationChoice, undefined);
  assert.throws(
    () => toRequestBody({ properties: { osType: 'Linux', containers: [] } }),
    (e: unknown) => e instanceof DeployInputError && /No location/.test(e.message),
  );
});

test('a definition without properties is refused', () => {
  assert.throws(() => toRequestBody({ location: 'x' }), /no `properties` object/);
  assert.throws(() => toRequestBody('text'), DeployInputError);
});

test('editor and deploy agree on template expressions: trailing blanks still make an expression', async () => {
  const { isTemplateExpression } = await import('../../src/core/definition/templateExpression');
  const value = "[variables('img')] ";
  assert.ok(isTemplateExpression(value));
  const template = { resources: [{ type: 'Microsoft.ContainerInstance/containerGroups', location: 'x', properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image: value } }] } }] };
  assert.throws(() => toRequestBody(template), (e: unknown) => e instanceof DeployInputError && /properties\.containers\[0\]\.properties\.image/.test(e.message));
});

test("location: in the az container create --file format the file's location deploys, and a disagreeing setting is named", () => {
  const yamlDoc = { apiVersion: '2023-05-01', name: 'web', location: 'westeurope', properties: { osType: 'Linux', containers: [] } };
  const c = toRequestBody(yamlDoc, { location: 'eastus' });
  assert.equal(c.shape, 'cliYaml');
  assert.equal(c.body.location, 'westeurope');
  assert.deepEqual(c.locationChoice, { used: 'westeurope', ignored: 'eastus', from: 'file' });
  assert.match(describeLocationChoice(c.locationChoice), /^Location: westeurope, from the definition\. In the az container create --file format the file's location is what deploys; the setting's location 'eastus' is not used\.$/);
  // Without a location in the file, the CLI uses its own: so does deploy, with nothing to explain.
  const { location: _dropped, ...noLocation } = yamlDoc;
  const d = toRequestBody(noLocation, { location: 'eastus' });
  assert.equal(d.body.location, 'eastus');
  assert.equal(d.locationChoice, undefined);
});

test('prepareDeploy logs which location deploys when the file and the setting disagree', async () => {
  const text = 'apiVersion: 2023-05-01\nname: web\nlocation: westeurope\nproperties:\n  osType: Linux\n  containers: []\n';
  const prepared = await prepareDeploy(text, 'web.aci.yaml', { name: 'web', subscriptionId: 's', resourceGroup: 'rg', location: 'eastus' }, () => undefined);
  assert.equal(prepared.body.location, 'westeurope');
  assert.ok(prepared.notes.some((n) => /^Location: westeurope, from the definition\./.test(n)), prepared.notes.join('\n'));
});
