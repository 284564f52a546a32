// Tests module for test/integration/vsix.ts: the extension installed from the built .vsix activates and works
// from its installed folder. The tests are built with mocha's API inside run(), so when the regular suite loads
// every *.test.js of this folder, this file adds no tests there.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import { generateSynchronizations } from '../../emulator/dataShareGenerator';
import { REPORT_CHECK_FILE, REPORT_SHOWN_LINE, TREE_CHECK_FILE, TREE_SHOWN_LINE, type ReportPageCheck, type TreeCheck } from '../vsixProtocol';
import { runAndReport } from './index';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

/** Files that must ship: what the extension host, the language worker and the report page load. */
const REQUIRED_FILES = [
  'package.json',
  'package.nls.json',
  'README.md',
  'CHANGELOG.md',
  'dist/extension.mjs',
  'dist/languageWorker.js',
  'dist/report.js',
  'dist/cli.js',
  'media/shared/page.css',
  'media/report/report.css',
  'media/icon.png',
  'schemas/container-group.schema.json',
];
const FORBIDDEN = /(^|\/)(src|test|out|node_modules|\.vscode-test)\/|\.map$|\.tsx?$|\.vsix$|(^|\/)tsconfig[^/]*\.json$|esbuild\.mjs$/;

function filesUnder(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}

async function waitUntil<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 20000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function defineTests(root: Mocha.Suite): void {
  const suite = Mocha.Suite.create(root, 'installed .vsix');
  let extension: vscode.Extension<TestApi | undefined>;
  const test = (title: string, fn: () => Promise<void> | void) => suite.addTest(new Mocha.Test(title, fn));

  test('the extension is the installed copy, not this repository', () => {
    const found = vscode.extensions.getExtension<TestApi | undefined>(EXTENSION_ID);
    assert.ok(found, `extension ${EXTENSION_ID} is installed`);
    extension = found;
    const installed = path.resolve(extension.extensionPath);
    assert.ok(!installed.startsWith(REPO_ROOT + path.sep) && installed !== REPO_ROOT, `loaded from ${installed}`);
    assert.strictEqual(path.basename(installed), `${EXTENSION_ID}-${manifest.version}`);
    assert.strictEqual((extension.packageJSON as { version: string }).version, manifest.version);
  });

  test('the package holds the bundles and none of the sources, tests or maps', () => {
    const files = filesUnder(extension.extensionPath);
    // vsce stores the README and CHANGELOG in lower case.
    const lower = files.map((f) => f.toLowerCase());
    for (const required of REQUIRED_FILES) assert.ok(lower.includes(required.toLowerCase()), `${required} is in the package; have ${files.join(', ')}`);
    assert.ok(files.some((f) => /^dist\/chunks\/[^/]+\.mjs$/.test(f)), `the entry's chunks are in the package; have ${files.join(', ')}`);
    const stray = files.filter((f) => FORBIDDEN.test(f));
    assert.deepStrictEqual(stray, [], 'nothing but what runs is shipped');
  });

  test('activates from the installed copy, hands out no test API and shows the workspace in the tree', async () => {
    // The runner sets ACI_DS_TEST_API=1 as a user's environment could: only a tests module's own run gets the API.
    const api: TestApi | undefined = await extension.activate();
    assert.strictEqual(extension.isActive, true);
    assert.strictEqual(api, undefined, 'the installed copy returns no test API to other extensions');
    const wanted = ['Container groups', 'web-frontend', 'batch-job', 'broken', 'Share subscriptions'];
    const checkFile = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, TREE_CHECK_FILE);
    fs.rmSync(checkFile, { force: true });
    await vscode.commands.executeCommand('aciDataShare.explorer.focus');
    // The runner reads the rows the side bar shows (the tree's items are out of this host's reach) and writes them.
    console.log(`${TREE_SHOWN_LINE}${JSON.stringify(wanted)}`);
    const check = await waitUntil('the runner\'s tree check', () =>
      fs.existsSync(checkFile) ? (JSON.parse(fs.readFileSync(checkFile, 'utf8')) as TreeCheck) : undefined, 45000);
    const shown = check.labels.filter((l) => wanted.includes(l));
    assert.deepStrictEqual(shown, wanted, `the tree's rows: ${check.labels.join(', ')}`);
  });

  test('a definition gets diagnostics from the packaged language worker', async () => {
    const file = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'definitions', 'smoke.aci.yaml');
    fs.writeFileSync(file, "apiVersion: '2023-05-01'\nlocation: westeurope\nproperties:\n  osType: Linux\n  restartPolicy: Sometimes\n  containers: []\n");
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc);
    const ours = await waitUntil('ACI diagnostics', () => {
      const found = vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'aci-validate');
      return found.length > 0 ? found : undefined;
    });
    const line = doc.getText().split('\n').findIndex((l) => l.includes('Sometimes'));
    assert.ok(ours.some((d) => d.range.start.line === line), `a diagnostic on restartPolicy (line ${line + 1}); got ${ours.map((d) => `${d.range.start.line + 1}: ${d.message}`).join('; ')}`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the synchronization report page loads from the package and renders rows', async () => {
    const target: ShareSubscriptionTarget = {
      subscriptionId: '00000000-0000-0000-0000-000000000001',
      resourceGroup: 'rg-share',
      accountName: 'contoso-share',
      shareSubscriptionName: 'sales-settings-5',
      label: 'Sales data',
    };
    const syncId = generateSynchronizations(target.accountName, target.shareSubscriptionName)[0].synchronizationId;
    const checkFile = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, REPORT_CHECK_FILE);
    fs.rmSync(checkFile, { force: true });
    await vscode.commands.executeCommand('aciDataShare.showSynchronizationReport', target, syncId);
    await waitUntil('the report tab', () =>
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('aciDataShare.synchronizationReport')),
    );
    // The runner looks into the page (a webview is out of the extension host's reach) and writes what it saw.
    console.log(REPORT_SHOWN_LINE);
    const check = await waitUntil('the runner\'s report page check', () =>
      fs.existsSync(checkFile) ? (JSON.parse(fs.readFileSync(checkFile, 'utf8')) as ReportPageCheck) : undefined, 45000);
    assert.ok(check.gridRows > 0, `the page rendered data set rows: ${JSON.stringify(check)}`);
    assert.strictEqual(check.styled, true, 'the page\'s stylesheet applied');
  });

  test('a command whose code loads on first use runs from the package, with the main bundle\'s modules', async () => {
    // Open Shell's code is a chunk of its own (dist/chunks/) importing the chunks activation loaded: a command with
    // arguments is refused before anything is sent, so no container need exist.
    const ref = { target: { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-smoke', name: 'web-frontend' }, containerName: 'web' };
    const result = await vscode.commands.executeCommand<{ outcome: string; message?: string } | undefined>('aciDataShare.openShell', { containerRef: ref }, { command: 'sh -c ls' });
    assert.strictEqual(result?.outcome, 'refused', `the command ran: ${JSON.stringify(result)}`);
    assert.match(result.message ?? '', /single program without arguments/);
  });
}

export function run(): Promise<void> {
  console.log(`[tests] start in ${vscode.env.appName} ${vscode.version} (installed .vsix)`);
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60000, reporter: 'spec' });
  defineTests(mocha.suite);
  return runAndReport(mocha);
}
