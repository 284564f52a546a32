// Contract tests: published container group templates beyond the quickstarts, deployed to the emulator with the
// parameters their own tests use (fixtures and provenance in test/contract/armTemplates/avm): the Azure Verified
// Module container-instance/container-group, compiled by Bicep to a languageVersion 2.0 template (resources keyed by
// symbolic name, `existing` resources, nullable parameters typed by definitions, lambdas, tryGet(), reference() by
// symbolic name in its outputs). Its other e2e tests (max, encr, cmk-uami, private, standby, waf-aligned) first create
// a virtual network, key vault, identity or workspace with other resource providers, which the emulator does not host.
// And the quickstart outside quickstarts/microsoft.containerinstance that deploys a container group:
// application-workloads/wordpress/aci-wordpress (a managed identity, a role assignment, a storage account, two
// deployment scripts that create the file shares, then WordPress and MySQL sharing them).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { armRequest } from '../testClient';
import { deploy, deploymentBody, deploymentPath, fillPlaceholders, readTemplateFile, whatIf } from './quickstartDeploy';
import { suiteEmulator } from './suiteEmulator';

type Obj = Record<string, any>;
const groupPath = (rg: string, name: string): string => `/subscriptions/sub-1/resourceGroups/${rg}/providers/Microsoft.ContainerInstance/containerGroups/${name}?api-version=2023-05-01`;

const CASES = [
  { test: 'defaults', memoryInGB: 2 },
  { test: 'low-memory', memoryInGB: 0.5 },
];

describe('contract: the Azure Verified Module container group (languageVersion 2.0) deploys through ARM deployments', () => {
  const emulator = suiteEmulator();

  for (const c of CASES) {
    it(`${c.test}: what-if shows the group as Create, the deployment creates it and returns the module's outputs`, async () => {
      const rg = `rg-avm-${c.test}`;
      const template = readTemplateFile('avm', 'container-group', 'main.json');
      const parameters = readTemplateFile('avm', 'container-group', `${c.test}.parameters.json`).parameters as Obj;
      const name = String(parameters.name.value);
      const body = deploymentBody(template, parameters);
      const groupId = `/subscriptions/sub-1/resourceGroups/${rg}/providers/Microsoft.ContainerInstance/containerGroups/${name}`;

      const wi = await whatIf(emulator.url, emulator.token, rg, c.test, body);
      assert.equal(wi.status, 200, wi.text);
      const change = wi.json.properties.changes.find((x: Obj) => x.resourceId === groupId);
      assert.equal(change?.changeType, 'Create', wi.text);
      // Existing resources and those whose condition is false (lock, keys, workspace) are not part of the deployment.
      assert.deepEqual(wi.json.properties.changes.map((x: Obj) => x.resourceId.split('/providers/')[1].split('/').slice(0, 2).join('/')).sort(), ['Microsoft.ContainerInstance/containerGroups', 'Microsoft.Resources/deployments']);

      const { put, done, statuses } = await deploy(emulator.url, emulator.token, rg, c.test, body);
      assert.equal(put.status, 201, put.text);
      assert.equal(statuses.at(-1), 'Succeeded', done.text);
      const group = await armRequest(emulator.url, emulator.token, 'GET', groupPath(rg, name));
      assert.equal(group.status, 200, group.text);
      const p = group.json.properties;
      assert.equal(p.osType, 'Linux');
      assert.equal(p.restartPolicy, 'Always');
      assert.equal(p.sku, 'Standard');
      assert.equal(group.json.zones, undefined);
      assert.deepEqual(
        p.containers.map((x: Obj) => [x.name, x.properties.image, x.properties.resources.requests]),
        [[`avm-az-aci-x-001`, 'mcr.microsoft.com/azuredocs/aci-helloworld', { cpu: 2, memoryInGB: c.memoryInGB }]],
      );
      assert.equal(p.ipAddress.type, 'Public');
      // The provider answers its enum values in its own spelling ('Tcp' sent, 'TCP' returned).
      assert.deepEqual(p.ipAddress.ports, [{ protocol: 'TCP', port: 443 }]);

      const outputs = done.json.properties.outputs;
      assert.equal(outputs.name.value, name);
      assert.equal(outputs.resourceId.value, groupId);
      assert.equal(outputs.resourceGroupName.value, rg);
      assert.equal(outputs.location.value, 'westeurope');
      assert.equal(outputs.iPv4Address.value, p.ipAddress.ip);
      assert.equal(outputs.systemAssignedMIPrincipalId.value, null);
      // The deployment's parameters as Azure returns them: nullable ones not given are null.
      assert.deepEqual(done.json.properties.parameters.tags, { type: 'Object', value: null });

      const ops = await armRequest(emulator.url, emulator.token, 'GET', deploymentPath(rg, c.test, '/operations'));
      assert.equal(ops.json.value.find((o: Obj) => o.properties.targetResource?.id === groupId)?.properties.provisioningState, 'Succeeded');
    });
  }
});

