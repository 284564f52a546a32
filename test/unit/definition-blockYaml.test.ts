// The fast block-YAML reader against the full one (the `yaml` package): for any text it either gives up or
// gives the same tree and findings.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzRuns } from './fuzzSeed';
import { parseBlockYaml } from '../../src/core/definition/blockYaml';
import { parseYaml, parseYamlFully } from '../../src/core/definition/yamlParser';
import type { DefinitionNode } from '../../src/core/definition/types';
import { generateDefinition } from '../bench/generateDefinition';

const REPO = join(__dirname, '..', '..', '..');

/** True when the fast reader read the text; throws when it read it differently from the full reader. */
function sameAsFull(text: string): boolean {
  const fast = parseBlockYaml(text);
  if (!fast) return false;
  const full = parseYamlFully(text);
  try {
    assert.deepEqual(JSON.parse(JSON.stringify(fast.root)), JSON.parse(JSON.stringify(full.root ?? null)), text);
    assert.deepEqual(fast.diagnostics, full.diagnostics, text);
  } catch (e) {
    if (process.env.DEBUG_BLOCK_YAML) process.stderr.write(`MISMATCH ${JSON.stringify(text)}\n`);
    throw e;
  }
  return true;
}

/** The reader the model uses (fast, with entries it does not take read alone by the full reader) gives what the full reader gives. */
function hybridSameAsFull(text: string): void {
  const hybrid = parseYaml(text);
  const full = parseYamlFully(text);
  assert.deepEqual(JSON.parse(JSON.stringify(hybrid.root ?? null)), JSON.parse(JSON.stringify(full.root ?? null)), text);
  assert.deepEqual(hybrid.diagnostics, full.diagnostics, text);
  assert.equal(hybrid.usesAliases, full.usesAliases, text);
}

/** True when the tree holds a flow collection with members (its range starts at its bracket). */
function hasFlowContent(node: DefinitionNode, text: string): boolean {
  const members = node.kind === 'object' ? node.properties : node.kind === 'array' ? node.children : [];
  if (members.length > 0 && '{['.includes(text[node.range.start])) return true;
  return members.some((m) => hasFlowContent(m, text));
}

/** Scalars the fast reader reads, then ones it may leave to the full reader. */
const SCALARS = [
  'web', 'nginx:1.25', 'http://x/y', '8080', '-1', '+2', '0.5', '.5', '1e3', '0x1F', '0o17', '0777', '1:30', '2023-05-01',
  'yes', 'No', 'on', 'OFF', 'true', 'False', 'null', '~', 'NULL', '.inf', '-.Inf', '.nan', "'a''b'", "''", '"x y"',
  '{}', '[]', "'{{secret:pw}}'", 'secret', 'Ünïcode', 'a#b', 'a, b', 'echo {a}', ':x', '-x', '?x', 'x]',
];
/** Anchors and aliases: the fast reader reads them when the alias follows its anchor. */
const ANCHORED = ['&a web', '&a [1, on]', '&m {x: 1}', '*a', '*a', '*m', '*m', '*missing'];
const ODD_SCALARS = ['{{secret:pw}}', '"a\\"b"', '&x a', '*x', '!!str 1', '|', '>-', "'open", '"open', 'a #b', 'a: b', 'a:', '- x', '@x', '`x', '%x', ''];
const KEYS = ['name', 'image', 'ports', 'port', 'value', 'secureValue', 'on', 'yes', 'x.y/z', 'a-b', 'name', 'true', 'null', '/subscriptions/s/providers/P/id', '<<'];
const ODD_KEYS = ['8080', "'q'", '"q"', '<<', '? k', 'a b'];
const key = fc.oneof({ arbitrary: fc.constantFrom(...KEYS), weight: 30 }, { arbitrary: fc.constantFrom(...ODD_KEYS), weight: 1 });
/** Flow collections: ones the fast reader reads, then ones it may leave to the full reader. */
const FLOW_ITEMS = ['web', '8080', '-1', '0.5', 'on', 'true', '~', 'null', '2023-05-01', '.inf', 'a/b', 'x.y', "'a''b'", '"x y"', "''", '-x', '+', '...'];
const ODD_FLOW_ITEMS = ['a b', 'a:b', 'a: b', '? a', '-', ':x', '&x a', '*x', '!!str 1', '"a\\"b"', 'a #b', '#b', '{{x}}', '', '@x', '%x', 'a]', ' '];
const flowItem = fc.oneof({ arbitrary: fc.constantFrom(...FLOW_ITEMS), weight: 20 }, { arbitrary: fc.constantFrom(...ODD_FLOW_ITEMS), weight: 1 });
const flowGap = fc.constantFrom('', ' ', '  ');
const flow: fc.Arbitrary<string> = fc.letrec<{ value: string; map: string; seq: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, flowItem, tie('map'), tie('seq')),
  map: fc
    .tuple(fc.array(fc.tuple(key, tie('value'), fc.constantFrom(' ', '  ', '')), { maxLength: 3 }), flowGap, fc.constantFrom(', ', ',', ' ,', ', ,'))
    .map(([pairs, gap, comma]) => `{${gap}${pairs.map(([k, v, after]) => `${k}:${after}${v}`).join(comma)}${gap}}`),
  seq: fc
    .tuple(fc.array(tie('value'), { maxLength: 3 }), flowGap, fc.constantFrom(', ', ',', ' , ', ',,'), fc.constantFrom('', ',', ' ,'))
    .map(([items, gap, comma, trailing]) => `[${gap}${items.join(comma)}${items.length ? trailing : ''}${gap}]`),
})).value;

