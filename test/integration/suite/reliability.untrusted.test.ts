// Workspace trust, in a folder VS Code has NOT trusted (its own runner suite starts code-server with workspace trust
// enabled and the test/fixtures/untrusted folder). The workspace's settings point the extension at the emulator;
// they must be ignored (no token goes there), deploys must be refused with an explanation, and editing still works.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import { armRequest, getToken } from '../../emulator/testClient';
import { EXTENSION_ID, activateExtension, child, shownChildren } from './extensionApi';
import { ScriptedInput } from './scriptedInput';

/** True when the runner started this file in its dedicated untrusted suite. */
const inUntrustedSuite = /untrusted/.test(process.env.ACI_DS_TEST_FILES ?? '');
const TARGET = { name: 'untrusted-web', subscriptionId: '00000000-0000-0000-0000-0000000000ab', resourceGroup: 'rg-untrusted', definitionFile: 'definitions/untrusted-web.aci.yaml' };

suite('Reliability: untrusted workspace', function () {
  this.timeout(60_000);

  suiteSetup(function () {
    // In the trusted workspace suite this file has nothing to check; its own suite must really be untrusted.
    if (!inUntrustedSuite) this.skip();
    assert.strictEqual(vscode.workspace.isTrusted, false, 'this suite must run with workspace trust enabled on an untrusted folder');
  });

  test('the settings that decide where a token goes are ignored', async () => {
    // VS Code hides these workspace values in an untrusted folder; the file on disk does ask for the emulator.
    const settingsFile = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, '.vscode', 'settings.json');
    assert.strictEqual(JSON.parse(fs.readFileSync(settingsFile, 'utf8'))['aciDataShare.cloud'], 'Custom');
    const connection = await (await activateExtension()).connection();
    assert.strictEqual(connection.cloud.armEndpoint.replace(/\/$/, ''), 'https://management.azure.com');
    assert.match(connection.tokenProvider.id, /^vscode:microsoft/);
    assert.ok(!connection.client.endpoint.includes('127.0.0.1'));
  });

  test('expanding a group reads nothing from Azure and says why', async () => {
    const api = await activateExtension();
    const node = await child(api, await child(api, undefined, 'Container groups'), TARGET.name);
    const items = await shownChildren(api, node.node);
    const note = items.find((i) => i.label === 'Could not read the live state');
    assert.ok(note, items.map((i) => i.label).join(', '));
    assert.strictEqual(note.description, 'Azure is not read in an untrusted workspace. Trust the workspace to see the live state.');
  });

  test('a trend restored after a window reload reads nothing from Azure and says why', async () => {
    const api = await activateExtension();
    const target = { subscriptionId: TARGET.subscriptionId, resourceGroup: TARGET.resourceGroup, accountName: 'untrusted-share', shareSubscriptionName: 'untrusted-feed' };
    await api.trend.restore({ target, count: 3 });
    const record = await api.trend.waitFor((r) => r.target.shareSubscriptionName === target.shareSubscriptionName && r.state === 'error' && r.view?.state === 'error');
    assert.strictEqual(record.signInNeeded, true);
    assert.strictEqual(record.view?.note, 'Azure is not read in an untrusted workspace. Trust the workspace, then sign in to load this again.');
    assert.strictEqual(record.listed, 0);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('deploy is refused with an explanation and nothing reaches the service', async () => {
    await activateExtension();
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, TARGET.definitionFile);
    const result = (await vscode.commands.executeCommand<DeployCommandResult>('aciDataShare.deploy', uri));
    assert.strictEqual(result.outcome, 'invalid');
    assert.match(result.notifications.at(-1) ?? '', /Deploy is disabled in an untrusted workspace\. Trust the workspace to deploy\./);
    const emulator = process.env.ACI_DS_EMULATOR_URL!;
    const token = await getToken(emulator);
    const path_ = `/subscriptions/${TARGET.subscriptionId}/resourceGroups/${TARGET.resourceGroup}/providers/Microsoft.ContainerInstance/containerGroups/${TARGET.name}?api-version=2023-05-01`;
    assert.strictEqual((await armRequest(emulator, token, 'GET', path_)).status, 404, 'the group was never created');
  });

  test('Open Shell, Show Live Output, Show Logs and Import are refused with an explanation, nothing read from Azure', async () => {
    const api = await activateExtension();
    const input = new ScriptedInput();
    api.useUserInput(input);
    try {
      const containerRef = { target: TARGET, containerName: 'web' };
      assert.strictEqual(await vscode.commands.executeCommand('aciDataShare.openShell', { containerRef }, { command: '/bin/sh' }), undefined);
      assert.strictEqual(await vscode.commands.executeCommand('aciDataShare.showLiveOutput', { containerRef }), undefined);
      assert.strictEqual(await vscode.commands.executeCommand('aciDataShare.showLogs', { containerRef }), undefined);
      assert.strictEqual(await vscode.commands.executeCommand('aciDataShare.importContainerGroup'), undefined);
      const errors = input.shown.filter((s) => s.kind === 'error').map((s) => s.text);
      assert.deepStrictEqual(
        errors,
        ['Open Shell', 'Show Live Output', 'Show Logs', 'Import Container Group'].map((c) => `${c} is disabled in an untrusted workspace. Trust the workspace to use it.`),
      );
      assert.strictEqual(vscode.window.terminals.filter((t) => t.name.includes(TARGET.name)).length, 0);
      input.assertDone();
    } finally {
      api.useUserInput(undefined);
    }
  });

  test('the manifest says what is limited in an untrusted workspace', () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { capabilities: { untrustedWorkspaces: { supported: string; description: string } } };
    assert.strictEqual(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    for (const limited of ['Open Shell', 'Show Live Output', 'Show Logs', 'Import Container Group', 'deploy']) assert.match(pkg.capabilities.untrustedWorkspaces.description, new RegExp(limited));
  });

  test('every deploy entry point is gated on trust', () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string; enablement?: string }[]; menus: Record<string, { command: string; when?: string }[]> } };
    assert.match(pkg.contributes.commands.find((c) => c.command === 'aciDataShare.deploy')?.enablement ?? '', /isWorkspaceTrusted/);
    const entries = Object.values(pkg.contributes.menus).flat().filter((m) => m.command === 'aciDataShare.deploy');
    assert.ok(entries.length > 0 && entries.every((m) => /isWorkspaceTrusted/.test(m.when ?? '')), JSON.stringify(entries));
  });

  test('editing still works: the definition is checked and the file is unchanged', async () => {
    const api = await activateExtension();
    const file = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, TARGET.definitionFile);
    const before = fs.readFileSync(file, 'utf8');
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc);
    const findings = await api.language.diagnostics.validateNow(doc);
    assert.deepStrictEqual(findings.filter((f) => f.severity === 'error'), []);
    assert.strictEqual(fs.readFileSync(file, 'utf8'), before);
    assert.strictEqual(doc.isDirty, false);
  });
});
