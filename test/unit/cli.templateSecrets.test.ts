// aci-validate, the editor's diagnostics and the outline keep secrets out of nested deployments and deployment
// parameter files: literals in an inner template's secret fields, values passed into its secure parameters, and
// every value of a parameter file.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DefinitionDocument } from '../../src/core/definition';
import { isSecretField } from '../../src/core/definition/secrets';
import { secretLiteralsInText } from '../../src/core/deploy/secretLiterals';
import { documentSymbols, SymbolEntry } from '../../src/core/symbols/documentSymbols';
import { validateText } from '../../src/core/validation/validateDocument';

const CLI = join(__dirname, '../../src/cli/aci-validate.js');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'aci-validate-templates-'));
const FORMATS = ['text', 'json', 'sarif'];

const GROUP = 'Microsoft.ContainerInstance/containerGroups';

// A nested deployment as the ARM docs describe it ("Using linked and nested templates", learn.microsoft.com
// azure-resource-manager/templates/linked-templates, MicrosoftDocs/azure-docs): a Microsoft.Resources/deployments
// resource whose properties.template is inline and whose expressionEvaluationOptions.scope is `inner`, so its
// parameters come from properties.parameters as { "value": … }; secureString/secureObject are the secure types
// of the deploymentTemplate.json schema (schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json).
// The inner group writes secrets as numbers (each gets a "quote it" finding whose fix would repeat them) and
// a secret volume file from a plain parameter whose default is not base64 (the finding names that default).
const NESTED_TEMPLATE = JSON.stringify({
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  resources: [
    {
      type: 'Microsoft.Resources/deployments',
      apiVersion: '2022-09-01',
      name: 'aci',
      properties: {
        mode: 'Incremental',
        expressionEvaluationOptions: { scope: 'inner' },
        parameters: {
          registryPassword: { value: 'Passed_Pw_4711' },
          settings: { value: { token: 'Passed_Tok_815', plainish: 'Passed_Obj_99' } },
          image: { value: 'nginx:1.27' },
        },
        template: {
          $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
          contentVersion: '1.0.0.0',
          parameters: {
            registryPassword: { type: 'secureString' },
            settings: { type: 'secureObject' },
            image: { type: 'string' },
            configFile: { type: 'string', defaultValue: 'Not*Base64*Cfg' },
          },
          resources: [
            {
              type: GROUP,
              apiVersion: '2023-05-01',
              name: 'inner-group',
              location: 'westeurope',
              properties: {
                osType: 'Linux',
                imageRegistryCredentials: [{ server: 'r.azurecr.io', username: 'u', password: "[parameters('registryPassword')]" }],
                containers: [
                  {
                    name: 'web',
                    properties: {
                      image: "[parameters('image')]",
                      resources: { requests: { cpu: 1, memoryInGB: 1.5 } },
                      environmentVariables: [{ name: 'A', secureValue: 4815162342 }],
                    },
                  },
                ],
                volumes: [
                  { name: 'files', azureFile: { shareName: 's', storageAccountName: 'acct', storageAccountKey: 31415926535 } },
                  { name: 'config', secret: { 'app.cfg': "[parameters('configFile')]" } },
                ],
              },
            },
          ],
        },
      },
    },
  ],
}, null, 2);
const NESTED_SECRETS = ['4815162342', '31415926535', 'Not*Base64*Cfg', 'Passed_Pw_4711', 'Passed_Tok_815', 'Passed_Obj_99'];

