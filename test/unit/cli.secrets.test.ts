// aci-validate prints no secret value in any format (quick-fix edits included), and no control character from
// the file reaches a terminal or CI log unescaped.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { API_VERSION, FLOW_REQUESTS, groupYaml } from '../definitionTexts';

const CLI = join(__dirname, '../../src/cli/aci-validate.js');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'aci-validate-out-'));
const FORMATS = ['text', 'json', 'sarif'];

// Numbers and YAML 1.1 look-alikes in every kind of secret field: each gets a finding whose quick fix would
// quote the value.
const SECRET_YAML = groupYaml({
  top: { apiVersion: API_VERSION, location: 'westeurope', name: 'app' },
  group: ['imageRegistryCredentials:', '- server: r.azurecr.io', '  username: me', '  password: 0555123'],
  container: [
    ...FLOW_REQUESTS,
    'environmentVariables:',
    ...Object.entries({ A: '4815162342', B: '0x1F2E3D', C: '2024-01-31', D: '12:30:45', E: 'yes' }).flatMap(([name, value]) => [`- name: ${name}`, `  secureValue: ${value}`]),
  ],
  after: [
    'volumes:',
    '- name: files',
    '  azureFile: {shareName: s, storageAccountName: acct, storageAccountKey: 31415926535}',
    'diagnostics:',
    '  logAnalytics:',
    '    workspaceId: w',
    '    workspaceKey: 987654321',
  ],
});
const SECRETS = ['0555123', '555123', '4815162342', '0x1F2E3D', '2024-01-31', '12:30:45', '31415926535', '987654321'];

describe('aci-validate keeps secret values out of its output', () => {
  const file = join(dir, 'secrets.aci.yaml');
  writeFileSync(file, SECRET_YAML);

  for (const format of FORMATS) {
    it(`--format ${format}: findings on the secret fields, none of their values`, () => {
      const r = run('--format', format, file);
      assert.equal(r.status, 0, r.stderr);
      const printed = r.stdout + r.stderr;
      assert.ok(printed.includes('ACI104') && printed.includes('ACI203'), 'the secret fields are flagged');
      for (const secret of SECRETS) assert.ok(!printed.includes(secret), `${format} prints ${secret}`);
    });
  }

  it('--format json keeps the quick fixes that touch no secret and drops those that would write one', () => {
    const text = SECRET_YAML.replace('image: nginx', 'image: 0777');
    const other = join(dir, 'mixed.aci.yaml');
    writeFileSync(other, text);
    const [report] = JSON.parse(run('--format', 'json', other).stdout) as { findings: { path: (string | number)[]; fix?: { edits: { newText: string }[] } }[] }[];
    const onImage = report.findings.find((f) => f.path.at(-1) === 'image');
    assert.equal(onImage?.fix?.edits[0].newText, "'0777'", 'a fix on an ordinary value is kept');
    const onSecrets = report.findings.filter((f) => /securevalue|password|key$/i.test(String(f.path.at(-1))));
    assert.ok(onSecrets.length >= 6, `${onSecrets.length} findings on secret fields`);
    for (const f of onSecrets) assert.equal(f.fix, undefined, `no fix for ${f.path.join('.')}`);
    assert.ok(!JSON.stringify(report).includes("'yes'"), 'the YAML 1.1 boolean in a secret field is not written back');
  });
});

describe('aci-validate quotes a {{secret:NAME}} reference in its advice: a reference is not a secret value', () => {
  const file = join(dir, 'unquoted-reference.aci.yaml');
  writeFileSync(file, SECRET_YAML.replace('secureValue: 4815162342', 'secureValue: {{secret:db-password}}'));

  it('text: the advice names the reference as it must be written', () => {
    const r = run(file);
    const line = r.stdout.split('\n').find((l) => l.includes('[ACI111]'));
    assert.ok(line?.includes("Quote it: '{{secret:db-password}}'"), r.stdout);
    assert.ok(!r.stdout.includes('4815162342'));
  });

  it('json: the fix that quotes the reference is kept; the fixes that would write a value are not', () => {
    const [report] = JSON.parse(run('--format', 'json', file).stdout) as { findings: { code: string; message: string; fix?: { edits: { newText: string }[] } }[] }[];
    const unquoted = report.findings.find((f) => f.code === 'ACI111');
    assert.match(unquoted?.message ?? '', /^Unquoted \{\{secret:db-password\}\} is a YAML mapping, not text\. Quote it: '\{\{secret:db-password\}\}'\.$/);
    assert.equal(unquoted?.fix?.edits[0].newText, "'{{secret:db-password}}'");
    for (const secret of SECRETS) assert.ok(!JSON.stringify(report).includes(secret), secret);
  });
});

