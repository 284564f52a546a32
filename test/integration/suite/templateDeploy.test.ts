// Deploy of ARM templates that Azure evaluates, in the real VS Code against the emulator's Microsoft.Resources
// deployments, driven through executeCommand with scripted answers: values from the parameter file beside the
// template, a missing parameter asked for (its allowed values as a pick), a secure parameter from Set Secret (never
// shown), an InvalidTemplate error placed on its line, and Cancel that cancels the deployment after asking.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import type { DiagnoseResult } from '../../../src/commands/diagnose/runDiagnose';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import { EXTENSION_ID, child } from './extensionApi';
import { ScriptedInput, type Answer } from './scriptedInput';
import { suiteWorld } from './suiteWorld';
import { containerGroupTemplate, parameterFile } from '../definitionFixtures';
import { until } from './until';

// A subscription of its own: the region's cores other files use up are not this file's.
const SUB = '00000000-0000-0000-0000-0000000000df';
const RG = 'rg-template-it';
const SECRET_NAME = 'it-tpl-db-password';
const SECRET_VALUE = 'Tpl-Secret-Value-93c1e';

/**
 * Two groups: the second's name, `<name>--b`, holds consecutive hyphens, which the provider refuses
 * (InvalidContainerGroupName): the PUT of the deployment is refused in preflight, 400 InvalidTemplateDeployment with
 * the provider's error in its details (Azure/azure-quickstart-templates#1073), after a what-if that named both.
 */
function pairTemplate(): string {
  const t = JSON.parse(containerGroupTemplate()) as { resources: { name: string }[] };
  t.resources.push({ ...t.resources[0], name: "[concat(parameters('containerGroupName'), '--b')]" });
  return JSON.stringify(t, null, 2);
}

const FILES: Record<string, string> = {
  'it-tpl-params.json': containerGroupTemplate(),
  'it-tpl-params.parameters.json': parameterFile({ containerGroupName: 'it-tpl-params', port: 8080 }),
  'it-tpl-missing.json': containerGroupTemplate({ parameters: { restartPolicy: { type: 'string', allowedValues: ['Always', 'Never', 'OnFailure'] } }, restart: "[parameters('restartPolicy')]" }),
  'it-tpl-missing.parameters.json': parameterFile({ containerGroupName: 'it-tpl-missing' }),
  'it-tpl-secure.json': containerGroupTemplate({ parameters: { dbPassword: { type: 'securestring' } }, env: [{ name: 'DB_PASSWORD', secureValue: "[parameters('dbPassword')]" }] }),
  'it-tpl-secure.parameters.json': parameterFile({ containerGroupName: 'it-tpl-secure', dbPassword: `{{secret:${SECRET_NAME}}}` }),
  // A function the template language does not have: Azure refuses the template before it deploys anything.
  'it-tpl-invalid.json': containerGroupTemplate({ name: "[concat(parameters('containerGroupName'), nosuchfunction('x'))]" }),
  'it-tpl-invalid.parameters.json': parameterFile({ containerGroupName: 'it-tpl-invalid' }),
  // The emulator fails the operation of a group whose name holds fault-lro-failed, as a provider's failure.
  'it-tpl-opfail.json': containerGroupTemplate(),
  'it-tpl-opfail.parameters.json': parameterFile({ containerGroupName: 'it-tpl-fault-lro-failed' }),
  // The emulator's provider refuses a group whose name holds deploy-dns-taken (containerGroupRefusals.ts).
  'it-tpl-deploy-dns-taken.json': containerGroupTemplate(),
  'it-tpl-deploy-dns-taken.parameters.json': parameterFile({ containerGroupName: 'it-tpl-deploy-dns-taken' }),
  // A value past the parameter's maxValue: Azure refuses it (the editor checks only what the group uses).
  'it-tpl-badparam.json': containerGroupTemplate({ parameters: { replicas: { type: 'int', minValue: 1, maxValue: 3 } } }),
  'it-tpl-badparam.parameters.json': parameterFile({ containerGroupName: 'it-tpl-badparam', replicas: 9 }),
  'it-tpl-check.json': containerGroupTemplate(),
  'it-tpl-check.parameters.json': parameterFile({ containerGroupName: 'it-tpl-check', port: 70000 }),
  'it-tpl-pair.json': pairTemplate(),
  'it-tpl-pair.parameters.json': parameterFile({ containerGroupName: 'it-tpl-pair' }),
  'it-tpl-cancel.json': containerGroupTemplate(),
  'it-tpl-cancel.parameters.json': parameterFile({ containerGroupName: 'it-tpl-cancel' }),
  // Not in the view: deploying them asks where to (or refuses first).
  'it-tpl-unlisted.json': containerGroupTemplate(),
  'it-tpl-unlisted.parameters.json': parameterFile({ containerGroupName: 'tmpl-unlisted' }),
  'it-tpl-unlisted-broken.json': containerGroupTemplate(),
  'it-tpl-unlisted-broken.parameters.json': parameterFile({ containerGroupName: 'it-tpl-unlisted-broken', port: 70000 }),
};
const UNLISTED = new Set(['it-tpl-unlisted.json', 'it-tpl-unlisted-broken.json']);
const TEMPLATES = Object.keys(FILES).filter((f) => !f.endsWith('.parameters.json') && !UNLISTED.has(f));

