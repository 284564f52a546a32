// Diagnose and the region check before a deploy, in the real VS Code against the ARM emulator, driven through
// executeCommand: Diagnose names the cause of each scripted failure (emulator containerGroupDiagnose.ts: image not
// found, unauthorized pull, out of memory, restart loop, failed liveness probe, no capacity in the region), from the
// palette and from a container; a deploy the subscription's cores cannot hold is refused with the numbers and sends
// nothing; a deploy Azure refuses (emulator containerGroupRefusals.ts: DNS name label taken, quota, capacity) names
// the cause, the fix and its document, and Diagnose then reads that error.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { DiagnoseResult } from '../../../src/commands/diagnose/runDiagnose';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { TestApi } from '../../../src/extension';
import { armRequest, getToken } from '../../emulator/testClient';
import { activateExtension, child } from './extensionApi';
import { ScriptedInput, withAnswers, type Answer } from './scriptedInput';
import { until } from './until';

const SUB = '00000000-0000-0000-0000-0000000000d9';
const QUOTA_SUB = '00000000-0000-0000-0000-0000000000da';
const RG = 'rg-diagnose-it';
const SCENARIOS = {
  'image-not-found': 'imageNotFound',
  unauthorized: 'imageUnauthorized',
  oom: 'outOfMemory',
  'restart-loop': 'restartLoop',
  probe: 'probeFailed',
  capacity: 'capacity',
} as const;

const REFUSALS = { 'dns-taken': 'dnsLabelTaken', quota: 'quota', capacity: 'capacity' } as const;

const definition = (name: string, cpu: number, label?: string) => `apiVersion: '2023-05-01'
name: ${name}
location: westeurope
properties:
  osType: Linux
  restartPolicy: Always
  containers:
    - name: app
      properties:
        image: mcr.microsoft.com/azuredocs/aci-helloworld:latest
        resources: { requests: { cpu: ${cpu}, memoryInGB: 4 } }
${label ? `        ports: [{ port: 80 }]\n` : ''}${label ? `  ipAddress: { type: Public, ports: [{ port: 80 }], dnsNameLabel: ${label} }\n` : ''}`;

