import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DefinitionDocument,
  detectFormat,
  findNodeAtOffset,
  isContainerGroupDocument,
  LineIndex,
  parseJson,
  parseYaml,
  rangeForPath,
  toLineCol,
  toPlainValue,
} from '../../src/core/definition';
import { validateDocument } from '../../src/core/validation/validateDocument';

const at = (text: string, needle: string, from = 0) => {
  const start = text.indexOf(needle, from);
  assert.ok(start >= 0, `${needle} in text`);
  return { start, end: start + needle.length };
};

describe('definition model: one tree for JSON and YAML', () => {
  const json = '{\n  "name": "web",\n  "properties": { "containers": [ { "name": "a" } ], "n": 2, "b": true, "z": null }\n}';
  const yaml = 'name: web\nproperties:\n  containers:\n  - name: a\n  n: 2\n  b: true\n  z:\n';

  it('gives the same plain value for both formats', () => {
    const expected = { name: 'web', properties: { containers: [{ name: 'a' }], n: 2, b: true, z: null } };
    assert.deepEqual(toPlainValue(parseJson(json).root), expected);
    assert.deepEqual(toPlainValue(parseYaml(yaml).root), expected);
  });

  it('keeps key and value ranges (JSON keys include their quotes)', () => {
    const root = parseJson(json).root!;
    assert.equal(root.kind, 'object');
    const name = root.kind === 'object' ? root.properties[0] : undefined;
    assert.deepEqual(name?.keyRange, at(json, '"name"'));
    assert.deepEqual(name?.range, at(json, '"web"'));
    const y = parseYaml(yaml).root!;
    const yName = y.kind === 'object' ? y.properties[0] : undefined;
    assert.deepEqual(yName?.keyRange, at(yaml, 'name'));
    assert.deepEqual(yName?.range, at(yaml, 'web'));
    assert.equal(yName?.kind, 'string');
  });

  it('maps a path to the narrowest range (value, or key when asked or for collections)', () => {
    const root = parseYaml(yaml).root;
    const a = yaml.indexOf('name: a') + 6;
    assert.deepEqual(rangeForPath(root, ['properties', 'containers', 0, 'name']), { start: a, end: a + 1 });
    assert.deepEqual(rangeForPath(root, ['properties', 'containers', 0, 'name'], true), at(yaml, 'name', yaml.indexOf('- name')));
    assert.deepEqual(rangeForPath(root, ['properties', 'containers']), at(yaml, 'containers'));
    assert.deepEqual(rangeForPath(root, ['PROPERTIES', 'N']), at(yaml, '2'));
    // A missing tail stops at the deepest existing node.
    assert.deepEqual(rangeForPath(root, ['properties', 'missing', 'x']), at(yaml, 'properties'));
  });

  it('finds the node at an offset with its path, and tells keys from values', () => {
    const root = parseYaml(yaml).root;
    const onKey = findNodeAtOffset(root, yaml.indexOf('name', 20) + 1);
    assert.deepEqual(onKey?.path, ['properties', 'containers', 0, 'name']);
    assert.equal(onKey?.isKey, true);
    const onValue = findNodeAtOffset(root, yaml.indexOf('true') + 2);
    assert.deepEqual(onValue?.path, ['properties', 'b']);
    assert.equal(onValue?.isKey, false);
    assert.equal(findNodeAtOffset(root, 10_000), undefined);
  });
});

