// Property-based fuzzing of the definition model and every editing feature with structurally broken definitions:
// wrong types at every level, duplicate keys, truncation, deep nesting, huge strings, tabs, BOM, CRLF, bytes that
// are not UTF-8, and edit sequences. Nothing may throw and every range must lie inside the document.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzzSeed';
import YAML from 'yaml';
import { complete } from '../../src/core/completion/complete';
import { DefinitionDocument, type DefinitionFormat, type DefinitionNode, type Finding } from '../../src/core/definition';
import { hover } from '../../src/core/hover/hover';
import { LanguageService } from '../../src/core/languageService/service';
import { documentSymbols, type SymbolEntry } from '../../src/core/symbols/documentSymbols';
import { validateText } from '../../src/core/validation';
import { writeSummary } from '../summary/record';
import { validateDocument } from '../../src/core/validation/validateDocument';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/definitions');
let cases = 0;
after(() => writeSummary('fuzz', 'unit-fuzz-definitions', cases));

/** Parsed seeds: the documented samples and the REST bodies, as plain values. */
const SEEDS: unknown[] = fs
  .readdirSync(FIXTURES)
  .filter((f) => /\.(ya?ml|json)$/.test(f))
  .map((f) => {
    const text = fs.readFileSync(path.join(FIXTURES, f), 'utf8');
    return f.endsWith('.json') ? JSON.parse(text) : YAML.parse(text);
  });

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value inside `v` (objects and arrays), root included. */
function paths(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(v)) v.forEach((c, i) => paths(c, [...prefix, i], out));
  else if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) paths(c, [...prefix, k], out);
  return out;
}

function replaceAt(v: unknown, at: (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const copy: any = Array.isArray(v) ? [...v] : { ...(v as object) };
  copy[at[0]] = replaceAt(copy[at[0]], at.slice(1), value);
  return copy;
}

const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, 0, -1, 1e308, '', 'x', [], {}, [[]], { '': null }, '{{secret:x}}', "[parameters('p')]"),
  fc.string({ maxLength: 30 }),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

/** A seed with up to four values anywhere replaced by values of the wrong type. */
const mutatedValue = fc
  .tuple(fc.constantFrom(...SEEDS), fc.array(fc.tuple(fc.nat(), wrongValue), { minLength: 1, maxLength: 4 }))
  .map(([seed, edits]) => edits.reduce<unknown>((v, [pick, value]) => {
    const all = paths(v);
    return replaceAt(v, all[pick % all.length], value);
  }, seed));

function serialize(value: unknown, format: DefinitionFormat): string {
  return format === 'json' ? JSON.stringify(value, null, 2) : YAML.stringify(value);
}

type TextMutation = (text: string, n: number) => string;
const TEXT_MUTATIONS: Record<string, TextMutation> = {
  truncate: (t, n) => t.slice(0, n % (t.length + 1)),
  bom: (t) => `\uFEFF${t}`,
  crlf: (t) => t.replace(/\n/g, '\r\n'),
  loneCr: (t) => t.replace(/\n/g, '\r'),
  tabs: (t, n) => t.replace(/^( +)/gm, (m, _s, i: number) => ((i + n) % 3 === 0 ? '\t' + m.slice(2) : m)),
  duplicateLine: (t, n) => {
    const lines = t.split('\n');
    const i = n % lines.length;
    lines.splice(i, 0, lines[i]);
    return lines.join('\n');
  },
  duplicateJsonKey: (t, n) => {
    const braces = [...t.matchAll(/\{/g)].map((m) => m.index);
    if (braces.length === 0) return t;
    const i = braces[n % braces.length] + 1;
    return `${t.slice(0, i)}"name": 1, "name": {"x": [}, ${t.slice(i)}`;
  },
  notUtf8: (t, n) => {
    // Bytes a real file may hold: invalid UTF-8 read as UTF-8 (U+FFFD), Latin-1 mojibake, and a lone surrogate.
    const bytes = Buffer.from(t, 'utf8');
    const i = n % (bytes.length + 1);
    const broken = Buffer.concat([bytes.subarray(0, i), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x80]), bytes.subarray(i)]);
    return broken.toString(n % 2 ? 'utf8' : 'latin1') + (n % 3 === 0 ? '\uD800' : '');
  },
  hugeString: (t, n) => {
    const i = n % (t.length + 1);
    return `${t.slice(0, i)}${'Ω'.repeat(20_000 + (n % 5000))}${t.slice(i)}`;
  },
  controlChars: (t, n) => {
    const i = n % (t.length + 1);
    return `${t.slice(0, i)}\u0000\u0007\u001b[31m\u2028\u2029${t.slice(i)}`;
  },
  deepNesting: (t, n) => {
    const depth = 200 + (n % 300);
    const i = n % (t.length + 1);
    return `${t.slice(0, i)}${'['.repeat(depth)}${'{"a":'.repeat(depth)}${t.slice(i)}`;
  },
};

