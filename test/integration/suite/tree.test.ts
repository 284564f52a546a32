// The explorer tree against the fixture workspace and the ARM emulator, in the real VS Code.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import { activateExtension, child, nextTreeChange, shownChildren } from './extensionApi';

suite('Explorer tree', () => {
  let api: TestApi;

  suiteSetup(async () => {
    api = await activateExtension();
  });

  test('contributes its view and commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['aciDataShare.refresh', 'aciDataShare.addContainerGroup', 'aciDataShare.addShareSubscription', 'aciDataShare.openDefinition']) {
      assert.ok(commands.includes(id), `command ${id} is registered`);
    }
    await vscode.commands.executeCommand('aciDataShare.explorer.focus');
  });

  test('two roots with the configured entries', async () => {
    const roots = await shownChildren(api);
    assert.deepStrictEqual(roots.map((r) => r.label), ['Container groups', 'Share subscriptions']);
    const groups = await shownChildren(api, roots[0].node);
    assert.deepStrictEqual(groups.map((g) => g.label), ['web-frontend', 'batch-job', 'broken']);
    assert.strictEqual(roots[0].description, '3');
    const web = groups[0];
    assert.strictEqual(web.description, 'westeurope · rg-demo');
    assert.strictEqual(web.contextValue, 'containerGroup');
    assert.match(web.tooltip, /definitions\/web-frontend\.aci\.yaml/);
    const subs = await shownChildren(api, roots[1].node);
    assert.deepStrictEqual(subs.map((s) => s.label), ['Sales data', 'Broken feed']);
    assert.strictEqual(subs[0].description, 'sales-settings-5 · contoso-share');
  });

  test('a YAML group expands to containers, volumes, network and what Azure has of it', async () => {
    const web = await child(api, await child(api, undefined, 'Container groups'), 'web-frontend');
    const items = await shownChildren(api, web.node);
    assert.deepStrictEqual(items.map((i) => i.label), ['nginx', 'content-sync', 'Volumes', 'Network', 'Not deployed yet']);
    assert.strictEqual(items[0].contextValue, 'container');
    assert.strictEqual(items[0].description, 'mcr.microsoft.com/azuredocs/nginx:latest · 1 CPU · 1.5 GB · 80/TCP');
    const details = await shownChildren(api, items[0].node);
    assert.deepStrictEqual(
      details.map((d) => `${d.label}: ${d.description}`),
      [
        'Image: mcr.microsoft.com/azuredocs/nginx:latest',
        'Resources: 1 CPU · 1.5 GB',
        'Ports: 80/TCP',
        'Mount cache: /var/cache/nginx',
        'Mount site: /usr/share/nginx/html (read-only)',
        'Environment: SITE_TITLE',
      ],
    );
    const volumes = await shownChildren(api, items[2].node);
    assert.deepStrictEqual(volumes.map((v) => `${v.label}: ${v.description}`), [
      'cache: emptyDir',
      'site: gitRepo · https://github.com/Azure-Samples/aci-helloworld',
    ]);
    assert.strictEqual(items[3].description, 'Public · 80/TCP, 8080/TCP · contoso-web-frontend.westeurope.azurecontainer.io');
  });

  test('a JSON group expands too', async () => {
    const batch = await child(api, await child(api, undefined, 'Container groups'), 'batch-job');
    const items = await shownChildren(api, batch.node);
    assert.deepStrictEqual(items.map((i) => i.label), ['report', 'Not deployed yet']);
    assert.strictEqual(items[0].description, 'mcr.microsoft.com/azuredocs/aci-wordcount:latest · 1 CPU · 1 GB');
  });

  test('a broken definition shows an error node and the rest keeps working', async () => {
    const broken = await child(api, await child(api, undefined, 'Container groups'), 'broken');
    const items = await shownChildren(api, broken.node);
    assert.strictEqual(items.length, 1);
    assert.strictEqual(items[0].label, 'Definition has errors');
    assert.strictEqual(items[0].icon, 'error');
    assert.strictEqual(items[0].description, "Invalid JSON at line 5, column 23: Expected ',' between items.");
    const web = await child(api, await child(api, undefined, 'Container groups'), 'web-frontend');
    assert.strictEqual((await shownChildren(api, web.node)).length, 5);
  });

  test('a share subscription expands to every page of its source synchronization settings, not enabled, then its data sets', async () => {
    const sales = await child(api, await child(api, undefined, 'Share subscriptions'), 'Sales data');
    const items = await shownChildren(api, sales.node);
    const settings = items.filter((i) => i.contextValue?.startsWith('schedule.'));
    assert.strictEqual(settings.length, 5, items.map((s) => `${s.label} ${s.description}`).join('; '));
    assert.strictEqual(items[items.length - 1].label, 'Data sets');
    for (const s of settings) {
      assert.match(s.label, /^Every (hour at :\d\d|day at \d\d:\d\d UTC)$/);
      // Nothing runs on a schedule the consumer has not enabled (no trigger), so no next run is shown.
      assert.strictEqual(s.description, 'not enabled');
      assert.strictEqual(s.contextValue, 'schedule.disabled');
      assert.doesNotMatch(s.tooltip, /Next run/);
      assert.match(s.tooltip, /ScheduleBased/);
    }
    // Soonest first, so the top node answers "when does it run next?" once enabled.
    const times = settings.map((s) => /Synchronization time \| ([^|]+) \|/.exec(s.tooltip)?.[1] ?? '');
    assert.ok(times.every(Boolean), times.join(', '));
  });

  test('an HTTP failure shows as an error node on that subscription only', async () => {
    const broken = await child(api, await child(api, undefined, 'Share subscriptions'), 'Broken feed');
    const items = await shownChildren(api, broken.node);
    assert.deepStrictEqual(items.map((i) => i.label), ['Could not load synchronization settings', 'Data sets']);
    assert.ok(items[0].description.length > 10, items[0].description);
    const sales = await child(api, await child(api, undefined, 'Share subscriptions'), 'Sales data');
    assert.strictEqual((await shownChildren(api, sales.node)).filter((i) => i.contextValue?.startsWith('schedule.')).length, 5);
  });

  test('saving a definition refreshes its node', async () => {
    const web = await child(api, await child(api, undefined, 'Container groups'), 'web-frontend');
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'definitions/web-frontend.aci.yaml');
    const doc = await vscode.workspace.openTextDocument(uri);
    const original = doc.getText();
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(original.length)), original.replace('- name: content-sync', '- name: content-mirror'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    const changed = nextTreeChange(api);
    await doc.save();
    await changed;
    try {
      const items = await shownChildren(api, web.node);
      assert.deepStrictEqual(items.map((i) => i.label), ['nginx', 'content-mirror', 'Volumes', 'Network', 'Not deployed yet']);
    } finally {
      // The fixture's definition is shared by the files that run after this one in the same window.
      const back = new vscode.WorkspaceEdit();
      back.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), original);
      await vscode.workspace.applyEdit(back);
      await doc.save();
    }
  });

  test('a settings change rebuilds the tree', async () => {
    const config = vscode.workspace.getConfiguration('aciDataShare');
    const before = config.get<unknown[]>('shareSubscriptions') ?? [];
    const changed = nextTreeChange(api);
    await config.update(
      'shareSubscriptions',
      [...before, { subscriptionId: '00000000-0000-0000-0000-000000000002', resourceGroup: 'rg', accountName: 'acct', shareSubscriptionName: 'extra' }],
      vscode.ConfigurationTarget.Workspace,
    );
    await changed;
    const subs = await shownChildren(api, (await child(api, undefined, 'Share subscriptions')).node);
    assert.deepStrictEqual(subs.map((s) => s.label), ['Sales data', 'Broken feed', 'extra']);
    await config.update('shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
  });
});
