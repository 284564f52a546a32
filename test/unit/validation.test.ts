import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Finding } from '../../src/core/definition';
import { getSchemaForPath, rootSchema, SchemaNode } from '../../src/core/schema/schemaLookup';
import { validateText } from '../../src/core/validation';
import { API_VERSION, groupYaml } from '../definitionTexts';

const FIXTURES = join(__dirname, '../../../test/fixtures/definitions');
const slice = (text: string, f: Finding) => text.slice(f.range.start, f.range.end);
const summary = (text: string, findings: Finding[]) => findings.map((f) => [f.code, f.severity, slice(text, f)]);

describe('real definitions get no errors', () => {
  for (const file of readdirSync(FIXTURES)) {
    it(file, () => {
      const text = readFileSync(join(FIXTURES, file), 'utf8');
      const { findings } = validateText(text, file);
      // But for the GPU some published examples still request: GPU container groups were retired on 2025-07-14.
      const errors = findings.filter((f) => f.severity === 'error' && !(f.code === 'ACI319' && /retired on 2025-07-14/.test(f.message)));
      assert.deepEqual(errors.map((f) => f.message), []);
    });
  }

  it('reports the docs quickstart quirks as warnings with canonical fixes', () => {
    const file = 'docs-quickstart-multi-container.yaml';
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    const { findings } = validateText(text, file);
    assert.deepEqual(summary(text, findings), [
      ['ACI106', 'warning', '2019-12-01'],
      ['ACI209', 'info', '2019-12-01'],
      ['ACI313', 'warning', 'myContainerGroup'],
      ['ACI200', 'warning', 'memoryInGb'],
      ['ACI200', 'warning', 'memoryInGb'],
      ['ACI201', 'warning', 'tcp'],
      ['ACI201', 'warning', 'tcp'],
    ]);
    const memory = findings[3];
    assert.equal(memory.message, "Write 'memoryInGb' as 'memoryInGB' (the documented spelling).");
    assert.deepEqual(memory.fix?.edits, [{ range: memory.range, newText: 'memoryInGB' }]);
    assert.deepEqual(memory.path, ['properties', 'containers', 0, 'properties', 'resources', 'requests', 'memoryInGB']);
    assert.equal(findings[5].fix?.edits[0].newText, 'TCP', 'a plain value stays plain');
    assert.equal(findings[5].data?.canonical, 'TCP');
  });
});

const GROUP = (containerProps: string, extra = '') => groupYaml({ top: { apiVersion: API_VERSION, name: 'demo' }, containerName: 'app' }) + containerProps + extra;
const RES = '      resources:\n        requests:\n          cpu: 1\n          memoryInGB: 1.5\n';

describe('lenient values (warnings, never errors)', () => {
  it('numbers as strings, scalars where text goes, null tags, booleans as strings', () => {
    const text = GROUP(`      ports:\n      - port: '80'\n      environmentVariables:\n      - name: PORT\n        value: 5000\n      resources:\n        requests:\n          cpu: "1"\n          memoryInGB: 1.5\n      volumeMounts: []\n`, "  volumes:\n  - name: empty-volume\n    emptyDir: {}\n    azureFile: null\ntags: null\n");
    const { findings } = validateText(text, 'x.yaml');
    assert.deepEqual(summary(text, findings), [
      ['ACI202', 'warning', "'80'"],
      ['ACI203', 'warning', '5000'],
      ['ACI202', 'warning', '"1"'],
      ['ACI204', 'warning', 'null'],
      ['ACI204', 'warning', 'null'],
    ]);
    assert.equal(findings[3].fix, undefined, 'no {} fix where {} would miss required properties');
    assert.equal(findings[0].fix?.edits[0].newText, '80');
    assert.equal(findings[1].fix?.edits[0].newText, "'5000'");
    assert.equal(findings[1].message, "'value' is text; quote the value: '5000'.");
    assert.equal(findings[4].fix?.edits[0].newText, '{}');
  });

  it('JSON: property names and enum values in any case', () => {
    const text = JSON.stringify({ Location: 'eastus', properties: { OSTYPE: 'linux', containers: [{ name: 'a', properties: { image: 'x', resources: { requests: { CPU: 1, memoryInGB: 1 } } } }], restartPolicy: 'onfailure' } });
    const { findings } = validateText(text, 'x.json');
    assert.deepEqual(summary(text, findings), [
      ['ACI200', 'warning', '"Location"'],
      ['ACI200', 'warning', '"OSTYPE"'],
      ['ACI201', 'warning', '"linux"'],
      ['ACI200', 'warning', '"CPU"'],
      ['ACI201', 'warning', '"onfailure"'],
    ]);
    assert.equal(findings[0].fix?.edits[0].newText, '"location"');
    assert.equal(findings[4].fix?.edits[0].newText, '"OnFailure"');
  });

  it('unknown properties warn with a did-you-mean fix; read-only ones are informational', () => {
    const text = GROUP(RES + '      imagee: x\n      instanceView: {restartCount: 0}\n');
    const { findings } = validateText(text, 'x.yaml');
    assert.deepEqual(summary(text, findings), [['ACI205', 'warning', 'imagee'], ['ACI206', 'info', 'instanceView']]);
    assert.equal(findings[0].message, "Unknown property 'imagee'; did you mean 'image'?");
  });

  it('ARM template: expressions anywhere a value goes, the rest is checked', () => {
    const template = {
      resources: [
        { type: 'Microsoft.Storage/storageAccounts', name: 'x' },
        {
          type: 'Microsoft.ContainerInstance/containerGroups',
          apiVersion: '2023-05-01',
          name: "[parameters('name')]",
          properties: {
            containers: [{ name: 'a', properties: { image: "[parameters('image')]", resources: "[variables('r')]" } }],
            osType: 'Linux',
            sku: 'Cheap',
            volumes: "[variables('volumes')]",
          },
        },
      ],
    };
    const text = JSON.stringify(template, null, 2);
    const { findings } = validateText(text, 't.json');
    assert.deepEqual(summary(text, findings), [['ACI003', 'error', '"Cheap"']]);
    assert.equal(findings[0].message, "'Cheap' is not a valid sku; use one of: Standard, Dedicated, Confidential.");
    assert.deepEqual(findings[0].path, ['resources', 1, 'properties', 'sku']);
  });

  it('secret placeholders are allowed in secret fields only', () => {
    const text = GROUP(RES + "      environmentVariables:\n      - name: A\n        secureValue: '{{secret:a}}'\n      - name: B\n        value: '{{secret:b}}'\n");
    const { findings } = validateText(text, 'x.yaml');
    assert.deepEqual(summary(text, findings), [['ACI208', 'warning', "'{{secret:b}}'"]]);
  });
});

