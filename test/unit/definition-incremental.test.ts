import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzzSeed';
import { DefinitionDocument } from '../../src/core/definition';
import { validateDocument, validationCacheOf } from '../../src/core/validation/validateDocument';
import { generateDefinition } from '../bench/generateDefinition';
import { typingEdits } from '../bench/realEditKinds';
import { anchoredEditSteps, editKindSteps, EDIT_KIND_IDS } from './incrementalEdits';

function containerYaml(i: number): string {
  return [
    `  - name: app-${i}`,
    `    properties:`,
    `      image: nginx:1.${i}`,
    `      # comment ${i}`,
    `      ports:`,
    `      - port: ${8000 + i}`,
    `        protocol: tcp`,
    `      environmentVariables:`,
    `      - name: MODE`,
    `        value: "on-${i}"`,
    `      resources:`,
    `        requests: {cpu: 1, memoryInGB: 1.5}`,
    `      volumeMounts:`,
    `      - name: data-volume`,
    `        mountPath: /mnt/data`,
    `      command:`,
    `      - |`,
    `        echo ${i}`,
    '',
  ].join('\n');
}

const BASE =
  "apiVersion: '2023-05-01'\nname: demo\nproperties:\n  osType: Linux\n  containers:\n" +
  [0, 1, 2, 3].map(containerYaml).join('') +
  '  volumes:\n  - name: data-volume\n    emptyDir: {}\n  ipAddress:\n    type: Public\n    ports:\n    - port: 8000\n';

const INSERTS = [
  'x', '1', ' ', '  ', '\n', '\n      ', '\n  - ', '- ', ':', ': ', '#', '"', "'", '|', '\t', '&a ', '*a', '---\n', '{', '[', ']', 'name: y\n      ', 'cpu: "2"', 'Name', '\r\n', '',
  // What real files hold: block scalars, aliases and merges, resource-ID keys, inline lists being typed.
  '|-\n        ', '>\n          x\n', '*resources', '<<: *ready', '&r ', '/subscriptions/s/id: {}', '["sh", "-c"', '{a: [', '"x', '}]',
];

const REAL_BASE = generateDefinition({ containers: 4, real: true, aliasEvery: 2 }).text;

const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  del: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 40 })),
  ins: fc.oneof(fc.constantFrom(...INSERTS), fc.string({ maxLength: 4 })),
});

/** Edits land mostly inside the containers, where the incremental path applies. */
function offsetFor(text: string, at: number): number {
  const start = text.indexOf('  - name: app-0');
  const end = text.indexOf('  volumes:');
  return at < 0.8 && start >= 0 && end > start ? start + Math.floor(((at / 0.8) * (end - start))) : Math.floor(at * text.length);
}

/** `doc` has the tree (as JSON) and the findings of `full`, a full parse of the same text. */
function assertSame(doc: DefinitionDocument, full: DefinitionDocument, message?: string): void {
  const [tree, fullTree] = [JSON.stringify(doc.root ?? null), JSON.stringify(full.root ?? null)];
  // The same JSON text is the same tree: only texts that differ need the comparison that ignores key order.
  if (tree !== fullTree) assert.deepEqual(JSON.parse(tree), JSON.parse(fullTree), message);
  assert.deepEqual(validateDocument(doc), validateDocument(full), message);
}

