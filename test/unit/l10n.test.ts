/**
 * The English bundle (l10n/bundle.l10n.json) must hold exactly the messages the code passes to
 * vscode.l10n.t, and every call must be translatable: a literal message whose {N} placeholders match its
 * arguments (a `${…}` template would make a new key on every call and never find its translation).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { STATUS_CHANGE_LABELS } from '../../src/core/report/compare/compare';
import { COMPARE_COLUMNS } from '../../src/core/report/compare/compareQuery';
import { REPORT_COLUMNS } from '../../src/core/report/shared/model';

interface Extracted {
  messages: string[];
  problems: string[];
}

interface ExtractApi {
  BUNDLE: string;
  FOLDERS: string[];
  extract(root?: string): Extracted;
  extractFromSource(text: string, file: string): Extracted;
  bundleText(messages: string[]): string;
}

// Compiled to out/test/unit: the repository root is three levels up.
const ROOT = path.resolve(__dirname, '..', '..', '..');
// The extractor is plain CommonJS run by node, outside the TypeScript project.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const l10n = require(path.join(ROOT, 'l10n', 'extract.cjs')) as ExtractApi;

/** The extraction over the whole tree (every source file parsed by TypeScript), done once for the tests that read it. */
let extracted: Extracted | undefined;
const extractAll = (): Extracted => (extracted ??= l10n.extract(ROOT));

test('the bundle on disk matches the messages in the code (run node l10n/extract.cjs after changing one)', () => {
  const { messages } = extractAll();
  const onDisk = fs.readFileSync(path.join(ROOT, l10n.BUNDLE), 'utf8');
  const bundle = JSON.parse(onDisk) as Record<string, string>;
  const missing = messages.filter((m) => !(m in bundle));
  const unused = Object.keys(bundle).filter((k) => !messages.includes(k));
  assert.deepEqual({ missing, unused }, { missing: [], unused: [] });
  assert.equal(onDisk, l10n.bundleText(messages), 'bundle is not in the generated (sorted) form');
});

test('every l10n.t call in the adapters is a literal whose placeholders match its arguments', () => {
  const { messages, problems } = extractAll();
  assert.deepEqual(problems, []);
  // The wrapped UI is not trivially small: the tree roots and the deploy notifications are among them.
  // The pages' words are in it too: the report's filter, the comparison's sort button, a progress line.
  for (const m of ['Container groups', 'Share subscriptions', 'Definition has errors', 'Deploy of {0} failed: {1}', 'Filter by name, type, status or message', 'Largest change first', 'Loading… {0}']) {
    assert.ok(messages.includes(m), m);
  }
});

test('no l10n.t call anywhere under src or media uses a ${…} template literal', () => {
  const offending: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        if (/l10n\.t\(\s*`[^`]*\$\{/.test(text)) offending.push(path.relative(ROOT, full));
      }
    }
  };
  walk(path.join(ROOT, 'src'));
  walk(path.join(ROOT, 'media'));
  assert.deepEqual(offending, []);
});

/** `key: l10n.t('message')` of the object literal that function `name` of a page source returns. */
function pageWords(file: string, name: string): Record<string, string> {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const words: Record<string, string> = {};
  const visit = (node: ts.Node, inside: boolean): void => {
    const here = inside || (ts.isFunctionDeclaration(node) && node.name?.text === name);
    if (here && ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ts.isCallExpression(node.initializer)) {
      const [message] = node.initializer.arguments;
      if (message && ts.isStringLiteral(message)) words[node.name.text] = message.text;
    }
    ts.forEachChild(node, (child) => visit(child, here));
  };
  visit(source, false);
  return words;
}

test('in English the pages show the column titles and change labels the CSV export writes', () => {
  const english = (pairs: [string, string][]) => Object.fromEntries(pairs);
  assert.deepEqual(pageWords('media/shared/columnTitles.ts', 'reportColumnTitles'), english(REPORT_COLUMNS.map((c) => [c.key, c.title])));
  assert.deepEqual(pageWords('media/shared/columnTitles.ts', 'compareColumnTitles'), english(COMPARE_COLUMNS.map((c) => [c.key, c.title])));
  assert.deepEqual(pageWords('media/compare/table.ts', 'changeLabels'), { ...STATUS_CHANGE_LABELS });
});

test('the bundle values are the English messages themselves', () => {
  const bundle = JSON.parse(fs.readFileSync(path.join(ROOT, l10n.BUNDLE), 'utf8')) as Record<string, string>;
  for (const [key, value] of Object.entries(bundle)) assert.equal(value, key);
  assert.ok(Object.keys(bundle).length > 100, `only ${Object.keys(bundle).length} messages`);
});

test('the extractor reads both quote styles and escapes as the runtime sees them', () => {
  const source = [
    "import * as vscode from 'vscode';",
    "vscode.l10n.t('It\\'s {0}', a);",
    'vscode.l10n.t("Two\\nlines");',
    'l10n.t(`Plain template`);',
    "other.t('not a message');",
  ].join('\n');
  const { messages, problems } = l10n.extractFromSource(source, 'sample.ts');
  assert.deepEqual(messages, ["It's {0}", 'Two\nlines', 'Plain template']);
  assert.deepEqual(problems, []);
});

test('the extractor reports a ${…} template, a non-literal message and placeholders without arguments', () => {
  const source = [
    'vscode.l10n.t(`Deploy ${name} failed`);',
    'vscode.l10n.t(message);',
    "vscode.l10n.t('Deploy {0} failed');",
    "vscode.l10n.t('{0} of {2}', a, b);",
    "vscode.l10n.t('No placeholder', a);",
  ].join('\n');
  const { messages, problems } = l10n.extractFromSource(source, 'bad.ts');
  assert.equal(problems.length, 5, problems.join('\n'));
  assert.match(problems[0], /^bad\.ts:1: a template literal/);
  assert.match(problems[1], /^bad\.ts:2: the message must be a string literal/);
  assert.match(problems[2], /^bad\.ts:3: 'Deploy \{0\} failed' uses placeholders \{0\} but passes 0/);
  assert.deepEqual(messages, ['Deploy {0} failed', '{0} of {2}', 'No placeholder']);
});

test('bundleText sorts, de-duplicates and ends with a newline', () => {
  assert.equal(l10n.bundleText(['b', 'a', 'b']), '{\n  "a": "a",\n  "b": "b"\n}\n');
});
