// ARM templates as published: expressions are values we cannot know (never an error, in any position, in a whole
// template or a resource on its own); a parameter's plain default and allowed values are checked in their place.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Finding } from '../../src/core/definition';
import { validateText } from '../../src/core/validation';

const PUBLISHED = join(__dirname, '../../../test/fixtures/published');
const slice = (text: string, f: Finding) => text.slice(f.range.start, f.range.end);
const errors = (findings: Finding[]) => findings.filter((f) => f.severity === 'error').map((f) => `${f.code} ${f.message}`);
const check = (doc: unknown) => {
  const text = JSON.stringify(doc, null, 2);
  return { text, findings: validateText(text, 'template.json').findings };
};
const p = (name: string) => `[parameters('${name}')]`;

/** A container group resource with an expression in every position a value goes. */
function expressionResource(): Record<string, unknown> {
  return {
    type: 'Microsoft.ContainerInstance/containerGroups',
    apiVersion: '2023-05-01',
    name: p('containerGroupName'),
    location: p('location'),
    condition: "[equals(parameters('deploy'), 'yes')]",
    dependsOn: ["[resourceId('Microsoft.Storage/storageAccounts', variables('storage'))]"],
    tags: "[variables('tags')]",
    identity: { type: p('identityType'), userAssignedIdentities: { "[resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', 'id')]": {} } },
    properties: {
      containers: [
        {
          name: "[variables('container1name')]",
          properties: {
            image: p('image'),
            command: "[variables('command')]",
            ports: [{ port: p('port'), protocol: p('protocol') }],
            environmentVariables: [
              { name: 'PLAIN', value: "[concat('a', parameters('x'))]" },
              { name: p('envName'), secureValue: p('secret') },
            ],
            resources: { requests: { cpu: p('cpuCores'), memoryInGB: p('memoryInGb') }, limits: "[variables('limits')]" },
            volumeMounts: [{ name: p('volumeName'), mountPath: p('mountPath') }],
          },
        },
      ],
      initContainers: "[variables('initContainers')]",
      osType: p('osType'),
      restartPolicy: p('restartPolicy'),
      sku: p('sku'),
      ipAddress: { type: p('ipType'), ports: [{ port: p('port'), protocol: 'TCP' }], dnsNameLabel: p('dnsNameLabel') },
      volumes: [
        { name: p('volumeName'), secret: { 'cert.pem': p('certificate') } },
        { name: 'share', azureFile: { shareName: p('share'), storageAccountName: p('account'), storageAccountKey: "[listKeys(variables('storage'), '2019-06-01').keys[0].value]" } },
      ],
      imageRegistryCredentials: "[variables('registries')]",
      subnetIds: [{ id: "[resourceId('Microsoft.Network/virtualNetworks/subnets', 'v', 's')]" }],
    },
  };
}

describe('published templates and examples get no errors', () => {
  for (const file of readdirSync(PUBLISHED).filter((f) => f.endsWith('.json') || f.endsWith('.yaml'))) {
    it(file, () => {
      const { findings } = validateText(readFileSync(join(PUBLISHED, file), 'utf8'), file);
      assert.deepEqual(errors(findings), []);
    });
  }

  it('a published template resource on its own (copied out of its template)', () => {
    const template = JSON.parse(readFileSync(join(PUBLISHED, 'quickstart-public-ip.json'), 'utf8')) as { resources: unknown[] };
    const { findings } = check(template.resources[0]);
    assert.deepEqual(errors(findings), []);
    assert.deepEqual(findings.filter((f) => f.severity === 'warning'), []);
  });
});

