// Add and Remove through their commands write the settings list where it lives (workspace or user settings), keep
// its comments and the entries they did not touch, and edit the copy VS Code reads when a file has the list twice,
// in the real VS Code against the ARM emulator.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import { CaseCounter } from '../../summary/record';
import { activateExtension, child, nextTreeChange, shownChildren } from './extensionApi';
import { ScriptedInput, withAnswers, type Answer } from './scriptedInput';
import { until } from './until';

const scopeWrites = new CaseCounter('scopeWrites', 'vscode-settings-lists');
suiteTeardown(() => scopeWrites.write());

const SUB = '00000000-0000-0000-0000-000000000001';

const config = () => vscode.workspace.getConfiguration('aciDataShare');
const settingsFile = () => path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, '.vscode', 'settings.json');

async function acceptDefaults<T>(api: TestApi, command: () => Thenable<T>): Promise<T> {
  return withAnswers(api, new ScriptedInput([], { acceptDefaults: true }), async () => command());
}

/** A suite of this file: its tests get the extension's API, active (and signed in unless `signIn` is false). */
function settingsSuite(title: string, body: (api: () => TestApi) => void, { signIn = true } = {}): void {
  suite(title, function () {
    this.timeout(90_000);
    let api: TestApi | undefined;
    suiteSetup(async () => {
      api = await activateExtension();
      if (signIn) await vscode.commands.executeCommand('aciDataShare.signIn');
    });
    body(() => api!);
  });
}

/**
 * Runs `body` with the share subscription list in the user settings only, as `entries` (once the view shows them,
 * given `api`); both scopes are put back after.
 */
async function withUserShareList(entries: unknown[], body: () => Promise<void>, api?: TestApi): Promise<void> {
  const workspaceBefore = config().inspect<unknown[]>('shareSubscriptions')?.workspaceValue;
  const userBefore = config().inspect<unknown[]>('shareSubscriptions')?.globalValue;
  await config().update('shareSubscriptions', undefined, vscode.ConfigurationTarget.Workspace);
  const shown = api && nextTreeChange(api);
  await config().update('shareSubscriptions', entries, vscode.ConfigurationTarget.Global);
  await shown;
  try {
    await body();
  } finally {
    await config().update('shareSubscriptions', userBefore, vscode.ConfigurationTarget.Global);
    await config().update('shareSubscriptions', workspaceBefore, vscode.ConfigurationTarget.Workspace);
  }
}

/** Runs `body` with the workspace settings file rewritten by `text` and read by the view; the file is put back after. */
async function withSettingsFile(api: TestApi, text: (original: string) => string, body: (file: string) => Promise<void>): Promise<void> {
  const file = settingsFile();
  const original = fs.readFileSync(file, 'utf8');
  const shown = nextTreeChange(api);
  fs.writeFileSync(file, text(original));
  await shown;
  try {
    await body(file);
  } finally {
    const back = nextTreeChange(api);
    fs.writeFileSync(file, original);
    await back;
  }
}

/** The workspace settings but the share subscription list, a `"key": value,` line each. */
const otherSettings = (settings: Record<string, unknown>): string[] =>
  Object.entries(settings).filter(([k]) => k !== 'aciDataShare.shareSubscriptions').map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);

/** The user's own share subscription, kept in their settings. */
const MINE = { subscriptionId: SUB, resourceGroup: 'rg-mine', accountName: 'my-account', shareSubscriptionName: 'my-feed', label: 'Mine' };

