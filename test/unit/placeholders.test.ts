// Placeholders that published examples leave for the reader (`<subscription-ID>`, `<Enter contents of … here>`,
// `XXXX`): a warning that names them as placeholders, and a deploy that refuses to send one, pointing at it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Finding } from '../../src/core/definition';
import { findUnfilledPlaceholder } from '../../src/core/deploy/placeholderCheck';
import { validateText } from '../../src/core/validation';

const PUBLISHED = join(__dirname, '../../../test/fixtures/published');
const slice = (text: string, f: Finding) => text.slice(f.range.start, f.range.end);
const placeholders = (text: string, findings: Finding[]) => findings.filter((f) => f.code === 'ACI211').map((f) => [f.severity, slice(text, f), f.message]);

/** A valid group with `container` and `props` lines added (YAML, as `az container create --file` reads it). */
function yaml(container: string, props = '', top = ''): string {
  return `apiVersion: '2023-05-01'
location: eastus
name: demo
${top}properties:
  osType: Linux
  containers:
  - name: app
    properties:
      image: nginx
      resources:
        requests:
          cpu: 1
          memoryInGB: 1.5
${container}${props}`;
}

describe('placeholders from examples are warnings that say so', () => {
  it('the docs SSL sidecar example: each secret volume file, never "must be base64"', () => {
    const text = readFileSync(join(PUBLISHED, 'docs-ssl-sidecar.yaml'), 'utf8');
    const { findings } = validateText(text, 'docs-ssl-sidecar.yaml');
    assert.deepEqual(findings.filter((f) => f.severity === 'error'), []);
    assert.ok(!findings.some((f) => f.code === 'ACI312'), 'no base64 error on a placeholder');
    assert.deepEqual(placeholders(text, findings), ['ssl.crt', 'ssl.key', 'nginx.conf'].map((file) => [
      'warning',
      text.slice(text.indexOf(`${file}: `) + file.length + 2).split('\n')[0],
      `'${file}' holds a placeholder from an example (<…>); replace it with the real value. Deploy refuses to send it.`,
    ]));
  });

  it('<…> and XXXX in the image, environment values, resource IDs and identity keys', () => {
    const text = yaml(
      "      environmentVariables:\n      - name: ACCOUNT\n        value: <storage-account>\n      - name: KEY\n        value: XXXX\n      - name: PASSWORD\n        secureValue: <your-password>\n",
      "  subnetIds:\n  - id: /subscriptions/<subscription-ID>/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/v/subnets/s\n",
      "identity:\n  type: UserAssigned\n  userAssignedIdentities:\n    /subscriptions/xxxxxxxx-0903-4b79-a55a-xxxxxxxxxxxx/resourcegroups/rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/myACIId: {}\n",
    ).replace('image: nginx', 'image: <acrLoginServer>/aci-tutorial-app:v1');
    const { findings } = validateText(text, 'x.aci.yaml');
    const say = (p: string) => `'${p}' is a placeholder from an example; replace it with the real value. Deploy refuses to send it.`;
    assert.deepEqual(placeholders(text, findings).map(([, , message]) => message), [
      say('xxxxxxxx'),
      say('<acrLoginServer>'),
      say('<storage-account>'),
      say('XXXX'),
      "'secureValue' holds a placeholder from an example (<…>); replace it with the real value. Deploy refuses to send it.",
      say('<subscription-ID>'),
    ]);
    assert.ok(slice(text, findings.find((f) => f.message === say('xxxxxxxx'))!).endsWith('/myACIId'), 'the identity key is flagged');
    assert.ok(findings.every((f) => f.severity !== 'error'), findings.map((f) => f.message).join('\n'));
  });

  it('markup, shell commands and secrets that merely hold < > are not placeholders', () => {
    const text = yaml(
      "      command: ['/bin/sh', '-c', 'f=$(mktemp /tmp/run.XXXXXX); echo <name> > $f']\n      environmentVariables:\n      - name: PAGE\n        value: <html><body>Hi</body></html>\n      - name: PASSWORD\n        secureValue: P4ss<Word>!\n",
    );
    const { findings } = validateText(text, 'x.aci.yaml');
    assert.deepEqual(placeholders(text, findings), []);
  });
});

describe('deploy refuses a placeholder from an example, pointing at it', () => {
  it('in a secret volume: the line and field, never the value', () => {
    const text = readFileSync(join(PUBLISHED, 'docs-ssl-sidecar.yaml'), 'utf8');
    const found = findUnfilledPlaceholder(text, 'docs-ssl-sidecar.yaml');
    assert.deepEqual(found && { line: found.line, field: found.field, shown: found.shown }, { line: 31, field: 'properties.volumes[0].secret.ssl.crt', shown: '<…>' });
    assert.ok(found && text.slice(found.range.start, found.range.end).startsWith('<Enter contents of base64-ssl.crt here>'));
  });

  it('in the image of a template resource, as written', () => {
    const template = {
      resources: [
        { type: 'Microsoft.Storage/storageAccounts', name: 'XXXX', properties: {} },
        {
          type: 'Microsoft.ContainerInstance/containerGroups',
          apiVersion: '2023-05-01',
          name: '<container-group-name>',
          location: "[parameters('location')]",
          properties: { osType: 'Linux', containers: [{ name: 'app', properties: { image: '<acrLoginServer>/app:v1', resources: { requests: { cpu: 1, memoryInGB: 1 } } } }] },
        },
      ],
    };
    const text = JSON.stringify(template, null, 2);
    const found = findUnfilledPlaceholder(text, 't.json');
    assert.deepEqual(found && { line: found.line, field: found.field, shown: found.shown }, {
      line: text.split('\n').findIndex((l) => l.includes('<acrLoginServer>')) + 1,
      field: 'properties.containers[0].properties.image',
      shown: '<acrLoginServer>',
    });
  });

  it('nothing to refuse in published definitions without placeholders, or in commands', () => {
    for (const file of ['quickstart-public-ip.json', 'quickstart-sftp-files.json']) {
      assert.equal(findUnfilledPlaceholder(readFileSync(join(PUBLISHED, file), 'utf8'), file), undefined, file);
    }
    assert.equal(findUnfilledPlaceholder(yaml("      command: ['/bin/sh', '-c', 'mktemp /tmp/x.XXXXXX']\n"), 'x.aci.yaml'), undefined);
  });
});