describe('template expressions are never errors', () => {
  it('in every position of a resource on its own', () => {
    const { findings } = check(expressionResource());
    assert.deepEqual(findings.filter((f) => f.severity !== 'info').map((f) => `${f.code} ${f.message}`), []);
  });

  it('in every position of a whole template, with a resource copy loop', () => {
    const resource = { ...expressionResource(), name: "[concat('group-', copyIndex())]", copy: { name: 'groups', count: p('count') } };
    const { findings } = check({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', contentVersion: '1.0.0.0', resources: [resource] });
    assert.deepEqual(findings.filter((f) => f.severity !== 'info').map((f) => `${f.code} ${f.message}`), []);
  });

  it('properties, containers and volumes that are themselves expressions', () => {
    for (const properties of ["[variables('properties')]", { containers: "[variables('containers')]", osType: 'Linux', volumes: "[variables('volumes')]" }]) {
      const { findings } = check({ resources: [{ type: 'Microsoft.ContainerInstance/containerGroups', apiVersion: '2023-05-01', name: 'g', location: 'eastus', properties }] });
      assert.deepEqual(errors(findings), [], JSON.stringify(properties));
    }
  });

  it('a property copy loop makes the containers, whose input is checked as a container', () => {
    const input = { name: "[concat('worker-', copyIndex('containers'))]", properties: { image: p('image'), resources: { requests: { cpu: 1, memoryInGB: 'lots' } } } };
    const resource = {
      type: 'Microsoft.ContainerInstance/containerGroups',
      apiVersion: '2023-05-01',
      name: 'workers',
      location: 'eastus',
      properties: {
        copy: [
          { name: 'containers', count: p('count'), input },
          { name: 'volumes', count: 2, input: { name: "[concat('data-', copyIndex('volumes'))]", emptyDir: {} } },
        ],
        osType: 'Linux',
      },
    };
    const { text, findings } = check({ resources: [resource] });
    assert.deepEqual(findings.map((f) => [f.code, f.severity, slice(text, f)]), [['ACI002', 'error', '"lots"']]);
  });

  it('container groups inside a nested deployment are checked, with the parameters of their scope', () => {
    const inner = (sku: string) => ({ resources: [{ ...expressionResource(), properties: { ...(expressionResource().properties as object), sku } }] });
    const outer = {
      parameters: { osType: { type: 'string', defaultValue: 'Solaris' } },
      resources: [
        { type: 'Microsoft.Resources/deployments', apiVersion: '2022-09-01', name: 'outer-scope', properties: { mode: 'Incremental', template: inner('Cheap') } },
        {
          type: 'Microsoft.Resources/deployments',
          apiVersion: '2022-09-01',
          name: 'inner-scope',
          properties: { mode: 'Incremental', expressionEvaluationOptions: { scope: 'inner' }, template: inner('Standard') },
        },
      ],
    };
    const { findings } = check(outer);
    assert.deepEqual(errors(findings), [
      "ACI003 Parameter 'osType' default 'Solaris': 'Solaris' is not a valid osType; use one of: Windows, Linux.",
      "ACI003 'Cheap' is not a valid sku; use one of: Standard, Dedicated, Confidential.",
    ]);
    assert.deepEqual(findings.find((f) => f.message.includes('Cheap'))?.path, ['resources', 0, 'properties', 'template', 'resources', 0, 'properties', 'sku']);
  });
});

describe("a parameter's default and allowed values are checked in its place", () => {
  const template = (parameters: Record<string, unknown>) => ({
    parameters,
    resources: [
      {
        type: 'Microsoft.ContainerInstance/containerGroups',
        apiVersion: '2023-05-01',
        name: p('containerGroupName'),
        location: p('location'),
        properties: {
          containers: [{ name: p('containerName'), properties: { image: 'nginx', ports: [{ port: p('port') }], resources: { requests: { cpu: p('cpuCores'), memoryInGB: p('memoryInGb') } } } }],
          osType: 'Linux',
          restartPolicy: p('restartPolicy'),
          ipAddress: { type: 'Public', ports: [{ port: p('port') }] },
          volumes: [{ name: 'secrets', secret: { 'cert.pem': p('certificate') } }],
        },
      },
    ],
  });

  it('defaults that fail a check say which parameter and value', () => {
    const { text, findings } = check(
      template({
        containerGroupName: { type: 'string', defaultValue: 'My_Group' },
        containerName: { type: 'string', defaultValue: 'web' },
        port: { type: 'int', defaultValue: 70000 },
        cpuCores: { type: 'int', defaultValue: 100 },
        memoryInGb: { type: 'string', defaultValue: '1.5' },
        restartPolicy: { type: 'string', defaultValue: 'always' },
        certificate: { type: 'secureString', defaultValue: 'not base64!' },
      }),
    );
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, slice(text, f), f.message]),
      [
        ['ACI313', 'error', `"${p('containerGroupName')}"`, "Parameter 'containerGroupName' default 'My_Group': Container group name 'My_Group' must be 1-63 lowercase letters, digits or hyphens, with no leading, trailing or double hyphen."],
        ['ACI325', 'error', `"${p('port')}"`, "Parameter 'port' default 70000: Port 70000 is out of range; use 1-65535."],
        ['ACI318', 'warning', `"${p('cpuCores')}"`, "Parameter 'cpuCores' default 100: requests.cpu 100 is more than the documented maximum of 31 CPU for a Standard group (limits vary by region)."],
        ['ACI312', 'error', `"${p('certificate')}"`, "Parameter 'certificate' default: Secret volume file 'cert.pem' must be base64-encoded (e.g. the output of base64 -w0 FILE)."],
      ],
    );
    assert.ok(findings.every((f) => !f.fix && !f.moreFixes), 'no fix overwrites the expression');
    assert.ok(!JSON.stringify(findings).includes('not base64!'), "a secure parameter's default is never shown");
  });

  it('each allowed value is checked; valid ones and the default are quiet', () => {
    const { text, findings } = check(
      template({
        restartPolicy: { type: 'string', defaultValue: 'Always', allowedValues: ['Always', 'Never', 'Sometimes', 'onfailure'] },
        port: { type: 'int', allowedValues: [80, 0] },
      }),
    );
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, slice(text, f), f.message]),
      [
        ['ACI325', 'error', `"${p('port')}"`, "Parameter 'port' allowed value 0: Port 0 is out of range; use 1-65535."],
        ['ACI003', 'error', `"${p('restartPolicy')}"`, "Parameter 'restartPolicy' allowed value 'Sometimes': 'Sometimes' is not a valid restartPolicy; use one of: Always, OnFailure, Never."],
      ],
    );
  });

  it('expression defaults and parameters without a default stay unknown', () => {
    const { findings } = check(template({ location: { type: 'string', defaultValue: '[resourceGroup().location]' }, containerName: { type: 'string' } }));
    assert.deepEqual(errors(findings), []);
  });
});
