import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { DefinitionDocument } from '../../src/core/definition';
import { documentSymbols, SymbolEntry } from '../../src/core/symbols/documentSymbols';

const YAML = `apiVersion: '2023-05-01'
name: demo-group
location: westeurope
properties:
  osType: Linux
  containers:
  - name: web
    properties:
      image: nginx:1.27
      environmentVariables:
      - name: DB_PASSWORD
        secureValue: hunter2
  initContainers:
  - name: setup
    properties: {image: busybox}
  volumes:
  - name: cache
    emptyDir: {}
  - name: files
    azureFile: {shareName: s, storageAccountName: a, storageAccountKey: k3y}
  ipAddress:
    type: Public
    ports:
    - port: 80
`;

function child(s: SymbolEntry | SymbolEntry[], name: string): SymbolEntry {
  const list = Array.isArray(s) ? s : s.children;
  const c = list.find((x) => x.name === name);
  assert.ok(c, `no symbol ${name} among ${list.map((x) => x.name).join(', ')}`);
  return c;
}

function walk(symbols: SymbolEntry[], visit: (s: SymbolEntry, parent?: SymbolEntry) => void, parent?: SymbolEntry): void {
  for (const s of symbols) {
    visit(s, parent);
    walk(s.children, visit, s);
  }
}

describe('document symbols', () => {
  const symbols = documentSymbols(DefinitionDocument.parse(YAML, 'yaml'));

  it('has the group, named by its name, as the single root', () => {
    assert.equal(symbols.length, 1);
    assert.equal(symbols[0].kind, 'group');
    assert.equal(symbols[0].name, 'demo-group');
    assert.equal(symbols[0].detail, 'westeurope');
  });

  it('shows containers by name with their image, nested under containers', () => {
    const web = child(child(child(symbols[0], 'properties'), 'containers'), 'web');
    assert.equal(web.kind, 'container');
    assert.equal(web.detail, 'nginx:1.27');
    assert.equal(YAML.slice(web.selectionRange.start, web.selectionRange.end), 'web');
    assert.ok(child(child(web, 'properties'), 'image'));
    const setup = child(child(child(symbols[0], 'properties'), 'initContainers'), 'setup');
    assert.equal(setup.kind, 'container');
    assert.equal(setup.detail, 'init · busybox');
  });

  it('shows volumes by name with their kind, and the IP address with its ports', () => {
    const volumes = child(child(symbols[0], 'properties'), 'volumes');
    assert.deepEqual(volumes.children.map((v) => [v.name, v.kind, v.detail]), [
      ['cache', 'volume', 'emptyDir'],
      ['files', 'volume', 'azureFile'],
    ]);
    assert.equal(child(child(symbols[0], 'properties'), 'ipAddress').detail, 'Public · ports 80');
  });

  it('never shows a secret value', () => {
    const json = JSON.stringify(symbols);
    assert.ok(!json.includes('hunter2'));
    assert.ok(!json.includes('k3y'));
  });

  it('nests every range inside its parent and the selection inside the range', () => {
    walk(symbols, (s, parent) => {
      assert.ok(s.selectionRange.start >= s.range.start && s.selectionRange.end <= s.range.end, s.name);
      if (parent) assert.ok(s.range.start >= parent.range.start && s.range.end <= parent.range.end, s.name);
      assert.ok(s.name.length > 0);
    });
  });

  it('outlines an ARM template with the container group resource by name', () => {
    const tpl = JSON.stringify({
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      resources: [
        { type: 'Microsoft.Storage/storageAccounts', name: 'st' },
        { type: 'Microsoft.ContainerInstance/containerGroups', name: 'cg', properties: { containers: [{ name: 'app', properties: { image: 'i' } }] } },
      ],
    }, null, 2);
    const top = documentSymbols(DefinitionDocument.parse(tpl, 'json'));
    const resources = child(top, 'resources');
    assert.equal(resources.children[0].kind, 'object');
    const group = resources.children[1];
    assert.equal(group.kind, 'group');
    assert.equal(group.name, 'cg');
    assert.equal(child(child(child(group, 'properties'), 'containers'), 'app').kind, 'container');
  });

  it('outlines a JSON ARM body and returns nothing for an empty document', () => {
    const body = documentSymbols(DefinitionDocument.parse('{"location": "x", "properties": {"containers": [{"name": "a"}]}}', 'json'));
    assert.equal(body[0].kind, 'group');
    assert.deepEqual(documentSymbols(DefinitionDocument.parse('', 'yaml')), []);
  });
});