describe('schema errors', () => {
  it('required, type, enum and format with the narrowest range', () => {
    const text = GROUP('      resources:\n        requests:\n          cpu: lots\n      ports:\n      - port: 1.5\n        protocol: SCTP\n      - port: 3000000000\n');
    const { findings } = validateText(text, 'x.yaml');
    assert.deepEqual(summary(text, findings), [
      ['ACI001', 'error', 'requests'],
      ['ACI002', 'error', 'lots'],
      ['ACI002', 'error', '1.5'],
      ['ACI003', 'error', 'SCTP'],
      ['ACI004', 'error', '3000000000'],
      ['ACI325', 'error', '3000000000'],
    ]);
    assert.deepEqual(findings.slice(0, 5).map((f) => f.message), [
      "Missing required property 'memoryInGB' in 'requests'; add it.",
      "'cpu' must be a number.",
      "'port' must be a whole number.",
      "'SCTP' is not a valid protocol; use one of: TCP, UDP.",
      "'port' must be a whole number from -2147483648 to 2147483647.",
    ]);
  });

  it('a missing containers list and a non-object document', () => {
    const text = "apiVersion: '2023-05-01'\nproperties:\n  osType: Linux\n";
    assert.deepEqual(summary(text, validateText(text, 'x.yaml').findings), [['ACI001', 'error', 'properties']]);
    assert.deepEqual(summary('[1]', validateText('[1]', 'x.json').findings), [['ACI009', 'error', '[']]);
  });

  it('encryptionProperties requires vaultBaseUrl, keyName and keyVersion', () => {
    const text = GROUP(RES, '  encryptionProperties:\n    vaultBaseUrl: https://v.vault.azure.net\n');
    const missing = validateText(text, 'x.yaml').findings.filter((f) => f.code === 'ACI001').map((f) => f.data?.missingProperty);
    assert.deepEqual(missing, ['keyName', 'keyVersion']);
  });
});

describe('schema file', () => {
  it('has an $id, draft-07, and descriptions on every property and enum value', () => {
    assert.equal(rootSchema.$schema, 'http://json-schema.org/draft-07/schema#');
    assert.equal(rootSchema.$id, 'https://aci-data-share.dev/schemas/container-group-2023-05-01.json');
    const walk = (node: SchemaNode, where: string) => {
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        assert.ok(child.description && child.markdownDescription, `${where}.${key} described`);
        if (child.enum) {
          assert.equal((child.enumDescriptions as string[]).length, child.enum.length, `${where}.${key} enum described`);
          assert.equal((child.markdownEnumDescriptions as string[]).length, child.enum.length);
        }
        walk(child, `${where}.${key}`);
      }
      if (node.items) walk(node.items, where + '[]');
    };
    for (const [name, def] of Object.entries(rootSchema.definitions)) walk(def, name);
  });

  it('keeps the swagger required lists and read-only fields', () => {
    const d = rootSchema.definitions;
    assert.deepEqual(d.EncryptionProperties.required, ['vaultBaseUrl', 'keyName', 'keyVersion']);
    assert.deepEqual(d.ContainerGroupPropertiesProperties.required, ['containers', 'osType']);
    assert.deepEqual(d.ContainerProperties.required, ['image', 'resources']);
    assert.equal(d.ContainerGroup.properties!.id.readOnly, true);
    assert.equal(d.IpAddress.properties!.fqdn.readOnly, true);
    assert.ok(d.Volume.properties!.azureFile);
  });

  it('getSchemaForPath resolves $refs and accepts any key case', () => {
    const requests = getSchemaForPath(['properties', 'containers', 0, 'properties', 'resources', 'Requests']);
    assert.deepEqual(requests?.required, ['memoryInGB', 'cpu']);
    assert.equal(requests?.properties?.gpu.type, 'object');
    assert.deepEqual(getSchemaForPath(['properties', 'ipAddress', 'ports', 0, 'protocol'])?.enum, ['TCP', 'UDP']);
    assert.equal(getSchemaForPath(['resources', 0, 'properties', 'osType'])?.type, 'string');
    assert.equal(getSchemaForPath(['properties', 'nope']), undefined);
  });
});
