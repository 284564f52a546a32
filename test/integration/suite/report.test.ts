// The synchronization report in the real VS Code against the ARM emulator: streaming 200 pages into the
// webview, totals, sorting and filtering, CSV export, hostile text, a throttled page, Stop,
// the synchronization quick pick and the schedule section.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import type { ReportRecord } from '../../../src/webview/report/reportRecord';
import { generateDetails, generateSynchronizations } from '../../emulator/dataShareGenerator';
import { assertHostileNamesNeutralised, readCsv } from './csv';
import { child, shownChildren } from './extensionApi';
import { pageSuite } from './pageSuite';
import { ScriptedInput, withAnswers } from './scriptedInput';

/** The export's first columns, in the order the report shows them. */
const CSV_COLUMNS = ['name', 'dataSetType', 'status', 'message', 'startTime', 'endTime', 'durationMs', 'filesRead', 'filesWritten', 'rowsRead', 'rowsCopied', 'sizeRead', 'sizeWritten', 'vCore'];

const SHOW_REPORT = 'aciDataShare.showSynchronizationReport';
const SHOW_SCHEDULE = 'aciDataShare.showSynchronizationSchedule';

const base = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-share', accountName: 'contoso-share' };
const target = (shareSubscriptionName: string, label?: string): ShareSubscriptionTarget => ({ ...base, shareSubscriptionName, label });

/** The emulator's data for a share subscription: the same generator the emulator serves from. */
function newestSyncId(name: string): string {
  return generateSynchronizations(base.accountName, name.toLowerCase())[0].synchronizationId;
}
function details(name: string) {
  return generateDetails(base.accountName, name.toLowerCase(), newestSyncId(name));
}