settingsSuite('Add Container Group through the command, signed in', (api) => {

  test('Add keeps the comments in the list it adds to', () => scopeWrites.run('comments kept', async () => {
    const file = settingsFile();
    const original = fs.readFileSync(file, 'utf8');
    const commented = original.replace('"aciDataShare.containerGroups": [', '"aciDataShare.containerGroups": [\n    // the demo groups: keep this note');
    assert.notStrictEqual(commented, original);
    const listed = () => JSON.stringify(vscode.workspace.getConfiguration('aciDataShare').inspect('containerGroups')?.workspaceValue);
    const before = listed();
    // Comments change no value, so VS Code says nothing: Add reads the file itself, as written now.
    fs.writeFileSync(file, commented.replace('"rg-demo"', '"rg-demo" /* where the demo runs */'));
    try {
      const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'definitions', 'broken.aci.json');
      await vscode.commands.executeCommand('aciDataShare.signIn');
      const added = await acceptDefaults(api(), () => vscode.commands.executeCommand<Record<string, string> | undefined>('aciDataShare.addContainerGroup', uri));
      assert.ok(added, 'the flow finished');
      const after = fs.readFileSync(file, 'utf8');
      assert.match(after, /\/\/ the demo groups: keep this note/);
      assert.match(after, /\/\* where the demo runs \*\//);
      assert.match(after, /"definitionFile": "definitions\/broken\.aci\.json"[\s\S]*"rg-api"|"rg-api"[\s\S]*"definitions\/broken\.aci\.json"/);
    } finally {
      fs.writeFileSync(file, original);
      // VS Code reads the file back before the next test looks at the list.
      await until(() => listed() === before, 'VS Code read the restored settings', 10_000);
    }
  }));

  test('subscription, resource group and location are picked from Azure; the written path reads back', async () => {
    const before = config().inspect<unknown[]>('containerGroups')?.workspaceValue;
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'definitions', 'batch-job.aci.json');
    try {
      await vscode.commands.executeCommand('aciDataShare.signIn');
      const added = await acceptDefaults(api(), () => vscode.commands.executeCommand<Record<string, string> | undefined>('aciDataShare.addContainerGroup', uri));
      assert.ok(added, 'the flow finished');
      // The first of each list from the emulator: its one subscription, resource groups in name order.
      assert.strictEqual(added.subscriptionId, SUB);
      assert.strictEqual(added.resourceGroup, 'rg-api');
      assert.strictEqual(added.definitionFile, 'definitions/batch-job.aci.json');
      const written = config().inspect<Record<string, string>[]>('containerGroups')?.workspaceValue ?? [];
      const entry = written.find((e) => e.resourceGroup === 'rg-api');
      assert.ok(entry, JSON.stringify(written));
      const node = await child(api(), await child(api(), undefined, 'Container groups'), entry.name);
      const items = await shownChildren(api(), node.node);
      assert.deepStrictEqual(items.map((i) => i.label), ['report', 'Not deployed yet']);
    } finally {
      await config().update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
    }
  });
});

settingsSuite('Add Share Subscription through the command, signed in', (api) => {
  test('a list kept in the user settings is added to there, and its entries stay', () => scopeWrites.run('user scope', () => withUserShareList([MINE], async () => {
    await vscode.commands.executeCommand('aciDataShare.signIn');
    const added = await acceptDefaults(api(), () => vscode.commands.executeCommand<Record<string, string> | undefined>('aciDataShare.addShareSubscription'));
    assert.ok(added, 'the flow finished');
    assert.deepStrictEqual(
      [added.subscriptionId, added.accountName, added.resourceGroup, added.shareSubscriptionName],
      [SUB, 'contoso-share', 'rg-share', 'sales-settings-5'],
    );
    assert.strictEqual(config().inspect('shareSubscriptions')?.workspaceValue, undefined, 'nothing written to the workspace');
    const user = config().inspect<Record<string, string>[]>('shareSubscriptions')?.globalValue ?? [];
    assert.deepStrictEqual(user.map((e) => e.shareSubscriptionName), ['my-feed', 'sales-settings-5']);
  })));
});

