// Import Container Group in the real VS Code against the ARM emulator, driven through executeCommand with scripted
// answers: the group is picked from every page of its resource group, the written file has no problems and no
// secret value, the view lists it, and deploying the file unchanged reports no changes.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import { child, shownChildren } from './extensionApi';
import { ScriptedInput, type Answer } from './scriptedInput';
import { suiteWorld } from './suiteWorld';

// The emulator's subscription and one of its resource groups, as its pick lists offer them.
const SUB = '00000000-0000-0000-0000-000000000001';
const RG = 'rg-containers';
const NAMES = ['it-import-a', 'it-import-b', 'it-import-c', 'it-import-d', 'it-import-e'];
const ENV_SECRET = 'it-Import-Env-7d21e';
const REG_SECRET = 'it-Import-Reg-90ab4';
const KEY_SECRET = 'aXQtSW1wb3J0LUtleS0zM2Nm';

function groupBody(name: string): unknown {
  return {
    location: 'westeurope',
    tags: { team: 'web' },
    properties: {
      osType: 'Linux',
      imageRegistryCredentials: [{ server: 'contoso.azurecr.io', username: 'deployer', password: REG_SECRET }],
      containers: [
        {
          name: 'web',
          properties: {
            image: 'contoso.azurecr.io/web:1.0',
            resources: { requests: { cpu: 1, memoryInGB: 1.5 } },
            ports: [{ port: 80 }],
            environmentVariables: [{ name: 'MODE', value: 'production' }, { name: 'API_KEY', secureValue: ENV_SECRET }],
            volumeMounts: [{ name: 'files', mountPath: '/mnt/files' }],
          },
        },
      ],
      volumes: [{ name: 'files', azureFile: { shareName: 'files', storageAccountName: 'contosofiles', storageAccountKey: KEY_SECRET } }],
      ipAddress: { type: 'Public', dnsNameLabel: `${name}-label`, ports: [{ port: 80, protocol: 'TCP' }] },
    },
  };
}

/** Import's steps up to the save dialog: the group picked on its three pages, then the version and the format. */
function importSteps(group: string, version: string, format: 'YAML' | 'JSON', uri: vscode.Uri): Answer[] {
  return [
    { pick: /^Import Container Group \(1\/3\)$/, choose: /^Contoso Emulator$/ },
    { pick: /^Import Container Group \(2\/3\)$/, choose: new RegExp(`^${RG}$`) },
    { pick: /^Import Container Group \(3\/3\)$/, choose: new RegExp(`^${group}$`) },
    { pick: /^API version of the definition file$/, choose: new RegExp(`^${version}$`) },
    { pick: /^Format of the definition file$/, choose: new RegExp(`^${format}$`) },
    { save: /^Import Container Group$/, uri },
  ];
}