const mutatedText = (format: DefinitionFormat) =>
  fc
    .tuple(mutatedValue, fc.array(fc.tuple(fc.constantFrom(...Object.keys(TEXT_MUTATIONS)), fc.nat()), { maxLength: 3 }))
    .map(([value, muts]) => muts.reduce((t, [name, n]) => TEXT_MUTATIONS[name](t, n), serialize(value, format)));

function inside(r: { start: number; end: number }, length: number, what: string): void {
  assert.ok(Number.isInteger(r.start) && Number.isInteger(r.end), `${what}: integer range`);
  assert.ok(0 <= r.start && r.start <= r.end && r.end <= length, `${what}: ${r.start}-${r.end} outside 0-${length}`);
}

function checkFindings(findings: Finding[], length: number): void {
  for (const f of findings) {
    inside(f.range, length, `finding ${f.code}`);
    assert.ok(['error', 'warning', 'info'].includes(f.severity), f.code);
    assert.ok(typeof f.message === 'string' && f.message.length > 0, `finding ${f.code} has a message`);
    for (const e of f.fix?.edits ?? []) inside(e.range, length, `fix of ${f.code}`);
  }
}

function checkTree(node: DefinitionNode | undefined, length: number): void {
  const stack = node ? [node] : [];
  while (stack.length) {
    const n = stack.pop()!;
    inside(n.range, length, `node ${n.kind}`);
    if (n.keyRange) inside(n.keyRange, length, `key ${n.key}`);
    if (n.kind === 'object') stack.push(...n.properties);
    else if (n.kind === 'array') stack.push(...n.children);
  }
}

function checkSymbols(symbols: SymbolEntry[], length: number): void {
  for (const s of symbols) {
    inside(s.range, length, `symbol ${s.name}`);
    inside(s.selectionRange, length, `symbol ${s.name} selection`);
    checkSymbols(s.children, length);
  }
}

/** Every feature on one document at a few offsets. */
function checkDocument(text: string, format: DefinitionFormat, offsets: number[]): void {
  cases++;
  const doc = DefinitionDocument.parse(text, format);
  checkTree(doc.root, text.length);
  checkFindings(validateDocument(doc), text.length);
  checkSymbols(documentSymbols(doc), text.length);
  for (const raw of offsets) {
    const offset = raw % (text.length + 1);
    for (const c of complete(doc, offset, { secretNames: ['db', 'x'] })) inside(c.range, text.length, `completion ${c.label}`);
    const h = hover(doc, offset);
    if (h) inside(h.range, text.length, 'hover');
  }
  const fileName = format === 'json' ? 'fuzz.aci.json' : 'fuzz.aci.yaml';
  checkFindings(validateText(text, fileName).findings, text.length);
}

const offsets = fc.array(fc.nat(), { minLength: 1, maxLength: 6 });

