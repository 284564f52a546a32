// The commands a user runs from the view and the palette, each through executeCommand with scripted answers:
// Remove from View (confirmed and declined), New Definition, Delete Secret, Sign Out, Open Definition, Refresh and
// Show Output.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import { activateExtension, child, nextTreeChange, shownChildren } from './extensionApi';
import { ScriptedInput, withAnswers, type Answer } from './scriptedInput';
import { until } from './until';

const SUB = '00000000-0000-0000-0000-0000000000c0';

suite('Commands with scripted answers', function () {
  this.timeout(60_000);
  let api: TestApi;
  const config = () => vscode.workspace.getConfiguration('aciDataShare');

  /** Runs a command with `answers`; every answer must be used and no other question asked. */
  const run = async <T>(command: string, args: unknown[], answers: Answer[]): Promise<{ result: T | undefined; script: ScriptedInput }> => {
    const script = new ScriptedInput(answers);
    const result = await withAnswers(api, script, async () => vscode.commands.executeCommand<T>(command, ...args));
    script.assertDone();
    return { result, script };
  };

  suiteSetup(async () => {
    api = await activateExtension();
  });

  test('Remove from View asks first, keeps the entry on Cancel and removes only it on Remove', async () => {
    const before = config().inspect<unknown[]>('containerGroups')?.workspaceValue ?? [];
    const entry = { name: 'cmd-remove-me', subscriptionId: SUB, resourceGroup: 'rg-cmd', definitionFile: 'definitions/web-frontend.aci.yaml' };
    const shown = nextTreeChange(api);
    await config().update('containerGroups', [...before, entry], vscode.ConfigurationTarget.Workspace);
    await shown;
    try {
      const node = await child(api, await child(api, undefined, 'Container groups'), entry.name);
      const question = /^Remove container group cmd-remove-me from the ACI & Data Share view\?$/;
      const kept = await run<boolean>('aciDataShare.removeContainerGroup', [node.node], [{ message: question, choose: undefined }]);
      assert.strictEqual(kept.result, false);
      assert.match(kept.script.shown[0].detail ?? '', /nothing changes in Azure or in your files/);
      assert.strictEqual(config().inspect<unknown[]>('containerGroups')?.workspaceValue?.length, before.length + 1);

      const removed = await run<boolean>('aciDataShare.removeContainerGroup', [node.node], [{ message: question, choose: 'Remove' }]);
      assert.strictEqual(removed.result, true);
      assert.deepStrictEqual(config().inspect<unknown[]>('containerGroups')?.workspaceValue, before);
      assert.ok(fs.existsSync(path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, entry.definitionFile)), 'the definition file stays');
    } finally {
      await config().update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('Remove from View on a share subscription removes that entry', async () => {
    const before = config().inspect<unknown[]>('shareSubscriptions')?.workspaceValue ?? [];
    const entry = { subscriptionId: SUB, resourceGroup: 'rg-cmd', accountName: 'cmd-account', shareSubscriptionName: 'cmd-settings-2', label: 'Remove me' };
    await config().update('shareSubscriptions', [...before, entry], vscode.ConfigurationTarget.Workspace);
    try {
      const node = await child(api, await child(api, undefined, 'Share subscriptions'), 'Remove me');
      const { result } = await run<boolean>('aciDataShare.removeShareSubscription', [node.node], [{ message: /^Remove share subscription Remove me /, choose: 'Remove' }]);
      assert.strictEqual(result, true);
      assert.deepStrictEqual(config().inspect<unknown[]>('shareSubscriptions')?.workspaceValue, before);
      const labels = (await shownChildren(api, (await child(api, undefined, 'Share subscriptions')).node)).map((i) => i.label);
      assert.ok(!labels.includes('Remove me'), labels.join(', '));
    } finally {
      await config().update('shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('New Container Group Definition writes a file with no problems where the save dialog says', async () => {
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'definitions', 'cmd-new.aci.yaml');
    try {
      const { result } = await run<vscode.Uri>('aciDataShare.newDefinition', [], [
        { pick: /^New Container Group Definition/, choose: /^YAML$/ },
        { input: /Container group name/, value: 'cmd-new' },
        { save: /cmd-new\.aci\.yaml$/, uri: file },
      ]);
      assert.strictEqual(result?.toString(), file.toString());
      const doc = await vscode.workspace.openTextDocument(file);
      assert.match(doc.getText(), /name: cmd-new/);
      const findings = await api.language.diagnostics.validateNow(doc);
      assert.deepStrictEqual(findings.map((f) => f.message), []);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(file.fsPath, { force: true });
    }
  });

  test('A command that fails shows one error message in words and logs its stack; it does not reject', async () => {
    // A save path under an existing file cannot be written: the file system's own error is the failure.
    const blocker = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'definitions', 'web-frontend.aci.yaml');
    const file = vscode.Uri.joinPath(blocker, 'cmd-fails.aci.yaml');
    const lines: Array<{ level: string; message: string }> = [];
    const listening = api.onLogLine((level, message) => lines.push({ level, message }));
    try {
      const script = new ScriptedInput([
        { pick: /^New Container Group Definition/, choose: /^YAML$/ },
        { input: /Container group name/, value: 'cmd-fails' },
        { save: /cmd-fails\.aci\.yaml$/, uri: file },
      ]);
      const result = await withAnswers(api, script, async () => vscode.commands.executeCommand('aciDataShare.newDefinition'));
      assert.strictEqual(result, undefined);
      const errors = script.messages('error');
      assert.strictEqual(errors.length, 1, JSON.stringify(errors));
      assert.ok(errors[0] && errors[0].length > 0 && !/failed\.?$/.test(errors[0]), errors[0]);
      const logged = lines.filter((l) => l.level === 'error' && l.message.startsWith('aciDataShare.newDefinition failed: '));
      assert.strictEqual(logged.length, 1, JSON.stringify(lines));
      assert.match(logged[0].message, /\n\s+at /, 'the stack is logged');
    } finally {
      listening.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('New Container Group Definition offers the new file for the view, and Add to View adds it', async () => {
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'definitions', 'cmd-new-view.aci.json');
    const before = config().inspect<unknown[]>('containerGroups')?.workspaceValue;
    // The new definition's questions are scripted; the Add flow after it takes what each of its steps offers first.
    const script = new ScriptedInput(
      [
        { pick: /^New Container Group Definition/, choose: /^JSON$/ },
        { input: /Container group name/, value: 'cmd-new-view' },
        { save: /cmd-new-view\.aci\.json$/, uri: file },
        { message: /^definitions\/cmd-new-view\.aci\.json created\. Add it to the ACI & Data Share view/, choose: 'Add to View…' },
      ],
      { acceptDefaults: true },
    );
    try {
      // Signed in, Add's steps are lists read from Azure (the emulator), so taking the first item answers each.
      await vscode.commands.executeCommand('aciDataShare.signIn');
      await withAnswers(api, script, async () => vscode.commands.executeCommand('aciDataShare.newDefinition'));
      script.assertDone();
      const written = config().inspect<Record<string, string>[]>('containerGroups')?.workspaceValue ?? [];
      // An ARM body carries no name; the typed one names the file and, through it, the entry.
      assert.ok(written.some((e) => e.definitionFile === 'definitions/cmd-new-view.aci.json' && e.name === 'cmd-new-view'), JSON.stringify(written));
    } finally {
      await config().update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(file.fsPath, { force: true });
    }
  });

  test('Add Container Group signed out offers Sign In first; signing in turns the steps into lists from Azure', async () => {
    const before = config().inspect<unknown[]>('containerGroups')?.workspaceValue;
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'definitions', 'batch-job.aci.json');
    await vscode.commands.executeCommand('aciDataShare.signOut');
    try {
      const { result, script } = await run<Record<string, string>>('aciDataShare.addContainerGroup', [uri], [
        { pick: /^Add Container Group \(1\/4\)/, choose: /Sign in to pick from your subscriptions/ },
        { pick: /^Add Container Group \(1\/4\)/, choose: /^Contoso Emulator$/ },
        { pick: /^Add Container Group \(2\/4\)/, choose: /^rg-api$/ },
        { input: /^Add Container Group \(3\/4\)/, value: 'cmd-signin-add' },
        { pick: /^Add Container Group \(4\/4\)/, choose: /./ },
      ]);
      const picks = script.shown.filter((s) => s.kind === 'pick');
      assert.deepStrictEqual(picks[0].items, ['$(sign-in) Sign in to pick from your subscriptions', '$(edit) Enter a value…']);
      assert.deepStrictEqual(picks[1].items, ['Contoso Emulator', '$(edit) Enter a value…'], 'the subscriptions read from Azure');
      assert.strictEqual(result?.resourceGroup, 'rg-api');
    } finally {
      await config().update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('Add Share Subscription signed out: typing instead says that signing in would give a list', async () => {
    await vscode.commands.executeCommand('aciDataShare.signOut');
    const { result, script } = await run('aciDataShare.addShareSubscription', [], [
      { pick: /^Add Share Subscription \(1\/5\)/, choose: /Enter a value/ },
      { input: /^Add Share Subscription \(1\/5\)/, value: undefined },
    ]);
    assert.strictEqual(result, undefined);
    assert.match(script.shown[1].text, /sign in to pick from a list$/);
  });

  test('Delete Secret asks which and confirms; the name is gone from the store', async () => {
    await run('aciDataShare.setSecret', ['cmd-secret'], [{ input: /^Set Secret \(2\/2\)/, value: 'cmd-Secret-Value-77aa' }]);
    assert.ok(api.secrets.names().includes('cmd-secret'));
    const { result } = await run<string>('aciDataShare.deleteSecret', [], [
      { pick: /^Delete Secret/, choose: /^cmd-secret$/ },
      { message: /^Delete the secret 'cmd-secret'\?$/, choose: 'Delete' },
    ]);
    assert.strictEqual(result, 'cmd-secret');
    assert.ok(!api.secrets.names().includes('cmd-secret'));
  });

  test('Sign Out says so, and the next sign-in works again', async () => {
    const out = await run('aciDataShare.signOut', [], []);
    assert.match(out.script.messages('info')[0] ?? '', /^Signed out of Azure in ACI & Data Share\./);
    const signedIn = await run<string>('aciDataShare.signIn', [], []);
    assert.match(signedIn.result ?? '', /^Signed in to the custom cloud as /);
  });

  test('Open Definition opens the node\'s file; Refresh and Refresh Node rebuild the tree', async () => {
    const node = await child(api, await child(api, undefined, 'Container groups'), 'web-frontend');
    await vscode.commands.executeCommand('aciDataShare.openDefinition', node.node);
    assert.match(vscode.window.activeTextEditor?.document.uri.path ?? '', /\/definitions\/web-frontend\.aci\.yaml$/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const whole = nextTreeChange(api);
    await vscode.commands.executeCommand('aciDataShare.refresh');
    await whole;
    const fresh = await child(api, await child(api, undefined, 'Container groups'), 'web-frontend');
    assert.notStrictEqual(fresh.node, node.node, 'the roots were rebuilt');
    const one = new Promise<unknown>((resolve) => {
      const sub = api.explorer.onDidChangeTreeData((changed) => (sub.dispose(), resolve(changed)));
    });
    await vscode.commands.executeCommand('aciDataShare.refreshNode', fresh.node);
    assert.strictEqual(await one, fresh.node, 'only that node changed');
  });

  test('Show Output opens the extension\'s log', async () => {
    await vscode.commands.executeCommand('aciDataShare.showOutput');
    const shown = () => vscode.window.visibleTextEditors.some((e) => e.document.uri.scheme === 'output' && /aci/i.test(e.document.uri.toString()));
    await until(shown, `the output channel shown among: ${vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()).join(', ')}`, 5_000);
  });
});