suite('Import', function () {
  this.timeout(60000);
  const world = suiteWorld();
  const { lines, scripts } = world;
  const file = () => world.definition('it-import-c.aci.yaml');

  const run = async <T>(script: ScriptedInput, command: string, ...args: unknown[]): Promise<T> => (await world.run<T>(command, args, script)).result;

  suiteSetup(async () => {
    // The groups exist in Azure before the import: created with their secrets, as someone else deployed them.
    const { client } = await world.api.connection();
    for (const name of NAMES) {
      await client.request({
        method: 'PUT',
        path: `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroups/${name}`,
        apiVersion: '2023-05-01',
        body: groupBody(name),
      });
    }
  });

  suiteTeardown(async () => {
    fs.rmSync(file().fsPath, { force: true });
  });

  test('imports a group picked from every page, adds it to the view, and deploying the file unchanged changes nothing', async () => {
    const script = new ScriptedInput([
      ...importSteps('it-import-c', '2025-09-01', 'YAML', file()),
      { message: /^Container group it-import-c imported to definitions\/it-import-c\.aci\.yaml and added to the ACI & Data Share view\./, choose: undefined },
    ]);
    const written = await run<vscode.Uri | undefined>(script, 'aciDataShare.importContainerGroup');
    assert.strictEqual(written?.fsPath, file().fsPath);
    // The third step listed the resource group's groups from all three pages of the list.
    const listed = script.shown.find((s) => s.text.startsWith('Import Container Group (3/3)'))?.items ?? [];
    for (const name of NAMES) assert.ok(listed.includes(name), listed.join(', '));
    // The stable versions are offered, newest first and preselected.
    const versions = script.shown.find((s) => s.text.endsWith('API version of the definition file'));
    assert.deepStrictEqual(versions?.items, ['2025-09-01', '2023-05-01']);
    assert.deepStrictEqual(versions?.picked, ['2025-09-01']);

    const text = fs.readFileSync(file().fsPath, 'utf8');
    assert.match(text, /^apiVersion: '2025-09-01'\n/);
    for (const secret of [ENV_SECRET, REG_SECRET, KEY_SECRET]) assert.ok(!text.includes(secret), 'no secret value in the file');
    const placeholders = [...text.matchAll(/'\{\{secret:([^}]+)\}\}'/g)].map((m) => m[1]).sort();
    assert.deepStrictEqual(placeholders, ['it-import-c.contoso.azurecr.io.deployer', 'it-import-c.files.storageAccountKey', 'it-import-c.web.API_KEY']);
    assert.ok(!/provisioningState|instanceView|fqdn|^\s+ip:/m.test(text), text);

    const entries = vscode.workspace.getConfiguration('aciDataShare').get<{ name: string; resourceGroup: string; definitionFile: string }[]>('containerGroups') ?? [];
    assert.ok(entries.some((e) => e.name === 'it-import-c' && e.resourceGroup === RG && e.definitionFile === 'definitions/it-import-c.aci.yaml'));
    const groups = await shownChildren(world.api, (await child(world.api, undefined, 'Container groups')).node);
    assert.ok(groups.some((g) => g.label === 'it-import-c'), groups.map((g) => g.label).join(', '));
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.fsPath, file().fsPath, 'the imported file is open');

    // The user stores the secrets the import named (any values: Azure keeps the ones it has).
    for (const name of placeholders) await world.setSecret(name, `stored-${name.length}`);
    const doc = await vscode.workspace.openTextDocument(file());
    assert.deepStrictEqual(await world.api.language.diagnostics.validateNow(doc), [], 'the imported file has no problems');

    const deploy = new ScriptedInput([{ message: new RegExp(`^Update the container group it-import-c in ${RG}`), choose: 'Update' }]);
    const result = await run<DeployCommandResult>(deploy, 'aciDataShare.deploy', file());
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    assert.deepStrictEqual(result.changes, []);
    assert.match(deploy.shown.find((s) => s.modal)?.detail ?? '', /No changes found/);
  });

  test('imported again: the picker says it is in the view, stored secret names are used again, and the entry moves only when asked', async () => {
    // The user gave API_KEY's placeholder a name of their own and stored it.
    const original = fs.readFileSync(file().fsPath, 'utf8');
    fs.writeFileSync(file().fsPath, original.replace('{{secret:it-import-c.web.API_KEY}}', '{{secret:it-api-key}}'));
    await world.setSecret('it-api-key', 'stored-api-key');
    const copy = world.definition('it-import-c.copy.aci.yaml');
    try {
      const script = new ScriptedInput([
        ...importSteps('it-import-c', '2025-09-01', 'YAML', copy),
        { message: /^Container group it-import-c \(rg-containers\) is already in the ACI & Data Share view\. Replace its entry\?$/, choose: undefined },
      ]);
      await run(script, 'aciDataShare.importContainerGroup');
      const listed = script.shown.find((s) => s.text.startsWith('Import Container Group (3/3)'));
      assert.ok(listed?.descriptions?.some((d) => d.includes('in the view (definitions/it-import-c.aci.yaml)')), JSON.stringify(listed));
      assert.match(script.shown.find((s) => s.modal)?.detail ?? '', /definitions\/it-import-c\.aci\.yaml becomes definitions\/it-import-c\.copy\.aci\.yaml/);
      const text = fs.readFileSync(copy.fsPath, 'utf8');
      assert.ok(text.includes("secureValue: '{{secret:it-api-key}}'"), text);
      assert.ok(!text.includes('it-import-c.web.API_KEY'), 'the stored name is used, not a new one');
      // Every secret is stored now: the notification asks for none and has nothing to act on.
      const notice = script.shown.at(-1);
      assert.match(notice?.text ?? '', /^Container group it-import-c imported to definitions\/it-import-c\.copy\.aci\.yaml; its entry in the view still uses definitions\/it-import-c\.aci\.yaml\./);
      assert.match(notice?.text ?? '', /It uses the secrets you already store for these fields: [^.]*\bit-api-key\b/);
      assert.deepStrictEqual(notice?.actions, []);
      const entries = vscode.workspace.getConfiguration('aciDataShare').get<{ name: string; definitionFile: string }[]>('containerGroups') ?? [];
      assert.deepStrictEqual(entries.filter((e) => e.name === 'it-import-c').map((e) => e.definitionFile), ['definitions/it-import-c.aci.yaml'], 'declined: the entry keeps its file');
    } finally {
      fs.rmSync(copy.fsPath, { force: true });
      fs.writeFileSync(file().fsPath, original);
    }
  });

  test('a secret volume Azure returns empty is a finding in the imported file and in the notification', async () => {
    const name = 'it-import-secretvol';
    const { client } = await world.api.connection();
    const body = groupBody(name) as { properties: { volumes: unknown[]; containers: { properties: { volumeMounts: unknown[] } }[] } };
    body.properties.volumes.push({ name: 'certs', secret: { 'tls.crt': 'dGxzLWNlcnQ=' } });
    body.properties.containers[0].properties.volumeMounts.push({ name: 'certs', mountPath: '/mnt/certs' });
    await client.request({ method: 'PUT', path: `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroups/${name}`, apiVersion: '2023-05-01', body });
    const target = world.definition(`${name}.aci.yaml`);
    try {
      const script = new ScriptedInput([
        ...importSteps(name, '2025-09-01', 'YAML', target),
        { message: /Azure does not return the files of the secret volume 'certs'/, choose: undefined },
      ]);
      await run(script, 'aciDataShare.importContainerGroup');
      assert.strictEqual(script.shown.at(-1)?.kind, 'warning');
      const doc = await vscode.workspace.openTextDocument(target);
      const findings = await world.api.language.diagnostics.validateNow(doc);
      const empty = findings.filter((f) => f.code === 'ACI327');
      assert.strictEqual(empty.length, 1, JSON.stringify(findings));
      assert.match(empty[0].message, /^Secret volume 'certs' holds no files/);
    } finally {
      fs.rmSync(target.fsPath, { force: true });
    }
  });

  test('JSON at a version the cloud has not registered: read and written at 2023-05-01, and the notification says why', async () => {
    // The emulator answers this group's requests at any version but 2023-05-01 as Azure China answers an
    // unregistered one (NoRegisteredProviderFound, Azure/azure-cli#30847).
    const name = 'it-import-fault-api-version-unregistered';
    const { client } = await world.api.connection();
    await client.request({ method: 'PUT', path: `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroups/${name}`, apiVersion: '2023-05-01', body: groupBody(name) });
    const target = world.definition(`${name}.aci.json`);
    try {
      const script = new ScriptedInput([
        ...importSteps(name, '2025-09-01', 'JSON', target),
      ]);
      await run(script, 'aciDataShare.importContainerGroup');
      const notice = script.shown.at(-1);
      assert.strictEqual(notice?.kind, 'warning');
      assert.match(notice?.text ?? '', /Azure refused api-version 2025-09-01 for this group \(No registered resource provider found for location '[^']+' and API version '2025-09-01'[^)]*\), so it was read and written at 2023-05-01\./);
      const value = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as { apiVersion?: string };
      assert.strictEqual(value.apiVersion, '2023-05-01');
      const doc = await vscode.workspace.openTextDocument(target);
      const findings = await world.api.language.diagnostics.validateNow(doc);
      // Its secrets are not stored yet (a finding each); nothing else is found at 2023-05-01.
      assert.deepStrictEqual(findings.filter((f) => !/secret/i.test(f.message)), [], JSON.stringify(findings));
    } finally {
      fs.rmSync(target.fsPath, { force: true });
    }
  });

  test('no secret value in any log line, prompt or notification', () => {
    const shown = scripts.flatMap((s) => s.shown.flatMap((p) => [p.text, p.detail ?? '', ...(p.items ?? []), ...(p.actions ?? [])]));
    for (const secret of [ENV_SECRET, REG_SECRET, KEY_SECRET]) {
      assert.ok(!lines.some((l) => l.includes(secret)), 'log');
      assert.ok(!shown.some((t) => t.includes(secret)), 'prompts');
    }
  });
});
