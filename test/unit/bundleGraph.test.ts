// What activation loads stays small: the extension's entry and the chunks it imports statically (esbuild's
// dist/meta.json says which) hold neither ajv (validation runs in the language worker) nor the sign-in libraries,
// the websocket library or any command's code that loads on first use through an import().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { activationSet, bytesOf, ENTRY, firstUseSet, inputsOf, outputOf, reached, readMetafile } from '../bundleMeta';

const ROOT = path.resolve(__dirname, '../../..');
const meta = readMetafile(ROOT);
/** Features loaded on first use, each by a module its chunk must hold. */
const LAZY = [
  'src/core/auth/identityProviders.ts',
  'src/core/import/importFields.ts',
  'src/commands/importContainerGroup/importContainerGroup.ts',
  'src/commands/deploy/runDeploy.ts',
  'src/commands/deployTemplate/runTemplateDeploy.ts',
  'src/commands/containerGroupActions/runAction.ts',
  'src/commands/diagnose/runDiagnose.ts',
  'src/commands/openShell/openSession.ts',
  'src/commands/openShell/sessionTerminal.ts',
  'src/core/containerGroup/containerSocket.ts',
  'src/commands/runCommand/runCommand.ts',
  'src/commands/copyFiles/copyFile.ts',
  'src/commands/copyFiles/copyFolder.ts',
  'src/commands/copyFiles/localArchive.ts',
  'src/commands/convertCompose/composeCommands.ts',
  'src/core/compose/convertCompose.ts',
  'src/commands/synchronize/synchronizeNow.ts',
  'src/commands/synchronize/cancelSynchronization.ts',
  'src/commands/synchronize/scheduleCommands.ts',
  'src/webview/report/reportPanel.ts',
  'src/webview/trend/trendPanel.ts',
  'src/webview/compare/comparePanel.ts',
];
/** Modules with state or classes checked by identity: exactly one instance. */
const SINGLE_INSTANCE = ['src/core/arm/errors.ts', 'src/output/log.ts', 'src/webview/panelBase.ts', 'src/ui/userInput.ts', 'src/settings/configuration.ts'];
const BUDGET_BYTES = 400 * 1024;
const extensionOutputs = Object.keys(meta.outputs).filter((f) => f.endsWith('.mjs'));
const packageOf = (input: string) => /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];

test('activation reaches neither ajv, @azure/identity nor the websocket library', () => {
  const inputs = inputsOf(meta, activationSet(meta));
  const packages = new Set([...inputs].map(packageOf).filter((p) => p !== undefined));
  assert.ok(inputs.size > 20, `activation loads ${inputs.size} modules`);
  assert.ok(packages.has('yaml') && packages.has('jsonc-parser'), [...packages].join(', '));
  for (const heavy of ['ajv', 'ajv-formats', '@azure/identity', '@azure/msal-node', 'ws']) assert.ok(!packages.has(heavy), `${heavy} loads at activation`);
  assert.deepEqual([...inputs].filter((f) => /\/validation\/.*(schema|validate|normalize)/.test(f)), []);
});

test('each lazy feature loads on first use, through an import(), not at activation', () => {
  const active = activationSet(meta);
  const all = reached(meta, [ENTRY], 'all');
  for (const input of LAZY) {
    const chunk = outputOf(meta, input);
    assert.ok(chunk, `${input} is bundled`);
    assert.ok(!active.has(chunk), `${input} loads at activation (${chunk})`);
    assert.ok(all.has(chunk), `${input}'s chunk ${chunk} is reached from ${ENTRY}`);
  }
  const session = inputsOf(meta, firstUseSet(meta, ['src/core/containerGroup/containerSocket.ts']));
  assert.ok([...session].some((m) => m.startsWith('node_modules/ws/')), 'the websocket library loads with the first session');
});

test('the container group schema loads with Import, not at activation', () => {
  const schemaId = (JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/container-group.schema.json'), 'utf8')) as { $id: string }).$id;
  const text = (files: Iterable<string>) => [...files].map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')).join('\n');
  assert.ok(!text(activationSet(meta)).includes(schemaId), 'the schema is not in what activation loads');
  assert.ok(text(firstUseSet(meta, ['src/core/import/importFields.ts'])).includes(schemaId), 'the import chunk carries the schema');
});

test('each module has one instance: no module has code in two output files', () => {
  const owner = new Map<string, string>();
  for (const file of extensionOutputs) {
    for (const input of inputsOf(meta, [file])) {
      assert.equal(owner.get(input) ?? file, file, `${input} is copied into both ${owner.get(input)} and ${file}`);
      owner.set(input, file);
    }
  }
  for (const module of SINGLE_INSTANCE) assert.ok(owner.has(module), `${module} is bundled`);
});

test('what the production build loads at activation is under 400 KB', () => {
  // Built in a scratch folder linking to the sources, so dist/ (the development build the tests read) stays.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-bundle-size-'));
  try {
    for (const entry of ['src', 'media', 'node_modules', 'build', 'package.json', 'tsconfig.json']) fs.symlinkSync(path.join(ROOT, entry), path.join(scratch, entry));
    fs.copyFileSync(path.join(ROOT, 'esbuild.mjs'), path.join(scratch, 'esbuild.mjs'));
    execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: scratch, stdio: 'pipe' });
    const production = readMetafile(scratch);
    const size = bytesOf(production, activationSet(production));
    assert.ok(size < BUDGET_BYTES, `activation loads ${size} bytes`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