// Secure template parameters whose defaults a deploy would take: the group name's default breaks the naming
// rule, whose message quotes the name it checked.
const SECURE_DEFAULTS_TEMPLATE = JSON.stringify({
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  parameters: {
    groupName: { type: 'securestring', defaultValue: 'Hunter2_Group' },
    settings: { type: 'secureObject', defaultValue: { name: 'Tok_Group_7' } },
    plain: { type: 'string', defaultValue: 'Plain_Group' },
  },
  resources: ['groupName', 'settings', 'plain'].map((p, i) => ({
    type: 'Microsoft.ContainerInstance/containerGroups',
    apiVersion: '2023-05-01',
    name: p === 'settings' ? "[parameters('settings').name]" : `[parameters('${p}')]`,
    location: 'westeurope',
    properties: { osType: 'Linux', containers: [{ name: `c${i}`, properties: { image: 'nginx', resources: { requests: { cpu: 1, memoryInGB: 1.5 } } } }] },
  })),
}, null, 2);

describe('aci-validate keeps secure template parameter defaults out of its output', () => {
  const file = join(dir, 'secure-defaults.json');
  writeFileSync(file, SECURE_DEFAULTS_TEMPLATE);

  for (const format of FORMATS) {
    it(`--format ${format}: the finding on the secure default, not its value`, () => {
      const r = run('--format', format, file);
      assert.equal(r.status, 1, r.stderr);
      const printed = r.stdout + r.stderr;
      assert.match(printed, /Parameter 'groupName' default: Container group name '\*+'/);
      assert.ok(printed.includes("'Plain_Group'"), 'a plain parameter default is still quoted');
      for (const secret of ['Hunter2_Group', 'Tok_Group_7']) assert.ok(!printed.includes(secret), `${format} prints ${secret}`);
    });
  }
});

describe('aci-validate escapes control characters from the file', () => {
  // Keys are echoed in "Unknown property" messages: ESC sequences (colour, OSC 8 hyperlink), CR that would
  // overwrite the line, a C1 CSI and a right-to-left override, written as JSON escapes in the file.
  const hostile = ['\u001b[31mred\u001b[0m', '\u001b]8;;https://example.invalid\u0007link\u001b]8;;\u0007', 'ok\rFAKE: error', 'csi\u009b2J', 'rtl\u202eexe.txt'];
  const text = `{"location": "westeurope", "properties": {"osType": "Linux", "containers": [], ${hostile.map((k, i) => `${JSON.stringify(k)}: ${i}`).join(', ')}}}`;
  const file = join(dir, 'controls.aci.json');
  writeFileSync(file, text);
  // eslint-disable-next-line no-control-regex -- what must not be printed raw
  const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

  it('text: each finding on one line, the characters written as escapes', () => {
    const r = run(file);
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stdout, UNSAFE);
    const unknown = r.stdout.split('\n').filter((l) => l.includes('[ACI205]'));
    assert.equal(unknown.length, hostile.length, r.stdout);
    assert.ok(r.stdout.includes("Unknown property '\\x1b[31mred\\x1b[0m'"), r.stdout);
    assert.ok(r.stdout.includes("'ok\\rFAKE: error'") && r.stdout.includes('csi\\x9b2J') && r.stdout.includes('rtl\\u202eexe.txt'), r.stdout);
  });

  for (const format of ['json', 'sarif']) {
    it(`${format}: escaped in the JSON text, the same strings once parsed`, () => {
      const r = run('--format', format, file);
      assert.doesNotMatch(r.stdout, UNSAFE);
      for (const key of hostile) assert.ok(r.stdout.includes(JSON.stringify(key).slice(1, -1)) || JSON.stringify(JSON.parse(r.stdout)).includes(key), key);
      const messages = format === 'json'
        ? (JSON.parse(r.stdout) as { findings: { message: string }[] }[])[0].findings.map((f) => f.message)
        : (JSON.parse(r.stdout) as { runs: { results: { message: { text: string } }[] }[] }).runs[0].results.map((x) => x.message.text);
      for (const key of hostile) assert.ok(messages.some((m) => m.includes(`'${key}'`)), `message with ${JSON.stringify(key)}`);
    });
  }

  it('a file name with control characters is escaped too', () => {
    const named = join(dir, 'x\u001b[2Jy.aci.json');
    writeFileSync(named, '{"properties": {}}');
    const r = run(named);
    assert.doesNotMatch(r.stdout + r.stderr, UNSAFE);
    assert.ok(r.stdout.includes('x\\x1b[2Jy.aci.json'), r.stdout);
    const missing = run(join(dir, 'gone\u001b[2J.yaml'));
    assert.equal(missing.status, 2);
    assert.doesNotMatch(missing.stderr, UNSAFE);
  });
});
