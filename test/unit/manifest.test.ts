// package.json against the rest of the product: its `%key%` strings are translated, every command it refers to
// exists and is registered in the code, and its walkthrough media exist (the package stage checks what ships).
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
    walkthroughs: Array<{ steps: Array<{ id: string; description: string; media: { markdown?: string; image?: string | Record<string, string>; altText?: string } }> }>;
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
  // An image is one file or one per theme (light, dark, hc, hcLight).
  const media = manifest.contributes.walkthroughs.flatMap((w) => w.steps.flatMap((s) => [s.media.markdown, ...strings(s.media.image)])).filter((m): m is string => !!m);
  const files = [manifest.icon, ...Object.values(manifest.contributes.viewsContainers).flat().map((v) => v.icon), ...media];
  assert.deepStrictEqual(files.filter((f) => !fs.existsSync(path.join(root, f))), [], 'missing files');
  for (const step of manifest.contributes.walkthroughs.flatMap((w) => w.steps)) {
    if (step.media.image) assert.ok(step.media.altText, `walkthrough step ${step.id} describes its image`);
  }
});

test('walkthrough step texts have no code spans: VS Code shows their backticks as they are', () => {
  const steps = manifest.contributes.walkthroughs.flatMap((w) => w.steps);
  for (const step of steps) assert.ok(!text(step.description).includes('`'), `${step.id}: ${text(step.description)}`);
});

test('walkthrough pictures are the cropped ones shipped with the walkthrough', () => {
  const images = manifest.contributes.walkthroughs.flatMap((w) => w.steps.flatMap((s) => strings(s.media.image)));
  assert.ok(images.length > 0);
  for (const image of images) assert.match(image, /^media\/walkthrough\/[\w-]+\.png$/);
  // One picture per theme: light and high-contrast light, dark and high-contrast dark.
  for (const step of manifest.contributes.walkthroughs.flatMap((w) => w.steps)) {
    const image = step.media.image;
    if (image === undefined) continue;
    assert.ok(typeof image === 'object', `${step.id}: an image per theme`);
    assert.deepStrictEqual(Object.keys(image).sort(), ['dark', 'hc', 'hcLight', 'light'], step.id);
  }
});

test("the walkthrough's own context keys are ones the extension sets, so its steps can tick", () => {
  const events = manifest.contributes.walkthroughs.flatMap((w) => w.steps.flatMap((s) => (s as unknown as { completionEvents?: string[] }).completionEvents ?? []));
  const own = events.filter((e) => e.startsWith('onContext:aciDataShare.')).map((e) => e.slice('onContext:'.length));
  assert.ok(own.length >= 3, events.join(', '));
  const source = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? source(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [fs.readFileSync(path.join(dir, d.name), 'utf8')] : []));
  const code = source(path.join(root, 'src')).join('\n');
  assert.deepStrictEqual(own.filter((key) => !code.includes(`'setContext', '${key}'`)), []);
});

test('every walkthrough step ticks on something a user does, not only on one command', () => {
  // A step done another way (signed in by the first Add, a group already in the settings) still ticks.
  const steps = manifest.contributes.walkthroughs.flatMap((w) => w.steps) as unknown as Array<{ id: string; completionEvents: string[] }>;
  const byId = new Map(steps.map((s) => [s.id, s.completionEvents]));
  assert.ok(byId.get('signIn')?.includes('onContext:aciDataShare.signedIn'));
  assert.ok(byId.get('addContainerGroup')?.includes('onContext:aciDataShare.hasContainerGroups'));
  for (const id of ['shell', 'synchronize', 'deployTemplate']) assert.ok(byId.has(id), `a step for ${id}`);
});
