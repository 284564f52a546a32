// The live state in the tree, in the real VS Code against the ARM emulator: a group deployed with the Deploy
// command expands to its containers' states (one keeps exiting, and a refresh shows more restarts), its events
// and no difference; a group never deployed says so; an edit saved after the deploy shows the change the next
// deploy would make; no secret or environment value is in any of it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import { restartingGroupYaml } from '../definitionFixtures';
import { groupNode, shownChildren, shownNow, type ShownItem } from './extensionApi';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const SUB = '00000000-0000-0000-0000-0000000001fe';
const RG = 'rg-live-it';
const SECRET = 'it-Live-Secret-2c91e7';
const PLAIN = 'it-live-plain-value-5d';
const DEPLOYED = 'it-live';
const NEVER = 'it-live-never';
/** The emulator answers every request for this name with a 502 HTML page (its html-error scenario). */
const FAILING = 'it-live-fault-html-error';

/** A group whose job container keeps exiting (exit 3), with a plain and a secret environment value. */
const definition = (name: string) =>
  restartingGroupYaml({
    name,
    dnsNameLabel: `${name}-label`,
    env: ['- name: MODE', `  value: ${PLAIN}`, '- name: API_KEY', "  secureValue: '{{secret:it-live-key}}'"],
    exiting: { name: 'job', command: 'sleep 5; exit 3' },
  });

