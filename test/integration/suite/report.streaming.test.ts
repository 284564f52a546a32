// The synchronization report stays usable while its rows stream in: in the real VS Code, a filter and a sort
// sent to the page during a long listing are answered while the host is still loading and the page keeps
// taking rows afterwards.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import type { ReportTestHooks } from '../../../src/webview/report/reportRecord';
import { generateSynchronizations } from '../../emulator/data-share-generator';
import { activateExtension } from './extensionApi';

const SHOW_REPORT = 'aciDataShare.showSynchronizationReport';
const base = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-share', accountName: 'contoso-share' };
// 10,000 pages of 20: far more than arrive while the page answers.
const NAME = 'streaming-rows-200000-pagesize-20';
const target: ShareSubscriptionTarget = { ...base, shareSubscriptionName: NAME };
const syncId = generateSynchronizations(base.accountName, NAME)[0].synchronizationId;

suite('Synchronization report while rows arrive', () => {
  let hooks: ReportTestHooks;

  suiteSetup(async () => {
    hooks = (await activateExtension()).report;
  });
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the page answers a filter and a sort during the listing and keeps taking rows', async function () {
    this.timeout(120_000);
    await vscode.commands.executeCommand(SHOW_REPORT, target, syncId);
    await hooks.waitFor((r) => r.target.shareSubscriptionName === NAME && r.pagesRendered >= 5, 60_000);

    await hooks.post({ type: 'command', command: 'filter', query: { status: 'Failed' } });
    const filtered = await hooks.waitFor((r) => r.view !== undefined && r.view.shown > 0 && r.view.shown < r.rowsReceived, 60_000);
    assert.strictEqual(filtered.state, 'loading', 'the filter was answered only after the listing ended');
    const received = filtered.rowsReceived;

    await hooks.post({ type: 'command', command: 'sort', query: { status: 'Failed', sort: { column: 'name', descending: true } } });
    const sorted = await hooks.waitFor((r) => {
      const names = r.view?.firstCells ?? [];
      return names.length > 1 && names.every((n, i) => n !== '' && (i === 0 || names[i - 1].toLowerCase() >= n.toLowerCase())) && r.view!.shown < r.rowsReceived;
    }, 60_000);
    assert.strictEqual(sorted.state, 'loading', 'the sort was answered only after the listing ended');

    // Scrolled far down while rows arrive: the table draws the rows there (the host sends them as needed).
    const top = sorted.view!.firstCells;
    const far = sorted.view!.shown - 10;
    await hooks.post({ type: 'command', command: 'scrollTo', index: far });
    const scrolled = await hooks.waitFor((r) => {
      const names = r.view?.firstCells ?? [];
      return names.length > 1 && names.every((n, i) => n !== '' && (i === 0 || names[i - 1].toLowerCase() >= n.toLowerCase())) && names[0].toLowerCase() < top[top.length - 1].toLowerCase();
    }, 60_000);
    assert.strictEqual(scrolled.state, 'loading', 'the scroll was answered only after the listing ended');

    // Rows go on arriving under the filter and sort.
    const later = await hooks.waitFor((r) => r.rowsReceived > received + 200, 60_000);
    assert.strictEqual(later.state, 'loading');
    await hooks.post({ type: 'command', command: 'stop' });
    const stopped = await hooks.waitFor((r) => r.state === 'stopped' && r.rowsReceived === r.rowsSent, 60_000);
    assert.ok(stopped.view !== undefined && stopped.view.shown < stopped.rowsReceived, JSON.stringify(stopped.view));
  });
});
