// Convert Compose File and Deploy Compose File in the real VS Code, through executeCommand with scripted answers:
// a converted definition written and opened with its report, a secret offered to Set Secret (stored, never
// written), an interpolation error and a port clash placed on their lines with nothing written, and a Compose
// file deployed to the emulator through the Deploy command.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { TestApi } from '../../../src/extension';
import { activateExtension } from './extensionApi';
import { ScriptedInput, withAnswers, type Answer } from './scriptedInput';
import { until } from './until';

// A subscription of its own: the region's cores other files use up are not this file's.
const SUB = '00000000-0000-0000-0000-0000000000c3';
const RG = 'rg-compose-it';
const ROOT = 'compose-it';
const DB_PASSWORD = 'Compose-Db-Secret-7d41';

interface Result {
  outcome: string;
  definition?: vscode.Uri;
  findings: { rule: string; kind: string; message: string }[];
}

const FILES: Record<string, string> = {
  // awesome-compose wordpress-mysql (test/contract/compose), its passwords made distinct for the checks.
  'wordpress/compose.yaml': fs
    .readFileSync(path.join(__dirname, '../../../../test/contract/compose/awesome-compose/wordpress-mysql/compose.yaml'), 'utf8')
    .replace('MYSQL_ROOT_PASSWORD=somewordpress', `MYSQL_ROOT_PASSWORD=${DB_PASSWORD}`),
  'interpolation/compose.yaml': 'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: ${IT_UNSET_PASSWORD:?set IT_UNSET_PASSWORD first}\n',
  'clash/compose.yaml': 'services:\n  web:\n    image: nginx:1.27\n    ports: ["80:80"]\n  admin:\n    image: adminer:4\n    ports: ["8080:80"]\n',
  'deploy/compose.yaml': 'name: it-compose-deploy\nservices:\n  web:\n    image: mcr.microsoft.com/azuredocs/aci-helloworld:latest\n    ports: ["8080:80"]\n    environment:\n      API_TOKEN: it-compose-token-5e2c\n',
};

