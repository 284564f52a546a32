/** Property tests: completion, hover and symbols on random and mutated documents never throw and stay in range. */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzzSeed';
import { complete } from '../../src/core/completion/complete';
import { DefinitionDocument, DefinitionFormat } from '../../src/core/definition';
import { hover } from '../../src/core/hover/hover';
import { documentSymbols, SymbolEntry } from '../../src/core/symbols/documentSymbols';
import { newDefinitionText } from '../../src/core/templates/newDefinition';

const SEEDS: Record<DefinitionFormat, string[]> = {
  yaml: [
    newDefinitionText('yaml', 'fuzz'),
    `apiVersion: '2023-05-01'
identity:
  type: UserAssigned
  userAssignedIdentities:
    '/subscriptions/s/resourceGroups/r/providers/Microsoft.ManagedIdentity/userAssignedIdentities/u': {}
properties:
  containers:
  - name: a
    properties:
      image: x
      volumeMounts:
      - {name: v, mountPath: /m}
      environmentVariables:
      - name: S
        secureValue: '{{secret:s}}'
  volumes:
  - name: v
    secret: {f: aGk=}
  encryptionProperties: {identity: u, vaultBaseUrl: v, keyName: k, keyVersion: '1'}
`,
  ],
  json: [
    newDefinitionText('json'),
    '{"resources": [{"type": "Microsoft.ContainerInstance/containerGroups", "name": "g", "properties": {"containers": [{"name": "a", "properties": {"image": "x", "ports": [{"port": 80}]}}], "ipAddress": {"type": "Public", "ports": [{"port": 80}]}}}]}',
  ],
};

const TOKENS = ['\n', ' ', '  ', '- ', ': ', ':', '{', '}', '[', ']', '"', "'", ',', '#', 'properties', 'containers', 'name', 'osType', 'ima', '|', '&a', '*a', '\t', '---'];

/** A seed with random insertions and deletions (keeps the shape of real, half-typed documents). */
const mutated = (format: DefinitionFormat) =>
  fc
    .tuple(
      fc.constantFrom(...SEEDS[format]),
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 4 }))), { maxLength: 6 }),
    )
    .map(([seed, edits]) =>
      edits.reduce((text, [at, del, ins]) => {
        const i = text.length === 0 ? 0 : at % (text.length + 1);
        return text.slice(0, i) + ins + text.slice(i + del);
      }, seed),
    );

const anyText = fc.oneof(fc.string({ maxLength: 200 }), fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((t) => t.join('')));

function inside(r: { start: number; end: number }, length: number, what: string): void {
  assert.ok(Number.isInteger(r.start) && Number.isInteger(r.end), what);
  assert.ok(0 <= r.start && r.start <= r.end && r.end <= length, `${what}: ${r.start}-${r.end} of ${length}`);
}

function checkAll(text: string, format: DefinitionFormat, offsets: number[]): void {
  const doc = DefinitionDocument.parse(text, format);
  for (const raw of offsets) {
    const offset = text.length === 0 ? 0 : raw % (text.length + 1);
    for (const e of complete(doc, offset, { secretNames: ['s'] })) {
      inside(e.range, text.length, `completion ${e.label}`);
      assert.ok(e.range.start <= offset && offset <= e.range.end, `completion ${e.label} range excludes the cursor`);
    }
    const h = hover(doc, offset);
    if (h) inside(h.range, text.length, 'hover');
  }
  const visit = (s: SymbolEntry[]): void => {
    for (const x of s) {
      inside(x.range, text.length, `symbol ${x.name}`);
      inside(x.selectionRange, text.length, `symbol ${x.name} selection`);
      visit(x.children);
    }
  };
  visit(documentSymbols(doc));
}

describe('editing features on random documents', () => {
  for (const format of ['yaml', 'json'] as const) {
    it(`${format}: mutated definitions at random offsets`, () => {
      fc.assert(fc.property(mutated(format), fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (text, offsets) => checkAll(text, format, offsets)), { numRuns: fuzzRuns(300) });
    });
    it(`${format}: arbitrary text at random offsets`, () => {
      fc.assert(fc.property(anyText, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (text, offsets) => checkAll(text, format, offsets)), { numRuns: fuzzRuns(300) });
    });
  }

  it('every offset of the seeds', () => {
    for (const format of ['yaml', 'json'] as const) {
      for (const seed of SEEDS[format]) checkAll(seed, format, Array.from({ length: seed.length + 1 }, (_, i) => i));
    }
  });
});
