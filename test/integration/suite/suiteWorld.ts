// The set-up the integration suites that deploy or follow container groups share: the extension's test API, the
// workspace folder, the extension's log lines, and the workspace's container group list, put back as it was after
// the suite along with every listener the suite registered. Call suiteWorld() first in the suite, so its set-up
// runs before the suite's own and its teardown first.
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import { activateExtension } from './extensionApi';

export interface SuiteWorld {
  readonly api: TestApi;
  readonly folder: string;
  /** The extension's log lines since the suite started. */
  readonly lines: string[];
  /** Disposed after the suite. */
  readonly disposables: vscode.Disposable[];
  /** Adds entries to the workspace's container group list (put back as it was after the suite). */
  addContainerGroups(entries: readonly unknown[]): Promise<void>;
}

export function suiteWorld(): SuiteWorld {
  const lines: string[] = [];
  const disposables: vscode.Disposable[] = [];
  const config = () => vscode.workspace.getConfiguration('aciDataShare');
  let api: TestApi | undefined;
  let folder: string | undefined;
  let groupsBefore: unknown[] | undefined;
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
  };
}
