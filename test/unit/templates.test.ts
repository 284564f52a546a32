import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { DefinitionDocument, nodeAtPath, toPlainValue } from '../../src/core/definition';
import { newDefinitionText } from '../../src/core/templates/newDefinition';
import { validateDocument } from '../../src/core/validation/validateDocument';

describe('new definition templates', () => {
  for (const format of ['yaml', 'json'] as const) {
    it(`${format}: validates with no findings`, () => {
      const doc = DefinitionDocument.parse(newDefinitionText(format, 'web-app'), format);
      assert.deepEqual(validateDocument(doc), []);
      const value = toPlainValue(doc.root) as { properties: { osType: string; containers: { properties: { image: string; ports: { port: number }[] } }[]; ipAddress: { type: string; ports: { port: number }[] } } };
      assert.equal(value.properties.osType, 'Linux');
      assert.equal(value.properties.containers.length, 1);
      assert.match(value.properties.containers[0].properties.image, /^mcr\.microsoft\.com\//);
      assert.equal(value.properties.ipAddress.type, 'Public');
      assert.equal(value.properties.ipAddress.ports[0].port, 80);
      assert.ok(nodeAtPath(doc.root, ['properties', 'containers', 0, 'properties', 'resources', 'requests', 'cpu']));
    });
  }

  it('yaml: the az container create format with the api-version quoted and the given name', () => {
    const text = newDefinitionText('yaml', 'web-app');
    assert.match(text, /^apiVersion: '2025-09-01'$/m);
    assert.match(text, /^name: web-app$/m);
  });

  it('yaml: an invalid or missing name becomes a valid one (still no findings)', () => {
    for (const name of ['My App!', undefined, '--']) {
      const doc = DefinitionDocument.parse(newDefinitionText('yaml', name), 'yaml');
      assert.deepEqual(validateDocument(doc), [], String(name));
    }
    assert.match(newDefinitionText('yaml', 'My App!'), /^name: my-app$/m);
  });

  it('json: an ARM body with the newest stable apiVersion (no read-only name)', () => {
    const value = JSON.parse(newDefinitionText('json', 'web-app'));
    assert.equal(value.apiVersion, '2025-09-01');
    assert.equal(value.name, undefined);
    assert.ok(value.location);
  });
});
