// Contract tests: every Azure Container Instances quickstart in Azure/azure-quickstart-templates
// (quickstarts/microsoft.containerinstance/*, the ones that deploy container groups; fixtures and their commits in
// test/contract/armTemplates) is deployed to the emulator with its own parameter file: what-if first (the group is a
// Create), then the deployment to Succeeded, then the container group Azure would create from it.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { ArmResponse, armRequest } from '../testClient';
import { deploy, deploymentBody, deploymentPath, fillPlaceholders, readJsonc, whatIf } from './quickstartDeploy';
import { suiteEmulator } from './suiteEmulator';

type Obj = Record<string, any>;
const groupPath = (rg: string, name: string): string => `/subscriptions/sub-1/resourceGroups/${rg}/providers/Microsoft.ContainerInstance/containerGroups/${name}?api-version=2023-05-01`;

interface Case {
  dir: string;
  /** The container group's name from the filled parameters. */
  group: (p: Obj) => string;
  check: (g: Obj, outputs: Obj, p: Obj) => void;
  prereq?: boolean;
}

const CASES: Case[] = [
  {
    dir: 'aci-linuxcontainer-public-ip',
    group: (p) => p.name.value,
    check: (g, outputs) => {
      const c = g.properties.containers;
      assert.deepEqual(c.map((x: Obj) => [x.name, x.properties.image]), [['acilinuxpublicipcontainergroup', 'mcr.microsoft.com/azuredocs/aci-helloworld']]);
      assert.deepEqual(c[0].properties.ports, [{ port: 80, protocol: 'TCP' }]);
      assert.deepEqual(c[0].properties.resources.requests, { cpu: 1, memoryInGB: 2 });
      assert.equal(g.properties.restartPolicy, 'Always');
      assert.equal(g.properties.ipAddress.type, 'Public');
      assert.deepEqual(g.properties.ipAddress.ports, [{ port: 80, protocol: 'TCP' }]);
      assert.equal(outputs.containerIPv4Address.value, g.properties.ipAddress.ip);
    },
  },
  {
    dir: 'aci-linuxcontainer-healthprobe',
    group: (p) => p.containergroupname.value,
    check: (g, outputs) => {
      const c = g.properties.containers[0];
      assert.equal(c.name, 'container1');
      assert.equal(c.properties.image, 'nginx');
      assert.deepEqual(c.properties.command, ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -rf /tmp/healthy; sleep 600']);
      assert.deepEqual(c.properties.resources.requests, { cpu: 1, memoryInGB: 1.5 });
      assert.deepEqual(c.properties.livenessProbe, { exec: { command: ['cat', '/tmp/healthy'] }, periodSeconds: 5 });
      assert.deepEqual(c.properties.ports, [{ port: 443 }]);
      assert.equal(g.properties.ipAddress.ports[0].port, 443);
      assert.equal(outputs.containerIPv4Address.value, g.properties.ipAddress.ip);
    },
  },
  {
    dir: 'aci-linuxcontainer-secure-environmentvariables',
    group: (p) => p.containergroupname.value,
    check: (g, outputs, p) => {
      const c = g.properties.containers[0];
      assert.equal(c.name, p.containername.value);
      // The secure value is sent to the provider and never returned.
      assert.deepEqual(c.properties.environmentVariables, [{ name: p.environmentVariableName.value }]);
      assert.equal(outputs.containerIPv4Address.value, g.properties.ipAddress.ip);
    },
  },
  {
    dir: 'aci-linuxcontainer-volume-emptydir',
    group: (p) => p.containergroupname.value,
    check: (g, _outputs, p) => {
      const [web, reader] = g.properties.containers;
      assert.deepEqual([web.name, web.properties.image, reader.name, reader.properties.image], [p.containername1.value, 'nginx', p.containername2.value, 'centos:latest']);
      assert.deepEqual(web.properties.volumeMounts, [{ name: p.volumename.value, mountPath: '/var/log/nginx', readOnly: false }]);
      assert.deepEqual(reader.properties.volumeMounts, [{ name: p.volumename.value, mountPath: '/mnt/input', readOnly: true }]);
      assert.deepEqual(g.properties.volumes, [{ name: p.volumename.value, emptyDir: {} }]);
      assert.deepEqual(web.properties.resources.requests, { cpu: 1, memoryInGB: 1.5 });
    },
  },
  {
    dir: 'aci-linuxcontainer-volume-gitrepo',
    group: (p) => p.containergroupname.value,
    check: (g, _outputs, p) => {
      assert.deepEqual(g.properties.volumes, [{ name: p.volumename.value, gitRepo: { repository: 'https://github.com/Azure-Samples/aci-helloworld.git' } }]);
      assert.deepEqual(g.properties.containers[0].properties.volumeMounts, [{ name: p.volumename.value, mountPath: '/mnt/gitrepos/', readOnly: false }]);
    },
  },
  {
    dir: 'aci-linuxcontainer-volume-secret',
    group: (p) => p.name.value,
    check: (g, outputs, p) => {
      assert.equal(g.properties.containers[0].properties.image, 'containerinstance/helloworld:ssl');
      // Secret volume contents are never returned.
      assert.deepEqual(g.properties.volumes, [{ name: 'volume1', secret: {} }]);
      assert.equal(g.properties.ipAddress.dnsNameLabel, p.dnsNameLabel.value);
      assert.equal(outputs.containerIPAddressFqdn.value, `${p.dnsNameLabel.value}.westeurope.azurecontainer.io`);
    },
  },
  {
    dir: 'aci-udp',
    group: (p) => `${p.containerName.value}-${String(p.containerName.value).slice(0, 3)}1`,
    check: (g, outputs, p) => {
      const c = g.properties.containers[0];
      assert.equal(c.name, p.containerName.value);
      assert.equal(c.properties.image, 'annonator/aciudptest:latest');
      assert.deepEqual(c.properties.ports, [{ protocol: 'UDP', port: 1234 }]);
      assert.deepEqual(c.properties.resources.requests, { cpu: 1, memoryInGB: 1.5 });
      assert.deepEqual(g.properties.ipAddress.ports, [{ protocol: 'UDP', port: 1234 }]);
      assert.deepEqual(outputs, {});
    },
  },
  {
    dir: 'aci-vnet',
    group: (p) => p.containerGroupName.value,
    check: (g, outputs) => {
      assert.match(g.properties.networkProfile.id, /\/providers\/Microsoft\.Network\/networkProfiles\/aci-networkProfile$/);
      assert.equal(g.properties.ipAddress.type, 'Private');
      assert.equal(outputs.containerIPv4Address.value, g.properties.ipAddress.ip);
      assert.match(outputs.containerIPv4Address.value, /^10\.0\./);
    },
  },
  {
    dir: 'aci-sftp-files',
    group: () => 'sftp-group',
    check: (g, outputs, p) => {
      const c = g.properties.containers[0];
      assert.equal(c.properties.image, 'atmoz/sftp:latest');
      assert.deepEqual(c.properties.environmentVariables, [{ name: 'SFTP_USERS', value: `${p.sftpUser.value}:${p.sftpPassword.value}:1001` }]);
      assert.deepEqual(c.properties.volumeMounts, [{ mountPath: `/home/${p.sftpUser.value}/upload`, name: 'sftpvolume', readOnly: false }]);
      const [volume] = g.properties.volumes;
      assert.equal(volume.azureFile.shareName, 'sftpfileshare');
      assert.match(volume.azureFile.storageAccountName, /^sftpstg[a-z2-7]{13}$/);
      assert.equal(volume.azureFile.storageAccountKey, undefined);
      assert.equal(outputs.containerIPv4Address.value, g.properties.ipAddress.ip);
    },
  },
  {
    dir: 'aci-sftp-files-existing-storage',
    prereq: true,
    group: () => 'sftp-group',
    check: (g, _outputs, p) => {
      const [volume] = g.properties.volumes;
      assert.deepEqual({ ...volume.azureFile }, { readOnly: false, shareName: 'sftpshare', storageAccountName: p.existingStorageAccountName.value });
    },
  },
  {
    dir: 'aci-storage-file-share',
    group: () => 'createshare-containerinstance',
    check: (g, outputs) => {
      const c = g.properties.containers[0];
      assert.deepEqual(c.properties.command, ['az', 'storage', 'share', 'create', '--name', 'fileshare']);
      const [key, account] = c.properties.environmentVariables;
      assert.equal(key.name, 'AZURE_STORAGE_KEY');
      assert.match(key.value, /^[A-Za-z0-9+/]{80,}={0,2}$/);
      assert.deepEqual(account, { name: 'AZURE_STORAGE_ACCOUNT', value: account.value });
      assert.match(account.value, /^[a-z2-7]{13}$/);
      assert.equal(g.properties.ipAddress, undefined);
      assert.equal(g.properties.restartPolicy, 'OnFailure');
      assert.deepEqual(outputs, {});
    },
  },
];

describe('contract: ACI quickstarts deploy through ARM deployments', () => {
  const emulator = suiteEmulator();

  async function deployed(rg: string, name: string, body: string): Promise<ArmResponse> {
    const { put, done, statuses } = await deploy(emulator.url, emulator.token, rg, name, body);
    assert.equal(put.status, 201, put.text);
    assert.equal(put.json.properties.provisioningState, 'Accepted');
    assert.equal(statuses.at(-1), 'Succeeded', `${statuses.join(' → ')}: ${done.text}`);
    assert.equal(done.json.properties.provisioningState, 'Succeeded');
    return done;
  }

  for (const c of CASES) {
    it(`${c.dir}: what-if shows the group as Create, then the deployment creates it as Azure would`, async () => {
      const rg = `rg-${c.dir}`;
      let prereqOutputs: Record<string, { value: unknown }> = {};
      if (c.prereq) {
        const prereq = await deployed(`${rg}-prereq`, 'prereq', deploymentBody(readJsonc(c.dir, 'prereqs', 'prereq.azuredeploy.json'), {}));
        prereqOutputs = prereq.json.properties.outputs;
      }
      const template = readJsonc(c.dir, 'azuredeploy.json');
      const parameters = fillPlaceholders(readJsonc(c.dir, 'azuredeploy.parameters.json').parameters as Obj, prereqOutputs);
      const name = c.group(parameters);
      const body = deploymentBody(template, parameters);
      const groupId = `/subscriptions/sub-1/resourceGroups/${rg}/providers/Microsoft.ContainerInstance/containerGroups/${name}`;

      const wi = await whatIf(emulator.url, emulator.token, rg, c.dir, body);
      assert.equal(wi.status, 200, wi.text);
      const change = wi.json.properties.changes.find((x: Obj) => x.resourceId === groupId);
      assert.ok(change, `what-if names ${groupId}: ${wi.text}`);
      assert.equal(change.changeType, 'Create');
      assert.equal(change.after.type, 'Microsoft.ContainerInstance/containerGroups');
      assert.equal(change.after.name, name);
      assert.equal((await armRequest(emulator.url, emulator.token, 'GET', groupPath(rg, name))).status, 404, 'what-if creates nothing');

      const done = await deployed(rg, c.dir, body);
      const group = await armRequest(emulator.url, emulator.token, 'GET', groupPath(rg, name));
      assert.equal(group.status, 200);
      assert.equal(group.json.name, name);
      assert.equal(group.json.location, 'westeurope');
      assert.equal(group.json.properties.osType, 'Linux');
      assert.equal(group.json.properties.provisioningState, 'Succeeded');
      c.check(group.json, done.json.properties.outputs ?? {}, parameters);

      const ops = await armRequest(emulator.url, emulator.token, 'GET', deploymentPath(rg, c.dir, '/operations'));
      const groupOp = ops.json.value.find((o: Obj) => o.properties.targetResource?.id === groupId);
      assert.equal(groupOp.properties.provisioningState, 'Succeeded');
      assert.equal(groupOp.properties.statusCode, 'Created');
    });
  }
});
