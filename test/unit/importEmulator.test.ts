// Import end to end against the ARM emulator over real sockets on 127.0.0.1: list every page of a resource
// group, write the definition of one group, deploy it unchanged and see no changes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ArmClient } from '../../src/core/arm/client';
import { describeChanges } from '../../src/core/deploy/diff';
import { deployBody, prepareDeploy, readExistingGroup } from '../../src/core/deploy/deployContainerGroup';
import { importDefinition } from '../../src/core/import/importDefinition';
import { listContainerGroups } from '../../src/core/services/containerGroups';
import { type Emulator } from '../emulator/server';
import { startTestEmulator } from '../emulator/testEmulator';
import { MemoryLogger, signedInClient } from './armHarness';

const SUB = '00000000-0000-0000-0000-0000000000e1';
const RG = 'rg-import';
const SECRETS: Record<string, string> = { db: 'Db-pass-never-written', key: 'c3RvcmFnZS1rZXktbmV2ZXI=', reg: 'Registry-pass-never-written' };

let emu: Emulator;
let client: ArmClient;
const logger = new MemoryLogger();

before(async () => {
  emu = await startTestEmulator({ lroPolls: 0 });
  client = signedInClient(emu, { userAgent: 'import-test', logger });
});

after(() => emu.close());

const original = (name: string) => `apiVersion: '2023-05-01'
name: ${name}
location: West Europe
tags: { team: web }
properties:
  osType: Linux
  restartPolicy: OnFailure
  imageRegistryCredentials:
    - server: contoso.azurecr.io
      username: contoso
      password: '{{secret:reg}}'
  containers:
    - name: web
      properties:
        image: contoso.azurecr.io/web:1.0
        resources: { requests: { cpu: 1, memoryInGB: 1.5 } }
        ports: [{ port: 80 }]
        environmentVariables:
          - name: MODE
            value: production
          - name: DB_PASSWORD
            secureValue: '{{secret:db}}'
        volumeMounts: [{ name: files, mountPath: /mnt/files }]
  volumes:
    - name: files
      azureFile: { shareName: files, storageAccountName: contosofiles, storageAccountKey: '{{secret:key}}' }
  ipAddress:
    type: Public
    dnsNameLabel: ${name}-label
    ports: [{ port: 80 }]
`;

async function create(name: string): Promise<void> {
  const ref = { subscriptionId: SUB, resourceGroup: RG, name };
  const prepared = await prepareDeploy(original(name), `${name}.aci.yaml`, ref, (n) => SECRETS[n]);
  await deployBody(client, ref, prepared.body, { defaultPollMs: 0 });
}

test('lists every page of the resource group, then imports a group that deploys back with no changes', async () => {
  for (const name of ['web-e', 'web-a', 'web-d', 'web-c', 'web-b']) await create(name);
  emu.requests.length = 0;
  const groups = await listContainerGroups(client, { subscriptionId: SUB, resourceGroup: RG });
  assert.deepEqual(groups.map((g) => g.name), ['web-a', 'web-b', 'web-c', 'web-d', 'web-e']);
  assert.equal(emu.requests.filter((r) => r.method === 'GET' && /containerGroups\?/.test(r.path)).length, 3, 'three pages of two');

  const ref = { subscriptionId: SUB, resourceGroup: RG, name: 'web-c' };
  const listed = groups.find((g) => g.name === 'web-c');
  const existing = await readExistingGroup(client, ref);
  for (const format of ['yaml', 'json'] as const) {
    for (const source of [listed, existing]) {
      const imported = importDefinition(source, format);
      for (const value of Object.values(SECRETS)) assert.ok(!imported.text.includes(value));
      assert.deepEqual(imported.secrets.map((s) => s.field).sort(), [
        'containers[web].environmentVariables[DB_PASSWORD].secureValue',
        'imageRegistryCredentials[contoso.azurecr.io].password',
        'volumes[files].azureFile.storageAccountKey',
      ]);
      const stored = (n: string) => (imported.secrets.some((s) => s.name === n) ? 'a-stored-value' : undefined);
      const prepared = await prepareDeploy(imported.text, `web-c.aci.${format}`, ref, stored);
      assert.deepEqual(describeChanges(existing, prepared.body), [], format);
    }
  }
});

test('an empty resource group lists no groups', async () => {
  assert.deepEqual(await listContainerGroups(client, { subscriptionId: SUB, resourceGroup: 'rg-empty' }), []);
});
