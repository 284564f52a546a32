// Container group profiles and NGroups in the real VS Code: a template holding both is checked against their
// 2025-09-01 schemas with the container group's rules, and a profile deploys to the emulator through the shipped
// Deploy command at its own path and api-version.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import { child, shownChildren } from './extensionApi';
import { ScriptedInput, withAnswers } from './scriptedInput';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const SUB = '00000000-0000-0000-0000-0000000000b7';
const RG = 'rg-profiles-it';
const PROFILE_FILE = 'it-profile.aci.json';
const TEMPLATE_FILE = 'it-profile-template.json';
// A name with an underscore: a container group may not have one, a profile may (see test/unit/deployConfirmation.test.ts).
const UNDERSCORE_FILE = 'it-profile-underscore.aci.json';

/** A profile's body, shaped as the published ContainerGroupProfileCreateOrUpdate_Extensions example's request. */
const profileProperties = (mountPath: string) => ({
  osType: 'Linux',
  containers: [
    {
      name: 'web',
      properties: {
        image: 'nginx',
        ports: [{ port: 80 }],
        resources: { requests: { cpu: 1, memoryInGB: 1.5 } },
        volumeMounts: [{ name: 'content', mountPath }],
      },
    },
  ],
  ipAddress: { type: 'Public', ports: [{ protocol: 'TCP', port: 80 }] },
  volumes: [{ name: 'content', emptyDir: {} }],
});

const template = (mountPath: string) => ({
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  resources: [
    { type: 'Microsoft.ContainerInstance/containerGroupProfiles', apiVersion: '2025-09-01', name: 'web-profile', location: 'westeurope', properties: profileProperties(mountPath) },
    {
      type: 'Microsoft.ContainerInstance/ngroups',
      apiVersion: '2025-09-01',
      name: 'web-ngroup',
      location: 'westeurope',
      dependsOn: ["[resourceId('Microsoft.ContainerInstance/containerGroupProfiles', 'web-profile')]"],
      properties: {
        elasticProfile: { desiredCount: 2, maintainDesiredCount: true },
        updateProfile: { updateMode: 'Manual' },
        containerGroupProfiles: [{ resource: { id: "[resourceId('Microsoft.ContainerInstance/containerGroupProfiles', 'web-profile')]" } }],
      },
    },
  ],
});

