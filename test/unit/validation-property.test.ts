import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzzSeed';
import { DefinitionDocument, Finding } from '../../src/core/definition';
import { validateText } from '../../src/core/validation';
import { validateDocument } from '../../src/core/validation/validateDocument';

const FIXTURES = join(__dirname, '../../../test/fixtures/definitions');
const samples = readdirSync(FIXTURES).map((f) => ({ file: f, text: readFileSync(join(FIXTURES, f), 'utf8') }));

function checkAll(text: string, file: string): Finding[] {
  const { findings } = validateText(text, file);
  for (const f of findings) {
    assert.ok(f.range.start >= 0 && f.range.start <= f.range.end && f.range.end <= text.length, `range ${JSON.stringify(f.range)} inside ${text.length}`);
    assert.ok(['error', 'warning', 'info'].includes(f.severity));
    assert.match(f.code, /^ACI\d{3}$/);
    assert.ok(f.message.length > 0);
    assert.ok(!f.message.includes('internal error'), f.message);
    for (const e of f.fix?.edits ?? []) assert.ok(e.range.start >= 0 && e.range.end <= text.length);
  }
  return findings;
}

const mutation = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  del: fc.integer({ min: 0, max: 20 }),
  ins: fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.constantFrom('\t', '\r\n', '\uFEFF', '"', "'", '{', '}', '[', ']', ',', ':', '- ', '&x ', '*x', '<<: *x\n', '---\n', 'name: a\n', '"name": 1,', 'null', '[parameters(\'x\')]', '{{secret:x}}'),
  ),
});

describe('any input yields findings and never throws', () => {
  it('random text, as YAML and as JSON', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        checkAll(text, 'a.yaml');
        checkAll(text, 'a.json');
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('mutated real definitions (truncation, duplicate keys, tabs, BOM, CRLF)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.array(mutation, { maxLength: 5 }), fc.boolean(), ({ file, text }, edits, crlf) => {
        let t = crlf ? text.replace(/\n/g, '\r\n') : text;
        for (const e of edits) {
          const at = Math.floor(e.at * t.length);
          t = t.slice(0, at) + e.ins + t.slice(at + e.del);
        }
        checkAll(t, file);
        checkAll(t.slice(0, Math.floor(t.length / 2)), file);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('random JSON values as definitions', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const json = JSON.stringify(value);
        checkAll(json ?? 'null', 'v.json');
        checkAll(JSON.stringify({ properties: value }), 'v.json');
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('deep nesting and huge strings', () => {
    const deep = 'a:\n' + Array.from({ length: 400 }, (_, i) => ' '.repeat(i + 1) + 'b:').join('\n') + ' 1\n';
    assert.ok(checkAll(deep, 'd.yaml').some((f) => f.code === 'ACI107'));
    const deepJson = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);
    assert.ok(checkAll(deepJson, 'd.json').length > 0);
    const huge = JSON.stringify({ properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image: 'x'.repeat(2_000_000), resources: { requests: { cpu: 1, memoryInGB: 1 } } } }] } });
    assert.deepEqual(checkAll(huge, 'h.json'), []);
  });

  it('editing through DefinitionDocument never throws', () => {
    fc.assert(
      fc.property(fc.constantFrom(...samples.filter((s) => s.file.endsWith('.yaml'))), fc.array(mutation, { maxLength: 4 }), ({ text }, edits) => {
        let doc = DefinitionDocument.parse(text, 'yaml');
        for (const e of edits) {
          doc = doc.applyEdit(Math.floor(e.at * doc.text.length), e.del, e.ins);
          for (const f of validateDocument(doc)) assert.ok(f.range.end <= doc.text.length);
        }
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});
