// The set-up the integration suites that deploy or follow container groups share: the extension's test API, the
// workspace folder, the extension's log lines, and the workspace's container group list, put back as it was after
// the suite along with every listener the suite registered. Call suiteWorld() first in the suite, so its set-up
// runs before the suite's own and its teardown first.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import { activateExtension } from './extensionApi';
import { ScriptedInput, withAnswers } from './scriptedInput';

export interface SuiteWorld {
  readonly api: TestApi;
  readonly folder: string;
  /** The extension's log lines since the suite started. */
  readonly lines: string[];
  /** Disposed after the suite. */
  readonly disposables: vscode.Disposable[];
  /** Adds entries to the workspace's container group list (put back as it was after the suite). */
  addContainerGroups(entries: readonly unknown[]): Promise<void>;
  /**
   * A group of its own for the suite, in the emulator: the workspace's web-frontend definition renamed to
   * `target` (its DNS label too) with `edit` applied, written to `target.definitionFile` (removed after the suite),
   * listed in the view and deployed, answering the checks' warnings (unless `warnings` is false) and the creation.
   * Returns the definition's text.
   */
  deployFixture(target: ContainerGroupTarget, edit?: (yaml: string) => string, options?: { warnings?: boolean }): Promise<string>;
}

export function suiteWorld(): SuiteWorld {
  const lines: string[] = [];
  const disposables: vscode.Disposable[] = [];
  const config = () => vscode.workspace.getConfiguration('aciDataShare');
  let api: TestApi | undefined;
  let folder: string | undefined;
  let groupsBefore: unknown[] | undefined;
  const written: string[] = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the suite world is used before its suite set-up ran');
    return value;
  };

  suiteSetup(async () => {
    api = await activateExtension();
    disposables.push(api.onLogLine((_level, message) => lines.push(message)));
    folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    groupsBefore = config().inspect<unknown[]>('containerGroups')?.workspaceValue;
  });

  suiteTeardown(async () => {
    for (const file of written) fs.rmSync(file, { force: true });
    for (const d of disposables) d.dispose();
    await config().update('containerGroups', groupsBefore, vscode.ConfigurationTarget.Workspace);
  });

  return {
    get api() {
      return started(api);
    },
    get folder() {
      return started(folder);
    },
    lines,
    disposables,
    async addContainerGroups(entries) {
      const current = config().inspect<unknown[]>('containerGroups')?.workspaceValue;
      await config().update('containerGroups', [...(current ?? []), ...entries], vscode.ConfigurationTarget.Workspace);
    },
    async deployFixture(target, edit = (yaml) => yaml, { warnings = true } = {}) {
      const root = started(folder);
      const yaml = edit(
        fs
          .readFileSync(path.join(root, 'definitions', 'web-frontend.aci.yaml'), 'utf8')
          .replace('name: web-frontend', `name: ${target.name}`)
          .replace('dnsNameLabel: contoso-web-frontend', `dnsNameLabel: ${target.name}-label`),
      );
      const file = path.join(root, target.definitionFile);
      fs.writeFileSync(file, yaml);
      written.push(file);
      await this.addContainerGroups([target]);
      const script = new ScriptedInput([
        ...(warnings ? [{ message: new RegExp(`^The definition of ${target.name} has \\d+ warnings?\\.$`), choose: 'Deploy Anyway' }] : []),
        { message: new RegExp(`^Create the container group ${target.name}`), choose: 'Create' },
      ]);
      const deployed = await withAnswers(started(api), script, async () => vscode.commands.executeCommand<DeployCommandResult>('aciDataShare.deploy', vscode.Uri.file(file)));
      script.assertDone();
      assert.strictEqual(deployed.outcome, 'succeeded', deployed.notifications.join('\n'));
      return yaml;
    },
  };
}