suite('Diagnose and the region check', function () {
  this.timeout(90000);
  let api: TestApi;
  let folder: string;
  let before: unknown[] | undefined;
  const lines: string[] = [];
  const disposables: vscode.Disposable[] = [];
  const entries: ContainerGroupTarget[] = [];
  const emulator = () => process.env.ACI_DS_EMULATOR_URL!;
  const groupPath = (sub: string, name: string) => `/subscriptions/${sub}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroups/${name}?api-version=2023-05-01`;

  const run = async <T>(command: string, arg: unknown, answers: Answer[]): Promise<T> => {
    const script = new ScriptedInput(answers);
    const result = await withAnswers(api, script, async () => vscode.commands.executeCommand<T>(command, arg));
    script.assertDone();
    return result;
  };

  /** A group put straight into the emulator (as another tool would deploy it), read until its operation ended. */
  const deployed = async (sub: string, name: string, cpu: number) => {
    const token = await getToken(emulator());
    const body = { location: 'westeurope', properties: { osType: 'Linux', containers: [{ name: 'app', properties: { image: 'mcr.microsoft.com/azuredocs/aci-helloworld:latest', resources: { requests: { cpu, memoryInGB: 1 } } } }] } };
    assert.strictEqual((await armRequest(emulator(), token, 'PUT', groupPath(sub, name), { body })).status, 201);
    await until(async () => (await armRequest(emulator(), token, 'GET', groupPath(sub, name))).json?.properties?.provisioningState === 'Succeeded', `${name} to be provisioned`, 20_000, 50);
  };

  suiteSetup(async () => {
    api = await activateExtension();
    disposables.push(api.onLogLine((_level, message) => lines.push(message)));
    folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    for (const scenario of Object.keys(SCENARIOS)) {
      const name = `it-diag-${scenario}`;
      fs.writeFileSync(path.join(folder, 'definitions', `${name}.aci.yaml`), definition(name, 1));
      entries.push({ name, subscriptionId: SUB, resourceGroup: RG, definitionFile: `definitions/${name}.aci.yaml` });
    }
    for (const scenario of Object.keys(REFUSALS)) {
      const name = `it-deploy-${scenario}`;
      fs.writeFileSync(path.join(folder, 'definitions', `${name}.aci.yaml`), definition(name, 1, `${name}-label`));
      entries.push({ name, subscriptionId: SUB, resourceGroup: RG, definitionFile: `definitions/${name}.aci.yaml` });
    }
    fs.writeFileSync(path.join(folder, 'definitions', 'it-quota.aci.yaml'), definition('it-quota', 4));
    entries.push({ name: 'it-quota', subscriptionId: QUOTA_SUB, resourceGroup: RG, definitionFile: 'definitions/it-quota.aci.yaml' });
    const config = vscode.workspace.getConfiguration('aciDataShare');
    before = config.inspect<unknown[]>('containerGroups')?.workspaceValue;
    await config.update('containerGroups', [...(before ?? []), ...entries], vscode.ConfigurationTarget.Workspace);
  });

  suiteTeardown(async () => {
    for (const d of disposables) d.dispose();
    await vscode.workspace.getConfiguration('aciDataShare').update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
    for (const e of entries) fs.rmSync(path.join(folder, e.definitionFile), { force: true });
  });

  test('Diagnose names the cause of each scripted failure, from the palette', async () => {
    for (const [scenario, kind] of Object.entries(SCENARIOS)) {
      const name = `it-diag-${scenario}`;
      await deployed(SUB, name, 1);
      const result = await run<DiagnoseResult>('aciDataShare.diagnose', undefined, [{ pick: /^Diagnose/, choose: new RegExp(`^${name}$`) }]);
      assert.strictEqual(result.outcome, 'diagnosed', scenario);
      assert.deepStrictEqual(result.diagnosis?.causes.map((c) => c.kind), [kind], `${scenario}: ${result.markdown}`);
      assert.match(result.diagnosis.causes[0].doc, /^https:\/\/learn\.microsoft\.com\//);
      assert.match(result.markdown ?? '', /## Checked/);
    }
  });

  test('Diagnose on a container reads that container; a group not deployed says so', async () => {
    const target = entries.find((e) => e.name === 'it-diag-oom')!;
    const result = await run<DiagnoseResult>('aciDataShare.diagnose', { containerRef: { target, containerName: 'app', init: false } }, []);
    assert.deepStrictEqual(result.diagnosis?.causes.map((c) => c.kind), ['outOfMemory']);
    assert.match(result.markdown ?? '', /exit code 137/);
    const quota = entries.find((e) => e.name === 'it-quota')!;
    const none = await run<DiagnoseResult>('aciDataShare.diagnose', { containerRef: { target: quota, containerName: 'app', init: false } }, []);
    assert.strictEqual(none.outcome, 'notDeployed');
  });

  test('the report is a read-only document shown in its preview only, titled for the group, the same one again', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const node = await child(api, await child(api, undefined, 'Container groups'), 'it-diag-oom');
    const first = await run<DiagnoseResult>('aciDataShare.diagnose', node.node, []);
    const second = await run<DiagnoseResult>('aciDataShare.diagnose', node.node, []);
    assert.strictEqual(first.uri, 'aci-diagnosis:/Diagnosis%20of%20it-diag-oom.md');
    assert.strictEqual(second.uri, first.uri);
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    await until(() => tabs().some((t) => t.label === 'Preview Diagnosis of it-diag-oom.md'), 'the preview tab');
    const labels = tabs().map((t) => t.label).join(', ');
    assert.strictEqual(tabs().filter((t) => t.label.includes('Diagnosis of')).length, 1, labels);
    assert.ok(!tabs().some((t) => t.input instanceof vscode.TabInputText), `no editor of the report's text: ${labels}`);
    assert.deepStrictEqual(vscode.workspace.textDocuments.filter((d) => d.isDirty && d.getText().includes('Diagnosis of')).map((d) => d.uri.toString()), [], 'nothing to save');
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === first.uri);
    assert.ok(doc, 'the preview opened the report');
    assert.strictEqual(doc.getText(), second.markdown);
    assert.match(doc.getText(), /^# Diagnosis of it-diag-oom\n\n## Likely cause\n\n### app ran out of memory/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("the deploy confirmation names the region's limits, the cores in use and the cached image", async () => {
    const node = await child(api, await child(api, undefined, 'Container groups'), 'it-quota');
    const result = await run<DeployCommandResult>('aciDataShare.deploy', node.node, [{ message: /^Create the container group it-quota/, choose: undefined }]);
    assert.strictEqual(result.outcome, 'dismissed', result.notifications.join('\n'));
    assert.ok(result.capacity?.includes('0 of 10 cores in use in westeurope; this group needs 4.'), result.capacity?.join('\n'));
    assert.ok(result.capacity?.some((l) => /^westeurope allows up to 4 CPU and 14 GB per Linux group/.test(l)));
    assert.ok(result.capacity?.some((l) => /^Cached in westeurope \(faster start\): mcr\.microsoft\.com\/azuredocs\/aci-helloworld:latest/.test(l)));
  });

  test('a deploy the subscription cores cannot hold is refused with the numbers, and nothing is sent', async () => {
    await deployed(QUOTA_SUB, 'other-a', 4);
    await deployed(QUOTA_SUB, 'other-b', 4);
    const node = await child(api, await child(api, undefined, 'Container groups'), 'it-quota');
    const from = lines.length;
    const result = await run<DeployCommandResult>('aciDataShare.deploy', node.node, []);
    assert.strictEqual(result.outcome, 'invalid', result.notifications.join('\n'));
    assert.match(result.notifications.at(-1) ?? '', /it-quota was not deployed: It cannot fit: 8 of 10 cores are in use in westeurope and it needs 4\./);
    assert.ok(!lines.slice(from).some((l) => /^PUT .*containerGroups\/it-quota/.test(l)), 'no PUT was sent');
    const token = await getToken(emulator());
    assert.strictEqual((await armRequest(emulator(), token, 'GET', groupPath(QUOTA_SUB, 'it-quota'))).status, 404);
  });

  test('a deploy Azure refuses names the cause, the fix and its document; Diagnose then reads that error', async () => {
    for (const [scenario, kind] of Object.entries(REFUSALS)) {
      const name = `it-deploy-${scenario}`;
      const node = await child(api, await child(api, undefined, 'Container groups'), name);
      const result = await run<DeployCommandResult>('aciDataShare.deploy', node.node, [{ message: new RegExp(`^Create the container group ${name}`), choose: 'Create' }]);
      assert.strictEqual(result.outcome, 'failed', result.notifications.join('\n'));
      assert.strictEqual(result.cause?.kind, kind, result.notifications.join('\n'));
      assert.match(result.cause.doc, /^https:\/\/learn\.microsoft\.com\//);
      const shown = result.notifications.at(-1) ?? '';
      assert.ok(shown.startsWith(`Deploy of ${name} failed: `) && shown.includes(`Likely cause: ${result.cause.title}. ${result.cause.fix}`), shown);
      assert.ok(lines.some((l) => l.includes(`${name}: likely cause: `) && l.includes(result.cause!.doc)), 'the log names the document');
      const diagnosed = await run<DiagnoseResult>('aciDataShare.diagnose', node.node, []);
      assert.strictEqual(diagnosed.outcome, 'diagnosed', scenario);
      assert.deepStrictEqual(diagnosed.diagnosis?.causes.map((c) => c.kind), [kind], diagnosed.markdown);
      assert.match(diagnosed.markdown ?? '', /not deployed/);
      assert.ok(diagnosed.markdown?.includes(`<${result.cause.doc}>`), diagnosed.markdown);
    }
  });
});
