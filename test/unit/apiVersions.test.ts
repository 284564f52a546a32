// The file's apiVersion chooses the schema: JSON and YAML definitions by their own apiVersion, each template
// resource by its own; a property only a newer version has names that version and its quick fix moves the file
// there; newer-than-known, unknown and malformed versions get their own findings.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validateText } from '../../src/core/validation';
import type { Finding, Fix } from '../../src/core/definition/types';
import { chooseSchemaVersion } from '../../src/core/schema/apiVersion';
import { schemaVersions } from '../../src/core/schema/schemaLookup';
import { importDefinition } from '../../src/core/import/importDefinition';
import { importVersions, isApiVersionRefusal, readAtVersion } from '../../src/core/import/importVersion';
import { ArmError } from '../../src/core/arm/errors';
import { toRequestBody } from '../../src/core/deploy/requestBody';
import { requestApiVersion } from '../../src/core/deploy/deployContainerGroup';
import secretReferenceExample from '../contract/apiVersions/2025-09-01-secretReference.json';

const IDENTITY = '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id1';

/** A group with secretReferences (2025-09-01 only) and the user-assigned identity they name. */
function group(apiVersion: string): Record<string, unknown> {
  return {
    apiVersion,
    location: 'westeurope',
    name: 'refs',
    identity: { type: 'UserAssigned', userAssignedIdentities: { [IDENTITY]: {} } },
    properties: {
      osType: 'Linux',
      secretReferences: [{ name: 'dbpassword', identity: IDENTITY, secretReferenceUri: 'https://kv.vault.azure.net/secrets/db' }],
      containers: [{ name: 'web', properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1 } }, environmentVariables: [{ name: 'DB', secureValueReference: 'dbpassword' }] } }],
    },
  };
}

function apply(text: string, fix: Fix): string {
  const edits = [...fix.edits].sort((a, b) => b.range.start - a.range.start);
  return edits.reduce((t, e) => t.slice(0, e.range.start) + e.newText + t.slice(e.range.end), text);
}

const codes = (fs: Finding[]) => fs.map((f) => `${f.code} ${f.message}`);