settingsSuite('Add and Remove never drop the comments of a list in the user settings', (api) => {
  test('the comments stay with the change VS Code reads, or nothing changes and the user is told why', () => scopeWrites.run('user comments kept', () => withUserShareList([MINE], async () => {
    const userList = () => (config().inspect<{ shareSubscriptionName: string }[]>('shareSubscriptions')?.globalValue ?? []).map((e) => e.shareSubscriptionName);
    // The user settings file as VS Code itself names it, with a comment written into the list.
    await vscode.commands.executeCommand('workbench.action.openSettingsJson');
    const doc = vscode.window.activeTextEditor!.document;
    const at = doc.getText().indexOf('"aciDataShare.shareSubscriptions": [');
    assert.ok(at >= 0, doc.getText());
    const end = at + '"aciDataShare.shareSubscriptions": ['.length;
    const commented = `${doc.getText().slice(0, end)}\n    // my feeds: keep this note${doc.getText().slice(end)}`;
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    // Written through VS Code's file service at the address VS Code gave (a comment changes no value).
    await vscode.workspace.fs.writeFile(doc.uri, new TextEncoder().encode(commented));
    const onDisk = () => fs.readFileSync(doc.uri.fsPath, 'utf8');

    const script = new ScriptedInput([], { acceptDefaults: true });
    const added = await withAnswers(api(), script, async () => vscode.commands.executeCommand<Record<string, string> | undefined>('aciDataShare.addShareSubscription'));
    assert.match(onDisk(), /\/\/ my feeds: keep this note/, 'the comment is never dropped');
    console.log(`[user settings comments] ${added ? 'edited in the file and read back by VS Code' : 'refused, saying why'}`);
    if (added) {
      assert.deepStrictEqual(userList(), ['my-feed', 'sales-settings-5'], 'VS Code reads the added entry');
    } else {
      // Where VS Code does not take an edit of the file (code-server does not), the change is refused, saying why.
      const errors = script.messages('error');
      assert.strictEqual(errors.length, 1, script.messages().join(' | '));
      assert.match(errors[0], /^Nothing was changed: the list aciDataShare\.shareSubscriptions in your user settings has comments, and VS Code offers extensions no way to change it that keeps them/);
      assert.deepStrictEqual(userList(), ['my-feed'], 'nothing changed');
    }
    assert.strictEqual(config().inspect('shareSubscriptions')?.workspaceValue, undefined, 'nothing written to the workspace');
  })));
});