describe('aci-validate keeps the secrets of nested deployments out of its output', () => {
  const file = join(dir, 'nested.json');
  writeFileSync(file, NESTED_TEMPLATE);

  for (const format of FORMATS) {
    it(`--format ${format}: findings on the inner group's secret fields, none of their values`, () => {
      const r = run('--format', format, file);
      assert.equal(r.status, 1, r.stderr);
      const printed = r.stdout + r.stderr;
      assert.ok(printed.includes('ACI203') && printed.includes('ACI312'), printed);
      for (const secret of NESTED_SECRETS) assert.ok(!printed.includes(secret), `${format} prints ${secret}`);
    });
  }

  it('--format json: no quick fix that would write an inner secret back', () => {
    const [report] = JSON.parse(run('--format', 'json', file).stdout) as { findings: { code: string; path: (string | number)[]; fix?: unknown }[] }[];
    const onSecrets = report.findings.filter((f) => /securevalue|storageaccountkey/i.test(String(f.path.at(-1))));
    assert.equal(onSecrets.length, 2, JSON.stringify(report.findings));
    for (const f of onSecrets) assert.equal(f.fix, undefined, `a fix on ${f.path.join('.')}`);
  });
});

describe('the editor checks nested deployments without showing their secrets', () => {
  it("diagnostics name the parameter of a secret volume file, not its default", () => {
    const { findings } = validateText(NESTED_TEMPLATE, 'nested.json');
    const base64 = findings.find((f) => f.code === 'ACI312');
    assert.ok(base64, findings.map((f) => f.message).join('\n'));
    assert.match(base64.message, /^Parameter 'configFile' default: /);
    for (const f of findings) for (const secret of NESTED_SECRETS) assert.ok(!f.message.includes(secret), f.message);
  });

  it('diagnostics on a secure parameter default do not quote it, whatever check quotes values', () => {
    // Secure defaults (the deploymentTemplate.json parameter types) checked in place of their expressions: the
    // naming rule, the osType enum and the number check each quote the value they checked.
    const tpl = JSON.stringify({
      parameters: {
        groupName: { type: 'securestring', defaultValue: 'Sec_Name_Q1' },
        os: { type: 'secureString', defaultValue: 'SecOsQ2' },
        cpu: { type: 'securestring', defaultValue: 'SecCpuQ3' },
        short: { type: 'securestring', defaultValue: 'Q4' },
      },
      resources: [{ type: GROUP, apiVersion: '2023-05-01', name: "[parameters('groupName')]", location: 'westeurope', properties: { osType: "[parameters('os')]", containers: [{ name: "[parameters('short')]", properties: { image: 'nginx', resources: { requests: { cpu: "[parameters('cpu')]", memoryInGB: 1 } } } }] } }],
    });
    const messages = validateText(tpl, 't.json').findings.map((f) => f.message);
    assert.ok(messages.some((m) => m.startsWith("Parameter 'groupName' default: Container group name '***'")), messages.join('\n'));
    assert.ok(messages.some((m) => m.startsWith("Parameter 'os' default: '***' is not a valid osType")), messages.join('\n'));
    for (const m of messages) for (const secret of ['Sec_Name_Q1', 'SecOsQ2', 'SecCpuQ3', "'Q4'"]) assert.ok(!m.includes(secret), m);
  });

  it('the outline shows the inner secrets and the values passed into secure parameters as (secret)', () => {
    const details: string[] = [];
    const names: string[] = [];
    const walk = (list: SymbolEntry[]) => list.forEach((s) => (details.push(s.detail ?? ''), names.push(s.name), walk(s.children)));
    walk(documentSymbols(DefinitionDocument.parse(NESTED_TEMPLATE, 'json')));
    for (const secret of NESTED_SECRETS) assert.ok(!details.concat(names).some((d) => d.includes(secret)), `the outline shows ${secret}`);
    assert.ok(details.includes('nginx:1.27'), 'a value passed into a plain parameter is still shown');
    assert.ok(details.filter((d) => d === '(secret)').length >= 6, details.join(' | '));
  });

  it('isSecretField reads paths through nested deployments', () => {
    const inner = ['resources', 0, 'properties', 'template', 'resources', 'grp'];
    assert.ok(isSecretField([...inner, 'properties', 'containers', 0, 'properties', 'environmentVariables', 1, 'secureValue']));
    assert.ok(isSecretField([...inner, 'properties', 'template', 'resources', 2, 'properties', 'volumes', 0, 'azureFile', 'storageAccountKey']));
    assert.ok(!isSecretField([...inner, 'properties', 'containers', 0, 'properties', 'environmentVariables', 1, 'value']));
  });

  it('deploy redacts what a nested or linked deployment passes into secure parameters', () => {
    const found = secretLiteralsInText(NESTED_TEMPLATE, 'nested.json');
    for (const secret of NESTED_SECRETS) assert.ok(found.includes(secret), secret);
    assert.ok(!found.includes('nginx:1.27'), 'a value for a plain parameter is not a secret');
    // A linked template (templateLink) is not in the file: what it is passed may go to secure parameters.
    const linked = JSON.stringify({ resources: [{ type: 'Microsoft.Resources/deployments', properties: { templateLink: { uri: 'https://example.invalid/t.json' }, parameters: { adminKey: { value: 'Linked_Key_31' } } } }] });
    assert.deepEqual(secretLiteralsInText(linked, 'linked.json'), ['Linked_Key_31']);
  });
});