suite('Live state in the tree', function () {
  this.timeout(60000);
  const world = suiteWorld();
  const names = [DEPLOYED, NEVER, FAILING];
  const fileOf = (name: string) => world.definition(`${name}.aci.yaml`).fsPath;

  const group = (name: string): Promise<ShownItem> => groupNode(world.api, name);
  const label = (items: ShownItem[], text: string): ShownItem => {
    const found = items.find((i) => i.label === text);
    assert.ok(found, `no "${text}" among ${items.map((i) => i.label).join(', ')}`);
    return found;
  };

  suiteSetup(async () => {
    await world.setSecret('it-live-key', SECRET);
    for (const name of names) world.writeDefinition(`${name}.aci.yaml`, definition(name));
    await world.addContainerGroups(names.map((name): ContainerGroupTarget => ({ name, subscriptionId: SUB, resourceGroup: RG, definitionFile: `definitions/${name}.aci.yaml` })));
  });

  test('a group never deployed says so, on expand', async () => {
    const node = await group(NEVER);
    const items = await shownChildren(world.api, node.node);
    assert.deepStrictEqual(items.map((i) => i.label), ['web', 'job', 'Network', 'Not deployed yet']);
    assert.strictEqual((await group(NEVER)).description, `${RG} · not deployed`);
  });

  test('a subscription id that is not a GUID: the group says its setting is wrong, not that it is not deployed', async () => {
    const config = vscode.workspace.getConfiguration('aciDataShare');
    const now = config.inspect<ContainerGroupTarget[]>('containerGroups')?.workspaceValue ?? [];
    const wrong: ContainerGroupTarget = { name: 'it-live-badsub', subscriptionId: 'my-subscription', resourceGroup: RG, definitionFile: `definitions/${NEVER}.aci.yaml` };
    await config.update('containerGroups', [...now, wrong], vscode.ConfigurationTarget.Workspace);
    try {
      // Decided at once: the first children the view gets have no "Loading the live state…" that would never end.
      const first = await shownNow(world.api, (await group(wrong.name)).node);
      assert.ok(!first.some((i) => i.contextValue === 'loading'), first.map((i) => i.label).join(', '));
      assert.ok(first.some((i) => i.label === 'The setting subscriptionId is not valid'), first.map((i) => i.label).join(', '));
      const items = await shownChildren(world.api, (await group(wrong.name)).node);
      assert.ok(!items.some((i) => i.label === 'Not deployed yet'), items.map((i) => i.label).join(', '));
      const note = label(items, 'The setting subscriptionId is not valid');
      assert.strictEqual(note.description, '"my-subscription": Enter a subscription ID: a GUID such as 00000000-0000-0000-0000-000000000000.');
      assert.strictEqual(note.icon, 'error');
      assert.strictEqual((await world.api.explorer.getTreeItem(note.node)).command?.command, 'workbench.action.openSettings');
      assert.strictEqual((await group(wrong.name)).description, `${RG} · setting subscriptionId is not valid`);
    } finally {
      await config.update('containerGroups', now, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a read that fails shows why on that group, with the definition still shown', async () => {
    const items = await shownChildren(world.api, (await group(FAILING)).node);
    assert.deepStrictEqual(items.map((i) => i.label), ['web', 'job', 'Network', 'Could not read the live state']);
    assert.strictEqual(items[3].icon, 'error');
    assert.match(items[3].description, /Bad Gateway \(502\)/);
  });

  test('when signing in would ask the user, expanding offers Sign In instead of asking', async () => {
    const config = vscode.workspace.getConfiguration('aciDataShare');
    // A user setting (it decides where tokens go, so a workspace cannot set it).
    const method = config.inspect<string>('auth.method')?.globalValue;
    await config.update('auth.method', 'microsoft', vscode.ConfigurationTarget.Global);
    try {
      const items = await shownChildren(world.api, (await group(NEVER)).node);
      const offer = label(items, 'Sign in to see the live state');
      assert.strictEqual(offer.description, 'Sign in to Azure to see what is deployed.');
      assert.strictEqual((await world.api.explorer.getTreeItem(offer.node)).command?.command, 'aciDataShare.signIn');
    } finally {
      await config.update('auth.method', method, vscode.ConfigurationTarget.Global);
    }
    const items = await shownChildren(world.api, (await group(NEVER)).node);
    assert.ok(items.some((i) => i.label === 'Not deployed yet'), items.map((i) => i.label).join(', '));
  });

  test('a deployed group shows its states, restarts, last exit code and events, and no difference', async () => {
    const { result } = await world.deploy(`${DEPLOYED}.aci.yaml`, [{ message: new RegExp(`^Create the container group ${DEPLOYED} in ${RG}`), choose: 'Create' }]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));

    const node = await group(DEPLOYED);
    const items = await shownChildren(world.api, node.node);
    assert.deepStrictEqual(items.map((i) => i.label), ['web', 'job', 'Network', 'Events']);
    assert.strictEqual((await group(DEPLOYED)).description, `${RG} · Succeeded · Running · ${DEPLOYED}-label.westeurope.azurecontainer.io`);

    const web = label(items, 'web');
    assert.strictEqual(web.description, 'Running');
    assert.strictEqual(web.contextValue, 'container.running');
    assert.strictEqual(web.icon, 'pass-filled');
    const ref = (web.node as unknown as { containerRef?: { containerName: string; init: boolean; target: ContainerGroupTarget } }).containerRef;
    assert.deepStrictEqual([ref?.containerName, ref?.init, ref?.target.name], ['web', false, DEPLOYED]);

    const job = label(items, 'job');
    assert.match(job.description, /^Running · \d+ restarts? · last exit 3$/);
    assert.strictEqual(job.icon, 'warning');
    const restarts = Number(/(\d+) restart/.exec(job.description)![1]);
    const jobDetails = await shownChildren(world.api, job.node);
    assert.match(label(jobDetails, 'Previous state').description, /^Terminated · Error · exit 3 · ended /);
    const events = await shownChildren(world.api, label(jobDetails, 'Events').node);
    assert.deepStrictEqual(events.map((e) => e.label), ['Started', 'BackOff', 'Pulling', 'Pulled'], 'newest first');
    assert.strictEqual(events[1].icon, 'warning');
    assert.match(events[1].description, /^Back-off restarting failed container · ×\d+ · /);

    const groupEvents = await shownChildren(world.api, label(items, 'Events').node);
    assert.deepStrictEqual(groupEvents.map((e) => e.label), ['Started']);

    // Refresh reads Azure again: the container that keeps exiting has restarted more.
    await vscode.commands.executeCommand('aciDataShare.refreshNode', node.node);
    const again = label(await shownChildren(world.api, (await group(DEPLOYED)).node), 'job');
    const more = Number(/(\d+) restart/.exec(again.description)![1]);
    assert.ok(more > restarts, `${restarts} restarts, then ${more}`);
  });

  test('a definition edited and saved after the deploy shows the change the next deploy would make', async () => {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(fileOf(DEPLOYED)));
    const edit = new vscode.WorkspaceEdit();
    const at = doc.getText().indexOf('mcr.microsoft.com/azuredocs/nginx:latest');
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 'mcr.microsoft.com/azuredocs/nginx:latest'.length)), 'nginx:1.27');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save());
    const items = await until(async () => {
      const shown = await shownChildren(world.api, (await group(DEPLOYED)).node);
      return shown.some((x) => x.label === 'Differs from the definition') && shown;
    }, 'the group shows Differs from the definition', 10_000, 50);
    const differs = label(items, 'Differs from the definition');
    assert.strictEqual(differs.description, '1 change');
    const lines = await shownChildren(world.api, differs.node);
    assert.deepStrictEqual(lines.map((l) => l.label), ['~ containers[web].image: mcr.microsoft.com/azuredocs/nginx:latest → nginx:1.27']);
  });

  test('a definition changed on disk (a pull, another editor) is read again without a Refresh', async () => {
    const node = (await group(DEPLOYED)).node;
    const text = fs.readFileSync(fileOf(DEPLOYED), 'utf8');
    assert.ok(text.includes('nginx:1.27'), 'the previous test saved this image');
    // The tree asks for the group again only when told it changed: wait for that, as the view does.
    const told = new Promise<void>((resolve) => {
      const sub = world.api.explorer.onDidChangeTreeData((changed) => {
        if (changed !== node && changed !== undefined) return;
        sub.dispose();
        resolve();
      });
      setTimeout(() => sub.dispose(), 15_000);
    });
    fs.writeFileSync(fileOf(DEPLOYED), text.replace('nginx:1.27', 'nginx:1.28'));
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000));
    assert.notStrictEqual(await Promise.race([told, timeout]), 'timeout', 'the group was not refreshed after the file changed on disk');
    const items = await shownChildren(world.api, (await group(DEPLOYED)).node);
    const lines = await shownChildren(world.api, label(items, 'Differs from the definition').node);
    assert.deepStrictEqual(lines.map((l) => l.label), ['~ containers[web].image: mcr.microsoft.com/azuredocs/nginx:latest → nginx:1.28']);
  });

  test('no secret and no environment value is in the live tree', async () => {
    const texts: string[] = [];
    const walk = async (node: ShownItem | undefined, depth: number): Promise<void> => {
      for (const item of await shownChildren(world.api, node?.node)) {
        texts.push(`${item.label} ${item.description} ${item.tooltip}`);
        if (item.collapsible && depth < 4) await walk(item, depth + 1);
      }
    };
    await walk(await group(DEPLOYED), 0);
    assert.ok(texts.length > 10, `${texts.length} items`);
    assert.deepStrictEqual(texts.filter((t) => t.includes(SECRET) || t.includes(PLAIN)), []);
    assert.ok(texts.some((t) => t.includes('API_KEY (secure)')), 'the names are shown');
  });
});
