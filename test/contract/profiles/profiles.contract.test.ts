// The published CreateOrUpdate examples of container group profiles and NGroups (2025-09-01): clean in the editor
// and in aci-validate but for the findings the documentation demands, deployed to the emulator at their own
// api-version (its request log shows it), and replayed: the emulator answers as the published response does.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ArmClient } from '../../../src/core/arm/client';
import { deployBody, prepareDeploy } from '../../../src/core/deploy/deployContainerGroup';
import { validateText } from '../../../src/core/validation';
import { putDeployment } from '../../../src/core/templateDeploy/deployments';
import { deploymentBody, deploysAsTemplate } from '../../../src/core/templateDeploy/templateRequest';
import { runAciValidateJson, sharedRun } from '../../aciValidateRun';
import { type Emulator } from '../../emulator/server';
import { startTestEmulator } from '../../emulator/testEmulator';
import profileCreate from './2025-09-01-profile-createOrUpdate.json';
import profileConfidential from './2025-09-01-profile-confidential.json';
import profileEncryption from './2025-09-01-profile-encryption.json';
import profileExtensions from './2025-09-01-profile-extensions.json';
import ngroupCreate from './2025-09-01-ngroup-createOrUpdate.json';
import { signedInClient } from '../../unit/armHarness';

type Obj = Record<string, unknown>;

interface Example {
  source: string;
  apiVersion: string;
  type: string;
  name: string;
  body: Obj;
  response: Obj;
}

interface Case {
  example: Example;
  /** Findings the documentation demands (codes). */
  expected: string[];
  /** Values for the example's own placeholders, which deploy refuses to send as they are. */
  fill?: Record<string, string>;
}

const CASES: Case[] = [
  // GPU container groups were retired on 2025-07-14 (ACI319); the example still asks for a K80.
  { example: profileCreate, expected: ['ACI319'] },
  { example: profileConfidential, expected: [] },
  // The example leaves its key version as '<key version>': flagged as a placeholder (ACI211), filled in to deploy.
  { example: profileEncryption, expected: ['ACI211'], fill: { '<key version>': '0123456789abcdef0123456789abcdef' } },
  { example: profileExtensions, expected: [] },
  { example: ngroupCreate, expected: [] },
];

const SUB = '00000000-0000-0000-0000-0000000000b6';
const RG = 'rg-profiles';
const dir = mkdtempSync(join(tmpdir(), 'aci-profiles-'));
let emu: Emulator;
let client: ArmClient;

before(async () => {
  emu = await startTestEmulator({ quiet: true });
  // A reset connection is retried once, as the product's client retries it: the aci-validate run between deploys blocks
  // this process (spawnSync) past the emulator's keep-alive timeout, so a pooled connection the server has closed can
  // be picked before its close is read, and that first write is reset (ECONNRESET).
  client = signedInClient(emu, { userAgent: 'profiles-test', maxRetries: 1, retryBaseDelayMs: 1 });
});
after(() => emu.close());

const fileText = (e: Example) => JSON.stringify({ apiVersion: e.apiVersion, type: e.type, name: e.name, ...e.body }, null, 2);
const collection = (e: Example) => e.type.split('/')[1];
const get = (o: unknown, ...path: string[]): unknown => path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Obj)[k] : undefined), o);
const region = (v: unknown) => String(v).replace(/\s/g, '').toLowerCase();

/** Case `index` as the JSON file and as a YAML file (JSON is YAML) that aci-validate checks (several share a name). */
const cliFiles = (index: number, e: Example) => ['json', 'yaml'].map((ext) => join(dir, `${index}-${e.name}-${collection(e)}.aci.${ext}`));
/** aci-validate run once over every example's two files. */
const cliRun = sharedRun(() => {
  const files = CASES.flatMap(({ example }, index) => {
    const [json, yaml] = cliFiles(index, example);
    writeFileSync(json, fileText(example));
    writeFileSync(yaml, `# the same definition, as YAML\n${fileText(example)}`);
    return [json, yaml];
  });
  return runAciValidateJson(files);
});

/** What a reply must share with the published response: identity, placement, the profile's facts, the containers. */
function projection(r: Obj): Obj {
  const containers = (get(r, 'properties', 'containers') as Obj[] | undefined)?.map((c) => [c.name, get(c, 'properties', 'image')]);
  return {
    idTail: String(r.id).split('/providers/')[1],
    name: r.name,
    type: r.type,
    location: region(r.location),
    zones: r.zones,
    osType: get(r, 'properties', 'osType'),
    sku: get(r, 'properties', 'sku'),
    revision: get(r, 'properties', 'revision'),
    provisioningState: get(r, 'properties', 'provisioningState'),
    containers,
  };
}

