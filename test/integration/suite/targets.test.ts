// Where the view's entries point and what it does with them, in the real VS Code: a path written for a definition
// reads back in a single-folder workspace, paths outside the workspace (links resolved) and files above 5 MB are
// refused, a slow node never holds the others, Add and Remove write where the list lives, and the item menus stay off the two root nodes.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import { CaseCounter } from '../../summary/record';
import { EXTENSION_ID, activateExtension, child, nextTreeChange, shownChildren, shownNow } from './extensionApi';
import { ScriptedInput, withAnswers } from './scriptedInput';
import { menuShows } from '../../menuWhen';
import { until } from './until';

const sizeCaps = new CaseCounter('sizeCaps', 'vscode-targets-definition-reads');
suiteTeardown(() => {
  sizeCaps.write();
});

const SUB = '00000000-0000-0000-0000-000000000001';

/** Settles with `work`'s value, or with 'held' if it takes longer than `ms`. */
function within<T>(work: PromiseLike<T>, ms: number): Promise<T | 'held'> {
  return Promise.race([Promise.resolve(work), new Promise<'held'>((r) => setTimeout(() => r('held'), ms))]);
}

async function withSetting(key: string, extra: unknown[], run: () => Promise<void>, api: TestApi): Promise<void> {
  const config = vscode.workspace.getConfiguration('aciDataShare');
  const before = config.inspect<unknown[]>(key)?.workspaceValue;
  const changed = nextTreeChange(api);
  await config.update(key, [...(before ?? []), ...extra], vscode.ConfigurationTarget.Workspace);
  await changed;
  try {
    await run();
  } finally {
    const back = nextTreeChange(api);
    await config.update(key, before, vscode.ConfigurationTarget.Workspace);
    await back;
  }
}