interface Shape {
  text(indent: number, inline: boolean): string;
}

/** Block scalars: the header, then lines at the indent the value is written at (blank lines stay empty). */
const BLOCK_LINES = ['x', 'echo hi', '# not a comment', 'a: b', '', ' more', 'trail ', '- y', "it's"];
const blockScalar = fc
  .tuple(fc.constantFrom('|', '>', '|-', '>-', '|+', '|2', '| # note'), fc.array(fc.constantFrom(...BLOCK_LINES), { minLength: 1, maxLength: 4 }))
  .map(([header, lines]): Shape => ({ text: (indent) => `${header}\n${lines.map((l) => (l ? ' '.repeat(indent) + l : '')).join('\n')}` }));
const scalar = fc
  .oneof(
    { arbitrary: fc.constantFrom(...SCALARS), weight: 30 },
    { arbitrary: fc.constantFrom(...ODD_SCALARS), weight: 1 },
    { arbitrary: flow, weight: 12 },
    { arbitrary: fc.constantFrom(...ANCHORED), weight: 10 },
  )
  .map((s): Shape => ({ text: () => s }));
const shapes = fc.letrec<{ node: Shape; map: Shape; seq: Shape }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: scalar, weight: 6 },
    { arbitrary: tie('map'), weight: 2 },
    { arbitrary: tie('seq'), weight: 2 },
    { arbitrary: blockScalar, weight: 1 },
    // An anchored block mapping (`&m`), for aliases and merge keys (`<<: *m`) later in the text.
    { arbitrary: tie('map').map((m): Shape => ({ text: (indent) => `&m\n${m.text(indent, false)}` })), weight: 1 },
  ),
  map: fc
      .tuple(fc.array(fc.tuple(key, tie('node'), fc.constantFrom(' ', '  '), fc.boolean()), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 3 }))
      .map(([pairs, step]): Shape => ({
        text: (indent, inline) =>
          pairs
            .map(([k, v, gap, indentless], i) => {
              const pad = i === 0 && inline ? '' : ' '.repeat(indent);
              const inner = v.text(indentless ? indent : indent + step, false);
              // Block scalars and anchors start on the key's line; other multi-line values below it.
              const nested = !/^[|>&]/.test(inner) && (inner.includes('\n') || /^(- |[A-Za-z]\w*:)/.test(inner));
              return nested ? `${pad}${k}:\n${inner}` : `${pad}${k}:${gap}${inner}`;
            })
            .join('\n'),
      })),
  seq: fc
      .tuple(fc.array(tie('node'), { minLength: 1, maxLength: 3 }), fc.constantFrom(' ', '   '))
      .map(([items, gap]): Shape => ({
        text: (indent, inline) =>
          items
            .map((v, i) => `${i === 0 && inline ? '' : ' '.repeat(indent)}-${gap}${v.text(indent + 1 + gap.length, true)}`)
            .join('\n'),
      })),
}));
/** A document: a mapping at the top, as definitions are. */
const shape = shapes.map;

const mutation = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  del: fc.integer({ min: 0, max: 3 }),
  ins: fc.constantFrom('', ' ', '  ', '\n', '\n  ', '- ', ':', ': ', '#', ' #', "'", '"', '{', '}', '[', ']', ',', '\t', '\r\n', '---\n', 'x'),
});

function mutate(text: string, edits: { at: number; del: number; ins: string }[]): string {
  for (const e of edits) {
    const at = Math.floor(e.at * text.length);
    text = text.slice(0, at) + e.ins + text.slice(at + e.del);
  }
  return text;
}