suite('Compose files', function () {
  this.timeout(90000);
  let api: TestApi;
  let folder: string;
  let before: unknown[] | undefined;
  const uriOf = (file: string) => vscode.Uri.file(path.join(folder, ROOT, file));

  const run = async (command: string, file: string, answers: Answer[]): Promise<{ result: Result; script: ScriptedInput }> => {
    const script = new ScriptedInput(answers);
    const result = await withAnswers(api, script, async () => vscode.commands.executeCommand<Result>(command, uriOf(file)), { leaveOpen: true });
    return { result, script };
  };

  suiteSetup(async () => {
    api = await activateExtension();
    folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    for (const [file, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(folder, ROOT, file)), { recursive: true });
      fs.writeFileSync(path.join(folder, ROOT, file), text);
    }
    const config = vscode.workspace.getConfiguration('aciDataShare');
    before = config.inspect<unknown[]>('containerGroups')?.workspaceValue;
    const target: ContainerGroupTarget = { name: 'it-compose-deploy', subscriptionId: SUB, resourceGroup: RG, definitionFile: `${ROOT}/deploy/it-compose-deploy.aci.yaml` };
    await config.update('containerGroups', [...(before ?? []), target], vscode.ConfigurationTarget.Workspace);
  });

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('aciDataShare').update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
    fs.rmSync(path.join(folder, ROOT), { recursive: true, force: true });
  });

  test('convert: the definition is written beside the Compose file and opened; a secret is offered to Set Secret, never written', async () => {
    const { result, script } = await run('aciDataShare.convertComposeFile', 'wordpress/compose.yaml', [
      { pick: /as hosts/, choose: /^Rewrite to localhost/ },
      { pick: /^Volume db_data/, choose: /^emptyDir/ },
      { pick: /Format of the definition file/, choose: /^YAML/ },
      { message: /refers to 3 secret\(s\) that are not stored: db-mysql-root-password/, choose: 'Set Secret…' },
      { input: /^Set Secret \(2\/2\): db-mysql-root-password/, value: DB_PASSWORD },
      { message: /^Secret 'db-mysql-root-password' stored/, choose: undefined },
    ]);
    assert.strictEqual(result.outcome, 'written', JSON.stringify(result.findings));
    const written = uriOf('wordpress/wordpress.aci.yaml');
    assert.strictEqual(result.definition?.fsPath, written.fsPath);
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.fsPath, written.fsPath, 'the definition is opened');
    const text = fs.readFileSync(written.fsPath, 'utf8');
    assert.match(text, /name: WORDPRESS_DB_HOST\n\s+value: localhost/);
    assert.match(text, /secureValue: "\{\{secret:db-mysql-root-password\}\}"/);
    assert.ok(!text.includes(DB_PASSWORD), 'the value is not in the file');
    await until(() => script.shown.some((s) => /^Secret 'db-mysql-root-password' stored/.test(s.text)), 'Set Secret ran');
    script.assertDone();
    assert.ok(api.secrets.names().includes('db-mysql-root-password'));
    // The editor's own checks find nothing in what was written but the two secrets not set yet.
    const doc = await vscode.workspace.openTextDocument(written);
    const findings = await api.language.diagnostics.validateNow(doc);
    assert.deepStrictEqual(findings.map((f) => f.message.match(/^No secret named "([^"]+)" is stored/)?.[1] ?? f.message), ['db-mysql-password', 'wordpress-wordpress-db-password']);
    // The Compose file carries what changed, on its lines (the command's warning among them).
    const compose = vscode.languages.getDiagnostics(uriOf('wordpress/compose.yaml'));
    assert.ok(compose.some((d) => String(d.code) === 'compose.command' && d.range.start.line === 6), compose.map((d) => `${d.range.start.line}: ${d.message}`).join('\n'));
  });

  test('an interpolation error is placed on its line, and nothing is written', async () => {
    const { result, script } = await run('aciDataShare.convertComposeFile', 'interpolation/compose.yaml', [{ message: /was not converted: line 5: set IT_UNSET_PASSWORD first/, choose: undefined }]);
    script.assertDone();
    assert.strictEqual(result.outcome, 'blocked');
    const diagnostics = vscode.languages.getDiagnostics(uriOf('interpolation/compose.yaml'));
    assert.deepStrictEqual(diagnostics.map((d) => [d.range.start.line, d.severity, d.message]), [[4, vscode.DiagnosticSeverity.Error, 'set IT_UNSET_PASSWORD first']]);
    assert.deepStrictEqual(fs.readdirSync(path.join(folder, ROOT, 'interpolation')), ['compose.yaml']);
  });

  test('a port used by two services is an error on the second one, and nothing is written', async () => {
    const { result, script } = await run('aciDataShare.convertComposeFile', 'clash/compose.yaml', [{ message: /was not converted: line 7: Port 80\/tcp is used by web and admin/, choose: undefined }]);
    script.assertDone();
    assert.strictEqual(result.outcome, 'blocked');
    const clash = vscode.languages.getDiagnostics(uriOf('clash/compose.yaml')).find((d) => String(d.code) === 'compose.portClash');
    assert.strictEqual(clash?.range.start.line, 6);
    assert.deepStrictEqual(fs.readdirSync(path.join(folder, ROOT, 'clash')), ['compose.yaml']);
  });

  test('deploy: converted, confirmed with what changed, its secret stored from the Compose file, deployed to the emulator', async () => {
    const { result, script } = await run('aciDataShare.deployComposeFile', 'deploy/compose.yaml', [
      { message: /^Deploy compose-it\/deploy\/compose\.yaml as a container group of 1 container\(s\)\?/, choose: 'Convert and Deploy' },
      { message: /refers to 1 secret\(s\) that are not stored: web-api-token/, choose: 'Store Values from Compose File' },
      { message: new RegExp(`^Create the container group it-compose-deploy in ${RG}`), choose: 'Create' },
    ]);
    assert.strictEqual(result.outcome, 'deployed', script.shown.map((s) => s.text).join('\n'));
    const confirm = script.shown.find((s) => s.modal && /as a container group/.test(s.text));
    assert.match(confirm?.detail ?? '', /8080:80 is published as 80/);
    assert.ok(api.secrets.names().includes('web-api-token'));
    const text = fs.readFileSync(uriOf('deploy/it-compose-deploy.aci.yaml').fsPath, 'utf8');
    assert.ok(!text.includes('it-compose-token-5e2c'), 'the value is not in the file');
    assert.ok(!script.shown.some((s) => `${s.text} ${s.detail ?? ''}`.includes('it-compose-token-5e2c')), 'nor in any prompt');
    await until(() => script.shown.some((s) => s.kind === 'info' && /it-compose-deploy/.test(s.text)), 'the deploy result');
  });
});