// A deployment parameter file as the schema defines it (schema.management.azure.com/schemas/2019-04-01/
// deploymentParameters.json, Azure/azure-resource-manager-schemas): `$schema`, `contentVersion` and
// `parameters`, each with a `value` or a Key Vault `reference` ({ keyVault: { id }, secretName, secretVersion }).
const PARAMETER_FILE = JSON.stringify({
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
  contentVersion: '1.0.0.0',
  parameters: {
    containerGroupName: { value: 'Param_Group_12' },
    registryPassword: { value: 'Param_Pw_3141' },
    settings: { value: { token: 'Param_Tok_2718' } },
    port: { value: 99999 },
    storageKey: { reference: { keyVault: { id: '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv' }, secretName: 'storage-key' } },
  },
}, null, 2);
const PARAMETER_VALUES = ['Param_Group_12', 'Param_Pw_3141', 'Param_Tok_2718', '99999'];

describe('aci-validate reads a deployment parameter file as one, without its values', () => {
  const file = join(dir, 'azuredeploy.parameters.json');
  writeFileSync(file, PARAMETER_FILE);
  // Without `$schema` it is recognised by its shape.
  const bare = join(dir, 'bare.parameters.json');
  writeFileSync(bare, JSON.stringify({ parameters: { registryPassword: { value: 'Param_Pw_3141' } } }));

  for (const format of FORMATS) {
    it(`--format ${format}: one note that it is a parameter file, no value, exit 0`, () => {
      const r = run('--format', format, file, bare);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const printed = r.stdout + r.stderr;
      const codes = format === 'text' ? printed.match(/ACI\d+/g) : format === 'json' ? (JSON.parse(r.stdout) as { findings: { code: string }[] }[]).flatMap((x) => x.findings.map((f) => f.code)) : (JSON.parse(r.stdout) as { runs: { results: { ruleId: string }[] }[] }).runs[0].results.map((x) => x.ruleId);
      assert.deepEqual(codes, ['ACI008', 'ACI008'], printed);
      for (const value of PARAMETER_VALUES) assert.ok(!printed.includes(value), `${format} prints ${value}`);
    });
  }

  it('deploy and the outline count every value of a parameter file as secret', () => {
    assert.deepEqual(secretLiteralsInText(PARAMETER_FILE, 'p.json').sort(), [...PARAMETER_VALUES].sort());
  });
});

describe('aci-validate --help says what is masked', () => {
  it('names every kind of secret it keeps out', () => {
    const help = run('--help').stdout.replace(/\s+/g, ' ');
    for (const kind of ['secureValue', 'registry passwords', 'storage account keys', 'workspace', 'secret volume', 'protectedSettings', 'securestring', 'nested deployments', 'parameter file']) {
      assert.ok(help.toLowerCase().includes(kind.toLowerCase()), `--help does not mention ${kind}:\n${help}`);
    }
  });
});
