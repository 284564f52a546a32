// The fast block-YAML reader against the full one (the `yaml` package): for any text it either gives up or
// gives the same tree and findings.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import './fuzzSeed';
import { parseBlockYaml } from '../../src/core/definition/blockYaml';
import { parseYamlFully } from '../../src/core/definition/yamlParser';
import type { DefinitionNode } from '../../src/core/definition/types';
import { generateDefinition } from '../bench/generateDefinition';

const REPO = join(__dirname, '..', '..', '..');

/** True when the fast reader read the text; throws when it read it differently from the full reader. */
function sameAsFull(text: string): boolean {
  const fast = parseBlockYaml(text);
  if (!fast) return false;
  const full = parseYamlFully(text);
  assert.deepEqual(JSON.parse(JSON.stringify(fast.root)), JSON.parse(JSON.stringify(full.root ?? null)), text);
  assert.deepEqual(fast.diagnostics, full.diagnostics, text);
  return true;
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
const ODD_SCALARS = ['{{secret:pw}}', '"a\\"b"', '&x a', '*x', '!!str 1', '|', '>-', "'open", '"open', 'a #b', 'a: b', 'a:', '- x', '@x', '`x', '%x', ''];
const KEYS = ['name', 'image', 'ports', 'port', 'value', 'secureValue', 'on', 'yes', 'x.y/z', 'a-b', 'name', 'true', 'null'];
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

const scalar = fc
  .oneof({ arbitrary: fc.constantFrom(...SCALARS), weight: 30 }, { arbitrary: fc.constantFrom(...ODD_SCALARS), weight: 1 }, { arbitrary: flow, weight: 12 })
  .map((s): Shape => ({ text: () => s }));
const shapes = fc.letrec<{ node: Shape; map: Shape; seq: Shape }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('map'), tie('seq')),
  map: fc
      .tuple(fc.array(fc.tuple(key, tie('node'), fc.constantFrom(' ', '  '), fc.boolean()), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 3 }))
      .map(([pairs, step]): Shape => ({
        text: (indent, inline) =>
          pairs
            .map(([k, v, gap, indentless], i) => {
              const pad = i === 0 && inline ? '' : ' '.repeat(indent);
              const inner = v.text(indentless ? indent : indent + step, false);
              const nested = inner.includes('\n') || /^(- |[A-Za-z]\w*:)/.test(inner);
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

  it('gives up on what it does not read: anchors, block scalars, multi-line or unusual flow collections, tabs, CR, several documents', () => {
    for (const text of ['a: &x 1\nb: *x\n', 'a: |\n  x\n', 'a: {b: 1,\n  c: 2}\n', 'a: [b c, d]\n', 'a: [b, ]\n', 'a: {b:c}\n', 'a: {{secret:pw}}\n', 'a:\n\tb: 1\n', 'a: 1\r\nb: 2\r\n', 'a: 1\n---\nb: 2\n', 'a: "x\n  y"\n', 'a: b\n  c\n', '']) {
      assert.equal(parseBlockYaml(text), undefined, text);
    }
  });

  it('reads generated block YAML as the full reader does, before and after random edits (fast-check)', () => {
    let read = 0;
    let flowRead = 0;
    fc.assert(
      fc.property(shape, fc.array(mutation, { maxLength: 3 }), (s, edits) => {
        const text = s.text(0, false) + '\n';
        if (sameAsFull(text)) {
          read++;
          if (hasFlowContent(parseBlockYaml(text)!.root, text)) flowRead++;
        }
        sameAsFull(mutate(text, edits));
      }),
      { numRuns: 3000 },
    );
    assert.ok(read > 400, `the fast reader read only ${read} generated texts`);
    assert.ok(flowRead > 10, `the fast reader read only ${flowRead} generated texts with flow collections`);
  });
});