describe('parse diagnostics', () => {
  it('reports JSON syntax errors with their position', () => {
    const text = '{ "a": 1, }';
    const r = parseJson(text);
    assert.equal(r.diagnostics.length, 1);
    assert.equal(r.diagnostics[0].code, 'ACI100');
    assert.equal(r.diagnostics[0].message, "Trailing comma before '}'; remove it.");
    assert.deepEqual(r.diagnostics[0].range, at(text, ','));
    const missing = '{ "a" 1 }';
    assert.deepEqual(parseJson(missing).diagnostics.map((d) => [d.message, d.range]), [["Expected ':' after the property name.", at(missing, '1')]]);
  });

  it('reports an unclosed JSON object and an unclosed string', () => {
    assert.deepEqual(parseJson('{ "a": 1').diagnostics.map((d) => d.message), ["Expected '}' to close the object."]);
    assert.ok(parseJson('{ "a": "x').diagnostics.some((d) => d.message === 'String is not closed.'));
  });

  it('reports YAML syntax errors', () => {
    const text = 'a: [1, 2\nb: 3\n';
    const r = parseYaml(text);
    assert.ok(r.diagnostics.length >= 1);
    assert.ok(r.diagnostics.every((d) => d.code === 'ACI100' && d.severity === 'error'));
    assert.ok(r.diagnostics.every((d) => d.range.start >= 0 && d.range.end <= text.length));
  });

  it('reports tabs used for YAML indentation', () => {
    const r = parseYaml('a:\n\tb: 1\n');
    assert.ok(r.diagnostics.some((d) => d.code === 'ACI100'));
  });

  for (const [format, text, key] of [
    ['json', '{ "name": "a", "name": "b" }', '"name"'],
    ['yaml', 'name: a\nname: b\n', 'name'],
  ] as const) {
    it(`reports duplicate keys in ${format} at the second key; the last value wins`, () => {
      const doc = DefinitionDocument.parse(text, format);
      const dup = doc.parseDiagnostics.filter((d) => d.code === 'ACI101');
      assert.equal(dup.length, 1);
      assert.equal(dup[0].severity, 'warning');
      assert.equal(dup[0].message, "Duplicate key 'name': only the last one is used. Remove or rename one of them.");
      assert.deepEqual(dup[0].range, at(text, key, 3));
      assert.deepEqual(dup[0].path, ['name']);
      assert.deepEqual(toPlainValue(doc.root), { name: 'b' });
    });
  }

  it('reports a second YAML document as an error', () => {
    const text = 'a: 1\n---\nb: 2\n';
    const d = parseYaml(text).diagnostics.filter((x) => x.code === 'ACI102');
    assert.equal(d.length, 1);
    assert.match(d[0].message, /Only one YAML document/);
    assert.ok(d[0].range.start >= text.indexOf('---'));
  });

  it('expands aliases, pointing their findings at the alias, and merge keys', () => {
    const text = 'base: &b\n  cpu: 1\nother: *b\nmerged:\n  <<: *b\n  memory: 2\n';
    const r = parseYaml(text);
    const alias = r.diagnostics.filter((d) => d.code === 'ACI103');
    assert.equal(alias.length, 2);
    assert.equal(alias[0].message, 'Alias *b repeats the anchored value; findings inside it are shown here.');
    assert.deepEqual(alias[0].range, at(text, '*b'));
    assert.deepEqual(toPlainValue(r.root), { base: { cpu: 1 }, other: { cpu: 1 }, merged: { cpu: 1, memory: 2 } });
    assert.equal(r.usesAliases, true);
  });

  it('warns about YAML 1.1 readings: on/yes, 0777, base 60, unquoted dates, with a quoting fix', () => {
    const text = 'a: on\nb: yes\nc: 0777\nd: 1:30\napiVersion: 2019-12-01\ne: "on"\nf: 0\n';
    const r = parseYaml(text);
    const got = r.diagnostics.map((d) => [d.code, text.slice(d.range.start, d.range.end), d.fix?.edits[0].newText]);
    assert.deepEqual(got, [
      ['ACI104', 'on', "'on'"],
      ['ACI104', 'yes', "'yes'"],
      ['ACI105', '0777', "'0777'"],
      ['ACI105', '1:30', "'1:30'"],
      ['ACI106', '2019-12-01', "'2019-12-01'"],
    ]);
    assert.equal(r.diagnostics[2].message, 'Unquoted 0777 is a decimal number here but an octal number in YAML 1.1 (read by az container create). Quote it or drop the leading zero.');
    assert.deepEqual(toPlainValue(r.root), { a: 'on', b: 'yes', c: 777, d: '1:30', apiVersion: '2019-12-01', e: 'on', f: 0 });
  });

  it('reports an empty document', () => {
    assert.equal(parseYaml('# only a comment\n').diagnostics[0].code, 'ACI108');
    assert.equal(parseJson('  ').diagnostics[0].code, 'ACI108');
  });

  it('reads a BOM and CRLF line ends with offsets of the original text', () => {
    const text = '\uFEFF{\r\n  "a": "x"\r\n}';
    const r = parseJson(text);
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(rangeForPath(r.root, ['a']), at(text, '"x"'));
    const y = '\uFEFFa: x\r\nb: y\r\n';
    const ry = parseYaml(y);
    assert.deepEqual(ry.diagnostics, []);
    assert.deepEqual(rangeForPath(ry.root, ['b']), at(y, 'y\r'.slice(0, 1), 6));
  });

  it('cuts off absurd nesting with a finding instead of throwing', () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const r = parseJson(deep);
    assert.ok(r.diagnostics.some((d) => d.code === 'ACI107'));
    const ry = parseYaml(deep);
    assert.ok(ry.diagnostics.some((d) => d.code === 'ACI107' || d.code === 'ACI100'));
  });
});

