// The container group node's Start, Stop, Restart and Delete follow its live state in the real VS Code against the
// ARM emulator: the node's contextValue (as the view gets it) is matched against the menus package.json contributes,
// and each state change is made by running the shipped command on the node. Every action before the live state is
// known; only Delete when not deployed; Stop, Restart and Delete when running; Start and Delete when stopped.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ActionCommandResult } from '../../../src/commands/containerGroupActions/registerActions';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import { menuShows } from '../../menuWhen';
import { EXTENSION_ID, shownChildren, type ShownItem } from './extensionApi';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const SUB = '00000000-0000-0000-0000-0000000000d1';
const RG = 'rg-menus-it';
const NAME = 'it-menus';
const FILE = `definitions/${NAME}.aci.yaml`;
const ENTRY: ContainerGroupTarget = { name: NAME, subscriptionId: SUB, resourceGroup: RG, definitionFile: FILE };
const ACTIONS = ['start', 'stop', 'restart', 'delete'] as const;

suite('Container group menus follow the live state', function () {
  this.timeout(120_000);
  const world = suiteWorld({ ownGroup: ENTRY });
  const { result: run, group } = world;
  /** The group actions the node's context menu shows for `contextValue`, by package.json's own menus. */
  const actionMenus = (contextValue: string | undefined): string[] => {
    const menus = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } })
      .contributes.menus['view/item/context'];
    return ACTIONS.filter((a) => menus.some((m) => m.command === `aciDataShare.${a}ContainerGroup` && menuShows(m.when, contextValue ?? '')));
  };
  /** Expands the node (which reads the live state) until its menus show `expected`; returns its contextValue. */
  const menusBecome = async (expected: string[]): Promise<string> => {
    let last: ShownItem | undefined;
    try {
      return await until(async () => {
        await shownChildren(world.api, (await group.node()).node);
        last = await group.node();
        return actionMenus(last.contextValue).join(',') === expected.join(',') && (last.contextValue ?? 'containerGroup');
      }, `the menus of ${NAME} to be ${expected.join(', ')}`, 30_000, 200);
    } catch (err) {
      return assert.fail(`${(err as Error).message}; the node's contextValue was ${last?.contextValue}, its menus ${actionMenus(last?.contextValue).join(', ')}`);
    }
  };
  const question = (verb: string): RegExp => new RegExp(`^${verb} the container group ${NAME} in ${RG}${verb === 'Delete' ? ' from Azure' : ''}\\?$`);

  test('before its live state is read the node offers every action; read as not deployed, only Delete', async () => {
    await vscode.commands.executeCommand('aciDataShare.refresh');
    const fresh = await group.node();
    assert.strictEqual(fresh.contextValue, 'containerGroup');
    assert.deepStrictEqual(actionMenus(fresh.contextValue), [...ACTIONS]);
    assert.strictEqual(await menusBecome(['delete']), 'containerGroup.live.canDelete');
    assert.match((await group.node()).description, /not deployed$/);
  });

  test('deployed and running: Stop, Restart and Delete, no Start', async () => {
    const deployed = await run<DeployCommandResult>('aciDataShare.deploy', group.uri, [
      { message: new RegExp(`^Create the container group ${NAME} in ${RG}`), choose: 'Create' },
    ]);
    assert.strictEqual(deployed.outcome, 'succeeded', deployed.notifications.join('\n'));
    await menusBecome(['stop', 'restart', 'delete']);
    assert.match((await group.node()).description, /Running/);
  });

  test('Stop from the node: then Start and Delete, no Stop and no Restart', async () => {
    const stopped = await run<ActionCommandResult>('aciDataShare.stopContainerGroup', (await group.node()).node, [{ message: question('Stop'), choose: 'Stop' }]);
    assert.strictEqual(stopped.outcome, 'succeeded', stopped.notifications.join('\n'));
    await menusBecome(['start', 'delete']);
    assert.match((await group.node()).description, /Stopped/);
  });

  test('Start from the node: running again, Stop and Restart are back and Start is gone', async () => {
    const started = await run<ActionCommandResult>('aciDataShare.startContainerGroup', (await group.node()).node, [{ message: question('Start'), choose: 'Start' }]);
    assert.strictEqual(started.outcome, 'succeeded', started.notifications.join('\n'));
    await menusBecome(['stop', 'restart', 'delete']);
  });

  test('Delete from the node: only Delete is left', async () => {
    const deleted = await run<ActionCommandResult>('aciDataShare.deleteContainerGroup', (await group.node()).node, [
      { message: question('Delete'), choose: 'Delete' },
      { input: new RegExp(`^Delete ${NAME} from Azure`), value: NAME },
    ]);
    assert.strictEqual(deleted.outcome, 'succeeded', deleted.notifications.join('\n'));
    await menusBecome(['delete']);
  });
});