describe('fast block YAML reader', () => {
  it('reads the generated benchmark definition exactly as the full reader does', () => {
    assert.equal(sameAsFull(generateDefinition({ containers: 40 }).text), true);
  });

  it('reads the repository sample definitions as the full reader does, or leaves them to it', () => {
    const dir = join(REPO, 'test', 'fixtures');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.ya?ml$/.test(f));
    assert.ok(files.length > 0);
    let read = 0;
    for (const f of files) if (sameAsFull(readFileSync(join(dir, f), 'utf8'))) read++;
    assert.ok(read > 0, 'no sample was read by the fast reader');
  });

  it('reads one-line flow collections of plain and quoted scalars as the full reader does', () => {
    for (const text of ['tags: {exampleTag: tutorial}\n', 'a: [x, -1, on, "y z"]\n', 'a:\n- {b: [1, {c: ~}], d: \'e\'}\n', 'a: { }  # none\n', 'a: {b: 1, b: 2}\n']) {
      assert.equal(sameAsFull(text), true, text);
    }
  });

  it('reads resource-ID keys, block scalars, anchors, aliases and merge keys as the full reader does', () => {
    for (const text of [
      'identity:\n  userAssignedIdentities:\n    /subscriptions/s/resourceGroups/g/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id: {}\n',
      'a: [/bin/sh, "-c", \'x\']\n',
      'a: |\n  x\n\n  y\n\nb: >-\n  folded\n  text\n\n  more\nc: 1\n',
      '- |-\n  # text, not a comment\n- >\n   x\n',
      'a: &x 1\nb: *x\n',
      'a: &m\n  x: 1\n  y: [2]\nb:\n  <<: *m\n  x: 3\nc: *m\nd:\n  - <<: [*m]\n',
    ]) {
      assert.equal(sameAsFull(text), true, text);
    }
  });

  it('reads an entry it does not take alone through the full reader, and the rest itself', () => {
    const text = generateDefinition({ containers: 3 }).text.replace('          - -c\n', '          - "-c\\n"\n          - >+\n            kept\n\n');
    assert.equal(parseBlockYaml(text), undefined);
    hybridSameAsFull(text);
    let alone = 0;
    parseBlockYaml(text, { readAlone: (t, o) => (alone++, parseYamlFully(t, o)) });
    assert.equal(alone, 2);
  });

  it('gives up on what it does not read: keep chomping, multi-line or unusual flow collections, tabs, CR, several documents', () => {
    for (const text of ['b: *x\n', 'a: |+\n  x\n', 'a: |2\n   x\n', 'a: >\n  x\n   y\n', 'a: {b: 1,\n  c: 2}\n', 'a: [b c, d]\n', 'a: [b, ]\n', 'a: {b:c}\n', 'a: {{secret:pw}}\n', 'a:\n\tb: 1\n', 'a: 1\r\nb: 2\r\n', 'a: 1\n---\nb: 2\n', 'a: "x\n  y"\n', 'a: b\n  c\n', '']) {
      assert.equal(parseBlockYaml(text), undefined, text);
    }
  });

  it('reads generated block YAML as the full reader does, before and after random edits (fast-check)', () => {
    const runs = fuzzRuns(3000);
    // The coverage floors below were set for 3000 runs: scaled with the run count.
    const floor = (atFull: number) => Math.max(2, Math.round((atFull * runs) / 3000));
    let read = 0;
    let flowRead = 0;
    let blockRead = 0;
    let aliasRead = 0;
    fc.assert(
      fc.property(shape, fc.array(mutation, { maxLength: 3 }), fc.boolean(), (s, edits, anchorsFirst) => {
        // Anchors written first, for the aliases in the generated text to refer to.
        const text = (anchorsFirst ? 'base: &m {x: 1}\nword: &a web\n' : '') + s.text(0, false) + '\n';
        if (sameAsFull(text)) {
          read++;
          if (hasFlowContent(parseBlockYaml(text)!.root, text)) flowRead++;
          if (/[:-] [|>]/.test(text)) blockRead++;
          if (parseBlockYaml(text)!.usesAliases && text.includes('*')) aliasRead++;
        }
        const mutated = mutate(text, edits);
        sameAsFull(mutated);
        hybridSameAsFull(text);
        hybridSameAsFull(mutated);
      }),
      { numRuns: runs },
    );
    assert.ok(read > floor(400), `the fast reader read only ${read} generated texts`);
    assert.ok(flowRead > floor(10), `the fast reader read only ${flowRead} generated texts with flow collections`);
    assert.ok(blockRead > floor(10), `the fast reader read only ${blockRead} generated texts with block scalars`);
    assert.ok(aliasRead > floor(10), `the fast reader read only ${aliasRead} generated texts with aliases`);
    process.stdout.write(`# read ${read}, with flow ${flowRead}, block scalars ${blockRead}, aliases ${aliasRead}\n`);
  });
});