const entry = (file: string): ContainerGroupTarget => ({ name: file.replace(/\.json$/, ''), subscriptionId: SUB, resourceGroup: RG, definitionFile: `definitions/${file}` });

suite('Deploy a template', function () {
  this.timeout(90000);
  const world = suiteWorld();
  const { lines, deploy } = world;
  const uriOf = (file: string) => world.definition(file);

  const confirm = (file: string): Answer => ({ message: new RegExp(`^Deploy the template definitions/${file.replace('.', '\\.')} to ${RG}\\?`), choose: 'Deploy' });

  suiteSetup(async () => {
    for (const [file, text] of Object.entries(FILES)) world.writeDefinition(file, text);
    await world.addContainerGroups([...TEMPLATES.map(entry), { ...entry('it-tpl-pair.json'), name: 'it-tpl-pair--b' }]);
  });

  test('a template with expressions deploys with its parameter file, after a what-if in the confirmation', async () => {
    const { result, script } = await deploy('it-tpl-params.json', [confirm('it-tpl-params.json')]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    const asked = script.shown.find((s) => s.modal && s.text.startsWith('Deploy the template'))!;
    assert.match(asked.detail ?? '', /Parameter file: definitions\/it-tpl-params\.parameters\.json/);
    assert.match(asked.detail ?? '', /containerGroupName: it-tpl-params/);
    assert.match(asked.detail ?? '', /What-if: 1 to create/);
    assert.match(asked.detail ?? '', /\+ Microsoft\.ContainerInstance\/containerGroups\/it-tpl-params \(Create\)/);
    assert.deepStrictEqual(result.deployment?.containerGroups, ['it-tpl-params']);
    const ip = result.deployment?.outputs.find((o) => o.name === 'containerIPv4Address');
    assert.match(ip?.value ?? '', /^\d+\.\d+\.\d+\.\d+$/, 'the output IP address');
    assert.ok(result.deployment?.progress.some((p) => p.startsWith('containerGroups/it-tpl-params: ')), result.deployment?.progress.join('\n'));
    assert.ok(lines.some((l) => l.includes('containerGroups/it-tpl-params: Succeeded')), 'the operations are logged as they go');
    // The group it created shows its state on its entry in the view.
    await until(async () => /Succeeded/.test((await child(world.api, await child(world.api, undefined, 'Container groups'), 'it-tpl-params')).description ?? ''), 'the it-tpl-params row says Succeeded', 10_000);
  });

  test('deployed again with another value, the what-if lists the resource as modified with the property that changes', async () => {
    const file = uriOf('it-tpl-params.parameters.json').fsPath;
    fs.writeFileSync(file, parameterFile({ containerGroupName: 'it-tpl-params', port: 9090 }));
    const { result, script } = await deploy('it-tpl-params.json', [confirm('it-tpl-params.json')]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    const detail = script.shown.find((s) => s.modal)?.detail ?? '';
    assert.match(detail, /~ Microsoft\.ContainerInstance\/containerGroups\/it-tpl-params \(Modify\)/);
    assert.match(detail, /~ properties\.[\w.[\]]*port: 8080 → 9090/);
  });

  test("a failed operation's error is shown on the resource it concerns", async () => {
    const { result } = await deploy('it-tpl-opfail.json', [confirm('it-tpl-opfail.json')]);
    assert.strictEqual(result.outcome, 'failed', result.notifications.join('\n'));
    const uri = uriOf('it-tpl-opfail.json');
    await until(async () => vscode.languages.getDiagnostics(uri).some((d) => d.source === 'aci-deploy'), 'a deploy diagnostic in the template', 10_000);
    const placed = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'aci-deploy');
    const resourceLines = FILES['it-tpl-opfail.json'].split('\n');
    const first = resourceLines.findIndex((l) => l.includes('"resources"'));
    const last = resourceLines.findIndex((l) => l.includes('"outputs"'));
    assert.ok(placed.some((d) => d.range.start.line > first && d.range.start.line < last && d.message.includes('containerGroups/it-tpl-fault-lro-failed')), placed.map((d) => `${d.range.start.line}: ${d.message}`).join('\n'));
  });

  test("a group the provider refuses: the error names the likely cause, and Diagnose on the group reads it", async () => {
    const { result } = await deploy('it-tpl-deploy-dns-taken.json', [confirm('it-tpl-deploy-dns-taken.json')]);
    assert.strictEqual(result.outcome, 'failed', result.notifications.join('\n'));
    assert.strictEqual(result.cause?.kind, 'dnsLabelTaken', result.notifications.join('\n'));
    const shown = result.notifications.at(-1) ?? '';
    assert.ok(shown.startsWith('Deploy of it-tpl-deploy-dns-taken-') && shown.includes(`Likely cause: ${result.cause.title}. ${result.cause.fix}`), shown);
    assert.ok(lines.some((l) => l.includes('likely cause: ') && l.includes(result.cause!.doc)), 'the log names the document');
    const node = await child(world.api, await child(world.api, undefined, 'Container groups'), 'it-tpl-deploy-dns-taken');
    const { result: diagnosed } = await world.run<DiagnoseResult>('aciDataShare.diagnose', [node.node], []);
    assert.strictEqual(diagnosed.outcome, 'diagnosed');
    assert.deepStrictEqual(diagnosed.diagnosis?.causes.map((c) => c.kind), ['dnsLabelTaken'], diagnosed.markdown);
    assert.ok(diagnosed.diagnosis?.checked.some((c) => c.includes('DnsNameLabelAlreadyTaken')), diagnosed.markdown);
  });

  test('a deployment its PUT refuses (InvalidTemplateDeployment): each group the template defines keeps the error for Diagnose', async () => {
    // Two entries share the template: Deploy asks which one it deploys as.
    const { result } = await deploy('it-tpl-pair.json', [{ pick: /Container group to deploy$/, choose: /^it-tpl-pair$/ }, confirm('it-tpl-pair.json')]);
    assert.strictEqual(result.outcome, 'failed', result.notifications.join('\n'));
    assert.strictEqual(result.errorCode, 'InvalidTemplateDeployment', result.notifications.join('\n'));
    const groups = await child(world.api, undefined, 'Container groups');
    for (const name of ['it-tpl-pair', 'it-tpl-pair--b']) {
      const node = await child(world.api, groups, name);
      const { result: diagnosed } = await world.run<DiagnoseResult>('aciDataShare.diagnose', [node.node], []);
      assert.strictEqual(diagnosed.outcome, 'diagnosed', name);
      const read = diagnosed.diagnosis?.checked.find((c) => c.startsWith("The last deploy's error: "));
      assert.ok(read?.includes('InvalidTemplateDeployment') && read.includes("The container group name 'it-tpl-pair--b' is invalid"), `${name}: ${diagnosed.markdown}`);
    }
  });

  test('a parameter the file does not give is asked for, its allowed values as a pick', async () => {
    const { result, script } = await deploy('it-tpl-missing.json', [{ pick: /^Parameter restartPolicy/, choose: /^OnFailure$/ }, confirm('it-tpl-missing.json')]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    const pick = script.shown.find((s) => s.kind === 'pick')!;
    assert.deepStrictEqual(pick.items, ['Always', 'Never', 'OnFailure']);
    const asked = script.shown.find((s) => s.modal)!;
    assert.match(asked.detail ?? '', /restartPolicy: OnFailure \(entered\)/);
  });

  test('deployed again, the answer given last time is offered first for that template', async () => {
    const { result, script } = await deploy('it-tpl-missing.json', [{ pick: /^Parameter restartPolicy/, choose: /^OnFailure$/ }, confirm('it-tpl-missing.json')]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    const pick = script.shown.find((s) => s.kind === 'pick')!;
    assert.deepStrictEqual(pick.items, ['OnFailure', 'Always', 'Never']);
    assert.deepStrictEqual(pick.picked, ['OnFailure']);
    assert.strictEqual(pick.descriptions?.[0], 'last used');
  });

  test('a template not in the view with errors is refused before anything is asked or saved', async () => {
    const before = vscode.workspace.getConfiguration('aciDataShare').inspect<unknown[]>('containerGroups')?.workspaceValue;
    const { result, script } = await deploy('it-tpl-unlisted-broken.json', []);
    assert.strictEqual(result.outcome, 'invalid', result.notifications.join('\n'));
    assert.deepStrictEqual(script.shown.filter((s) => s.kind === 'input' || s.kind === 'pick'), [], 'no target question');
    assert.match(script.messages('error')[0] ?? '', /^definitions\/it-tpl-unlisted-broken\.json was not deployed: the definition has \d+ errors? \(line \d+: /);
    assert.deepStrictEqual(vscode.workspace.getConfiguration('aciDataShare').inspect<unknown[]>('containerGroups')?.workspaceValue, before, 'nothing saved');
  });

  test("a template not in the view offers the name its parameter file gives, and the editor title offers Deploy for it", async () => {
    await vscode.commands.executeCommand('aciDataShare.signIn');
    const answers = new ScriptedInput([{ input: /Container group name/, value: undefined }], { acceptDefaults: true });
    const { result, script } = await world.run<DeployCommandResult>('aciDataShare.deploy', [uriOf('it-tpl-unlisted.json')], answers);
    assert.strictEqual(result.outcome, 'dismissed', result.notifications.join('\n'));
    assert.strictEqual(script.shown.find((s) => s.kind === 'input' && /Container group name/.test(s.text))?.value, 'tmpl-unlisted');

    const menu = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } }).contributes.menus['editor/title'];
    assert.match(menu.find((m) => m.command === 'aciDataShare.deploy')?.when ?? '', /aciDataShare\.deployableEditor && isWorkspaceTrusted/);
    await vscode.window.showTextDocument(uriOf('it-tpl-unlisted.json'));
    await until(() => world.api.deploy.deployableEditor(), 'Deploy offered for the template');
    await vscode.window.showTextDocument(uriOf('it-tpl-unlisted.parameters.json'));
    await until(() => !world.api.deploy.deployableEditor(), 'no Deploy for its parameter file');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a secure parameter comes from Set Secret and is never shown', async () => {
    await world.run('aciDataShare.setSecret', [SECRET_NAME], [{ input: new RegExp(`Set Secret \\(2/2\\): ${SECRET_NAME}`), value: SECRET_VALUE }]);
    const { result, script } = await deploy('it-tpl-secure.json', [confirm('it-tpl-secure.json')]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    const asked = script.shown.find((s) => s.modal)!;
    assert.match(asked.detail ?? '', new RegExp(`dbPassword: stored secret ${SECRET_NAME}`));
    const everything = JSON.stringify({ shown: script.shown, result, lines });
    assert.ok(!everything.includes(SECRET_VALUE), 'the secret value is in no prompt, result or log line');
  });

  test('an InvalidTemplate error is shown on the line of the template it names', async () => {
    const { result } = await deploy('it-tpl-invalid.json', []);
    assert.strictEqual(result.outcome, 'failed', result.notifications.join('\n'));
    assert.strictEqual(result.errorCode, 'InvalidTemplate');
    const uri = uriOf('it-tpl-invalid.json');
    const expected = FILES['it-tpl-invalid.json'].split('\n').findIndex((l) => l.includes('nosuchfunction'));
    await until(async () => vscode.languages.getDiagnostics(uri).some((d) => d.source === 'aci-deploy'), 'a deploy diagnostic in the template', 10_000);
    const placed = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'aci-deploy');
    assert.ok(placed.some((d) => d.range.start.line === expected && /nosuchfunction/.test(d.message)), placed.map((d) => `${d.range.start.line}: ${d.message}`).join('\n'));
  });

  test("a parameter's error is shown on its value in the parameter file", async () => {
    const { result } = await deploy('it-tpl-badparam.json', []);
    assert.strictEqual(result.outcome, 'failed', result.notifications.join('\n'));
    const uri = uriOf('it-tpl-badparam.parameters.json');
    await until(async () => vscode.languages.getDiagnostics(uri).some((d) => d.source === 'aci-deploy'), 'a deploy diagnostic in the parameter file', 10_000);
    const placed = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'aci-deploy');
    const line = FILES['it-tpl-badparam.parameters.json'].split('\n').findIndex((l) => l.includes('"replicas"'));
    assert.ok(placed.some((d) => d.range.start.line === line && /replicas/.test(d.message)), placed.map((d) => `${d.range.start.line}: ${d.message}`).join('\n'));
  });

  test("the editor checks a template with its parameter file's values, naming the file, and again when the file changes", async () => {
    const doc = await vscode.workspace.openTextDocument(uriOf('it-tpl-check.json'));
    await vscode.window.showTextDocument(doc);
    const named = () => vscode.languages.getDiagnostics(doc.uri).filter((d) => d.message.includes("Parameter 'port' value 70000 (from it-tpl-check.parameters.json)"));
    await until(async () => named().length > 0, "the parameter file's port checked in the template", 15_000);
    const parameters = await vscode.workspace.openTextDocument(uriOf('it-tpl-check.parameters.json'));
    const edit = new vscode.WorkspaceEdit();
    const at = parameters.getText().indexOf('70000');
    edit.replace(parameters.uri, new vscode.Range(parameters.positionAt(at), parameters.positionAt(at + 5)), '8080');
    await vscode.workspace.applyEdit(edit);
    await until(async () => named().length === 0, 'the problem gone once the parameter file is fixed', 15_000);
    await parameters.save();
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('Cancel asks, then cancels the deployment in Azure', async () => {
    const { result, script } = await deploy('it-tpl-cancel.json', [
      confirm('it-tpl-cancel.json'),
      { progress: /^Deploying it-tpl-cancel/, cancelWhen: (m) => !m.startsWith('Sending') },
      { message: /^Cancel the deployment it-tpl-cancel-\d+ in Azure\?/, choose: 'Cancel Deployment' },
    ]);
    assert.strictEqual(result.outcome, 'canceled', result.notifications.join('\n'));
    // The button that leaves the deployment running says so (VS Code's own would read "Cancel").
    assert.strictEqual(script.shown.find((s) => /^Cancel the deployment/.test(s.text))?.dismiss, 'Keep Running');
    assert.strictEqual(result.deployment?.state, 'Canceled');
    assert.ok(result.notifications.some((n) => /^The deployment it-tpl-cancel-\d+ was canceled\.$/.test(n)), result.notifications.join('\n'));
  });
});