settingsSuite('Add again: an entry already in the view', (api) => {
  /** Add Share Subscription picking sales-settings-5 again, with `label` typed, and what follows. */
  const addAgain = async (label: string, then: Answer[]) => {
    const script = new ScriptedInput([
      { pick: /^Add Share Subscription \(1\/5\)/, choose: /^Contoso Emulator$/ },
      { pick: /^Add Share Subscription \(2\/5\)/, choose: /^contoso-share$/ },
      { pick: /^Add Share Subscription \(3\/5\)/, choose: /^rg-share$/ },
      { pick: /^Add Share Subscription \(4\/5\)/, choose: /^sales-settings-5$/ },
      { input: /^Add Share Subscription \(5\/5\)/, value: label },
      ...then,
    ]);
    const result = await withAnswers(api(), script, async () => vscode.commands.executeCommand<Record<string, string> | undefined>('aciDataShare.addShareSubscription'));
    return { result, script };
  };

  test('the picker marks the share subscription in the view; adding it again keeps its label, and a new label replaces it only when asked', async () => {
    const before = config().inspect<unknown[]>('shareSubscriptions')?.workspaceValue;
    const mine = { subscriptionId: SUB, resourceGroup: 'rg-share', accountName: 'contoso-share', shareSubscriptionName: 'sales-settings-5', label: 'Sales feed' };
    await config().update('shareSubscriptions', [mine], vscode.ConfigurationTarget.Workspace);
    const labels = () => (config().inspect<{ label?: string }[]>('shareSubscriptions')?.workspaceValue ?? []).map((e) => e.label);
    try {
      const same = await addAgain('', []);
      const listed = same.script.shown.find((s) => s.text.startsWith('Add Share Subscription (4/5)'));
      assert.match(listed?.descriptions?.[listed.items?.indexOf('sales-settings-5') ?? -1] ?? '', /· in the view as Sales feed$/, JSON.stringify(listed));
      assert.ok(!listed?.descriptions?.[listed.items?.indexOf('telemetry-rows-100000') ?? -1]?.includes('in the view'), 'only the one in the view is marked');
      assert.deepStrictEqual(same.script.messages('info'), ['Share subscription Sales feed is already in the ACI & Data Share view.']);
      assert.deepStrictEqual(labels(), ['Sales feed'], 'a blank label keeps the one it had');

      const question = /^Share subscription Sales feed is already in the ACI & Data Share view\. Replace its entry\?$/;
      const declined = await addAgain('Renamed', [{ message: question, choose: undefined }]);
      assert.match(declined.script.shown.find((s) => s.modal)?.detail ?? '', /^Its label 'Sales feed' becomes 'Renamed'\.$/);
      assert.deepStrictEqual(labels(), ['Sales feed'], 'declined: nothing replaced');

      await addAgain('Renamed', [{ message: question, choose: 'Replace' }]);
      await until(() => labels()[0] === 'Renamed', 'the replaced label is read back', 10_000);
      assert.strictEqual(labels().length, 1, 'replaced in place, not added twice');
    } finally {
      await config().update('shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('Add Container Group: the file picker says which entry uses a file, and the same group is replaced only when asked', async () => {
    const before = config().inspect<unknown[]>('containerGroups')?.workspaceValue;
    const existing = { name: 'again-group', subscriptionId: SUB, resourceGroup: 'rg-api', definitionFile: 'definitions/batch-job.aci.json' };
    await config().update('containerGroups', [existing], vscode.ConfigurationTarget.Workspace);
    const entries = () => config().inspect<{ name: string; definitionFile: string }[]>('containerGroups')?.workspaceValue ?? [];
    try {
      const script = new ScriptedInput([
        { pick: /^Add Container Group \(1\/5\)/, choose: /broken\.aci\.json$/ },
        { pick: /^Add Container Group \(2\/5\)/, choose: /^Contoso Emulator$/ },
        { pick: /^Add Container Group \(3\/5\)/, choose: /^rg-api$/ },
        { input: /^Add Container Group \(4\/5\)/, value: 'again-group' },
        { pick: /^Add Container Group \(5\/5\)/, choose: /^West Europe$/ },
        { message: /^Container group again-group \(rg-api\) is already in the ACI & Data Share view\. Replace its entry\?$/, choose: undefined },
      ]);
      await withAnswers(api(), script, async () => vscode.commands.executeCommand('aciDataShare.addContainerGroup'));
      const files = script.shown[0];
      const at = files.items?.findIndex((i) => i.endsWith('definitions/batch-job.aci.json')) ?? -1;
      assert.strictEqual(files.descriptions?.[at], 'in the view as again-group', JSON.stringify(files));
      assert.match(script.shown.find((s) => s.modal)?.detail ?? '', /^Its definition definitions\/batch-job\.aci\.json becomes definitions\/broken\.aci\.json/);
      // The location step offers the resource group's own region first, and says so.
      const locations = script.shown.find((s) => s.text.startsWith('Add Container Group (5/5)'));
      assert.deepStrictEqual([locations?.items?.[0], locations?.descriptions?.[0]], ['West Europe', 'westeurope · region of rg-api'], JSON.stringify(locations));
      assert.deepStrictEqual(entries().map((e) => e.definitionFile), ['definitions/batch-job.aci.json'], 'declined: the entry keeps its file');
    } finally {
      await config().update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
    }
  });
});

settingsSuite('Remove from View writes where the list lives', (api) => {
  const entry = (name: string, label: string) => ({ subscriptionId: SUB, resourceGroup: 'rg-rm', accountName: 'rm-account', shareSubscriptionName: name, label });
  /** Remove from View on the node labelled `label`, answering its question with Remove. */
  const removeNode = async (label: string): Promise<boolean | undefined> => {
    const node = await child(api(), await child(api(), undefined, 'Share subscriptions'), label);
    const script = new ScriptedInput([{ message: new RegExp(`^Remove share subscription ${label} `), choose: 'Remove' }]);
    return withAnswers(api(), script, async () => vscode.commands.executeCommand<boolean>('aciDataShare.removeShareSubscription', node.node));
  };

  test('a list kept in the user settings loses only the removed entry, and nothing is written to the workspace', () => {
    const unreadable = { subscriptionId: SUB, note: 'an entry this version cannot read' };
    return scopeWrites.run('remove in user scope', () => withUserShareList([entry('rm-keep', 'Keep me'), unreadable, entry('rm-go', 'Remove me')], async () => {
      assert.strictEqual(await removeNode('Remove me'), true);
      assert.strictEqual(config().inspect('shareSubscriptions')?.workspaceValue, undefined, 'nothing written to the workspace');
      assert.deepStrictEqual(config().inspect('shareSubscriptions')?.globalValue, [entry('rm-keep', 'Keep me'), unreadable]);
    }, api()));
  });

  test('with the list written twice in the settings file, Remove edits the copy VS Code reads (the last)', () => {
    const copy = (entries: unknown[]) => `[\n${entries.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ]`;
    const twice = (original: string) =>
      `{\n${otherSettings(JSON.parse(original)).join('\n')}\n  "aciDataShare.shareSubscriptions": ${copy([entry('d-old1', 'Old one'), entry('d-old2', 'Old two')])},\n  "aciDataShare.shareSubscriptions": ${copy([entry('d-keep', 'Last kept'), entry('d-go', 'Last removed')])}\n}\n`;
    return scopeWrites.run('remove in the last copy', () => withSettingsFile(api(), twice, async (file) => {
      assert.strictEqual(await removeNode('Last removed'), true);
      const names = (config().inspect<{ shareSubscriptionName?: string }[]>('shareSubscriptions')?.workspaceValue ?? []).map((e) => e.shareSubscriptionName);
      assert.deepStrictEqual(names, ['d-keep']);
      const after = fs.readFileSync(file, 'utf8');
      assert.match(after, /"d-old1"[\s\S]*"d-old2"[\s\S]*"d-keep"/, 'the first copy is as it was');
      assert.doesNotMatch(after, /d-go/);
    }));
  });

  test("a list in the workspace's settings file keeps its comments and other entries when one is removed", () => {
    const settings = JSON.parse(fs.readFileSync(settingsFile(), 'utf8')) as Record<string, unknown>;
    const before = (settings['aciDataShare.shareSubscriptions'] as unknown[] | undefined) ?? [];
    const list = [...before, entry('rm-c1', 'Commented one'), entry('rm-c2', 'Commented two')].map((e) => `    ${JSON.stringify(e)}`);
    list[list.length - 2] = `    // the feed we keep\n${list[list.length - 2]}`;
    const commented = () => `{\n  // settings for the tests\n${otherSettings(settings).join('\n')}\n  "aciDataShare.shareSubscriptions": [\n    /* our feeds */\n${list.join(',\n')}\n  ]\n}\n`;
    return scopeWrites.run('remove keeps comments', () => withSettingsFile(api(), commented, async (file) => {
      assert.strictEqual(await removeNode('Commented two'), true);
      const after = fs.readFileSync(file, 'utf8');
      assert.match(after, /\/\/ settings for the tests/);
      assert.match(after, /\/\* our feeds \*\//);
      assert.match(after, /\/\/ the feed we keep\n\s*\{"subscriptionId":[^\n]*"rm-c1"/);
      assert.doesNotMatch(after, /rm-c2/);
      const names = (config().inspect<{ shareSubscriptionName?: string }[]>('shareSubscriptions')?.workspaceValue ?? []).map((e) => e.shareSubscriptionName);
      assert.deepStrictEqual(names, [...before.map((e) => (e as { shareSubscriptionName?: string }).shareSubscriptionName), 'rm-c1']);
    }));
  });
});
