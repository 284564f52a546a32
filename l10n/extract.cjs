#!/usr/bin/env node
/**
 * Collects every `l10n.t('…')` message of the extension's VS Code adapters (vscode.l10n) and of its webview
 * pages under media/ (@vscode/l10n, configured from the bundle the host hands over), and writes
 * l10n/bundle.l10n.json (key = English message = value, sorted), the file translators start from.
 *
 *   node l10n/extract.cjs          write the bundle
 *   node l10n/extract.cjs --check  exit 1 when the bundle on disk differs from the code
 *
 * The TypeScript parser reads the calls, so escapes and either quote style come out as the runtime sees
 * them. A call whose message is not a plain literal cannot be translated (a `${…}` template changes its key
 * on every call) and is reported, as is a call whose `{N}` placeholders do not match its arguments.
 */
'use strict';
const fs = require('fs');
const path = require('path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');
/** Only the adapters use vscode; src/core stays free of it (and of l10n). The pages get the same bundle. */
const FOLDERS = [...['tree', 'commands', 'language', 'webview', 'azure', 'secrets', 'settings', 'output'].map((f) => path.join('src', f)), 'media'];
const BUNDLE = path.join('l10n', 'bundle.l10n.json');

/** `l10n.t` or `<anything>.l10n.t`. */
function isL10nCall(node) {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const callee = node.expression;
  if (callee.name.text !== 't') return false;
  const owner = callee.expression;
  return (ts.isIdentifier(owner) && owner.text === 'l10n') || (ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n');
}

/** Placeholder indices `{0}`, `{1}`, … a message uses. */
function placeholders(message) {
  return new Set([...message.matchAll(/\{(\d+)\}/g)].map((m) => Number(m[1])));
}

/** Messages and problems of one source text; `file` is only used in problem texts. */
function extractFromSource(text, file) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const messages = [];
  const problems = [];
  const where = (node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node) => {
    if (isL10nCall(node)) {
      const [first, ...args] = node.arguments;
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
        const message = first.text;
        messages.push(message);
        // Named arguments ({ name: value }) are not used here; positional ones must match {0}..{n-1}.
        const used = placeholders(message);
        const expected = args.length;
        const contiguous = used.size === expected && [...used].every((i) => i < expected);
        if (!contiguous) problems.push(`${where(node)}: '${message}' uses placeholders {${[...used].join('},{')}} but passes ${expected} argument(s)`);
      } else if (first && ts.isTemplateExpression(first)) {
        problems.push(`${where(node)}: a template literal with \${…} cannot be translated; use {0} placeholders and arguments`);
      } else {
        problems.push(`${where(node)}: the message must be a string literal`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { messages, problems };
}

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every message (unique, sorted) and every problem in the adapters and pages under `root`. */
function extract(root = ROOT) {
  const all = new Set();
  const problems = [];
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(path.join(root, folder)).sort()) {
      const result = extractFromSource(fs.readFileSync(file, 'utf8'), path.relative(root, file).split(path.sep).join('/'));
      result.messages.forEach((m) => all.add(m));
      problems.push(...result.problems);
    }
  }
  return { messages: [...all].sort(), problems };
}

/** The bundle file's text: sorted keys (code-unit order, stable across locales), English as value. */
function bundleText(messages) {
  const bundle = {};
  for (const m of [...new Set(messages)].sort()) bundle[m] = m;
  return `${JSON.stringify(bundle, null, 2)}\n`;
}

function main(argv) {
  const { messages, problems } = extract(ROOT);
  for (const p of problems) console.error(p);
  const file = path.join(ROOT, BUNDLE);
  const text = bundleText(messages);
  if (argv.includes('--check')) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current !== text) console.error(`${BUNDLE} is out of date: run node l10n/extract.cjs`);
    return problems.length || current !== text ? 1 : 0;
  }
  fs.writeFileSync(file, text);
  console.log(`${BUNDLE}: ${messages.length} messages`);
  return problems.length ? 1 : 0;
}

module.exports = { FOLDERS, BUNDLE, extract, extractFromSource, bundleText };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