describe('published CreateOrUpdate examples of container group profiles and NGroups', () => {
  for (const [index, { example, expected, fill }] of CASES.entries()) {
    const label = `${example.apiVersion} ${example.source.split('/').pop()?.split(' ')[0]}`;

    it(`${label}: clean in the editor but for ${expected.join(', ') || 'nothing'}`, () => {
      assert.ok(example.source.includes(example.apiVersion), 'the fixture names its published source at its version');
      const { findings } = validateText(fileText(example), `${example.name}.json`);
      assert.deepEqual(findings.map((f) => f.code), expected, findings.map((f) => `${f.code} ${f.message}`).join('\n'));
    });

    it(`${label}: aci-validate reports the same (YAML too)`, () => {
      const run = cliRun();
      for (const file of cliFiles(index, example)) assert.deepEqual(run.report(file).findings.map((f) => f.code), expected, run.stdout);
    });

    it(`${label}: deploys to the emulator at api-version ${example.apiVersion} and replays the published response`, async () => {
      // Each example in its own resource group: several publish the same name, and each is a create (201).
      const target = { subscriptionId: SUB, resourceGroup: `${RG}-${index}`, name: example.name, location: 'westeurope' };
      const text = Object.entries(fill ?? {}).reduce((t, [from, to]) => t.split(from).join(to), fileText(example));
      const prepared = await prepareDeploy(text, `${example.name}.json`, target, () => undefined);
      assert.equal(prepared.apiVersion, example.apiVersion);
      assert.equal(prepared.kind.type, example.type);
      const before = emu.requests.length;
      const run = await deployBody(client, target, prepared.body, { apiVersion: prepared.apiVersion, collection: prepared.kind.collection, sleep: async () => undefined });
      const path = `/providers/${example.type}/${example.name}?`;
      const puts = emu.requests.slice(before).filter((r) => r.method === 'PUT' && r.path.toLowerCase().includes(path.toLowerCase()));
      assert.deepEqual(puts.map((r) => [r.path.split('?')[1], r.status]), [[`api-version=${example.apiVersion}`, 201]]);
      const reply = run.resource as unknown as Obj;
      // A file with an apiVersion deploys its own location, as the published request does.
      assert.deepEqual(projection(reply), projection(example.response));
      // Secrets the request carried are not in the reply, as in the published response.
      for (const secret of ['storageAccountKey', 'workspaceKey', 'protectedSettings']) {
        assert.equal(JSON.stringify(example.response).includes(secret), false, `the published response has no ${secret}`);
        assert.equal(JSON.stringify(reply).includes(secret), false, `the reply has no ${secret}`);
      }
    });
  }

  it('GET, a second PUT (200, the next revision) and DELETE of a profile', async () => {
    const ref = `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroupProfiles/cycle1`;
    const body = { ...profileConfidential.body, location: 'westeurope' };
    const first = await client.request<Obj>({ method: 'PUT', path: ref, apiVersion: '2025-09-01', body });
    assert.equal(first.status, 201);
    const second = await client.request<Obj>({ method: 'PUT', path: ref, apiVersion: '2025-09-01', body });
    assert.equal(second.status, 200);
    assert.equal(get(second.body, 'properties', 'revision'), 2);
    const read = await client.request<Obj>({ method: 'GET', path: ref, apiVersion: '2025-09-01' });
    assert.equal(get(read.body, 'properties', 'sku'), 'Confidential');
    const gone = await client.request({ method: 'DELETE', path: ref, apiVersion: '2025-09-01' });
    assert.equal(gone.status, 200);
    await assert.rejects(client.request({ method: 'GET', path: ref, apiVersion: '2025-09-01' }), /ResourceNotFound|was not found/);
  });

  it('a template with the published profile and NGroups requests deploys as a template; both resources are then read at 2025-09-01', async () => {
    const profile = { type: profileExtensions.type, apiVersion: '2025-09-01', name: 'tpl-profile', ...profileExtensions.body };
    const ngroup = {
      type: ngroupCreate.type,
      apiVersion: '2025-09-01',
      name: 'tpl-ngroup',
      dependsOn: [profile.name],
      ...ngroupCreate.body,
      properties: { ...ngroupCreate.body.properties, containerGroupProfiles: [{ resource: { id: "[resourceId('Microsoft.ContainerInstance/containerGroupProfiles', 'tpl-profile')]" } }] },
    };
    const template = { $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', contentVersion: '1.0.0.0', resources: [profile, ngroup] };
    const { findings } = validateText(JSON.stringify(template, null, 2), 'tpl.json');
    assert.deepEqual(findings.map((f) => f.code), [], findings.map((f) => `${f.code} ${f.message}`).join('\n'));
    assert.equal(deploysAsTemplate(template), true);
    const ref = { subscriptionId: SUB, resourceGroup: `${RG}-tpl`, deploymentName: 'tpl' };
    const run = await putDeployment(client, ref, deploymentBody(template, {}), { defaultPollMs: 10 });
    assert.equal(run.resource.properties?.provisioningState, 'Succeeded');
    for (const [collection, name] of [['containerGroupProfiles', 'tpl-profile'], ['ngroups', 'tpl-ngroup']]) {
      const read = await client.request<Obj>({ method: 'GET', path: `/subscriptions/${SUB}/resourceGroups/${RG}-tpl/providers/Microsoft.ContainerInstance/${collection}/${name}`, apiVersion: '2025-09-01' });
      assert.equal(read.body.name, name);
    }
  });

  it('a profile at 2023-05-01 is refused by deploy with the versions that have profiles', async () => {
    const text = JSON.stringify({ ...JSON.parse(fileText(profileConfidential)), apiVersion: '2023-05-01' });
    await assert.rejects(prepareDeploy(text, 'p.json', { subscriptionId: SUB, resourceGroup: RG, name: 'p', location: 'westeurope' }, () => undefined), /use one of: 2025-09-01/);
  });
});
