// Show Logs in the real VS Code against the ARM emulator: a group deployed through the Deploy command, its
// container's log opened with a ContainerRef argument (as a container node passes it) and from the palette,
// new lines arriving while it follows with none twice, Stop and Follow again, the init container's log, the
// timestamps toggle, a container that does not exist, and polling that ends when the tab closes.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LogViewResult } from '../../../src/commands/showLogs/registerShowLogs';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { ContainerRef } from '../../../src/tree/containerRef';
import { ScriptedInput, withAnswers } from './scriptedInput';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const FILE = 'it-logs.aci.yaml';
/** The emulator throttles the first two requests of each path of a group whose name holds fault-429. */
const THROTTLED_FILE = 'it-logs-fault-429.aci.yaml';
const TARGET: ContainerGroupTarget = { name: 'it-logs', subscriptionId: '00000000-0000-0000-0000-00000000001f', resourceGroup: 'rg-logs-it', definitionFile: `definitions/${FILE}` };
const THROTTLED: ContainerGroupTarget = { ...TARGET, name: 'it-logs-fault-429', definitionFile: `definitions/${THROTTLED_FILE}` };
const SECRET_NAME = 'it-logs-secret';
const SECRET_VALUE = 'it-Logs-Secret-3c9e71';
const RUNNING_LINE = /\(#(\d+)\)$/;
const NOTE = /^··· /;

const ref = (containerName: string, init = false, target = TARGET): { containerRef: ContainerRef } => ({ containerRef: { target, containerName, init } });
const docText = (uri: string): string | undefined => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.getText();
const logLines = (uri: string): string[] => (docText(uri) ?? '').split('\n').filter((l) => l !== '' && !NOTE.test(l));
/** The running lines' numbers, in document order. */
const numbers = (uri: string): number[] => logLines(uri).flatMap((l) => (RUNNING_LINE.exec(l) ? [Number(RUNNING_LINE.exec(l)![1])] : []));

function assertConsecutive(uri: string): void {
  const n = numbers(uri);
  assert.deepStrictEqual(n, n.map((_, i) => n[0] + i), `running lines neither repeated nor skipped: ${n.join(',')}`);
  const lines = logLines(uri);
  assert.strictEqual(new Set(lines).size, lines.length, 'no line twice');
}

suite('Show Logs', function () {
  this.timeout(120_000);
  const world = suiteWorld();
  const { lines: logged } = world;

  suiteSetup(async () => {
    await world.setSecret(SECRET_NAME, SECRET_VALUE);
    // The fixture's web-frontend with an init container that prepares the site before nginx starts.
    const edit = (yaml: string) =>
      yaml
        .replace(/name: site$/gm, 'name: site-content')
        .replace('value: Contoso', `secureValue: '{{secret:${SECRET_NAME}}}'`)
        .replace('  containers:', '  initContainers:\n    - name: fetch-site\n      properties:\n        image: mcr.microsoft.com/azuredocs/aci-helloworld:latest\n  containers:');
    const yaml = await world.deployFixture(TARGET, edit, { warnings: false });
    world.writeDefinition(THROTTLED_FILE, yaml.replace('name: it-logs', 'name: it-logs-fault-429').replace('it-logs-label', 'it-logs-429'));
    await world.addContainerGroups([THROTTLED]);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await world.run('aciDataShare.deleteSecret', [SECRET_NAME], [{ message: /^Delete the secret/, choose: 'Delete' }]);
  });

  test('a container node opens its log, which follows new lines without duplicates; Stop and Follow again', async () => {
    const opened = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs', ref('nginx'));
    assert.ok(opened, 'a log document opened');
    assert.strictEqual(opened.following, true);
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), opened.uri);
    assert.match(vscode.window.activeTextEditor.document.uri.path, /it-logs · nginx\.log$/);
    await until(() => logLines(opened.uri).some((l) => l.startsWith('Starting nginx (mcr.microsoft.com/azuredocs/nginx:latest)')), 'the start-up lines');
    const first = await until(() => numbers(opened.uri)[0], 'a running line');
    await until(() => numbers(opened.uri).length >= 3 && numbers(opened.uri).at(-1)! >= first + 2, 'two more lines arriving while it follows');
    assertConsecutive(opened.uri);

    const stopped = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.stopFollowingLogs', vscode.Uri.parse(opened.uri));
    assert.strictEqual(stopped?.following, false);
    assert.ok(logged.some((l) => l === 'Stopped following the logs of it-logs/nginx.'), 'the output log says following stopped');
    const frozen = docText(opened.uri);
    const readsAtStop = logged.filter((l) => /containers\/nginx\/logs/.test(l)).length;
    // Stop returned after the loop ended: while another log that follows reads twice (a whole interval passes), this
    // one reads nothing.
    const control = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs', ref('fetch-site', true));
    assert.ok(control?.following, 'the control log follows');
    const controlReads = () => logged.filter((l) => /containers\/fetch-site\/logs/.test(l)).length;
    const controlAtStart = controlReads();
    await until(() => controlReads() >= controlAtStart + 2, 'the control log reading twice');
    await vscode.commands.executeCommand('aciDataShare.stopFollowingLogs', vscode.Uri.parse(control.uri));
    assert.strictEqual(logged.filter((l) => /containers\/nginx\/logs/.test(l)).length, readsAtStop);
    assert.strictEqual(docText(opened.uri), frozen);

    const resumed = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.followLogs', vscode.Uri.parse(opened.uri));
    assert.strictEqual(resumed?.following, true);
    const last = numbers(opened.uri).at(-1)!;
    await until(() => numbers(opened.uri).at(-1)! >= last + 2, 'new lines after following again');
    assertConsecutive(opened.uri);
    assert.ok(!(docText(opened.uri) ?? '').includes('may be missing'), 'no gap: the window covers the pause');
  });

  test('timestamps are shown or hidden per document', async () => {
    const opened = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs', ref('nginx'));
    assert.ok(opened);
    assert.strictEqual(opened.timestamps, false);
    assert.ok(logLines(opened.uri).every((l) => !/^\d{4}-\d{2}-\d{2}T/.test(l)));
    const shown = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.toggleLogTimestamps', vscode.Uri.parse(opened.uri));
    assert.strictEqual(shown?.timestamps, true);
    await until(() => logLines(opened.uri).every((l) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z /.test(l)), 'every line with its RFC 3339 time');
    await vscode.commands.executeCommand('aciDataShare.toggleLogTimestamps', vscode.Uri.parse(opened.uri));
  });

  test("an init container's log opens the same way", async () => {
    const opened = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs', ref('fetch-site', true));
    assert.ok(opened);
    assert.match(vscode.Uri.parse(opened.uri).path, /it-logs · fetch-site \(init\)\.log$/);
    await until(() => logLines(opened.uri).includes('Init step complete, exiting with code 0'), 'the init container lines');
    assert.strictEqual(logLines(opened.uri).length, 3);
  });

  test('from the palette: a configured group, then a container of its definition', async () => {
    const script = new ScriptedInput([
      { pick: /^Show Logs$/, choose: /^it-logs$/ },
      { pick: /^Show Logs: it-logs$/, choose: /^content-sync$/ },
    ]);
    const opened = await withAnswers(world.api, script, async () => vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs'));
    script.assertDone();
    assert.ok(opened);
    assert.match(vscode.Uri.parse(opened.uri).path, /it-logs · content-sync\.log$/);
    await until(() => logLines(opened.uri).some((l) => l.startsWith('Starting content-sync')), 'content-sync lines');
  });

  test('a container the group does not have: the 404 is shown and following stops', async () => {
    const opened = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs', ref('ghost'));
    assert.ok(opened);
    const text = await until(() => (docText(opened.uri) ?? '').includes('Stopped following') && docText(opened.uri), 'the stop note');
    assert.match(text, /no longer exists.*ResourceNotFound/);
    assert.strictEqual(logLines(opened.uri).length, 0);
  });

  test('no secret in a log document or the output log: the secure value deployed, nor the bearer token', async () => {
    const opened = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs', ref('nginx'));
    assert.ok(opened);
    await until(() => logLines(opened.uri).length > 3, 'log lines');
    const { tokenProvider, cloud } = await world.api.connection();
    const token = (await tokenProvider.getToken([cloud.scope])).token;
    const texts = [...logged, ...vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'aci-logs').map((d) => d.getText())];
    assert.ok(logged.some((l) => /containers\/nginx\/logs\?/.test(l)), 'the reads are logged');
    for (const secret of [SECRET_VALUE, token]) assert.ok(!texts.some((t) => t.includes(secret)), 'a secret reached a log document or the output log');
  });

  test('throttled reads wait as Retry-After says, say why, and lines follow', async () => {
    const { result: deployed } = await world.deploy(THROTTLED_FILE, [{ message: /^Create the container group it-logs-fault-429/, choose: 'Create' }]);
    assert.strictEqual(deployed.outcome, 'succeeded', deployed.notifications.join('\n'));
    const opened = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs', ref('nginx', false, THROTTLED));
    assert.ok(opened?.following);
    await until(() => logLines(opened.uri).some((l) => l.startsWith('Starting nginx')), 'the lines after the throttling');
    const retries = logged.filter((l) => l.startsWith('Logs of it-logs-fault-429/nginx: Too Many Requests (429)'));
    assert.strictEqual(retries.length, 2, retries.join('\n'));
    assert.ok(retries.every((l) => l.endsWith('Retrying in 1 s.')), retries.join('\n'));
    assertConsecutive(opened.uri);
  });

  test('closing the tab stops the polling', async () => {
    const opened = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs', ref('content-sync'));
    assert.ok(opened?.following);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until(() => logged.includes('Stopped following the logs of it-logs/content-sync.'), 'following stopped when its tab closed');
  });
});
