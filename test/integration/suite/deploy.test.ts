// The Deploy command in the real VS Code against the ARM emulator, driven through executeCommand with scripted
// answers: secrets stored with Set Secret, YAML and JSON created and updated after the user's yes, a dismissed
// confirmation that sends nothing, a 400 CloudError as a diagnostic on its property, cancel while polling, and no
// secret value in any log line, prompt, notification, diagnostic or the tree.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import { child, shownChildren } from './extensionApi';
import { everythingShown, type Answer } from './scriptedInput';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const SUB = '00000000-0000-0000-0000-0000000000de';
const RG = 'rg-deploy-it';
const DB_SECRET = 'it-Db-Secret-8f3a91';
const REG_SECRET = 'it-Registry-Secret-55c0';

const entry = (file: string): ContainerGroupTarget => ({
  name: path.basename(file).replace(/\.aci\.(yaml|json)$/, ''),
  subscriptionId: SUB,
  resourceGroup: RG,
  definitionFile: `definitions/${file}`,
  // This one's setting names another region than its file: the file's deploys, and the user is told.
  ...(file === UNKNOWN_FILE ? { location: 'eastus' } : {}),
});

/** Its status URL answers 500 (the emulator's lro-status-error scenario, chosen by the name). */
const UNKNOWN_FILE = 'it-status-fault-lro-status-error.aci.yaml';
const FILES = ['it-web.aci.yaml', 'it-bad-image.aci.yaml', 'it-cancel.aci.yaml', 'it-batch.aci.json', 'it-dismiss.aci.yaml', 'it-fault-lro-failed.aci.yaml', 'it-placeholder.aci.yaml', UNKNOWN_FILE];

