// The Compose files ACI can host (test/contract/compose, their sources in sources.json), converted and sent
// through the deploy path's own request preparation (secrets filled from the values Compose had) to the
// emulator: each is accepted, polls to Succeeded and runs with the containers, ports and volumes converted.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { convertCompose } from '../../../src/core/compose/convertCompose';
import { renderDefinition } from '../../../src/core/compose/renderDefinition';
import { prepareDeploy } from '../../../src/core/deploy/deployContainerGroup';
import { ACI_PATH, armRequest } from '../testClient';
import { suiteEmulator } from './suiteEmulator';

const DIR = join(__dirname, '../../../../test/contract/compose');
const read = (path: string): string | undefined => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
const HOSTABLE = ['awesome-compose/wordpress-mysql', 'awesome-compose/gitea-postgres', 'awesome-compose/nextcloud-redis-mariadb', 'awesome-compose/postgresql-pgadmin', 'compose-spec/illustrative-example', 'own/secrets-and-jobs'];

describe('Compose files deployed to the emulator', () => {
  const emulator = suiteEmulator();

  for (const name of HOSTABLE) {
    it(`${name}: accepted, Succeeded and Running with the converted containers`, async () => {
      const path = join(DIR, name, 'compose.yaml');
      const result = convertCompose({ files: [{ path, text: read(path) as string }], env: {}, readFile: read }, { rewriteHostnames: true });
      assert.ok(result.definition);
      const text = renderDefinition(result.definition, 'yaml', []);
      const group = String(result.definition.name);
      // A secret Compose had no value for (an external one) is set by the user: a stand-in here.
      const values = new Map(result.secrets.map((s) => [s.name, s.value ?? Buffer.from('stand-in').toString('base64')]));
      const prepared = await prepareDeploy(text, `${group}.aci.yaml`, { name: group, subscriptionId: 'sub-1', resourceGroup: 'rg-1' }, (n) => values.get(n));
      const created = await armRequest(emulator.url, emulator.token, 'PUT', ACI_PATH(group), { body: prepared.body });
      assert.equal(created.status, 201, created.text);
      const statusUrl = created.headers.get('azure-asyncoperation') ?? '';
      let status = '';
      for (let i = 0; i < 10 && status !== 'Succeeded'; i++) status = (await armRequest(emulator.url, emulator.token, 'GET', statusUrl)).json.status;
      assert.equal(status, 'Succeeded');
      const got = (await armRequest(emulator.url, emulator.token, 'GET', ACI_PATH(group))).json.properties;
      assert.equal(got.instanceView.state, 'Running');
      const expected = result.definition.properties as { containers: { name: string }[]; ipAddress?: { ports: unknown[] } };
      assert.deepEqual(got.containers.map((c: { name: string }) => c.name), expected.containers.map((c) => c.name));
      if (expected.ipAddress) assert.deepEqual(got.ipAddress.ports, expected.ipAddress.ports);
      // Secret values are sent, never returned.
      for (const c of got.containers) for (const v of c.properties.environmentVariables ?? []) assert.equal(v.secureValue, undefined);
    });
  }
});
