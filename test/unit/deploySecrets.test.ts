// {{secret:NAME}} placeholders: finding them, resolving them only in secret fields, and redaction.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactText } from '../../src/core/arm/redact';
import { prepareDeploy } from '../../src/core/deploy/deployContainerGroup';
import { DeployInputError } from '../../src/core/deploy/requestBody';
import { findSecretReferences, isSecretField } from '../../src/core/definition/secrets';
import { resolveSecretPlaceholders } from '../../src/core/deploy/resolveSecrets';

test('findSecretReferences returns names and offsets of every placeholder', () => {
  const text = 'a: "{{secret:db-pass}}"\nb: x{{ secret:Key_2.v }}y\nc: {{secret:}} {{other:x}}';
  const refs = findSecretReferences(text);
  assert.deepEqual(refs.map((r) => [r.name, r.valid]), [['db-pass', true], ['Key_2.v', true], ['', false]]);
  for (const r of refs) assert.match(text.slice(r.start, r.end), /^\{\{\s*secret:[^}]*\}\}$/);
});

test('secret fields: secureValue, registry password, storage key, workspace key, secret volumes, protectedSettings', () => {
  const yes = [
    ['properties', 'containers', 0, 'properties', 'environmentVariables', 2, 'secureValue'],
    ['properties', 'initContainers', 1, 'properties', 'environmentVariables', 0, 'secureValue'],
    ['properties', 'imageRegistryCredentials', 0, 'password'],
    ['properties', 'volumes', 3, 'azureFile', 'storageAccountKey'],
    ['properties', 'volumes', 0, 'secret', 'app.config'],
    ['properties', 'diagnostics', 'logAnalytics', 'workspaceKey'],
    ['properties', 'extensions', 0, 'properties', 'protectedSettings', 'nested', 'token'],
    ['Properties', 'Containers', 0, 'Properties', 'EnvironmentVariables', 0, 'SecureValue'],
  ];
  const no = [
    ['properties', 'containers', 0, 'properties', 'environmentVariables', 0, 'value'],
    ['properties', 'containers', 0, 'properties', 'image'],
    ['properties', 'imageRegistryCredentials', 0, 'username'],
    ['properties', 'extensions', 0, 'properties', 'settings', 'x'],
    ['properties', 'volumes', 0, 'secret'],
  ];
  for (const p of yes) assert.ok(isSecretField(p), p.join('.'));
  for (const p of no) assert.ok(!isSecretField(p), p.join('.'));
});

const body = {
  location: 'x',
  properties: {
    containers: [
      {
        name: 'app',
        properties: {
          image: 'nginx',
          environmentVariables: [
            { name: 'DB', secureValue: '{{secret:db}}' },
            { name: 'LITERAL', secureValue: 'written-in-file' },
            { name: 'PLAIN', value: 'hello' },
          ],
        },
      },
    ],
    imageRegistryCredentials: [{ server: 'r.io', username: 'u', password: 'pre-{{secret:reg}}-post' }],
    volumes: [{ name: 's', secret: { 'a.txt': '{{secret:db}}' } }],
  },
};

test('placeholders in secret fields are resolved; every secret value is collected; the input is unchanged', () => {
  const values: Record<string, string> = { db: 'S3cr3t-db-value', reg: 'regpass' };
  const r = resolveSecretPlaceholders(body, (n) => values[n]);
  assert.deepEqual(r.missing, []);
  assert.deepEqual(r.misplaced, []);
  const props = (r.body as typeof body).properties;
  assert.equal(props.containers[0].properties.environmentVariables[0].secureValue, 'S3cr3t-db-value');
  assert.equal(props.imageRegistryCredentials[0].password, 'pre-regpass-post');
  assert.equal(props.volumes[0].secret['a.txt'], 'S3cr3t-db-value');
  assert.equal(props.containers[0].properties.environmentVariables[2].value, 'hello');
  for (const v of ['S3cr3t-db-value', 'regpass', 'pre-regpass-post', 'written-in-file']) assert.ok(r.secretValues.includes(v), v);
  assert.ok(!r.secretValues.includes('hello'));
  assert.equal(body.properties.containers[0].properties.environmentVariables[0].secureValue, '{{secret:db}}');
});

test('unknown names are reported as missing; placeholders outside secret fields are reported, not resolved', () => {
  const r = resolveSecretPlaceholders(
    { properties: { containers: [{ properties: { image: '{{secret:db}}', environmentVariables: [{ name: 'x', secureValue: '{{secret:nope}}' }] } }] } },
    (n) => (n === 'db' ? 'value' : undefined),
  );
  assert.deepEqual(r.missing, ['nope']);
  assert.deepEqual(r.misplaced, [{ name: 'db', path: 'properties.containers[0].properties.image' }]);
  assert.equal((r.body as any).properties.containers[0].properties.image, '{{secret:db}}');
});

