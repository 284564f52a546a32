// Every feature folder registers in one shape: one exported register function named like its file, taking the
// registrar first (src/commands/shared holds the registrar itself); the registrar owns what is registered, so no feature pushes into the extension's subscriptions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const commands = path.join(root, 'src/commands');

function registerModules(): string[] {
  return fs
    .readdirSync(commands, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'shared')
    .flatMap((d) => fs.readdirSync(path.join(commands, d.name)).filter((f) => /^register\w*\.ts$/.test(f)).map((f) => path.join(commands, d.name, f)));
}

test('there are register modules to check', () => {
  assert.ok(registerModules().length >= 10, registerModules().join('\n'));
});

for (const file of registerModules()) {
  const rel = path.relative(root, file);
  const text = fs.readFileSync(file, 'utf8');
  test(`${rel}: one exported register function, named like its file, taking the registrar`, () => {
    const exported = [...text.matchAll(/^export (?:async )?function (register\w*)\(([^)]*)\)/gm)];
    assert.equal(exported.length, 1, `${rel} exports ${exported.map((m) => m[1]).join(', ') || 'no register function'}`);
    const [, name, params] = exported[0];
    assert.equal(name, path.basename(file, '.ts'));
    assert.match(params, /^command: CommandRegistrar\b/);
    assert.doesNotMatch(params, /subscriptions|Disposable/);
  });
  test(`${rel}: the registrar owns what it registers`, () => {
    assert.doesNotMatch(text, /subscriptions\.push|services\.extension\.subscriptions/);
    assert.doesNotMatch(text, /\blogger: log\(\)/);
  });
}

test('src/extension.ts only wires: short, and no feature gets the subscriptions handed in', () => {
  const text = fs.readFileSync(path.join(root, 'src/extension.ts'), 'utf8');
  assert.ok(text.split('\n').length <= 80, `src/extension.ts has ${text.split('\n').length} lines`);
  assert.doesNotMatch(text, /context\.subscriptions|interface TestApi|logger:/);
});

const tsFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? tsFiles(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : []));

// The settings adapters are shared by the commands: a location or service kept there would be a singleton set from
// activate, so they take it from the caller (the registrar's services) like the commands do.
for (const dir of ['src/commands', 'src/settings']) {
  test(`no module under ${dir} keeps a service in module state: it comes from the registrar's context`, () => {
    const withState = tsFiles(path.join(root, dir)).filter((f) => /^(?:export )?(?:let|var) /m.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(withState.map((f) => path.relative(root, f)), []);
  });
}