suite('Container group profiles and NGroups', function () {
  this.timeout(60000);
  const world = suiteWorld();
  let folder: string;
  const file = (name: string) => path.join(folder, 'definitions', name);

  const diagnosticsOf = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'aci-validate');

  suiteSetup(async () => {
    folder = world.folder;
    await world.addContainerGroups([
      { name: 'it-profile', subscriptionId: SUB, resourceGroup: RG, definitionFile: `definitions/${PROFILE_FILE}` },
      { name: 'cgp_1', subscriptionId: SUB, resourceGroup: RG, definitionFile: `definitions/${UNDERSCORE_FILE}` },
    ]);
  });

  suiteTeardown(async () => {
    for (const f of [PROFILE_FILE, TEMPLATE_FILE, UNDERSCORE_FILE]) fs.rmSync(file(f), { force: true });
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('a template with a profile and an NGroups resource has no finding; a colon in a mountPath of the profile is found', async () => {
    fs.writeFileSync(file(TEMPLATE_FILE), JSON.stringify(template('/usr/share/nginx/html'), null, 2) + '\n');
    const doc = await vscode.workspace.openTextDocument(file(TEMPLATE_FILE));
    await vscode.window.showTextDocument(doc);
    // A known finding appears and goes: the file is checked, and then checked clean.
    const bad = JSON.stringify(template('C:/content'), null, 2) + '\n';
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), bad);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await until(async () => diagnosticsOf(doc.uri).some((d) => d.code === 'ACI301'), 'the colon in the profile mountPath is found', 15_000);
    const found = diagnosticsOf(doc.uri);
    assert.deepStrictEqual(found.map((d) => String(d.code)), ['ACI301'], found.map((d) => `${String(d.code)} ${d.message}`).join('; '));
    assert.strictEqual(doc.getText(found[0].range), '"C:/content"');

    const good = new vscode.WorkspaceEdit();
    good.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), JSON.stringify(template('/usr/share/nginx/html'), null, 2) + '\n');
    assert.ok(await vscode.workspace.applyEdit(good));
    await until(async () => diagnosticsOf(doc.uri).length === 0, 'no finding on the template with a profile and an NGroups resource', 15_000);

    // Completion in the NGroups resource's properties offers its own members, not a container group's.
    // Inside the key's quotes, where a user retypes a key.
    const at = doc.positionAt(doc.getText().indexOf('"elasticProfile"') + 1);
    const labels = async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, at);
      return list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    };
    await until(async () => (await labels()).some((l) => /placementProfile/.test(l)), 'placementProfile is offered in the NGroups properties', 15_000);
    assert.ok(!(await labels()).some((l) => /^"?containers"?/.test(l)), (await labels()).join(', '));
  });

  test('Deploy sends a profile file to its own path at api-version 2025-09-01 after the user confirms', async () => {
    const profile = { apiVersion: '2025-09-01', type: 'Microsoft.ContainerInstance/containerGroupProfiles', name: 'it-profile', location: 'westeurope', properties: profileProperties('/usr/share/nginx/html') };
    fs.writeFileSync(file(PROFILE_FILE), JSON.stringify(profile, null, 2) + '\n');
    const from = world.lines.length;
    const script = new ScriptedInput([{ message: new RegExp(`^Create the Microsoft\\.ContainerInstance/containerGroupProfiles it-profile in ${RG}`), choose: 'Create' }]);
    const result = await withAnswers(world.api, script, async () => vscode.commands.executeCommand<DeployCommandResult>('aciDataShare.deploy', vscode.Uri.file(file(PROFILE_FILE))));
    script.assertDone();
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    assert.match(script.shown.find((s) => s.modal)?.detail ?? '', /api-version: 2025-09-01/);
    const sent = world.lines.slice(from).filter((l) => /^PUT /.test(l));
    assert.ok(
      sent.some((l) => new RegExp(`/resourceGroups/${RG}/providers/Microsoft\\.ContainerInstance/containerGroupProfiles/it-profile\\?api-version=2025-09-01 → 201`).test(l)),
      sent.join('\n'),
    );
    assert.ok(!sent.some((l) => /\/containerGroups\//.test(l)), 'no container group is sent');

    // The tree row reads it back at its own path and version: its container is shown, not "not deployed".
    const readFrom = world.lines.length;
    const row = await child(world.api, await child(world.api, undefined, 'Container groups'), 'it-profile');
    await until(async () => (await shownChildren(world.api, row.node)).some((c) => /web/.test(c.label)), 'the profile container on the tree row', 20_000);
    const reads = world.lines.slice(readFrom).filter((l) => /^GET .*\/it-profile\?/.test(l));
    assert.ok(reads.length > 0 && reads.every((l) => /\/containerGroupProfiles\/it-profile\?api-version=2025-09-01 → 200/.test(l)), reads.join('\n'));
    // Deployed, so no "not deployed" child; and no group action or session is offered on what runs nothing itself.
    const children = await shownChildren(world.api, row.node);
    assert.ok(!children.some((c) => /not deployed/i.test(`${c.label} ${c.description}`)), children.map((c) => c.label).join(', '));
    assert.strictEqual((await child(world.api, await child(world.api, undefined, 'Container groups'), 'it-profile')).contextValue, 'containerGroupProfile');
    assert.deepStrictEqual(children.filter((c) => /web/.test(c.label)).map((c) => c.contextValue), ['profileContainer']);
  });

  test('Deploy sends a profile named with an underscore, which the profile name rule allows', async () => {
    const profile = { apiVersion: '2025-09-01', type: 'Microsoft.ContainerInstance/containerGroupProfiles', name: 'cgp_1', location: 'westeurope', properties: profileProperties('/usr/share/nginx/html') };
    fs.writeFileSync(file(UNDERSCORE_FILE), JSON.stringify(profile, null, 2) + '\n');
    const from = world.lines.length;
    const script = new ScriptedInput([{ message: new RegExp(`^Create the Microsoft\\.ContainerInstance/containerGroupProfiles cgp_1 in ${RG}`), choose: 'Create' }]);
    const result = await withAnswers(world.api, script, async () => vscode.commands.executeCommand<DeployCommandResult>('aciDataShare.deploy', vscode.Uri.file(file(UNDERSCORE_FILE))));
    script.assertDone();
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    const sent = world.lines.slice(from).filter((l) => /^PUT /.test(l));
    assert.ok(sent.some((l) => /\/containerGroupProfiles\/cgp_1\?api-version=2025-09-01 → 201/.test(l)), sent.join('\n'));
  });
});
