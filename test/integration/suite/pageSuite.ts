// The set-up the suites of a synchronization page (report, comparison) share: the extension's test API and the
// page's test hooks, a folder for the suite's exports, and every editor closed after the suite with the folder.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import { activateExtension } from './extensionApi';
import { ScriptedInput, withAnswers } from './scriptedInput';

/** What exporting needs of a page's test hooks. */
interface ExportingHooks {
  post(message: { type: 'command'; command: 'export'; format: 'csv' | 'json' }): Promise<boolean>;
  waitFor(check: (record: { exports: readonly { path: string }[] }) => boolean): Promise<unknown>;
}

export interface PageSuite<H> {
  readonly api: TestApi;
  readonly hooks: H;
  /**
   * Export as the user does it: the page's Export button, then `name` in the suite's export folder picked in the
   * save dialog titled like `title`. Resolves once the page has written it, with the file and what was shown.
   */
  exportAs(name: string, format: 'csv' | 'json', title: RegExp): Promise<{ file: string; script: ScriptedInput }>;
}

export function pageSuite<H extends ExportingHooks>(hooksOf: (api: TestApi) => H): PageSuite<H> {
  let api: TestApi | undefined;
  let hooks: H | undefined;
  let exportDir: string | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the page suite is used before its suite set-up ran');
    return value;
  };

  suiteSetup(async () => {
    api = await activateExtension();
    hooks = hooksOf(api);
    exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-ds-page-'));
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (exportDir) fs.rmSync(exportDir, { recursive: true, force: true });
  });

  return {
    get api() {
      return started(api);
    },
    get hooks() {
      return started(hooks);
    },
    async exportAs(name, format, title) {
      const file = path.join(started(exportDir), name);
      const page = started(hooks);
      const script = new ScriptedInput([{ save: title, uri: vscode.Uri.file(file) }]);
      await withAnswers(started(api), script, async () => {
        await page.post({ type: 'command', command: 'export', format });
        await page.waitFor((r) => r.exports.some((e) => e.path === file));
      });
      return { file, script };
    },
  };
}