describe('format detection and offsets', () => {
  it('detects the format from the name, else from the content', () => {
    assert.equal(detectFormat('a.yaml', '{}'), 'yaml');
    assert.equal(detectFormat('a.YML', ''), 'yaml');
    assert.equal(detectFormat('a.json', 'a: 1'), 'json');
    assert.equal(detectFormat('untitled', '\uFEFF  {"a":1}'), 'json');
    assert.equal(detectFormat('untitled', 'a: 1'), 'yaml');
  });

  it('recognises container group documents by type or by an .aci. file name', () => {
    assert.equal(isContainerGroupDocument('type: Microsoft.ContainerInstance/containerGroups\n'), true);
    assert.equal(isContainerGroupDocument('{"type": "microsoft.containerinstance/containergroups"}'), true);
    assert.equal(isContainerGroupDocument('type: Microsoft.Web/sites'), false);
    assert.equal(isContainerGroupDocument('a: 1', 'web.aci.yaml'), true);
    assert.equal(isContainerGroupDocument('a: 1', 'web.yaml'), false);
  });

  it('converts offsets to zero-based line and column', () => {
    const text = 'ab\r\ncd\nef';
    assert.deepEqual(toLineCol(text, 0), { line: 0, column: 0 });
    assert.deepEqual(toLineCol(text, 5), { line: 1, column: 1 });
    assert.deepEqual(toLineCol(text, 8), { line: 2, column: 1 });
    assert.deepEqual(toLineCol(text, 99), { line: 2, column: 2 });
    const index = new LineIndex(text);
    assert.equal(index.toOffset(1, 1), 5);
  });
});

describe('deep flow nesting', () => {
  it('is refused at the same place on every parse (the YAML reader would recurse near the stack limit)', () => {
    const text = `properties:\n  containers: ${'['.repeat(150)}${'{"a":'.repeat(150)}1${'}'.repeat(150)}${']'.repeat(150)}\n`;
    const runs = [0, 1, 2].map(() => validateDocument(DefinitionDocument.parse(text, 'yaml')).map((f) => [f.code, f.range.start]));
    // 150 brackets, then the 51st `{"a":` is level 201.
    assert.deepEqual(runs[0], [['ACI107', text.indexOf('{') + 50 * '{"a":'.length]]);
    assert.deepEqual(runs[1], runs[0]);
    assert.deepEqual(runs[2], runs[0]);
  });
});