suite('Synchronization report', () => {
  const page = pageSuite((api) => api.report);

  /** Exports `name` as the user does it (see pageSuite), under the page's title for the rows; the user is told. */
  const exportTo = async (name: string, format: 'csv' | 'json'): Promise<string> => {
    const { file, script } = await page.exportAs(name, format, new RegExp(`^Export (\\d+ rows|the \\d+ rows shown \\(of \\d+\\)) as ${format.toUpperCase()}$`));
    assert.ok(script.messages('info').some((m) => m.startsWith('Exported ')), script.messages().join(' | '));
    return file;
  };

  const done = (r: ReportRecord) => r.state !== 'loading' && r.view !== undefined && r.rowsReceived === r.rowsSent;

  test('streams 200 pages from the tree node into the webview with correct totals', async function () {
    this.timeout(120_000);
    const name = 'big-rows-10000-pagesize-50';
    const config = vscode.workspace.getConfiguration('aciDataShare');
    const before = config.get<unknown[]>('shareSubscriptions') ?? [];
    await config.update('shareSubscriptions', [...before, { ...base, shareSubscriptionName: name, label: 'Big feed' }], vscode.ConfigurationTarget.Workspace);
    try {
      const node = (await child(page.api, await child(page.api, undefined, 'Share subscriptions'), 'Big feed')).node;
      await vscode.commands.executeCommand(SHOW_REPORT, node, newestSyncId(name));
      const record = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && done(r), 100_000);
      const expected = details(name);
      assert.strictEqual(record.state, 'done', record.error);
      assert.strictEqual(record.rowsReceived, 10_000);
      assert.strictEqual(record.pagesRendered, 200);
      assert.strictEqual(record.totals?.rows, 10_000);
      assert.strictEqual(record.totals?.pagesLoaded, 200);
      assert.strictEqual(record.totals?.failed, expected.filter((d) => d.status === 'Failed').length);
      assert.strictEqual(record.totals?.sizeRead, expected.reduce((s, d) => s + d.sizeRead, 0));
      assert.strictEqual(record.totals?.sizeWritten, expected.reduce((s, d) => s + d.sizeWritten, 0));
      assert.strictEqual(record.totals?.durationMs, expected.reduce((s, d) => s + d.durationMs, 0));
      assert.strictEqual(record.totals?.remaining?.kind, 'writes', 'a POST listing reports its remaining writes');
      assert.strictEqual(typeof record.totals?.remaining?.count, 'number');
      assert.strictEqual(record.view?.shown, 10_000);
      assert.ok(record.view.domRows > 0 && record.view.domRows <= 500, `DOM rows: ${record.view.domRows}`);
      assert.deepStrictEqual(record.view?.firstCells, expected.slice(0, 5).map((d) => d.name));
    } finally {
      await config.update('shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('filters and sorts what was loaded, then exports what is shown as CSV', async function () {
    this.timeout(60_000);
    const name = 'big-rows-10000-pagesize-50';
    const expected = details(name);
    const failed = expected.filter((d) => d.status === 'Failed');
    assert.strictEqual(page.hooks.lastReport()?.target.shareSubscriptionName, name);
    const loads = page.hooks.lastReport()!.loads;

    await page.hooks.post({ type: 'command', command: 'filter', query: { status: 'Failed' } });
    const filtered = await page.hooks.waitFor((r) => r.view?.shown === failed.length);
    // Each figure the filter changes is the view's beside the whole synchronization's, said so.
    const pair = (r: ReportRecord, label: string) => r.view?.summary.find((p) => p.startsWith(`${label}: `))?.slice(label.length + 2);
    const count = (n: number) => n.toLocaleString('en-US');
    const shownOf = (shown: number, all: number) => `${count(shown)} shown of ${count(all)}`;
    assert.strictEqual(pair(filtered, 'Data sets'), shownOf(failed.length, 10_000), filtered.view?.summary.join(' | '));
    assert.strictEqual(pair(filtered, 'Failed'), shownOf(failed.length, failed.length));
    const [sizeShown, sizeAll] = pair(filtered, 'Size read')?.split(' shown of ') ?? [];
    assert.ok(sizeShown && sizeAll && sizeShown !== sizeAll, `size read: ${pair(filtered, 'Size read')}`);
    assert.strictEqual(pair(filtered, 'Shown'), undefined, 'no bare count beside the totals of another set');

    const slowest = failed.slice().sort((a, b) => b.durationMs - a.durationMs);
    await page.hooks.post({ type: 'command', command: 'sort', query: { status: 'Failed', sort: { column: 'durationMs', descending: true } } });
    const sorted = await page.hooks.waitFor((r) => JSON.stringify(r.view?.firstCells) === JSON.stringify(slowest.slice(0, 5).map((d) => d.name)));
    assert.strictEqual(sorted.loads, loads, 'narrowing a complete load is answered from the rows held, not by the service');

    const file = await exportTo('failed.csv', 'csv');
    const records = readCsv(fs.readFileSync(file, 'utf8'));
    assert.deepStrictEqual(records[0].slice(0, CSV_COLUMNS.length), CSV_COLUMNS);
    assert.strictEqual(records.length - 1, failed.length);
    const col = (k: string) => records[0].indexOf(k);
    assert.deepStrictEqual(records.slice(1).map((r) => r[col('name')]), slowest.map((d) => d.name));
    assert.ok(records.slice(1).every((r) => r[col('status')] === 'Failed'));

    // The JSON export states its filter, and its totals beside the synchronization's.
    const json = await exportTo('failed.json', 'json');
    const exported = JSON.parse(fs.readFileSync(json, 'utf8')) as { count: number; filter?: object; totals: Record<'exported' | 'synchronization', { dataSets: number; failed: number; sizeRead: number }> };
    assert.deepStrictEqual(exported.filter, { status: 'Failed' });
    assert.strictEqual(exported.count, failed.length);
    assert.deepStrictEqual(exported.totals.exported, { ...exported.totals.exported, dataSets: failed.length, failed: failed.length, sizeRead: failed.reduce((s, d) => s + d.sizeRead, 0) });
    assert.deepStrictEqual(exported.totals.synchronization, { ...exported.totals.synchronization, dataSets: 10_000, failed: failed.length, sizeRead: expected.reduce((s, d) => s + d.sizeRead, 0) });

    // Reloaded with the filter on (as after a window reload): still the whole synchronization's totals.
    await page.hooks.post({ type: 'command', command: 'reload' });
    const reloaded = await page.hooks.waitFor((r) => r.loads === loads + 1 && done(r) && r.rowsReceived === 10_000 && r.view?.shown === failed.length);
    assert.strictEqual(reloaded.totals?.rows, 10_000);
    assert.strictEqual(pair(reloaded, 'Data sets'), shownOf(failed.length, 10_000));

    await page.hooks.post({ type: 'command', command: 'filter', query: {} });
    const widened = await page.hooks.waitFor((r) => r.view?.shown === 10_000);
    assert.strictEqual(widened.loads, loads + 1, 'the complete, unfiltered load answers every filter');
    assert.strictEqual(pair(widened, 'Data sets'), count(10_000), 'nothing filtered: the synchronization\'s figures alone');
  });

  test('the duration is the synchronization\'s wall time; the sum of data set durations is called that', async () => {
    const name = 'big-rows-10000-pagesize-50';
    const expected = details(name);
    const record = page.hooks.lastReport()!;
    assert.strictEqual(record.target.shareSubscriptionName, name);
    const first = Math.min(...expected.map((d) => Date.parse(d.startTime)));
    const last = Math.max(...expected.map((d) => Date.parse(d.endTime)));
    assert.deepStrictEqual([record.totals?.firstStartMs, record.totals?.lastEndMs], [first, last]);
    const labels = record.view?.summary.map((p) => p.split(': ')[0]) ?? [];
    assert.ok(labels.includes('Duration (wall time)') && labels.includes('Sum of data set durations'), labels.join(', '));
    assert.ok(!labels.includes('Total duration'), labels.join(', '));
    const shown = (label: string) => record.view?.summary.find((p) => p.startsWith(`${label}: `));
    assert.notStrictEqual(shown('Duration (wall time)')?.split(': ')[1], shown('Sum of data set durations')?.split(': ')[1]);
  });

  test('hostile strings render as text and export neutralised', async function () {
    this.timeout(60_000);
    const name = 'hostile-rows-40';
    await vscode.commands.executeCommand(SHOW_REPORT, target(name), newestSyncId(name));
    const record = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && done(r) && r.view!.shown === 40);
    assert.strictEqual(record.view?.injected, 0, 'no element was created from service text');
    assert.strictEqual(record.view?.firstCells[0], '<img src=x onerror=alert(1)>');
    const file = await exportTo('hostile.csv', 'csv');
    const names = readCsv(fs.readFileSync(file, 'utf8')).slice(1).map((r) => r[0]);
    assertHostileNamesNeutralised(names);
  });

  test('a 429 in the middle of paging is retried and every row arrives', async function () {
    this.timeout(60_000);
    const name = 'throttled-rows-500-pagesize-50-fault-429-midpaging';
    await vscode.commands.executeCommand(SHOW_REPORT, target(name), newestSyncId(name));
    const record = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && done(r));
    assert.strictEqual(record.state, 'done', record.error);
    assert.strictEqual(record.rowsReceived, 500);
    assert.strictEqual(record.pagesRendered, 10);
  });

  test('Stop cancels the listing and keeps what arrived', async function () {
    this.timeout(60_000);
    const name = 'endless-rows-200000-pagesize-20';
    await vscode.commands.executeCommand(SHOW_REPORT, target(name), newestSyncId(name));
    await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && r.pagesRendered >= 3);
    await page.hooks.post({ type: 'command', command: 'stop' });
    const record = await page.hooks.waitFor((r) => r.state === 'stopped' && r.rowsReceived === r.rowsSent);
    assert.ok(record.rowsSent < 200_000 && record.rowsSent >= 60, `rows: ${record.rowsSent}`);
    assert.strictEqual(record.error, undefined);
  });

  test('the synchronization quick pick lists newest first and opens the pick', async function () {
    this.timeout(60_000);
    const name = 'picked-rows-30';
    const script = new ScriptedInput([{ pick: new RegExp(`^Synchronizations of ${name}`), choose: /./ }]);
    await withAnswers(page.api, script, async () => vscode.commands.executeCommand(SHOW_REPORT, target(name)));
    script.assertDone();
    const listed = script.shown.find((p) => p.kind === 'pick')?.items ?? [];
    assert.strictEqual(listed.length, generateSynchronizations(base.accountName, name).length);
    const record = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && done(r));
    assert.strictEqual(record.synchronizationId, newestSyncId(name));
    assert.strictEqual(record.rowsReceived, 30);
  });

  test('the schedule section lists every source synchronization setting', async function () {
    this.timeout(30_000);
    const sales = await child(page.api, await child(page.api, undefined, 'Share subscriptions'), 'Sales data');
    assert.strictEqual((await shownChildren(page.api, sales.node)).filter((i) => i.contextValue !== 'dataSets').length, 5);
    await vscode.commands.executeCommand(SHOW_SCHEDULE, sales.node);
    const record = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === 'sales-settings-5' && r.settingsRows !== undefined);
    assert.strictEqual(record.settingsRows, 5);
    assert.strictEqual(record.synchronizationId, undefined);
  });
});