suite('View entries: paths, loading and menus', () => {
  let api: TestApi;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;

  suiteSetup(async () => {
    api = await activateExtension();
  });

  // What Add writes for a file here is checked through the command below; this is the path a user types.
  test('a definition path relative to a single-folder workspace reads as that file', async () => {
    const entry = { name: 'round-trip', subscriptionId: SUB, resourceGroup: 'rg-rt', definitionFile: 'definitions/web-frontend.aci.yaml' };
    await withSetting('containerGroups', [entry], async () => {
      const node = await child(api, await child(api, undefined, 'Container groups'), 'round-trip');
      const items = await shownChildren(api, node.node);
      assert.deepStrictEqual(items.map((i) => i.label), ['nginx', 'content-sync', 'Volumes', 'Network', 'Not deployed yet']);
    }, api);
  });

  test('definition paths outside the workspace folders are refused, and devices are not read', async () => {
    const outside = path.join(path.dirname(folder().fsPath), 'outside.aci.yaml');
    fs.copyFileSync(path.join(folder().fsPath, 'definitions', 'web-frontend.aci.yaml'), outside);
    const link = path.join(folder().fsPath, 'definitions', 'zero.aci.yaml');
    fs.symlinkSync('/dev/zero', link);
    // A link in the workspace to a file outside it: the path as written is inside, the file is not.
    const linkOut = path.join(folder().fsPath, 'definitions', 'linked-out.aci.yaml');
    fs.symlinkSync(outside, linkOut);
    const fifo = path.join(folder().fsPath, 'definitions', 'pipe.aci.yaml');
    assert.strictEqual(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
    const entries = [
      { name: 'climbs-out', subscriptionId: SUB, resourceGroup: 'rg-x', definitionFile: '../outside.aci.yaml' },
      { name: 'absolute-out', subscriptionId: SUB, resourceGroup: 'rg-x', definitionFile: outside },
      { name: 'dev-zero', subscriptionId: SUB, resourceGroup: 'rg-x', definitionFile: '/dev/zero' },
      { name: 'zero-link', subscriptionId: SUB, resourceGroup: 'rg-x', definitionFile: 'definitions/zero.aci.yaml' },
      { name: 'linked-out', subscriptionId: SUB, resourceGroup: 'rg-x', definitionFile: 'definitions/linked-out.aci.yaml' },
      { name: 'fifo', subscriptionId: SUB, resourceGroup: 'rg-x', definitionFile: 'definitions/pipe.aci.yaml' },
    ];
    try {
      await withSetting('containerGroups', entries, async () => {
        const root = await child(api, undefined, 'Container groups');
        // A link to /dev/zero leads out of the workspace too: it is refused before anything is read.
        for (const name of ['climbs-out', 'absolute-out', 'dev-zero', 'linked-out', 'zero-link']) {
          await sizeCaps.run(name, async () => {
            // The node says so before it is expanded.
            const node = await child(api, root, name);
            assert.strictEqual(node.icon, 'warning', name);
            assert.match(node.description, /^definition not read/, name);
            assert.match(node.tooltip.replace(/&nbsp;/g, ' '), /outside the workspace folders/, name);
            const items = await within(shownChildren(api, (await child(api, root, name)).node), 10_000);
            assert.notStrictEqual(items, 'held', `${name} is still being read`);
            if (items === 'held') return;
            assert.deepStrictEqual(items.map((i) => i.label), ['Definition not read'], name);
            assert.match(items[0].description, /outside the workspace folders/, name);
          });
        }
        await sizeCaps.run('fifo', async () => {
          const items = await within(shownChildren(api, (await child(api, root, 'fifo')).node), 10_000);
          assert.notStrictEqual(items, 'held', 'a FIFO is still being read');
          if (items === 'held') return;
          assert.deepStrictEqual(items.map((i) => i.label), ['Definition not read']);
          assert.match(items[0].description, /not a regular file/);
        });
      }, api);
    } finally {
      fs.rmSync(outside, { force: true });
      fs.rmSync(link, { force: true });
      fs.rmSync(linkOut, { force: true });
      fs.rmSync(fifo, { force: true });
    }
  });

  test('a definition file above 5 MB is not read; its node says why', () => sizeCaps.run('over 5 MB', async () => {
    const file = path.join(folder().fsPath, 'definitions', 'huge.aci.yaml');
    const source = fs.readFileSync(path.join(folder().fsPath, 'definitions', 'web-frontend.aci.yaml'), 'utf8');
    // A valid definition with a comment that takes it just past the limit.
    fs.writeFileSync(file, `${source}\n# ${'x'.repeat(5 * 1024 * 1024)}\n`);
    try {
      await withSetting('containerGroups', [{ name: 'huge', subscriptionId: SUB, resourceGroup: 'rg-x', definitionFile: 'definitions/huge.aci.yaml' }], async () => {
        const items = await shownChildren(api, (await child(api, await child(api, undefined, 'Container groups'), 'huge')).node);
        assert.deepStrictEqual(items.map((i) => i.label), ['Definition not read']);
        assert.match(items[0].description, /definitions\/huge\.aci\.yaml is larger than 5 MB and is not read/);
      }, api);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }));

  test('a node whose request hangs says it is loading and holds no other node', async () => {
    const slow = { subscriptionId: SUB, resourceGroup: 'rg-share', accountName: 'contoso-share', shareSubscriptionName: 'slow-fault-hang', label: 'Slow feed' };
    await withSetting('shareSubscriptions', [slow], async () => {
      const root = await child(api, undefined, 'Share subscriptions');
      const slowNode = await child(api, root, 'Slow feed');
      const first = await within(shownNow(api, slowNode.node), 5_000);
      assert.notStrictEqual(first, 'held', 'expanding the hanging node held the tree');
      if (first === 'held') return;
      assert.deepStrictEqual(first.map((i) => [i.label, i.contextValue, i.icon]), [['Loading synchronization settings…', 'loading', 'loading~spin'], ['Data sets', 'dataSets', 'database']]);
      // A rebuild of the whole tree while that request still hangs: the other nodes answer at once.
      api.explorer.refresh();
      const sales = await child(api, await child(api, undefined, 'Share subscriptions'), 'Sales data');
      const settings = await within(shownChildren(api, sales.node), 15_000);
      assert.notStrictEqual(settings, 'held');
      if (settings !== 'held') assert.strictEqual(settings.filter((s) => s.contextValue !== 'dataSets').length, 5, settings.map((s) => `${s.label}: ${s.description}`).join('; '));
    }, api);
  });

  test("a workspace's settings cannot say where tokens and secrets go", async () => {
    const file = path.join(folder().fsPath, '.vscode', 'settings.json');
    const original = fs.readFileSync(file, 'utf8');
    const config = () => vscode.workspace.getConfiguration('aciDataShare');
    const user = config().inspect('customCloud')?.globalValue;
    assert.ok(user, 'the runner puts the emulator in the user settings');
    const evil = { armEndpoint: 'http://127.0.0.1:9/arm', authorityHost: 'http://127.0.0.1:9/login' };
    const settings = { ...(JSON.parse(original) as object), 'aciDataShare.customCloud': evil, 'aciDataShare.auth.method': 'deviceCode', 'editor.tabSize': 7 };
    fs.writeFileSync(file, JSON.stringify(settings, null, 2));
    try {
      // A plain editor setting in the same file tells when VS Code has read it.
      const marker = () => vscode.workspace.getConfiguration('editor').inspect('tabSize')?.workspaceValue;
      await until(() => marker() === 7, 'VS Code read the changed file', 10_000);
      assert.deepStrictEqual(config().get('customCloud'), user);
      assert.strictEqual(config().get('auth.method'), 'environment');
    } finally {
      fs.writeFileSync(file, original);
      // Wait until VS Code has read the file back, so its change event does not land in a later test.
      await until(() => vscode.workspace.getConfiguration('editor').inspect('tabSize')?.workspaceValue === undefined, 'VS Code read the file back', 10_000);
    }
  });

  test('item actions appear on entries only, never on the two root nodes', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { menus: Record<string, { command: string; when?: string }[]> };
    };
    const itemMenus = manifest.contributes.menus['view/item/context'];
    const roots = await shownNow(api);
    assert.strictEqual(roots.length, 2);
    for (const root of roots) {
      const shown = itemMenus.filter((m) => menuShows(m.when, root.contextValue ?? '')).map((m) => m.command);
      assert.deepStrictEqual(shown, [], `${root.label} (${root.contextValue}) shows ${shown.join(', ')}`);
    }
    const group = (await shownNow(api, roots[0].node))[0];
    const sub = (await shownNow(api, roots[1].node))[0];
    assert.ok(itemMenus.some((m) => m.command === 'aciDataShare.deploy' && menuShows(m.when, group.contextValue ?? '')));
    assert.ok(itemMenus.some((m) => m.command === 'aciDataShare.removeShareSubscription' && menuShows(m.when, sub.contextValue ?? '')));
  });
});

