// The container group node reads the live state at the api-version its definition names, in the real VS Code
// against the ARM emulator: when the file is moved to another version, the next expansion reads again at that
// version (the log of ARM requests shows each read) instead of keeping what the old version returned, and the node
// shows the settings the newer version adds.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import { shownChildren } from './extensionApi';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const SUB = '00000000-0000-0000-0000-0000000000e4';
const RG = 'rg-versions-it';
const NAME = 'it-versions';
const ENTRY: ContainerGroupTarget = { name: NAME, subscriptionId: SUB, resourceGroup: RG, definitionFile: `definitions/${NAME}.aci.yaml` };

suite('The tree reads the live state at the definition’s api-version', function () {
  this.timeout(120_000);
  const world = suiteWorld({ ownGroup: ENTRY });
  const { lines, group } = world;
  const reads = (version: string) => lines.filter((l) => l.startsWith('GET ') && l.includes(`/containerGroups/${NAME}?api-version=${version} → 200`));

  test('moving the file from 2023-05-01 to 2025-09-01 reads the group again at 2025-09-01', async () => {
    const deployed = await world.result<DeployCommandResult>('aciDataShare.deploy', group.uri, [
      { message: new RegExp(`^Create the container group ${NAME} in ${RG}`), choose: 'Create' },
    ]);
    assert.strictEqual(deployed.outcome, 'succeeded', deployed.notifications.join('\n'));
    await vscode.commands.executeCommand('aciDataShare.refresh');
    await until(async () => {
      await shownChildren(world.api, (await group.node()).node);
      return reads('2023-05-01').length > 0;
    }, `a read of ${NAME} at 2023-05-01`, 30_000, 200);
    assert.deepStrictEqual(reads('2025-09-01'), []);

    // The user moves the file to the newer version; nobody refreshes the view.
    const text = fs.readFileSync(group.uri.fsPath, 'utf8');
    fs.writeFileSync(group.uri.fsPath, text.replace("apiVersion: '2023-05-01'", "apiVersion: '2025-09-01'").replace('properties:\n  osType: Linux', 'properties:\n  priority: Regular\n  osType: Linux'));
    const children = await until(async () => {
      const shown = await shownChildren(world.api, (await group.node()).node);
      return reads('2025-09-01').length > 0 && shown;
    }, `a read of ${NAME} at 2025-09-01 after the file names it`, 20_000, 200);
    // The setting the newer version adds is shown from the definition.
    const priority = (await shownChildren(world.api, (await group.node()).node)).find((c) => c.label === 'Priority');
    assert.strictEqual(priority?.description, 'Regular', children.map((c) => c.label).join(', '));
  });
});
