// Secret values never appear in finding messages, fix titles or the aci-validate output.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { run } from '../../src/cli/aci-validate';
import { validateText } from '../../src/core/validation';
import { API_VERSION, FLOW_REQUESTS, groupYaml } from '../definitionTexts';

const yaml = (secret: string, extra = '') =>
  groupYaml({
    top: { apiVersion: API_VERSION, location: 'westeurope', name: 'app' },
    container: [...FLOW_REQUESTS, 'environmentVariables:', '- name: DB_PASSWORD', `  secureValue: ${secret}`],
  }) + extra;

const shown = (text: string, file: string) =>
  validateText(text, file).findings.flatMap((f) => [f.message, f.fix?.title ?? '']);

describe('secret values stay out of findings', () => {
  for (const value of ['0777123', '12:30:45', '2024-01-31', '123456789']) {
    it(`secureValue: ${value} is flagged without quoting the value`, () => {
      const text = yaml(value);
      const { findings } = validateText(text, 'app.yaml');
      const onSecret = findings.filter((f) => f.path.includes('secureValue'));
      assert.ok(onSecret.length > 0, 'the unquoted value is flagged');
      for (const line of shown(text, 'app.yaml')) assert.ok(!line.includes(value) && !line.includes(value.replace(/^0/, '')), line);
      // The edit still quotes the value in the file.
      assert.ok(onSecret.some((f) => f.fix?.edits.some((e) => e.newText.includes(value))));
    });
  }

  it('a registry password and a workspace key written as numbers are not quoted in messages', () => {
    const text = yaml("'x'", `  imageRegistryCredentials:
  - server: r.io
    username: u
    password: 0555123
  diagnostics:
    logAnalytics:
      workspaceId: w
      workspaceKey: 987654321
`);
    for (const line of shown(text, 'app.yaml')) {
      assert.ok(!/555123|987654321/.test(line), line);
    }
  });

  it('JSON: a number in secureValue is flagged without its value', () => {
    const text = JSON.stringify({ location: 'x', properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image: 'i', resources: { requests: { cpu: 1, memoryInGB: 1 } }, environmentVariables: [{ name: 'K', secureValue: 4815162342 }] } }] } });
    const { findings } = validateText(text, 'g.json');
    assert.ok(findings.some((f) => f.path.includes('secureValue')));
    for (const line of shown(text, 'g.json')) assert.ok(!line.includes('4815162342'), line);
  });

  it('non-secret values are still quoted in the message', () => {
    const text = yaml("'x'").replace('image: nginx', 'image: 0777');
    assert.ok(shown(text, 'app.yaml').some((m) => m.includes('0777')));
  });

  it('aci-validate prints no line with the value (text and json formats)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aci-secret-'));
    const file = join(dir, 'app.yaml');
    writeFileSync(file, yaml('0777123'));
    for (const format of ['text', 'json']) {
      const out: string[] = [];
      run(['--format', format, file], (s) => out.push(s), (s) => out.push(s));
      const printed = out.join('');
      assert.match(printed, /secureValue|quote/i);
      if (format === 'text') assert.ok(!printed.includes('777123'), printed);
      else for (const r of JSON.parse(printed)) for (const f of r.findings) assert.ok(!f.message.includes('777123') && !(f.fix?.title ?? '').includes('777123'));
    }
  });
});

describe('{{secret:NAME}} placeholders', () => {
  const codes = (text: string) => validateText(text, 'app.yaml').findings.map((f) => [f.code, f.severity]);

  it('a placeholder with an invalid name in a secret field is an error naming the allowed characters', () => {
    const { findings } = validateText(yaml('"{{secret:db password}}"'), 'app.yaml');
    const f = findings.find((x) => x.code === 'ACI210');
    assert.ok(f, 'invalid name reported');
    assert.equal(f.severity, 'error');
    assert.match(f.message, /letters, digits, '\.', '_' and '-'/);
    assert.ok(!findings.some((x) => x.code === 'ACI208'), 'secureValue is a secret field');
  });

  it('valid placeholders in secret fields (any key case) get no finding; elsewhere a warning', () => {
    assert.deepEqual(codes(yaml("'{{ secret:db-pass }}'")).filter(([c]) => c === 'ACI208' || c === 'ACI210'), []);
    const cased = yaml("'{{secret:db}}'").replace('secureValue', 'SecureValue');
    assert.deepEqual(codes(cased).filter(([c]) => c === 'ACI208' || c === 'ACI210'), []);
    const inImage = yaml("'x'").replace('image: nginx', "image: '{{secret:db}}'");
    assert.deepEqual(codes(inImage).filter(([c]) => c === 'ACI208'), [['ACI208', 'warning']]);
  });

  it('secret volumes, protectedSettings and workspaceResourceId (x-ms-secret) take placeholders', () => {
    const extra = `  volumes:
  - name: s
    secret:
      app.conf: '{{secret:cfg}}'
  diagnostics:
    logAnalytics:
      workspaceId: w
      workspaceKey: '{{secret:wk}}'
      workspaceResourceId: '{{secret:wr}}'
  extensions:
  - name: e
    properties:
      extensionType: t
      version: '1'
      protectedSettings:
        nested: {token: '{{secret:tok}}'}
`;
    assert.deepEqual(codes(yaml("'{{secret:db}}'", extra)).filter(([c]) => c === 'ACI208' || c === 'ACI210' || c === 'ACI312'), []);
  });
});

describe('an unquoted {{secret:NAME}} in YAML', () => {
  it('is one error that says to quote it, with a fix that quotes it', () => {
    const text = yaml('{{secret:db-password}}');
    const { findings } = validateText(text, 'app.aci.yaml');
    const onSecret = findings.filter((f) => f.path.includes('secureValue') || f.range.start >= text.indexOf('{{'));
    assert.deepEqual(onSecret.map((f) => [f.code, f.severity]), [['ACI111', 'error']]);
    assert.equal(onSecret[0].message, "Unquoted {{secret:db-password}} is a YAML mapping, not text. Quote it: '{{secret:db-password}}'.");
    const edit = onSecret[0].fix!.edits[0];
    assert.equal(text.slice(edit.range.start, edit.range.end), '{{secret:db-password}}');
    const fixed = text.slice(0, edit.range.start) + edit.newText + text.slice(edit.range.end);
    assert.deepEqual(validateText(fixed, 'app.aci.yaml').findings.filter((f) => f.severity === 'error'), []);
  });

  it('leaves other flow mappings to the schema', () => {
    const { findings } = validateText(yaml('{value: 1}'), 'app.aci.yaml');
    assert.ok(findings.every((f) => f.code !== 'ACI111'));
    assert.ok(findings.some((f) => f.code === 'ACI002'));
  });
});