suite('Deploy: target and secret checks before anything is sent', function () {
  this.timeout(60_000);
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  let api: TestApi;
  type Result = { outcome: string; notifications: string[] };
  /** Deploy on the entry's node in the view, as a user clicks it; no question may come before the refusal. */
  const deploy = async (target: { name: string; [key: string]: string }): Promise<Result> => {
    let result: Result | undefined;
    await withSetting('containerGroups', [target], async () => {
      const node = await child(api, await child(api, undefined, 'Container groups'), target.name);
      const script = new ScriptedInput();
      result = await withAnswers(api, script, async () => (await vscode.commands.executeCommand<Result>('aciDataShare.deploy', node.node)));
      script.assertDone();
    }, api);
    return result!;
  };

  suiteSetup(async () => {
    api = await activateExtension();
  });

  test('a group name or subscription id Azure would refuse stops the deploy and names the setting', async () => {
    const base = { subscriptionId: SUB, resourceGroup: 'rg-checks', definitionFile: 'definitions/web-frontend.aci.yaml' };
    const upper = await deploy({ ...base, name: 'Demo-App' });
    assert.strictEqual(upper.outcome, 'invalid');
    assert.match(upper.notifications.at(-1) ?? '', /the setting name is "Demo-App"\. Use lowercase letters/);
    const guid = await deploy({ ...base, name: 'demo-app', subscriptionId: 'my-subscription' });
    assert.strictEqual(guid.outcome, 'invalid');
    assert.match(guid.notifications.at(-1) ?? '', /the setting subscriptionId is "my-subscription"\. Enter a subscription ID: a GUID/);
  });

  test('a secret that is not stored stops the deploy before any question, by name', async () => {
    const file = path.join(folder().fsPath, 'definitions', 'needs-secret.aci.yaml');
    const source = fs.readFileSync(path.join(folder().fsPath, 'definitions', 'web-frontend.aci.yaml'), 'utf8');
    fs.writeFileSync(file, source.replace(/- name: SITE_TITLE\n(\s+)value: .*/, "- name: SITE_TITLE\n$1secureValue: '{{secret:never-stored-it}}'"));
    try {
      assert.match(fs.readFileSync(file, 'utf8'), /never-stored-it/);
      const result = await deploy({ name: 'needs-secret', subscriptionId: SUB, resourceGroup: 'rg-checks', definitionFile: 'definitions/needs-secret.aci.yaml' });
      assert.strictEqual(result.outcome, 'invalid');
      assert.match(result.notifications.at(-1) ?? '', /needs-secret was not deployed: no secret named never-stored-it is stored\./);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

/** Runs `command` answering every step with what it offers first (its first item, or its default value). */
suite('Sign-in and tenants', function () {
  this.timeout(60_000);
  let api: TestApi;

  suiteSetup(async () => {
    api = await activateExtension();
  });

  test('the sign-in message names the account and, off the public cloud, where requests and sign-in go', async () => {
    const shown = await vscode.commands.executeCommand<string | undefined>('aciDataShare.signIn');
    const emulator = process.env.ACI_DS_EMULATOR_URL!;
    assert.strictEqual(shown, `Signed in to the custom cloud as service principal sandbox-client. Custom cloud: requests go to ${emulator}, sign-in to ${emulator}.`);
  });

  test('Select Tenant lists the tenants the account can use', async () => {
    const config = () => vscode.workspace.getConfiguration('aciDataShare');
    const before = config().inspect<string>('auth.tenant')?.globalValue;
    try {
      // The list: "Home tenant", then each tenant from Azure, then "Enter a tenant ID…".
      const script = new ScriptedInput([{ pick: /^Select Tenant/, choose: /^[^$]/ }]);
      const picked = await withAnswers(api, script, async () => vscode.commands.executeCommand<string>('aciDataShare.selectTenant'));
      script.assertDone();
      assert.deepStrictEqual(script.shown[0].items?.map((l) => l.startsWith('$(')), [true, false, true]);

      assert.strictEqual(picked, '00000000-0000-0000-0000-0000000000aa');
      assert.strictEqual(config().inspect('auth.tenant')?.globalValue, '00000000-0000-0000-0000-0000000000aa');
      // Asked again, the list marks the tenant now chosen.
      const again = new ScriptedInput([{ pick: /^Select Tenant/, choose: undefined }]);
      await withAnswers(api, again, async () => vscode.commands.executeCommand<string>('aciDataShare.selectTenant'));
      assert.deepStrictEqual(again.shown[0].picked, ['Contoso (emulator)']);
    } finally {
      await config().update('auth.tenant', before, vscode.ConfigurationTarget.Global);
    }
  });
});
