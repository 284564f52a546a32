// The set-up the integration suites that deploy or follow container groups share: the extension's test API, the
// workspace folder, the extension's log lines, the definition files the suite writes and the workspace's container
// group list, put back as they were after the suite along with every listener the suite registered; and, for a suite
// that changes a group nobody else touches, that group. Call suiteWorld() first in the suite, so its set-up runs
// before the suite's own and its teardown first.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import { activateExtension, groupNode, type ShownItem } from './extensionApi';
import { ScriptedInput, withAnswers, type Answer } from './scriptedInput';

export interface SuiteWorld {
  readonly api: TestApi;
  readonly folder: string;
  /** The extension's log lines since the suite started. */
  readonly lines: string[];
  /** Disposed after the suite. */
  readonly disposables: vscode.Disposable[];
  /** Every script the suite ran through run(), for checks over everything its prompts showed. */
  readonly scripts: ScriptedInput[];
  /** The file `name` in the workspace's definitions folder. */
  definition(name: string): vscode.Uri;
  /** Writes `text` to the file `name` in the definitions folder (removed after the suite). */
  writeDefinition(name: string, text: string): vscode.Uri;
  /** Adds entries to the workspace's container group list (put back as it was after the suite). */
  addContainerGroups(entries: readonly unknown[]): Promise<void>;
  /**
   * Runs a shipped command on `args` with `answers` for its questions, then checks each was asked and nothing
   * else (the answers left open too, unless `leaveOpen`: a flow the test cancels midway).
   */
  run<T>(command: string, args: readonly unknown[], answers: Answer[] | ScriptedInput, options?: { leaveOpen?: boolean }): Promise<{ result: T; script: ScriptedInput }>;
  /** run() with one argument, for the command's result. */
  result<T>(command: string, arg: unknown, answers: Answer[]): Promise<T>;
  /** Deploy on the definitions folder's file `name`, with `answers` for its questions (see run()). */
  deploy(name: string, answers: Answer[]): Promise<{ result: DeployCommandResult; script: ScriptedInput }>;
  /** Stores a secret through Set Secret, as a user does. */
  setSecret(name: string, value: string): Promise<void>;
  /**
   * The workspace's web-frontend definition renamed to `target` (its DNS label `<name>-label`) with `edit` applied,
   * written to `target.definitionFile` (removed after the suite) and listed in the view.
   */
  copyWebFrontend(target: ContainerGroupTarget, edit?: (yaml: string) => string): Promise<{ uri: vscode.Uri; yaml: string }>;
  /**
   * A group of its own for the suite, in the emulator: copyWebFrontend(), then deployed, answering the checks'
   * warnings (unless `warnings` is false) and the creation. Returns the definition's text.
   */
  deployFixture(target: ContainerGroupTarget, edit?: (yaml: string) => string, options?: { warnings?: boolean }): Promise<string>;
  /** The suite's own group (suiteWorld's `ownGroup`), copied in the suite set-up: its definition file and its node. */
  readonly group: { readonly uri: vscode.Uri; node(): Promise<ShownItem> };
}

/** A volume name long enough to deploy without a warning. */
const longVolumeName = (yaml: string): string => yaml.replace(/name: site$/gm, 'name: site-content');

/**
 * `ownGroup`: a group of the suite's own, copied from the workspace's web-frontend (a volume name long enough to
 * deploy without a warning) and listed in the suite set-up, not deployed.
 */
export function suiteWorld({ ownGroup }: { ownGroup?: ContainerGroupTarget } = {}): SuiteWorld {
  const lines: string[] = [];
  const disposables: vscode.Disposable[] = [];
  const scripts: ScriptedInput[] = [];
  const config = () => vscode.workspace.getConfiguration('aciDataShare');
  let api: TestApi | undefined;
  let folder: string | undefined;
  let groupsBefore: unknown[] | undefined;
  let groupUri: vscode.Uri | undefined;
  const written: string[] = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the suite world is used before its suite set-up ran');
    return value;
  };
  const write = (file: string, text: string): vscode.Uri => {
    fs.writeFileSync(file, text);
    written.push(file);
    return vscode.Uri.file(file);
  };

  suiteSetup(async () => {
    api = await activateExtension();
    disposables.push(api.onLogLine((_level, message) => lines.push(message)));
    folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    groupsBefore = config().inspect<unknown[]>('containerGroups')?.workspaceValue;
    if (ownGroup) ({ uri: groupUri } = await world.copyWebFrontend(ownGroup, longVolumeName));
  });

  suiteTeardown(async () => {
    for (const file of written) fs.rmSync(file, { force: true });
    for (const d of disposables) d.dispose();
    await config().update('containerGroups', groupsBefore, vscode.ConfigurationTarget.Workspace);
  });

  const world: SuiteWorld = {
    get api() {
      return started(api);
    },
    get folder() {
      return started(folder);
    },
    lines,
    disposables,
    scripts,
    definition: (name) => vscode.Uri.file(path.join(started(folder), 'definitions', name)),
    writeDefinition: (name, text) => write(path.join(started(folder), 'definitions', name), text),
    async addContainerGroups(entries) {
      const current = config().inspect<unknown[]>('containerGroups')?.workspaceValue;
      await config().update('containerGroups', [...(current ?? []), ...entries], vscode.ConfigurationTarget.Workspace);
    },
    async run<T>(command: string, args: readonly unknown[], answers: Answer[] | ScriptedInput, options: { leaveOpen?: boolean } = {}) {
      const script = answers instanceof ScriptedInput ? answers : new ScriptedInput(answers);
      scripts.push(script);
      const result = await withAnswers(started(api), script, async () => vscode.commands.executeCommand<T>(command, ...args), options);
      return { result, script };
    },
    async result<T>(command: string, arg: unknown, answers: Answer[]) {
      return (await world.run<T>(command, [arg], answers)).result;
    },
    deploy: (name, answers) => world.run<DeployCommandResult>('aciDataShare.deploy', [world.definition(name)], answers),
    async setSecret(name, value) {
      const { result } = await world.run<string>('aciDataShare.setSecret', [], [
        { input: /^Set Secret \(1\/2\)/, value: name },
        { input: /^Set Secret \(2\/2\)/, value },
      ]);
      assert.strictEqual(result, name, 'the secret is stored under its name');
    },
    async copyWebFrontend(target, edit = (yaml) => yaml) {
      const root = started(folder);
      const yaml = edit(
        fs
          .readFileSync(path.join(root, 'definitions', 'web-frontend.aci.yaml'), 'utf8')
          .replace('name: web-frontend', `name: ${target.name}`)
          .replace('dnsNameLabel: contoso-web-frontend', `dnsNameLabel: ${target.name}-label`),
      );
      const uri = write(path.join(root, target.definitionFile), yaml);
      await world.addContainerGroups([target]);
      return { uri, yaml };
    },
    async deployFixture(target, edit, { warnings = true } = {}) {
      const { uri, yaml } = await world.copyWebFrontend(target, edit);
      const { result } = await world.run<DeployCommandResult>('aciDataShare.deploy', [uri], [
        ...(warnings ? [{ message: new RegExp(`^The definition of ${target.name} has \\d+ warnings?\\.$`), choose: 'Deploy Anyway' }] : []),
        { message: new RegExp(`^Create the container group ${target.name}`), choose: 'Create' },
      ]);
      assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
      return yaml;
    },
    group: {
      get uri() {
        return started(groupUri);
      },
      node: () => groupNode(started(api), started(ownGroup).name),
    },
  };
  return world;
}