suite('Deploy', function () {
  this.timeout(60000);
  const world = suiteWorld();
  const { lines, scripts, deploy } = world;
  const uriOf = (file: string) => world.definition(file);

  const create = (name: string): Answer => ({ message: new RegExp(`^Create the container group ${name} in ${RG}`), choose: 'Create' });
  const update = (name: string): Answer => ({ message: new RegExp(`^Update the container group ${name} in ${RG}`), choose: 'Update' });

  suiteSetup(async () => {
    // Secrets go in through the Set Secret command, as a user stores them.
    for (const [name, value] of [['it-db', DB_SECRET], ['it-reg', REG_SECRET]]) await world.setSecret(name, value);
    assert.ok(world.api.secrets.names().includes('it-db') && world.api.secrets.names().includes('it-reg'));

    // A copy of the fixture's web-frontend with an app secret and a private registry login.
    const webYaml = fs
      .readFileSync(uriOf('web-frontend.aci.yaml').fsPath, 'utf8')
      .replace(/name: site$/gm, 'name: site-content')
      .replace('value: Contoso', "secureValue: '{{secret:it-db}}'")
      .replace('  containers:', "  imageRegistryCredentials:\n    - server: contoso.azurecr.io\n      username: deployer\n      password: '{{secret:it-reg}}'\n  containers:");
    const label = (l: string) => webYaml.replace('dnsNameLabel: contoso-web-frontend', `dnsNameLabel: ${l}`);
    const write = world.writeDefinition;
    write('it-web.aci.yaml', webYaml);
    write('it-bad-image.aci.yaml', label('it-bad-image').replace('image: mcr.microsoft.com/azuredocs/nginx:latest', 'Image: mcr.microsoft.com/azuredocs/nginx:latest'));
    write('it-cancel.aci.yaml', label('it-cancel-label'));
    write('it-dismiss.aci.yaml', label('it-dismiss-label'));
    // The emulator fails this group's operation (its name holds fault-lro-failed) with an error naming no property.
    write('it-fault-lro-failed.aci.yaml', label('it-lro-failed-label'));
    // The image as the docs' tutorial writes it, before the reader fills in their registry.
    write('it-placeholder.aci.yaml', label('it-placeholder-label').replace('image: mcr.microsoft.com/azuredocs/nginx:latest', 'image: <acrLoginServer>/aci-tutorial-app:v1'));
    write(UNKNOWN_FILE, label('it-status-label'));
    const batch = JSON.parse(fs.readFileSync(uriOf('batch-job.aci.json').fsPath, 'utf8'));
    batch.properties.ipAddress = { type: 'Public', dnsNameLabel: 'it-batch-job', ports: [{ port: 80, protocol: 'TCP' }] };
    write('it-batch.aci.json', JSON.stringify(batch, null, 2));

    await world.addContainerGroups(FILES.map(entry));
  });

  test('a YAML definition is created after the user confirms, with IP and FQDN; a second deploy is an update', async () => {
    const { result, script } = await deploy('it-web.aci.yaml', [create('it-web')]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    assert.strictEqual(result.created, true);
    assert.strictEqual(result.group?.provisioningState, 'Succeeded');
    assert.match(result.group?.ip ?? '', /^20\.\d+\.\d+\.\d+$/);
    assert.strictEqual(result.group?.fqdn, 'contoso-web-frontend.westeurope.azurecontainer.io');
    const question = script.shown.find((s) => s.modal)!;
    assert.match(question.detail ?? '', /It does not exist yet/);
    // Secrets are named by the fields they fill, elements by name as the change list shows them.
    assert.match(question.detail ?? '', /it-db → containers\[nginx\]\.environmentVariables\[SITE_TITLE\]\.secureValue/);
    assert.match(question.detail ?? '', /it-reg → imageRegistryCredentials\[contoso\.azurecr\.io\]\.password/);
    // The emulator is not the public cloud: the question names where the request and the sign-in go.
    assert.ok((question.detail ?? '').includes(`Custom cloud: requests go to ${process.env.ACI_DS_EMULATOR_URL}`), question.detail);
    assert.ok(![DB_SECRET, REG_SECRET].some((s) => (question.detail ?? '').includes(s)), 'no secret value in the question');
    const note = script.messages('info').at(-1) ?? '';
    assert.ok(note.includes(result.group.ip!) && note.includes(result.group.fqdn), note);
    assert.ok(lines.some((l) => l.includes('Instance state: Running')));

    const again = await deploy('it-web.aci.yaml', [update('it-web')]);
    assert.strictEqual(again.result.outcome, 'succeeded');
    assert.strictEqual(again.result.created, false);
    assert.deepStrictEqual(again.result.changes, []);
    assert.match(again.script.shown.find((s) => s.modal)?.detail ?? '', /No changes found/);
  });

  test('an update lists the changed path in its confirmation', async () => {
    // Edited in the editor and saved, as a user changes a definition.
    const doc = await vscode.workspace.openTextDocument(uriOf('it-web.aci.yaml'));
    const at = doc.getText().indexOf('cpu: 1');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 'cpu: 1'.length)), 'cpu: 2');
    assert.ok(at > 0 && (await vscode.workspace.applyEdit(edit)) && (await doc.save()));
    const { result, script } = await deploy('it-web.aci.yaml', [update('it-web')]);
    assert.strictEqual(result.outcome, 'succeeded');
    assert.ok(result.changes?.some((c) => /cpu/.test(c)), String(result.changes));
    assert.match(script.shown.find((s) => s.modal)?.detail ?? '', /~ .*cpu/);
  });

  test('a JSON definition deploys to Succeeded with IP and FQDN', async () => {
    const { result, script } = await deploy('it-batch.aci.json', [{ message: /^The definition of it-batch has 1 warning\.$/, choose: 'Deploy Anyway' }, create('it-batch')]);
    assert.match(script.shown[0].detail ?? '', /^Line \d+: /);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    assert.strictEqual(result.group?.provisioningState, 'Succeeded');
    assert.ok(result.group?.ip);
    assert.strictEqual(result.group?.fqdn, 'it-batch-job.westeurope.azurecontainer.io');
  });

  test('a placeholder from an example is refused before any question, and Go to Line selects it', async () => {
    const from = lines.length;
    const text = fs.readFileSync(uriOf('it-placeholder.aci.yaml').fsPath, 'utf8');
    assert.ok(text.includes('<acrLoginServer>'), 'the fixture has the placeholder');
    const line = text.split('\n').findIndex((l) => l.includes('<acrLoginServer>'));
    const refusal = `it-placeholder was not deployed: line ${line + 1} holds a placeholder from an example (<acrLoginServer>) in properties.containers[0].properties.image; replace it with the real value.`;
    const { result } = await deploy('it-placeholder.aci.yaml', [{ message: /^it-placeholder was not deployed/, choose: 'Go to Line' }]);
    assert.strictEqual(result.outcome, 'invalid');
    assert.deepStrictEqual(result.notifications, [refusal]);
    assert.deepStrictEqual(lines.slice(from).filter((l) => /^(GET|PUT) /.test(l)), [], 'nothing is sent');
    await until(() => vscode.window.activeTextEditor?.document.uri.fsPath === uriOf('it-placeholder.aci.yaml').fsPath, 'Go to Line opens the definition', 5000, 50);
    const editor = vscode.window.activeTextEditor!;
    assert.strictEqual(editor.selection.start.line, line);
    assert.strictEqual(editor.document.getText(editor.selection), '<acrLoginServer>/aci-tutorial-app:v1');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('a file not in the view that names a secret not stored is refused before any target question; Set Secret then offers Deploy Now', async () => {
    const file = 'it-unlisted-secret.aci.yaml';
    const text = fs.readFileSync(uriOf('it-placeholder.aci.yaml').fsPath, 'utf8').replace(/^(\s*)image: .*$/m, "$1image: nginx\n$1environmentVariables:\n$1  - name: TOKEN\n$1    secureValue: '{{secret:it-unlisted-token}}'");
    fs.writeFileSync(uriOf(file).fsPath, text.replace(/it-placeholder/g, 'it-unlisted'));
    try {
      const from = lines.length;
      const { result, script: refused } = await deploy(file, [
        { message: /^definitions\/it-unlisted-secret\.aci\.yaml was not deployed: no secret named it-unlisted-token is stored\.$/, choose: undefined },
      ]);
      assert.strictEqual(result.outcome, 'invalid');
      assert.deepStrictEqual(refused.shown.map((s) => s.kind), ['error'], 'no target question was asked');
      assert.deepStrictEqual(refused.shown[0].actions, ['Set Secret…']);
      assert.deepStrictEqual(lines.slice(from).filter((l) => /^(GET|PUT) /.test(l)), [], 'nothing is sent');
      // Set Secret… (what the refusal's button runs) asks the value only, then offers to deploy the file.
      const { script } = await world.run('aciDataShare.setSecret', ['it-unlisted-token', uriOf(file)], [
        { input: /^Set Secret \(2\/2\): it-unlisted-token/, value: 'it-Unlisted-Token-58a1' },
        { message: /^Secret 'it-unlisted-token' stored\./, choose: undefined },
      ]);
      const stored = script.shown.find((m) => m.kind === 'info');
      assert.deepStrictEqual(stored?.actions, ['Deploy Now']);
    } finally {
      await world.run('aciDataShare.deleteSecret', ['it-unlisted-token'], [{ message: /^Delete the secret/, choose: 'Delete' }]);
      fs.rmSync(uriOf(file).fsPath, { force: true });
    }
  });

  test('a dismissed confirmation sends nothing', async () => {
    const from = lines.length;
    const { result } = await deploy('it-dismiss.aci.yaml', [{ message: /^Create the container group it-dismiss/, choose: undefined }]);
    assert.strictEqual(result.outcome, 'dismissed');
    assert.deepStrictEqual(lines.slice(from).filter((l) => /^PUT /.test(l)), []);
  });

  test('a 400 CloudError without a target becomes a diagnostic on the property its message names, cleared by the next edit', async () => {
    const { result } = await deploy('it-bad-image.aci.yaml', [{ message: /has \d+ warnings?\.$/, choose: 'Deploy Anyway' }, create('it-bad-image')]);
    assert.strictEqual(result.outcome, 'failed');
    // As the service answers: code and message only, the JSON path inside the message.
    assert.strictEqual(result.errorCode, 'InvalidRequestContent');
    assert.strictEqual(result.errorTarget, undefined);
    assert.match(result.notifications.at(-1) ?? '', /Bad Request \(400\): .*Required property 'image' not found in JSON\. Path 'properties\.containers\[0\]\.properties'.*\[InvalidRequestContent\]/);
    const uri = uriOf('it-bad-image.aci.yaml');
    const doc = await vscode.workspace.openTextDocument(uri);
    const diagnostics = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'aci-deploy');
    assert.strictEqual(diagnostics.length, 1);
    assert.strictEqual(doc.getText(diagnostics[0].range), 'mcr.microsoft.com/azuredocs/nginx:latest');
    assert.strictEqual(doc.lineAt(diagnostics[0].range.start.line).text.trim().split(':')[0], 'Image');

    const editor = await vscode.window.showTextDocument(doc);
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# edited\n'));
    await until(() => (world.api.deploy.diagnostics.get(uri)?.length ?? 0) === 0, 'the edit clears the deploy diagnostics', 5000, 50);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('a failure that points at no property shows on the first key of the definition, saying Azure did not say where', async () => {
    const { result } = await deploy('it-fault-lro-failed.aci.yaml', [create('it-fault-lro-failed')]);
    assert.strictEqual(result.outcome, 'failed');
    const uri = uriOf('it-fault-lro-failed.aci.yaml');
    const doc = await vscode.workspace.openTextDocument(uri);
    const diagnostics = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'aci-deploy');
    assert.strictEqual(diagnostics.length, 1);
    assert.strictEqual(doc.getText(diagnostics[0].range), 'apiVersion');
    assert.match(diagnostics[0].message, /^Deploy failed: The operation failed: The container group 'it-fault-lro-failed' failed to provision.* \(Azure did not say where in the definition\)$/);
    assert.strictEqual(result.diagnostics, 1);
  });

  test('Cancel on the progress notification stops polling at once and says the deployment may continue', async () => {
    const from = lines.length;
    const { result } = await deploy('it-cancel.aci.yaml', [
      create('it-cancel'),
      // Pressed as soon as the PUT's answer shows a status.
      { progress: /^Creating it-cancel/, cancelWhen: (m) => !m.startsWith('Sending') },
    ]);
    assert.strictEqual(result.outcome, 'canceled');
    assert.match(result.notifications.at(-1) ?? '', /may continue in Azure/);
    const requests = lines.slice(from).filter((l) => /^(GET|PUT) /.test(l));
    assert.ok(requests.some((l) => l.startsWith('PUT ')), requests.join('\n'));
    assert.ok(!requests.some((l) => l.includes('/operations/')), requests.join('\n'));
    // Abandoned, its state is not known: the row says so (not a previous outcome) until the live state is read.
    const row = async () => child(world.api, await child(world.api, undefined, 'Container groups'), 'it-cancel');
    await until(async () => /· Unknown$/.test((await row()).description), "the it-cancel row says its state is Unknown", 10_000);
    // Once the live state is read, the abandoned deploy's Unknown is gone for good (a refresh reads nothing yet).
    await shownChildren(world.api, (await row()).node);
    await until(async () => !/Unknown/.test((await row()).description), 'the live state on the row');
    await vscode.commands.executeCommand('aciDataShare.refresh');
    assert.doesNotMatch((await row()).description, /Unknown/);
  });

  test('a deploy whose status cannot be read says the group may still be provisioning, and Check Status shows its state', async () => {
    const name = 'it-status-fault-lro-status-error';
    const from = lines.length;
    const { result, script } = await deploy(UNKNOWN_FILE, [create(name), { message: /may still be provisioning\.$/, choose: 'Check Status' }]);
    assert.strictEqual(result.outcome, 'unknown', result.notifications.join('\n'));
    assert.strictEqual(result.errorCode, 'OperationStatusUnavailable');
    assert.match(result.notifications.at(-1) ?? '', new RegExp(`^${name} was sent to Azure, but its outcome is not known: .*could not be read.*It may still be provisioning\\.$`));
    assert.ok(!result.notifications.some((n) => /failed/i.test(n.split(':')[0])), 'not reported as a failure');
    // The setting says eastus, the az container create --file definition westeurope: the file's deploys, and both say so.
    const question = script.shown.find((s) => s.modal)!;
    assert.match(question.text, /\(westeurope\)\?$/);
    assert.match(question.detail ?? '', /Location: westeurope, from the definition: in the az container create --file format the file's location is what deploys; the setting's location eastus is not used\./);
    assert.ok(lines.slice(from).some((l) => /^Location: westeurope, from the definition\./.test(l)), lines.slice(from).join('\n'));
    // The button reads the group from Azure and says what state it is in.
    await until(() => everythingShown.some((s) => s.text.startsWith(`${name} is `)), 'the Check Status answer', 5000, 50);
    const answer = everythingShown.find((s) => s.text.startsWith(`${name} is `))!;
    assert.match(answer.text, new RegExp(`^${name} is (Pending|Creating|Succeeded) · IP 20\\.\\d+\\.\\d+\\.\\d+ · it-status-label\\.westeurope\\.azurecontainer\\.io\\.$`));
  });

  test('no secret value reaches a log line, a prompt, a notification, a diagnostic or the tree', async () => {
    const roots = await shownChildren(world.api);
    const groups = await shownChildren(world.api, roots[0].node);
    const node = groups.find((g) => g.label === 'it-web');
    assert.ok(node, 'the group shows in the tree');
    const children = await shownChildren(world.api, node.node);
    const nested = await Promise.all(children.map((i) => shownChildren(world.api, i.node)));
    const treeText = [node, ...children, ...nested.flat()].map((i) => `${i.label} ${i.description} ${i.tooltip}`);
    const promptText = scripts.flatMap((s) => s.shown.flatMap((p) => [p.text, p.detail ?? '', ...(p.actions ?? [])]));
    const diagnosticText = vscode.languages.getDiagnostics().flatMap(([, ds]) => ds.map((d) => d.message));
    const everything = [...lines, ...promptText, ...diagnosticText, ...treeText];
    assert.ok(lines.length > 10 && promptText.length >= 8, `${lines.length} log lines, ${promptText.length} prompt texts`);
    for (const secret of [DB_SECRET, REG_SECRET]) {
      // The report masks the value itself: a failing run must not print the secret either.
      const leaks = everything.filter((t) => t.includes(secret)).map((t) => t.split(secret).join('<SECRET>').slice(0, 300));
      assert.deepStrictEqual(leaks, [], `secret found in ${leaks.length} texts: ${leaks.join(' | ')}`);
    }
  });
});
