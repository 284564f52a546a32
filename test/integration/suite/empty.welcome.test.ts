// With nothing configured the view shows its welcome content (the `aciDataShare.empty` context).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, activateExtension, shownChildren } from './extensionApi';

suite('Welcome view (empty workspace)', () => {
  test('the tree is empty and the welcome flag is set', async () => {
    await vscode.commands.executeCommand('aciDataShare.explorer.focus');
    const api = await activateExtension();
    assert.deepStrictEqual(await shownChildren(api), []);
    assert.strictEqual(api.isEmpty(), true);
  });

  test('adding an entry replaces the welcome view with the tree', async () => {
    const api = await activateExtension();
    const config = vscode.workspace.getConfiguration('aciDataShare');
    await config.update(
      'shareSubscriptions',
      [{ subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg', accountName: 'acct', shareSubscriptionName: 'first' }],
      vscode.ConfigurationTarget.Workspace,
    );
    const roots = await shownChildren(api);
    assert.deepStrictEqual(roots.map((r) => r.label), ['Container groups', 'Share subscriptions']);
    assert.strictEqual(api.isEmpty(), false);
    await config.update('shareSubscriptions', undefined, vscode.ConfigurationTarget.Workspace);
    await shownChildren(api);
    assert.strictEqual(api.isEmpty(), true);
  });
});

suite('Welcome view content', () => {
  test('offers Add Container Group, Add Share Subscription, New Definition and Import, each a command the extension has', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { viewsWelcome: { view: string; contents: string }[] } };
    const welcome = manifest.contributes.viewsWelcome.find((w) => w.view === 'aciDataShare.explorer')!;
    // The manifest as VS Code loaded it, with the %…% texts filled in from package.nls.json.
    const linked = [...welcome.contents.matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]);
    assert.deepStrictEqual(linked, ['aciDataShare.addContainerGroup', 'aciDataShare.addShareSubscription', 'aciDataShare.newDefinition', 'aciDataShare.importContainerGroup']);
    const commands = await vscode.commands.getCommands(true);
    for (const id of linked) assert.ok(commands.includes(id), id);
  });
});
