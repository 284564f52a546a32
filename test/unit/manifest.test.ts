// package.json against the rest of the product: its `%key%` strings are translated, every command it refers to
// exists and is registered in the code, its walkthrough media ship, and a built .vsix holds only what runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';

const root = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

interface Manifest {
  name: string;
  version: string;
  icon: string;
  l10n?: string;
  contributes: {
    commands: Array<{ command: string; title: string; icon?: string }>;
    menus: Record<string, Array<{ command?: string }>>;
    viewsWelcome: Array<{ contents: string }>;
    viewsContainers: Record<string, Array<{ icon: string }>>;
    walkthroughs: Array<{ steps: Array<{ id: string; description: string; media: { markdown?: string; image?: string; altText?: string } }> }>;
  };
}

/** Every string value in the manifest, wherever it sits. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The English text of a `%key%` reference (or the string itself). */
function text(value: string): string {
  const match = /^%([^%]+)%$/.exec(value);
  return match ? (nls[match[1]] ?? value) : value;
}

/** `command:` links in markdown, without their arguments. */
function commandLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\(command:([\w.-]+)/g)].map((m) => m[1]);
}

/** VS Code's own commands that the walkthrough and welcome views may link to. */
const BUILT_IN_COMMANDS = new Set(['workbench.action.openSettings']);

function sourceFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));
}

test('every %key% in package.json has a translation in package.nls.json, and every key is used', () => {
  const keys = strings(manifest).flatMap((s) => /^%([^%]+)%$/.exec(s)?.slice(1) ?? []);
  assert.ok(keys.length > 40, `package.json refers to its strings by key (${keys.length} found)`);
  assert.deepStrictEqual(keys.filter((k) => !(k in nls)), [], 'keys missing from package.nls.json');
  const used = new Set(keys);
  assert.deepStrictEqual(Object.keys(nls).filter((k) => !used.has(k)), [], 'keys in package.nls.json that nothing uses');
  assert.equal(manifest.l10n, './l10n');
});

test('user-facing contributions are all translatable', () => {
  const c = manifest.contributes;
  const visible = [
    ...c.commands.flatMap((cmd) => [cmd.title, (cmd as { category?: string }).category ?? '%%']),
    ...c.viewsWelcome.map((w) => w.contents),
    ...c.walkthroughs.flatMap((w) => [(w as unknown as { title: string }).title, ...w.steps.flatMap((s) => [s.description, (s as unknown as { title: string }).title])]),
  ];
  assert.deepStrictEqual(visible.filter((s) => !/^%[^%]+%$/.test(s)), [], 'literal strings where a %key% belongs');
});

test('every command that menus, welcome views and the walkthrough refer to is contributed', () => {
  const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
  const referenced = [
    ...Object.values(manifest.contributes.menus).flatMap((items) => items.map((i) => i.command).filter((c): c is string => !!c)),
    ...manifest.contributes.viewsWelcome.flatMap((w) => commandLinks(text(w.contents))),
    ...manifest.contributes.walkthroughs.flatMap((w) => w.steps.flatMap((s) => commandLinks(text(s.description)))),
  ];
  assert.ok(referenced.length > 20);
  assert.deepStrictEqual(referenced.filter((c) => !contributed.has(c) && !BUILT_IN_COMMANDS.has(c)), []);
});

test('every restricted configuration names a contributed setting exactly (VS Code matches whole keys)', () => {
  const m = manifest as unknown as {
    capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
    contributes: { configuration: Array<{ properties: Record<string, unknown> }> | { properties: Record<string, unknown> } };
  };
  const keys = new Set([m.contributes.configuration].flat().flatMap((c) => Object.keys(c.properties)));
  const restricted = m.capabilities.untrustedWorkspaces.restrictedConfigurations;
  assert.deepEqual(restricted.filter((k) => !keys.has(k)), []);
  for (const k of ['aciDataShare.cloud', 'aciDataShare.customCloud', 'aciDataShare.auth.method', 'aciDataShare.auth.tenant']) {
    assert.ok(restricted.includes(k), `${k} decides where a token goes and must be restricted`);
  }
});

test('every contributed command is registered somewhere in src/', () => {
  const code = sourceFiles(path.join(root, 'src')).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  const unregistered = manifest.contributes.commands
    .map((c) => c.command)
    .filter((id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`) && !code.includes(`\`${id}\``));
  assert.deepStrictEqual(unregistered, []);
});

test('the icon, view icons and walkthrough media exist in files the package keeps', () => {
  const media = manifest.contributes.walkthroughs.flatMap((w) => w.steps.flatMap((s) => [s.media.markdown, s.media.image])).filter((m): m is string => !!m);
  const files = [manifest.icon, ...Object.values(manifest.contributes.viewsContainers).flat().map((v) => v.icon), ...media];
  assert.deepStrictEqual(files.filter((f) => !fs.existsSync(path.join(root, f))), [], 'missing files');
  for (const step of manifest.contributes.walkthroughs.flatMap((w) => w.steps)) {
    if (step.media.image) assert.ok(step.media.altText, `walkthrough step ${step.id} describes its image`);
  }
});

/** Names of the entries of a zip file, read from its central directory. */
function zipEntries(file: string): string[] {
  const data = fs.readFileSync(file);
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, `${file} is a zip file`);
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    assert.equal(data.readUInt32LE(offset), 0x02014b50, 'central directory entry');
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    names.push(data.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

test('the built .vsix holds only what runs (skipped until `npm run package` has built one)', (t) => {
  const vsix = path.join(root, `${manifest.name}-${manifest.version}.vsix`);
  if (!fs.existsSync(vsix)) {
    t.skip(`${path.basename(vsix)} not built`);
    return;
  }
  const entries = zipEntries(vsix).filter((e) => e.startsWith('extension/')).map((e) => e.slice('extension/'.length));
  for (const required of ['package.json', 'package.nls.json', 'dist/extension.js', 'dist/languageWorker.js', 'dist/report.js', 'dist/identity.js', 'media/report/report.css', 'schemas/container-group.schema.json']) {
    assert.ok(entries.includes(required), `${required} is packaged`);
  }
  const stray = entries.filter((e) => /(^|\/)(src|test|out|node_modules|build)\/|\.map$|\.tsx?$|tsconfig|esbuild\.mjs$|\.vsix$/.test(e));
  assert.deepStrictEqual(stray, [], 'sources, tests, build scripts and maps stay out');
  // Every walkthrough medium and README image ships.
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((src) => !/^https?:/.test(src));
  const media = manifest.contributes.walkthroughs.flatMap((w) => w.steps.flatMap((s) => [s.media.markdown, s.media.image])).filter((m): m is string => !!m);
  assert.deepStrictEqual([...images, ...media].filter((f) => !entries.includes(f)), [], 'referenced images and media are packaged');
  const zipped = fs.statSync(vsix).size;
  assert.ok(zipped < 5 * 1024 * 1024, `the package is small (${(zipped / 1024).toFixed(0)} KB)`);
});

test('walkthrough step texts have no code spans: VS Code shows their backticks as they are', () => {
  const steps = manifest.contributes.walkthroughs.flatMap((w) => w.steps);
  for (const step of steps) assert.ok(!text(step.description).includes('`'), `${step.id}: ${text(step.description)}`);
});

test('walkthrough pictures are the cropped ones shipped with the walkthrough', () => {
  const images = manifest.contributes.walkthroughs.flatMap((w) => w.steps.map((s) => s.media.image)).filter((m): m is string => !!m);
  assert.ok(images.length > 0);
  for (const image of images) assert.match(image, /^media\/walkthrough\/[\w-]+\.png$/);
});