describe('incremental YAML re-parse', () => {
  it('takes the incremental path for a typing edit inside a container, with the same findings as a full parse', () => {
    const doc = DefinitionDocument.parse(BASE, 'yaml');
    validateDocument(doc);
    const offset = BASE.indexOf('nginx:1.2') + 5;
    const next = doc.applyEdit(offset, 0, 'x');
    assert.equal(next.incremental, true);
    const full = DefinitionDocument.parse(next.text, 'yaml');
    assertSame(next, full);
    // The earlier document still describes its own text.
    assertSame(doc, DefinitionDocument.parse(BASE, 'yaml'));
  });

  it('only validates the changed container again', () => {
    const doc = DefinitionDocument.parse(BASE, 'yaml');
    validateDocument(doc);
    const misses = validationCacheOf(doc).misses;
    const next = doc.applyEdit(BASE.indexOf('nginx:1.3') + 5, 0, 'y');
    validateDocument(next);
    assert.equal(validationCacheOf(next).misses, misses + 1);
  });

  it('re-validates only the container a syntax error is in', () => {
    const text = generateDefinition({ containers: 6 }).text;
    const doc = DefinitionDocument.parse(text, 'yaml');
    validateDocument(doc);
    const cache = validationCacheOf(doc);
    const checked = cache.hits + cache.misses;
    // A key being typed, without its colon yet, in the third container.
    const next = doc.applyEdit(text.indexOf('\n', text.indexOf('service-0002:build-')), 0, '\n        wor');
    assert.ok(next.parseDiagnostics.some((d) => d.severity === 'error'));
    validateDocument(next);
    // The five others come from the cache; the broken one is checked without it.
    assert.equal(cache.hits + cache.misses - checked, 5);
    assertSame(next, DefinitionDocument.parse(next.text, 'yaml'));
  });

  it('falls back to a full parse for an edit that adds an anchor or crosses top-level keys', () => {
    const doc = DefinitionDocument.parse(BASE, 'yaml');
    assert.equal(doc.applyEdit(BASE.indexOf('demo'), 0, '&a ').incremental, false);
    assert.equal(doc.applyEdit(BASE.indexOf('demo'), BASE.indexOf('osType') - BASE.indexOf('demo'), 'x\n  ').incremental, false);
  });

  it('gives the same tree and findings as a full parse after random edits (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), fc.constantFrom(BASE, REAL_BASE), (edits, base) => {
        let doc = DefinitionDocument.parse(base, 'yaml');
        validateDocument(doc);
        for (const e of edits) {
          const offset = offsetFor(doc.text, e.at);
          doc = doc.applyEdit(offset, e.del, e.ins);
          const full = DefinitionDocument.parse(doc.text, 'yaml');
          assertSame(doc, full);
        }
      }),
      { numRuns: fuzzRuns(400) },
    );
  });

  it('JSON edits re-parse fully and match a fresh parse', () => {
    const json = JSON.stringify({ properties: { osType: 'Linux', containers: [{ name: 'a', properties: { image: 'x', resources: { requests: { cpu: 1, memoryInGB: 1 } } } }] } }, null, 2);
    fc.assert(
      fc.property(edit, (e) => {
        const doc = DefinitionDocument.parse(json, 'json');
        validateDocument(doc);
        const next = doc.applyEdit(Math.floor(e.at * json.length), e.del, e.ins);
        assertSame(next, DefinitionDocument.parse(next.text, 'json'));
      }),
      { numRuns: fuzzRuns(200) },
    );
  });

  // Each kind of edit typing produces, step by step, on a file shaped like the benchmark's (read by the fast
  // reader) and on BASE (block scalars: read by the full reader).
  const BENCH = generateDefinition({ containers: 6 }).text;
  // Written as real files are (block scalars, an anchored block with aliases and a merge, resource-ID keys).
  const REAL = generateDefinition({ containers: 6, real: true, aliasEvery: 2 }).text;
  for (const id of EDIT_KIND_IDS) {
    it(`gives the same tree and findings as a full parse after each step of: ${id} (fast-check)`, () => {
      let steps = 0;
      let incremental = 0;
      fc.assert(
        fc.property(fc.constantFrom(BENCH, BASE, REAL), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (base, a, b) => {
          let doc = DefinitionDocument.parse(base, 'yaml');
          validateDocument(doc);
          for (const e of editKindSteps(id, base, a, b)) {
            doc = doc.applyEdit(e.offset, e.deleteLength, e.insertText);
            steps++;
            if (doc.incremental) incremental++;
            assertSame(doc, DefinitionDocument.parse(doc.text, 'yaml'), JSON.stringify(e));
          }
        }),
        { numRuns: fuzzRuns(60) },
      );
      // The point of the exercise: most steps of every kind take the incremental path (a dash moved off its
      // column changes the list's structure: a full parse).
      assert.ok(incremental >= steps * (id === 'indent' ? 0.4 : 0.6), `${id}: ${incremental} of ${steps} steps were incremental`);
    });
  }

  // Anchored blocks whose aliases and merges sit elsewhere: every copy must follow an edit inside the anchor.
  const ANCHORED = [
    "apiVersion: '2023-05-01'",
    'name: demo',
    'x-res: &res',
    '  requests:',
    '    memoryInGB: 1.5',
    '    cpu: 1',
    'x-base: &base',
    '  image: nginx',
    '  ports:',
    '  - port: 80',
    '    protocol: TCP',
    'x-other: *base',
    'properties:',
    '  osType: Linux',
    '  containers:',
    '  - name: a',
    '    properties:',
    '      image: nginx',
    '      resources: { <<: *res }',
    '  - name: b',
    '    properties:',
    '      image: nginx',
    '      resources: *res',
    '  - name: c',
    '    properties:',
    '      <<: *base',
    '      resources:',
    '        <<: *res',
    '',
  ].join('\n');

  it('an edit inside an anchored block changes every alias and merge copy of it', () => {
    const doc = DefinitionDocument.parse(ANCHORED, 'yaml');
    const at = ANCHORED.indexOf('1.5');
    const next = doc.applyEdit(at, 3, '64');
    assertSame(next, DefinitionDocument.parse(next.text, 'yaml'));
    // Still the same after a later edit elsewhere.
    const later = next.applyEdit(next.text.indexOf('name: demo') + 6, 4, 'demo2');
    assertSame(later, DefinitionDocument.parse(later.text, 'yaml'));
    // An edit outside every anchored block still takes the incremental path.
    const outside = doc.applyEdit(ANCHORED.indexOf('image: nginx', ANCHORED.indexOf('name: b')) + 12, 0, 'x');
    assert.equal(outside.incremental, true);
    assertSame(outside, DefinitionDocument.parse(outside.text, 'yaml'));
  });

  it('gives the same tree and findings as a full parse after edits inside anchored blocks (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom(ANCHORED, REAL), fc.array(fc.tuple(fc.nat(1000), fc.nat(1000)), { minLength: 1, maxLength: 3 }), (base, picks) => {
        let doc = DefinitionDocument.parse(base, 'yaml');
        validateDocument(doc);
        for (const [a, b] of picks) {
          for (const e of anchoredEditSteps(doc.text, a, b)) {
            doc = doc.applyEdit(e.offset, e.deleteLength, e.insertText);
            assertSame(doc, DefinitionDocument.parse(doc.text, 'yaml'), JSON.stringify(e));
          }
        }
      }),
      { numRuns: fuzzRuns(100) },
    );
  });

  // Typing on a file written as real ones are: every keystroke re-reads a few entries, never the whole file.
  const TYPED = generateDefinition({ containers: 12, real: true, aliasEvery: 5 }).text;
  const typed = (start: string, edits: (at: number) => { offset: number; deleteLength: number; insertText: string }[], setup: (at: number) => [number, number, string]): { steps: number; incremental: number } => {
    const at = TYPED.indexOf(start, TYPED.indexOf('name: app-0003'));
    const [offset, del, ins] = setup(at);
    let doc = DefinitionDocument.parse(TYPED, 'yaml').applyEdit(offset, del, ins);
    let steps = 0;
    let incremental = 0;
    for (const e of edits(at)) {
      doc = doc.applyEdit(e.offset, e.deleteLength, e.insertText);
      steps++;
      if (doc.incremental) incremental++;
      assertSame(doc, DefinitionDocument.parse(doc.text, 'yaml'), JSON.stringify(e));
    }
    return { steps, incremental };
  };
  for (const autoClose of [false, true]) {
    it(`typing an inline list at the start of a line ${autoClose ? 'with' : 'without'} auto-closing is incremental, as a full parse reads it`, () => {
      const list = 'command: ["sh", "-c", "echo hi"]';
      const r = typed('command: ', (at) => typingEdits(at, list, autoClose), (at) => [at, TYPED.indexOf('\n', at) - at, '']);
      assert.equal(r.incremental, r.steps, `${r.incremental} of ${r.steps} keystrokes were incremental`);
    });
  }

  it('typing inside a block scalar is incremental, as a full parse reads it', () => {
    const line = '              log /var/log/app.log;';
    const r = typed(line, (at) => typingEdits(at + line.length + 15, 'gzip on; # "x" [', false), (at) => [at + line.length, 0, '\n' + ' '.repeat(14)]);
    assert.equal(r.incremental, r.steps, `${r.incremental} of ${r.steps} keystrokes were incremental`);
  });
});