describe('api-version chooses the schema', () => {
  it('knows 2023-05-01 and 2025-09-01 and chooses by the text', () => {
    const versions = schemaVersions().map((v) => v.version);
    assert.deepEqual(schemaVersions(), [
      { version: '2023-05-01', preview: false },
      { version: '2025-09-01', preview: false },
      { version: '2026-06-01-preview', preview: true },
    ]);
    assert.ok(versions.includes('2023-05-01'));
    assert.equal(chooseSchemaVersion('2025-09-01').version, '2025-09-01');
    assert.deepEqual([chooseSchemaVersion('2099-01-01').status, chooseSchemaVersion('2099-01-01').version], ['newer', '2025-09-01']);
    assert.equal(chooseSchemaVersion('2024-01-01').status, 'unknown');
    assert.equal(chooseSchemaVersion('latest').status, 'malformed');
    assert.equal(chooseSchemaVersion(undefined).version, '2023-05-01');
  });

  it('a 2025-09-01 JSON file with secretReferences and a user-assigned identity gets no finding', () => {
    const { findings } = validateText(JSON.stringify(group('2025-09-01'), null, 2), 'refs.json');
    assert.deepEqual(codes(findings), []);
  });

  it('a 2025-09-01 YAML file is checked against 2025-09-01', () => {
    const yaml = `apiVersion: '2025-09-01'\nlocation: westeurope\nname: cm\nproperties:\n  osType: Linux\n  containers:\n    - name: web\n      properties:\n        image: nginx\n        resources:\n          requests: {cpu: 1, memoryInGB: 1}\n        configMap:\n          keyValuePairs: {a: b}\n`;
    assert.deepEqual(codes(validateText(yaml, 'cm.yaml').findings), []);
  });

  for (const [format, file, render] of [
    ['JSON', 'refs.json', (o: unknown) => JSON.stringify(o, null, 2)],
    ['YAML', 'refs.yaml', (o: unknown) => JSON.stringify(o, null, 2)],
  ] as const) {
    it(`${format}: a 2023-05-01 file using 2025-09-01 properties names the version; Use api-version 2025-09-01 makes it clean`, () => {
      const text = render(group('2023-05-01'));
      const { findings } = validateText(text, file);
      const newer = findings.filter((f) => f.code === 'ACI212');
      assert.equal(newer.length, 2, codes(findings).join('\n'));
      assert.match(newer[0].message, /'secretReferences' is not part of api-version 2023-05-01: api-version 2025-09-01 adds it/);
      assert.match(newer[1].message, /'secureValueReference' is not part of api-version 2023-05-01: api-version 2025-09-01 adds it/);
      assert.ok(!findings.some((f) => f.code === 'ACI205'), 'not reported as an unknown property');
      const fix = newer[1].fix;
      assert.ok(fix);
      assert.equal(fix.title, 'Use api-version 2025-09-01');
      const fixed = apply(text, fix);
      assert.deepEqual(codes(validateText(fixed, file).findings), []);
    });
  }

  it('each template resource is checked at its own apiVersion', () => {
    const resource = (apiVersion: string, name: string) => ({ type: 'Microsoft.ContainerInstance/containerGroups', ...group(apiVersion), name });
    const template = { $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', contentVersion: '1.0.0.0', resources: [resource('2025-09-01', 'new'), resource('2023-05-01', 'old')] };
    const { findings } = validateText(JSON.stringify(template, null, 2), 'tpl.json');
    const newer = findings.filter((f) => f.code === 'ACI212');
    assert.deepEqual(newer.map((f) => f.path[1]), [1, 1], codes(findings).join('\n'));
    assert.ok(!findings.some((f) => f.code === 'ACI209'), codes(findings).join('\n'));
  });

  it('a template expression names the version: an honest notice, and no quick fix rewrites the expression', () => {
    const resource = { type: 'Microsoft.ContainerInstance/containerGroups', ...group("[parameters('aciVersion')]"), name: 'refs' };
    const template = {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      parameters: { aciVersion: { type: 'string', defaultValue: '2025-09-01' } },
      resources: [resource],
    };
    const { findings } = validateText(JSON.stringify(template, null, 2), 'tpl.json');
    const notice = findings.find((f) => f.code === 'ACI209');
    assert.equal(notice?.severity, 'info', codes(findings).join('\n'));
    assert.match(notice?.message ?? '', /apiVersion \[parameters\('aciVersion'\)\] is a template expression, known only when ARM deploys the template: checked against 2023-05-01/);
    const newer = findings.filter((f) => f.code === 'ACI212');
    assert.ok(newer.length > 0, codes(findings).join('\n'));
    for (const f of newer) assert.equal(f.fix, undefined, 'the expression is not rewritten');
    // Deploying such a file on its own (not as a template) says why instead of sending 2023-05-01.
    assert.throws(() => requestApiVersion("[parameters('aciVersion')]"), /is a template expression, known only when ARM deploys a template/);
  });

  for (const [format, text] of [
    ['json', JSON.stringify({ ...group('2023-05-01'), apiVersion: 20250901 }, null, 2)],
    ['yaml', `apiVersion: 2025\nlocation: westeurope\nproperties:\n  osType: Linux\n  containers:\n  - name: web\n    properties:\n      image: nginx\n      resources:\n        requests: {cpu: 1, memoryInGB: 1}\n`],
  ] as const) {
    it(`a number as apiVersion (${format}) is an error offering the known versions, quoted`, () => {
      const { findings } = validateText(text, `num.aci.${format}`);
      const error = findings.find((f) => f.code === 'ACI213');
      assert.equal(error?.severity, 'error', codes(findings).join('\n'));
      assert.match(error?.message ?? '', /^apiVersion \d+ is a number, not text: write the version as a quoted string; use one of: 2023-05-01, 2025-09-01/);
      assert.deepEqual(error?.moreFixes?.map((f) => f.edits[0].newText).slice(0, 2), ['"2023-05-01"', '"2025-09-01"']);
      assert.ok(!findings.some((f) => f.code === 'ACI203'), 'no "quote it" fix that would make it malformed');
      const fixed = apply(text, error.moreFixes[1]);
      assert.ok(!validateText(fixed, `num.aci.${format}`).findings.some((f) => f.code === 'ACI213' || f.code === 'ACI209'), fixed);
    });
  }

  it('deploy refuses a number as apiVersion instead of reading it as naming none', () => {
    assert.throws(() => toRequestBody({ ...group('2023-05-01'), apiVersion: 2025 }), /apiVersion 2025 is not text: write the version as a quoted string, one of: 2023-05-01, 2025-09-01/);
  });

  it('2025-09-01: a group names its osType unless a container group profile supplies it', () => {
    const g = group('2025-09-01') as { properties: Record<string, unknown> };
    delete g.properties.osType;
    const missing = validateText(JSON.stringify(g, null, 2), 'no-os.json').findings;
    assert.deepEqual(missing.map((f) => [f.code, f.data?.missingProperty]), [['ACI001', 'osType']], codes(missing).join('\n'));
    g.properties.containerGroupProfile = { id: '/subscriptions/s/resourceGroups/rg/providers/Microsoft.ContainerInstance/containerGroupProfiles/p', revision: 1 };
    assert.deepEqual(codes(validateText(JSON.stringify(g, null, 2), 'profile.json').findings), []);
  });

  it('a version newer than any known is checked against the newest, with a notice', () => {
    const { findings } = validateText(JSON.stringify(group('2099-01-01'), null, 2), 'new.json');
    assert.deepEqual(findings.map((f) => f.code), ['ACI209']);
    assert.match(findings[0].message, /apiVersion 2099-01-01 is newer than any this extension knows: checked against 2025-09-01/);
  });

  for (const [bad, what] of [['2024-01-01', 'is not a known api-version'], ['latest', 'is not an api-version']]) {
    it(`apiVersion '${bad}' is an error offering the known versions`, () => {
      const { findings } = validateText(JSON.stringify({ ...group('2023-05-01'), apiVersion: bad }, null, 2), 'bad.json');
      const error = findings.find((f) => f.code === 'ACI213');
      assert.ok(error, codes(findings).join('\n'));
      assert.equal(error.severity, 'error');
      assert.ok(error.message.includes(what) && error.message.includes('2023-05-01, 2025-09-01'), error.message);
      assert.deepEqual(error.moreFixes?.map((f) => f.title), ['Use api-version 2023-05-01', 'Use api-version 2025-09-01', 'Use api-version 2026-06-01-preview']);
    });
  }
});

describe('import at an api-version', () => {
  // The published 2025-09-01 secret reference example's body, as a GET returns its settable part.
  const resource = { name: 'demo1', ...secretReferenceExample.containerGroup };

  it('writes the newest stable version by default and keeps what it has', () => {
    const { text } = importDefinition(resource, 'yaml');
    assert.match(text, /^apiVersion: '2025-09-01'\n/);
    assert.match(text, /secretReferences:/);
    assert.match(text, /secureValueReference: envSecretRef/);
    assert.deepEqual(codes(validateText(text, 'demo1.aci.yaml').findings).filter((c) => !c.startsWith('ACI319')), []);
  });

  it('writes the version into JSON too, so the editor checks and deploy sends the version the fields belong to', () => {
    const { text } = importDefinition(resource, 'json');
    const value = JSON.parse(text);
    assert.equal(Object.keys(value)[0], 'apiVersion');
    assert.equal(value.apiVersion, '2025-09-01');
    assert.ok(value.properties.secretReferences, text);
    assert.deepEqual(codes(validateText(text, 'demo1.aci.json').findings).filter((c) => !c.startsWith('ACI319')), []);
    const conversion = toRequestBody(value);
    assert.equal(requestApiVersion(conversion.apiVersionInFile), '2025-09-01');
    assert.ok(!('apiVersion' in conversion.body), 'the body sent carries no apiVersion');
  });

  it('offers the stable versions newest first', () => {
    const versions = importVersions();
    assert.equal(versions[0], '2025-09-01');
    assert.equal(versions[versions.length - 1], '2023-05-01');
    assert.ok(!versions.some((v) => v.endsWith('-preview')), versions.join());
  });

  // Azure China answering a version it has not registered (Azure/azure-cli#30847): HTTP 400 NoRegisteredProviderFound.
  const unregistered = () =>
    new ArmError('x', { kind: 'http', status: 400, code: 'NoRegisteredProviderFound', serviceMessage: "No registered resource provider found for location 'chinanorth3' and API version '2025-09-01' for type 'containerGroups'." });

  it('a refused api-version is read again at 2023-05-01, saying which was refused', async () => {
    const asked: string[] = [];
    const read = await readAtVersion('2025-09-01', async (v) => {
      asked.push(v);
      if (v !== '2023-05-01') throw unregistered();
      return 'group';
    });
    assert.deepEqual(asked, ['2025-09-01', '2023-05-01']);
    assert.equal(read.apiVersion, '2023-05-01');
    assert.equal(read.refused?.version, '2025-09-01');
    assert.match(read.refused?.message ?? '', /No registered resource provider found/);
    assert.ok(isApiVersionRefusal(new ArmError('x', { kind: 'http', status: 400, code: 'InvalidApiVersionParameter' })));
  });

  it('other failures are not taken for a refused version', async () => {
    const notFound = new ArmError('x', { kind: 'http', status: 404, code: 'ResourceNotFound' });
    await assert.rejects(readAtVersion('2025-09-01', async () => { throw notFound; }), (e) => e === notFound);
    // At the base version there is nothing older to try.
    await assert.rejects(readAtVersion('2023-05-01', async () => { throw unregistered(); }), /x/);
  });

  it('at 2023-05-01 (the user picks it) leaves out what that version lacks', () => {
    const { text, dropped } = importDefinition(resource, 'yaml', undefined, undefined, '2023-05-01');
    assert.match(text, /^apiVersion: '2023-05-01'\n/);
    assert.ok(!text.includes('secretReferences') && !text.includes('secureValueReference'), text);
    assert.ok(dropped.includes('properties.secretReferences'), dropped.join());
  });
});