describe('fuzzing the definition model and editing features', () => {
  for (const format of ['yaml', 'json'] as const) {
    it(`${format}: wrong types at every level, then text damage`, () => {
      fc.assert(fc.property(mutatedText(format), offsets, (text, at) => checkDocument(text, format, at)), { numRuns: fuzzRuns(250) });
    });

    it(`${format}: read with the other format's parser too`, () => {
      const other = format === 'json' ? 'yaml' : 'json';
      fc.assert(fc.property(mutatedText(format), offsets, (text, at) => checkDocument(text, other, at)), { numRuns: fuzzRuns(100) });
    });

    it(`${format}: random edit sequences match a fresh parse and keep ranges inside`, () => {
      const edits = fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.oneof(fc.constantFrom('\n', '  ', '- ', ': ', '"', '{', '}', '\t', '\r\n', '\uFEFF'), fc.string({ maxLength: 5 }))), { minLength: 1, maxLength: 8 });
      fc.assert(
        fc.property(mutatedText(format), edits, (text, steps) => {
          let doc = DefinitionDocument.parse(text, format);
          for (const [at, del, ins] of steps) {
            doc = doc.applyEdit(at % (doc.text.length + 1), del, ins);
            cases++;
            checkTree(doc.root, doc.text.length);
            checkFindings(validateDocument(doc), doc.text.length);
          }
          const fresh = DefinitionDocument.parse(doc.text, format);
          assert.deepEqual(validateDocument(doc).map((f) => [f.code, f.range.start, f.range.end]), validateDocument(fresh).map((f) => [f.code, f.range.start, f.range.end]));
        }),
        { numRuns: fuzzRuns(150) },
      );
    });
  }

  it('every truncation point of every seed, in both formats', () => {
    for (const seed of SEEDS) {
      for (const format of ['yaml', 'json'] as const) {
        const text = serialize(seed, format);
        const step = Math.max(1, Math.floor(text.length / 60));
        for (let i = 0; i <= text.length; i += step) checkDocument(text.slice(0, i), format, [i, 0]);
      }
    }
  });

  it('very deep nesting does not overflow the stack', () => {
    for (const depth of [1000, 5000, 20000]) {
      checkDocument(`{"properties": ${'['.repeat(depth)}${']'.repeat(depth)}}`, 'json', [depth, 20]);
      checkDocument(`{"properties": ${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`, 'json', [depth * 3]);
      checkDocument(`properties:\n  containers: ${'['.repeat(depth)}${']'.repeat(depth)}\n`, 'yaml', [depth, 30]);
      checkDocument(`properties:\n${Array.from({ length: Math.min(depth, 2000) }, (_, i) => `${' '.repeat(i + 2)}a${i}:`).join('\n')} 1\n`, 'yaml', [40]);
    }
  });

  it('the language service answers one finding above its size limit and models files below it', () => {
    const service = new LanguageService();
    const item = '  - name: c\n    properties: {image: x, resources: {requests: {cpu: 1, memoryInGB: 1}}}\n';
    const big = `properties:\n  osType: Linux\n  containers:\n${item.repeat(Math.ceil((10 * 1024 * 1024) / item.length))}`;
    service.open('file:///big.aci.yaml', 1, 'yaml', big);
    const answer = service.diagnostics('file:///big.aci.yaml', 1);
    assert.ok('result' in answer);
    assert.equal(answer.result.length, 1);
    assert.match(answer.result[0].message, /above the 5 MB limit for live checks/);
    const completions = service.complete('file:///big.aci.yaml', 1, 100);
    assert.ok('result' in completions && completions.result.length === 0);
    // Shrinking below the limit brings the live checks back.
    service.edit('file:///big.aci.yaml', 2, [{ rangeOffset: 200, rangeLength: big.length - 200, text: '' }], big.slice(0, 200));
    const small = service.diagnostics('file:///big.aci.yaml', 2);
    assert.ok('result' in small && !small.result.some((f) => f.code === 'ACI000'));
    cases += 2;
  });
});
