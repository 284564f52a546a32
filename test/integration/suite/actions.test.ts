// Start, Stop, Restart and Delete in the real VS Code against the ARM emulator, driven through executeCommand with
// scripted answers: a group deployed through Deploy, stopped from its tree node (a GET then says Stopped), started
// from the palette's pick, restarted, deleted after both questions (a GET is then 404) with the definition file and
// the configured entry kept; a dismissed question sends nothing; an action on a group not deployed says so.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ActionCommandResult } from '../../../src/commands/containerGroupActions/registerActions';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import { armRequest, getToken } from '../../emulator/testClient';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const SUB = '00000000-0000-0000-0000-0000000000ac';
const RG = 'rg-actions-it';
const NAME = 'it-actions';
const FILE = `definitions/${NAME}.aci.yaml`;
const ENTRY: ContainerGroupTarget = { name: NAME, subscriptionId: SUB, resourceGroup: RG, definitionFile: FILE };

suite('Container group actions', function () {
  this.timeout(60000);
  const world = suiteWorld({ ownGroup: ENTRY });
  const { lines, result: run, group } = world;
  /** The group as the emulator has it, read over a socket of its own. */
  const read = async (): Promise<{ status: number; state?: string }> => {
    const emulator = process.env.ACI_DS_EMULATOR_URL!;
    const res = await armRequest(emulator, await getToken(emulator), 'GET', `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.ContainerInstance/containerGroups/${NAME}?api-version=2023-05-01`);
    return { status: res.status, state: res.json?.properties?.instanceView?.state };
  };
  /** ARM requests the extension logged since `from` that change something (token requests are not ARM's). */
  const changesSince = (from: number) => lines.slice(from).filter((l) => /^(POST|PUT|DELETE) .*\/subscriptions\//.test(l));
  /** The node's description once the tree has taken the published state (the store writes it asynchronously). */
  const described = async (pattern: RegExp): Promise<void> => {
    await until(async () => pattern.test((await group.node()).description), `the node's description to match ${String(pattern)}`, 10_000, 50);
  };
  const question = (verb: string): RegExp => new RegExp(`^${verb} the container group ${NAME} in ${RG}${verb === 'Delete' ? ' from Azure' : ''}\\?$`);

  test('an action on a group never deployed says it is not deployed and changes nothing', async () => {
    const result = await run<ActionCommandResult>('aciDataShare.stopContainerGroup', (await group.node()).node, [{ message: question('Stop'), choose: 'Stop' }]);
    assert.strictEqual(result.outcome, 'notDeployed', result.notifications.join('\n'));
    assert.strictEqual(result.status, 404);
    assert.match(result.notifications.at(-1) ?? '', new RegExp(`^${NAME} is not deployed in ${RG}: deploy it first\\.$`));
    assert.strictEqual((await read()).status, 404);
  });

  test('deployed through Deploy, then Stop from its node: the question names the group, a later GET says Stopped, the node shows it', async () => {
    const { result: deployed } = await world.deploy(`${NAME}.aci.yaml`, [{ message: new RegExp(`^Create the container group ${NAME} in ${RG}`), choose: 'Create' }]);
    assert.strictEqual(deployed.outcome, 'succeeded', deployed.notifications.join('\n'));
    assert.strictEqual((await read()).state, 'Running');

    const { result, script } = await world.run<ActionCommandResult>('aciDataShare.stopContainerGroup', [(await group.node()).node], [{ message: question('Stop'), choose: 'Stop' }]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    const asked = script.shown.find((s) => s.modal)!;
    assert.match(asked.detail ?? '', new RegExp(`Subscription: ${SUB}\\nResource group: ${RG}`));
    assert.strictEqual((await read()).state, 'Stopped');
    await described(/· Stopped$/);
    assert.match(result.notifications.at(-1) ?? '', new RegExp(`^${NAME} stopped\\.$`));
  });

  test('Start from the palette picks the configured group, follows the operation, and the group runs again', async () => {
    const from = lines.length;
    const result = await run<ActionCommandResult>('aciDataShare.startContainerGroup', undefined, [
      { pick: /^Start Container Group/, choose: new RegExp(`^${NAME}$`) },
      { message: question('Start'), choose: 'Start' },
    ]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    assert.ok(changesSince(from).some((l) => /^POST .*\/containerGroups\/it-actions\/start\?api-version=2023-05-01 → 202/.test(l)), changesSince(from).join('\n'));
    assert.ok(lines.slice(from).some((l) => /^GET .*\/operations\/.* → 200/.test(l)), 'the status URL was followed');
    assert.strictEqual((await read()).state, 'Running');
    await described(/· Running$/);
  });

  test('Restart from the node restarts the group in place', async () => {
    const from = lines.length;
    const result = await run<ActionCommandResult>('aciDataShare.restartContainerGroup', (await group.node()).node, [{ message: question('Restart'), choose: 'Restart' }]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    assert.ok(changesSince(from).some((l) => /^POST .*\/containerGroups\/it-actions\/restart\?api-version=2023-05-01 → 204/.test(l)), changesSince(from).join('\n'));
    assert.strictEqual((await read()).state, 'Running');
  });

  test('a dismissed question sends nothing: Stop answered No, Delete answered yes then Escape on the name', async () => {
    const from = lines.length;
    const stop = await run<ActionCommandResult>('aciDataShare.stopContainerGroup', (await group.node()).node, [{ message: question('Stop'), choose: undefined }]);
    assert.strictEqual(stop.outcome, 'dismissed');
    const del = await run<ActionCommandResult>('aciDataShare.deleteContainerGroup', (await group.node()).node, [
      { message: question('Delete'), choose: 'Delete' },
      { input: new RegExp(`^Delete ${NAME} from Azure`), value: undefined },
    ]);
    assert.strictEqual(del.outcome, 'dismissed');
    assert.deepStrictEqual(changesSince(from), [], 'nothing is sent');
    assert.strictEqual((await read()).state, 'Running');
  });

  test('Delete asks twice, removes the group from Azure, and keeps the definition file and the entry', async () => {
    const { result, script } = await world.run<ActionCommandResult>('aciDataShare.deleteContainerGroup', [(await group.node()).node], [
      { message: question('Delete'), choose: 'Delete' },
      { input: new RegExp(`^Delete ${NAME} from Azure`), value: NAME },
    ]);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    // Both questions say the file stays.
    assert.match(script.shown.find((s) => s.modal)?.detail ?? '', new RegExp(`The definition file ${FILE.replace(/\./g, '\\.')} and the entry in the view are kept`));
    assert.match(script.shown.find((s) => s.kind === 'input')?.text ?? '', /The definition file is kept\./);
    assert.strictEqual((await read()).status, 404);
    assert.ok(fs.existsSync(path.join(world.folder, FILE)), 'the definition file is still there');
    const configured = vscode.workspace.getConfiguration('aciDataShare').get<ContainerGroupTarget[]>('containerGroups') ?? [];
    assert.ok(configured.some((t) => t.name === NAME && t.definitionFile === FILE), 'the entry is still configured');
    await described(/· Deleted$/);

    // Deleting it again: Azure answers 204 (no such group), told as nothing to delete.
    const again = await run<ActionCommandResult>('aciDataShare.deleteContainerGroup', (await group.node()).node, [
      { message: question('Delete'), choose: 'Delete' },
      { input: new RegExp(`^Delete ${NAME} from Azure`), value: NAME },
    ]);
    assert.strictEqual(again.outcome, 'notDeployed');
    assert.match(again.notifications.at(-1) ?? '', /there was nothing to delete\.$/);
  });
});
