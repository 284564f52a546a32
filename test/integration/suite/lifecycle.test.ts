// A container group's whole life in the real VS Code against the ARM emulator, each step through a shipped command
// and the tree's own nodes: Deploy creates it, its container node (read live from Azure) opens the log, which
// follows; Restart keeps the log following; Delete removes the group, the log stops saying the group is gone, and
// the group's node says it is not deployed.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { ActionCommandResult } from '../../../src/commands/containerGroupActions/registerActions';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import type { LogViewResult } from '../../../src/commands/showLogs/registerShowLogs';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import { shownChildren } from './extensionApi';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const SUB = '00000000-0000-0000-0000-00000000001c';
const RG = 'rg-lifecycle-it';
const NAME = 'it-lifecycle';
const FILE = `definitions/${NAME}.aci.yaml`;
const ENTRY: ContainerGroupTarget = { name: NAME, subscriptionId: SUB, resourceGroup: RG, definitionFile: FILE };
const RUNNING_LINE = /\(#(\d+)\)$/;

suite('Container group lifecycle', function () {
  this.timeout(180_000);
  const world = suiteWorld({ ownGroup: ENTRY });
  const { result: run, group } = world;
  const docText = (uri: string): string => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.getText() ?? '';
  const runningLines = (uri: string): number[] => docText(uri).split('\n').flatMap((l) => (RUNNING_LINE.exec(l) ? [Number(RUNNING_LINE.exec(l)![1])] : []));

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('create → logs from the container node → restart → delete: the log stops and the node says not deployed', async () => {
    const deployed = await run<DeployCommandResult>('aciDataShare.deploy', group.uri, [{ message: new RegExp(`^Create the container group ${NAME} in ${RG}`), choose: 'Create' }]);
    assert.strictEqual(deployed.outcome, 'succeeded', deployed.notifications.join('\n'));

    // The container node the tree builds from the live state is what Show Logs is given.
    await vscode.commands.executeCommand('aciDataShare.refreshNode', (await group.node()).node);
    const container = await until(async () => (await shownChildren(world.api, (await group.node()).node)).find((c) => c.contextValue?.startsWith('container.') && c.label === 'nginx' && /Running/.test(c.description)), 'the nginx node, running');
    const log = await vscode.commands.executeCommand<LogViewResult>('aciDataShare.showLogs', container.node);
    assert.ok(log?.following, 'the log opened and follows');
    const first = await until(() => runningLines(log.uri)[0], 'a running line');

    const restarted = await run<ActionCommandResult>('aciDataShare.restartContainerGroup', (await group.node()).node, [{ message: /^Restart the container group it-lifecycle/, choose: 'Restart' }]);
    assert.strictEqual(restarted.outcome, 'succeeded', restarted.notifications.join('\n'));
    // A restart runs the container again in place with a new log, which starts over: the view says so and follows
    // the new instance's lines after the old ones, none of either twice.
    const note = 'The log started over (the container restarted).';
    const parts = (): string[][] => docText(log.uri).split(note).map((part) => part.split('\n').filter((l) => l !== ''));
    await until(() => parts().length === 2 && parts()[1].some((l) => RUNNING_LINE.test(l)), 'the new log after the restart');
    const [before, after] = parts();
    assert.ok(before.some((l) => RUNNING_LINE.exec(l)?.[1] === String(first)), "the first instance's lines stay");
    assert.ok(after.some((l) => /Starting nginx/.test(l)), `the new instance starts its own log:\n${after.join('\n')}`);
    for (const lines of [before, after]) assert.strictEqual(new Set(lines).size, lines.length, 'no line twice within an instance');

    const deleted = await run<ActionCommandResult>('aciDataShare.deleteContainerGroup', (await group.node()).node, [
      { message: /^Delete the container group it-lifecycle/, choose: 'Delete' },
      { input: new RegExp(`^Delete ${NAME} from Azure`), value: NAME },
    ]);
    assert.strictEqual(deleted.outcome, 'succeeded', deleted.notifications.join('\n'));
    await until(() => /Stopped following: the container group or container no longer exists/.test(docText(log.uri)), 'the log saying the group is gone');
    const children = await until(async () => {
      const shown = await shownChildren(world.api, (await group.node()).node);
      return shown.some((c) => c.label === 'Not deployed yet') && shown;
    }, 'Not deployed yet under the group');
    assert.ok(!children.some((c) => c.contextValue?.startsWith('container') && /Running/.test(c.description)), 'no container shown running after the delete');
    assert.ok(fs.existsSync(group.uri.fsPath), 'the definition file is kept');
  });
});
