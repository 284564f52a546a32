import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { DefinitionDocument, DefinitionFormat } from '../../src/core/definition';
import { hover } from '../../src/core/hover/hover';

const YAML = `apiVersion: '2023-05-01'
name: demo
properties:
  OSTYPE: linux
  restartPolicy: Never
  containers:
  - name: web
    properties:
      image: nginx
      resources:
        requests: {cpu: 1, memoryInGB: 1.5}
  ipAddress:
    type: Public
    ports: [{port: 80}]
`;

function hoverOn(text: string, word: string, format: DefinitionFormat = 'yaml', nth = 0): ReturnType<typeof hover> & object {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(word, offset + 1);
  assert.ok(offset >= 0, `no ${word}`);
  const result = hover(DefinitionDocument.parse(text, format), offset + 1);
  assert.ok(result, `no hover on ${word}`);
  assert.ok(result.range.start <= offset + 1 && offset + 1 < result.range.end);
  return result;
}

describe('hover', () => {
  it('describes a key: description, type, required and allowed values', () => {
    const h = hoverOn(YAML, 'restartPolicy');
    assert.match(h.markdown, /\*\*restartPolicy\*\*/);
    assert.match(h.markdown, /`string`/);
    assert.doesNotMatch(h.markdown.split('\n')[0], /required/);
    assert.match(h.markdown, /Restart policy for all containers/);
    assert.match(h.markdown, /- `OnFailure`: Restart on failure\./);
  });

  it('matches keys ignoring case and names the canonical property', () => {
    const h = hoverOn(YAML, 'OSTYPE');
    assert.match(h.markdown, /^\*\*osType\*\* · `string` · required/);
    assert.match(h.markdown, /Windows containers/);
  });

  it('describes an enum value (in any case) with the property', () => {
    const h = hoverOn(YAML, 'linux');
    assert.match(h.markdown, /^`Linux`: Linux containers\./);
    assert.match(h.markdown, /\*\*osType\*\*/);
    const t = hoverOn(YAML, 'Public');
    assert.match(t.markdown, /^`Public`: Public IP address\./);
  });

  it('describes values without an enum by their property', () => {
    const h = hoverOn(YAML, 'nginx');
    assert.match(h.markdown, /\*\*image\*\* · `string` · required/);
  });

  it('works in flow collections and JSON', () => {
    assert.match(hoverOn(YAML, 'memoryInGB').markdown, /\*\*memoryInGB\*\* · `number` · required/);
    const json = '{"properties": {"ipAddress": {"type": "Private", "ports": []}, "sku": "Confidential"}}';
    assert.match(hoverOn(json, 'Private', 'json').markdown, /^`Private`: Private IP address in a virtual network/);
    assert.match(hoverOn(json, 'sku', 'json').markdown, /\*\*sku\*\*/);
  });

  it('describes template resources and nothing outside the schema', () => {
    const tpl = '{"resources": [{"type": "Microsoft.ContainerInstance/containerGroups", "name": "g", "properties": {"osType": "Linux"}}]}';
    assert.match(hoverOn(tpl, 'osType', 'json').markdown, /\*\*osType\*\*/);
    const doc = DefinitionDocument.parse('properties:\n  madeUp: 1\n', 'yaml');
    assert.equal(hover(doc, 15), undefined);
  });

  it('returns nothing between tokens or outside the document', () => {
    const doc = DefinitionDocument.parse(YAML, 'yaml');
    assert.equal(hover(doc, YAML.indexOf(':')), undefined);
    assert.equal(hover(doc, -1), undefined);
    assert.equal(hover(doc, YAML.length + 5), undefined);
  });

  it("shows a key the schema does not name as text: no image, link or HTML from the file renders", () => {
    const keys = ['![x](https://example.invalid/p.png)', '[open](command:workbench.action.terminal.new)', '<img src=x onerror=alert(1)>', 'https://example.invalid/a'];
    for (const key of keys) {
      const text = `{"location": "westeurope", "tags": {${JSON.stringify(key)}: "v"}, "properties": {}}`;
      const h = hover(DefinitionDocument.parse(text, 'json'), text.indexOf(key) + 1);
      assert.ok(h, key);
      const name = /^\*\*(.*)\*\* · `string`/.exec(h.markdown)?.[1];
      assert.ok(name, h.markdown);
      // Every character Markdown could act on carries its backslash, and dropping them gives the key back.
      assert.doesNotMatch(name.replace(/\\[^\s]/g, ''), /[![\]()<>:/]/, name);
      assert.equal(name.replace(/\\(.)/g, '$1'), key);
    }
  });
});