test('prepareDeploy reads only the referenced secrets and refuses missing or misplaced ones', async () => {
  const text = JSON.stringify(body);
  const asked: string[] = [];
  const prepared = await prepareDeploy(text, 'g.aci.json', { subscriptionId: 's', resourceGroup: 'r', name: 'g' }, async (n) => {
    asked.push(n);
    return { db: 'S3cr3t-db-value', reg: 'regpass' }[n];
  });
  assert.deepEqual(asked.sort(), ['db', 'reg']);
  const serialized = JSON.stringify(prepared.body);
  assert.ok(serialized.includes('S3cr3t-db-value') && !serialized.includes('{{secret:'));
  // A message that echoes the body is clean after redaction with the collected values.
  const redacted = redactText(`Azure said: ${serialized}`, prepared.secretValues);
  for (const v of ['S3cr3t-db-value', 'regpass', 'written-in-file']) assert.ok(!redacted.includes(v), v);
  assert.ok(redacted.includes('hello'));

  await assert.rejects(
    prepareDeploy(text, 'g.aci.json', { subscriptionId: 's', resourceGroup: 'r', name: 'g' }, () => undefined),
    (e: unknown) => e instanceof DeployInputError && /No stored secret named 'db', 'reg'/.test(e.message),
  );
  const misplaced = JSON.stringify({ location: 'x', properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image: '{{secret:db}}' } }] } });
  await assert.rejects(
    prepareDeploy(misplaced, 'g.aci.json', { subscriptionId: 's', resourceGroup: 'r', name: 'g' }, () => 'v'),
    (e: unknown) => e instanceof DeployInputError && /not a secret field/.test(e.message) && !/\bv\b/.test(e.message.replace(/\{\{secret:db\}\}/, '')),
  );
});

test('prepareDeploy notes a name mismatch, a different apiVersion and dropped fields', async () => {
  const yaml = "apiVersion: '2021-10-01'\nname: other\nlocation: westeurope\nproperties:\n  osType: Linux\n  containers: []\n  provisioningState: Succeeded\n";
  const p = await prepareDeploy(yaml, 'x.aci.yaml', { subscriptionId: 's', resourceGroup: 'r', name: 'web', location: 'eastus' }, () => undefined);
  // The az container create --file format deploys the file's location; the disagreeing setting is named.
  assert.equal(p.body.location, 'westeurope');
  assert.equal(p.notes.length, 4);
  assert.match(p.notes[0], /'other'.*'web'/);
  // The file's own api-version is what the requests use (a published one, checked against 2023-05-01).
  assert.match(p.notes[1], /Requests use api-version 2021-10-01, as the definition names/);
  assert.equal(p.apiVersion, '2021-10-01');
  assert.match(p.notes[2], /^Location: westeurope, from the definition\..*'eastus' is not used\.$/);
  assert.match(p.notes[3], /properties\.provisioningState/);
});

test('secretLiteralsInText collects literal secret values as parsed and as written, not placeholders or other values', async () => {
  const { secretLiteralsInText } = await import('../../src/core/deploy/secretLiterals');
  const yaml = `properties:
  containers:
  - name: web
    properties:
      image: nginx
      environmentVariables:
      - {name: A, secureValue: 0777123}
      - {name: B, secureValue: "plain-secret"}
      - {name: C, value: visible}
  imageRegistryCredentials:
  - {server: r.io, username: u, password: 'regpass'}
`;
  const found = secretLiteralsInText(yaml, 'g.yaml');
  for (const v of ['0777123', 'plain-secret', 'regpass']) assert.ok(found.includes(v), v);
  for (const v of ['visible', 'nginx', 'u', 'r.io']) assert.ok(!found.includes(v), v);
  const tpl = JSON.stringify({ resources: [{ type: 'Microsoft.ContainerInstance/containerGroups', properties: { diagnostics: { logAnalytics: { workspaceId: 'id', workspaceKey: 'wk-123' } } } }] });
  assert.deepEqual(secretLiteralsInText(tpl, 't.json'), ['wk-123']);
});

test('prepareDeploy refuses a placeholder with an invalid name instead of sending its text', async () => {
  const text = JSON.stringify({ location: 'x', properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image: 'i', environmentVariables: [{ name: 'P', secureValue: '{{secret:db password}}' }] } }] } });
  const asked: string[] = [];
  await assert.rejects(
    prepareDeploy(text, 'g.aci.json', { subscriptionId: 's', resourceGroup: 'r', name: 'g' }, (n) => {
      asked.push(n);
      return 'v';
    }),
    (e: unknown) => e instanceof DeployInputError && /invalid name/.test(e.message) && /letters, digits/.test(e.message),
  );
  assert.deepEqual(asked, []);
  // The same placeholder outside a secret field is misplaced (reported, not resolved).
  const r = resolveSecretPlaceholders({ properties: { containers: [{ properties: { image: '{{secret:bad name}}' } }] } }, () => 'v');
  assert.equal(r.misplaced.length, 1);
});

test('isSecretField: workspaceResourceId is secret (x-ms-secret); template paths are recognized', () => {
  assert.ok(isSecretField(['properties', 'diagnostics', 'logAnalytics', 'workspaceResourceId']));
  assert.ok(isSecretField(['resources', 0, 'properties', 'containers', 1, 'properties', 'environmentVariables', 0, 'secureValue']));
  assert.ok(!isSecretField(['properties', 'diagnostics', 'logAnalytics', 'workspaceId']));
});

test('secretLiteralsInText collects the defaults of secure template parameters, inner templates included', async () => {
  const { secretLiteralsInText } = await import('../../src/core/deploy/secretLiterals');
  const parameters = {
    pass: { type: 'secureString', defaultValue: 's3cret-default' },
    conf: { type: 'secureobject', defaultValue: { token: 'tok-1', nested: ['tok-2', 42] } },
    plain: { type: 'string', defaultValue: 'shown-default' },
    secureNoDefault: { type: 'securestring' },
  };
  const inner = { parameters: { innerPass: { type: 'securestring', defaultValue: 'inner-secret' } }, resources: [] };
  const tpl = JSON.stringify({ parameters, resources: [{ type: 'Microsoft.Resources/deployments', properties: { template: inner } }] });
  assert.deepEqual(secretLiteralsInText(tpl, 't.json').sort(), ['42', 'inner-secret', 's3cret-default', 'tok-1', 'tok-2']);
});
