// What the file and folder copy suites share: a group deployed from the sample web-frontend under a name of its own
// (its sidecar's image replaced where a suite needs another), and one copy command run with its answers scripted.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { CopyFileResult } from '../../../src/commands/copyFiles/registerCopyFiles';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { ContainerRef } from '../../../src/tree/containerRef';
import type { TestApi } from '../../../src/extension';
import { ScriptedInput, withAnswers, type Answer } from './scriptedInput';
import type { SuiteWorld } from './suiteWorld';

/** Writes `definitions/<target name>.aci.yaml`, adds the group and deploys it; `sidecarImage` replaces the sidecar's. */
export async function deployCopyGroup(world: SuiteWorld, target: ContainerGroupTarget, sidecarImage?: string): Promise<string> {
  const file = path.join(world.folder, target.definitionFile);
  let yaml = fs
    .readFileSync(path.join(world.folder, 'definitions', 'web-frontend.aci.yaml'), 'utf8')
    .replace('name: web-frontend', `name: ${target.name}`)
    .replace('dnsNameLabel: contoso-web-frontend', `dnsNameLabel: ${target.name}-label`);
  if (sidecarImage) yaml = yaml.replace('image: mcr.microsoft.com/azuredocs/aci-helloworld:latest', `image: ${sidecarImage}`);
  fs.writeFileSync(file, yaml);
  await world.addContainerGroups([target]);
  const script = new ScriptedInput([
    { message: new RegExp(`^The definition of ${target.name} has \\d+ warnings?\\.$`), choose: 'Deploy Anyway' },
    { message: new RegExp(`^Create the container group ${target.name}`), choose: 'Create' },
  ]);
  const deployed = await withAnswers(world.api, script, async () => vscode.commands.executeCommand<DeployCommandResult>('aciDataShare.deploy', vscode.Uri.file(file)));
  assert.strictEqual(deployed.outcome, 'succeeded', deployed.notifications.join('\n'));
  return file;
}

export type CopyCommand = 'uploadFile' | 'downloadFile' | 'uploadFolder' | 'downloadFolder';

/** Runs one copy command on a container with scripted answers, all of which must be used. */
export async function runCopy(api: TestApi, command: CopyCommand, arg: { containerRef: ContainerRef }, answers: Answer[]): Promise<{ result: CopyFileResult; script: ScriptedInput }> {
  const script = new ScriptedInput(answers);
  const result = await withAnswers(api, script, async () => vscode.commands.executeCommand<CopyFileResult>(`aciDataShare.${command}`, arg));
  script.assertDone();
  assert.ok(result, 'the command returned its result');
  return { result, script };
}