describe('contract: the aci-wordpress quickstart deploys through ARM deployments', () => {
  const emulator = suiteEmulator();

  it('creates the identity, role assignment, storage account and scripts first, then the group with both shares mounted', async () => {
    const rg = 'rg-aci-wordpress';
    const template = readTemplateFile('application-workloads', 'aci-wordpress', 'azuredeploy.json');
    // The template's only parameter without a default; the quickstart pipeline gives it a generated password.
    const parameters = fillPlaceholders({ mySqlPassword: { value: 'GEN-PASSWORD' } });
    const body = deploymentBody(template, parameters);
    const groupId = `/subscriptions/sub-1/resourceGroups/${rg}/providers/Microsoft.ContainerInstance/containerGroups/wordpress-containerinstance`;

    const wi = await whatIf(emulator.url, emulator.token, rg, 'wordpress', body);
    assert.equal(wi.status, 200, wi.text);
    assert.deepEqual(
      wi.json.properties.changes.map((x: Obj) => [x.resourceId.split('/providers/')[1].split('/').slice(0, 2).join('/'), x.changeType]),
      [
        ['Microsoft.ManagedIdentity/userAssignedIdentities', 'Create'],
        ['Microsoft.Authorization/roleAssignments', 'Create'],
        ['Microsoft.Storage/storageAccounts', 'Create'],
        ['Microsoft.Resources/deploymentScripts', 'Create'],
        ['Microsoft.Resources/deploymentScripts', 'Create'],
        ['Microsoft.ContainerInstance/containerGroups', 'Create'],
      ],
    );
    assert.doesNotMatch(wi.text, /Test-Passw0rd-not-real/);

    const { put, done, statuses } = await deploy(emulator.url, emulator.token, rg, 'wordpress', body);
    assert.equal(put.status, 201, put.text);
    assert.equal(statuses.at(-1), 'Succeeded', done.text);
    assert.deepEqual(done.json.properties.parameters.mySqlPassword, { type: 'SecureString' });
    const group = await armRequest(emulator.url, emulator.token, 'GET', groupPath(rg, 'wordpress-containerinstance'));
    assert.equal(group.status, 200, group.text);
    const [wordpress, mysql] = group.json.properties.containers;
    assert.deepEqual(wordpress.properties.environmentVariables, [{ name: 'WORDPRESS_DB_HOST', value: '127.0.0.1:3306' }, { name: 'WORDPRESS_DB_PASSWORD' }]);
    assert.deepEqual(wordpress.properties.resources.requests, { cpu: 0.5, memoryInGB: 0.7 });
    assert.deepEqual(mysql.properties.volumeMounts, [{ mountPath: '/var/lib/mysql', name: 'mysqlfile' }]);
    const storageAccount = String(done.json.properties.outputs.siteFQDN.value).split('.')[0];
    assert.match(storageAccount, /^[a-z2-7]{13}$/);
    assert.deepEqual(
      group.json.properties.volumes.map((v: Obj) => [v.name, v.azureFile.shareName, v.azureFile.storageAccountName, v.azureFile.storageAccountKey]),
      [['wordpressfile', 'wordpress-share', storageAccount, undefined], ['mysqlfile', 'mysql-share', storageAccount, undefined]],
    );
    assert.equal(done.json.properties.outputs.siteFQDN.value, `${storageAccount}.westeurope.azurecontainer.io`);
    assert.equal(group.json.properties.ipAddress.fqdn, done.json.properties.outputs.siteFQDN.value);
    const ops = await armRequest(emulator.url, emulator.token, 'GET', deploymentPath(rg, 'wordpress', '/operations'));
    assert.equal(ops.json.value.find((o: Obj) => o.properties.targetResource?.id === groupId)?.properties.provisioningState, 'Succeeded');
  });
});
