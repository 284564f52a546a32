// The synchronization report stays usable while its rows stream in: in the real VS Code, a filter, a sort and a
// scroll far down sent to the page during a long listing are answered while the host is still loading and the
// page keeps taking rows afterwards; a row selected far from the rows the page holds shows and copies.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import type { ReportTestHooks } from '../../../src/webview/report/reportRecord';
import { generateDetails, generateSynchronizations } from '../../emulator/dataShareGenerator';
import { activateExtension } from './extensionApi';
import { until } from './until';

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
    // The report opens alone in the editor area, whatever the file before this one left open: a hidden page
    // cannot scroll.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
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

  test('a row selected far from what the page holds shows in the detail pane and copies as the row shown', async function () {
    this.timeout(120_000);
    const name = 'streaming-rows-5000-pagesize-100';
    const sync = generateSynchronizations(base.accountName, name)[0].synchronizationId;
    const rows = generateDetails(base.accountName, name, sync);
    await vscode.commands.executeCommand(SHOW_REPORT, { ...base, shareSubscriptionName: name }, sync);
    await hooks.waitFor((r) => r.target.shareSubscriptionName === name && r.state === 'done' && r.rowsReceived === 5000 && r.view?.shown === 5000, 60_000);
    // The last row: the page has only the rows near the top, so it asks for the ones the selection scrolls to.
    await hooks.post({ type: 'command', command: 'select', index: 4999 });
    const selected = await hooks.waitFor((r) => r.view?.detail === rows[4999].name, 30_000);
    assert.ok(selected.view!.firstCells.every((n) => n !== ''), JSON.stringify(selected.view!.firstCells));
    await vscode.env.clipboard.writeText('');
    await hooks.post({ type: 'command', command: 'copyRow', index: 4999 });
    const copied = await until(async () => (await vscode.env.clipboard.readText()) || undefined, 'the row on the clipboard', 10_000);
    assert.strictEqual((JSON.parse(copied) as { name?: string }).name, rows[4999].name);
  });
});
