// Completion and hover read the schema of the group's own apiVersion: a 2025-09-01 file is offered what 2025-09-01
// has, a 2023-05-01 file only what 2023-05-01 has; hover says which version adds a property.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { complete } from '../../src/core/completion/complete';
import { DefinitionDocument, DefinitionFormat } from '../../src/core/definition';
import { hover } from '../../src/core/hover/hover';

function labelsAt(text: string, format: DefinitionFormat = 'yaml'): string[] {
  const offset = text.indexOf('|');
  const src = text.slice(0, offset) + text.slice(offset + 1);
  return complete(DefinitionDocument.parse(src, format), offset, {}).map((e) => e.label);
}

const yaml = (apiVersion: string) => `apiVersion: '${apiVersion}'\nname: g\nlocation: westeurope\nproperties:\n  |\n  containers: []\n`;
const template = (apiVersion: string) =>
  `{"resources": [{"type": "Microsoft.ContainerInstance/containerGroups", "apiVersion": "${apiVersion}", "name": "g", "properties": {"|"}}]}`;

describe('completion and hover by api-version', () => {
  it('YAML: secretReferences and standbyPoolProfile are offered at 2025-09-01, not at 2023-05-01', () => {
    const v2025 = labelsAt(yaml('2025-09-01'));
    assert.ok(v2025.includes('secretReferences') && v2025.includes('standbyPoolProfile') && v2025.includes('containerGroupProfile'), v2025.join());
    const v2023 = labelsAt(yaml('2023-05-01'));
    assert.ok(v2023.includes('osType'), v2023.join());
    assert.ok(!v2023.includes('secretReferences'), v2023.join());
  });

  it('a template resource is completed at its own apiVersion', () => {
    assert.ok(labelsAt(template('2025-09-01'), 'json').includes('identityAcls'));
    assert.ok(!labelsAt(template('2023-05-01'), 'json').includes('identityAcls'));
  });

  it('apiVersion values: every version with a schema, the newest stable preselected', () => {
    const offset = "apiVersion: |".indexOf('|');
    const src = 'apiVersion: \nproperties: {}\n';
    const entries = complete(DefinitionDocument.parse(src, 'yaml'), offset, {});
    const versions = entries.filter((e) => /^\d{4}-/.test(e.label));
    assert.deepEqual(versions.map((e) => [e.label, e.detail]), [['2025-09-01', 'api-version'], ['2023-05-01', 'api-version'], ['2026-06-01-preview', 'api-version (preview)']]);
    assert.equal(versions.find((e) => e.preselect)?.label, '2025-09-01');
  });

  it('hover on a property a version adds says which version adds it', () => {
    const text = `apiVersion: '2025-09-01'\nname: g\nproperties:\n  secretReferences: []\n  containers: []\n`;
    const h = hover(DefinitionDocument.parse(text, 'yaml'), text.indexOf('secretReferences') + 1);
    assert.ok(h, 'a hover');
    assert.match(h.markdown, /secret references/i);
    assert.match(h.markdown, /Added in api-version 2025-09-01\./);
  });
});
