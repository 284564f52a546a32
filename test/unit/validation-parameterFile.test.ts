// A template is checked with its parameter file's values in place of its parameters (as with defaults): the editor's
// service and aci-validate, which finds NAME.parameters.json (else azuredeploy.parameters.json) beside the template;
// findings on such a value name the parameter and the file, and a secure value is never shown.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readParameterFileValues } from '../../src/core/definition/parameterFiles';
import { LanguageService } from '../../src/core/languageService/service';
import { validateText } from '../../src/core/validation';

const TEMPLATE = JSON.stringify(
  {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters: { port: { type: 'int', defaultValue: 80 }, groupName: { type: 'string', defaultValue: 'web' }, image: { type: 'string' } },
    resources: [
      {
        type: 'Microsoft.ContainerInstance/containerGroups',
        apiVersion: '2023-05-01',
        name: "[parameters('groupName')]",
        location: '[resourceGroup().location]',
        properties: {
          osType: 'Linux',
          containers: [{ name: 'web', properties: { image: "[parameters('image')]", ports: [{ port: "[parameters('port')]" }], resources: { requests: { cpu: 1, memoryInGB: 1.5 } } } }],
          ipAddress: { type: 'Public', ports: [{ port: "[parameters('port')]", protocol: 'TCP' }] },
        },
      },
    ],
  },
  null,
  2,
);
const PARAMS = JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#', contentVersion: '1.0.0.0', parameters: { port: { value: 70000 }, groupName: { value: 'Web_Group' }, image: { value: 'nginx' } } }, null, 2);

describe("a template is checked with its parameter file's values", () => {
  it('without the file the defaults are checked and are fine; with it, its values are, naming the file', () => {
    assert.deepEqual(validateText(TEMPLATE, 'web.json').findings.filter((f) => f.severity === 'error'), []);
    const { findings } = validateText(TEMPLATE, 'web.json', readParameterFileValues(PARAMS, 'web.parameters.json'));
    const messages = findings.filter((f) => f.severity === 'error').map((f) => f.message);
    assert.ok(messages.includes("Parameter 'port' value 70000 (from web.parameters.json): Port 70000 is out of range; use 1-65535."), messages.join('\n'));
    assert.ok(messages.some((m) => m.startsWith("Parameter 'groupName' value 'Web_Group' (from web.parameters.json): Container group name 'Web_Group'")), messages.join('\n'));
  });

  it('the language service takes the parameter file with the diagnostics request, and checks again when it changes', () => {
    const service = new LanguageService();
    service.open('file:///w/web.json', 1, 'json', TEMPLATE);
    const without = service.diagnostics('file:///w/web.json', 1, []);
    assert.ok('result' in without && !without.result.some((f) => f.message.includes('web.parameters.json')));
    const withFile = service.diagnostics('file:///w/web.json', 1, [], { name: 'web.parameters.json', text: PARAMS });
    assert.ok('result' in withFile && withFile.result.some((f) => f.message.includes("Parameter 'port' value 70000 (from web.parameters.json)")));
    const fixed = service.diagnostics('file:///w/web.json', 1, [], { name: 'web.parameters.json', text: PARAMS.replace('70000', '8080') });
    assert.ok('result' in fixed && !fixed.result.some((f) => f.message.includes("Parameter 'port'")));
  });

  it('aci-validate reads NAME.parameters.json beside the template', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aci-params-'));
    writeFileSync(join(dir, 'web.json'), TEMPLATE);
    const cli = join(__dirname, '../../src/cli/aci-validate.js');
    const before = spawnSync(process.execPath, [cli, join(dir, 'web.json')], { encoding: 'utf8' });
    assert.equal(before.status, 0, before.stdout + before.stderr);
    writeFileSync(join(dir, 'web.parameters.json'), PARAMS);
    const r = spawnSync(process.execPath, [cli, join(dir, 'web.json')], { encoding: 'utf8' });
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /Parameter 'port' value 70000 \(from web\.parameters\.json\): Port 70000 is out of range/);
  });
});
