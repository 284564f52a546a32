// The synchronization report's rough edges and hostile synchronization records, in the real VS Code: the
// summary explains itself, the chart has a legend and its sizes in order, the Schedule tab shows no filters,
// a schedule-only panel offers nothing but its schedule, and a synchronization record whose fields would
// throw when shown (served by a front on 127.0.0.1 that passes everything else through to the emulator)
// neither breaks the quick pick nor the report's header.
import * as assert from 'assert';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as vscode from 'vscode';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import type { ReportRecord, ReportTestHooks } from '../../../src/webview/report/reportRecord';
import { generateDetails, generateSynchronizations } from '../../emulator/dataShareGenerator';
import { pageSuite } from './pageSuite';
import { ScriptedInput, withAnswers } from './scriptedInput';

const SHOW_REPORT = 'aciDataShare.showSynchronizationReport';
const SHOW_SCHEDULE = 'aciDataShare.showSynchronizationSchedule';
const base = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-share', accountName: 'contoso-share' };
const target = (shareSubscriptionName: string): ShareSubscriptionTarget => ({ ...base, shareSubscriptionName });
const newest = (name: string) => generateSynchronizations(base.accountName, name)[0];
const done = (r: ReportRecord) => r.state !== 'loading' && r.view !== undefined && r.rowsReceived === r.rowsSent;

/**
 * An ARM front for the emulator that changes one thing: the newest synchronization of every
 * listSynchronizations page gets a message and a status that throw when turned into text.
 */
async function hostileFront(emulator: string): Promise<{ url: string; close(): Promise<void> }> {
  let url = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'content-length')) as Record<string, string>;
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const upstream = await fetch(`${emulator}${req.url ?? '/'}`, { method: req.method, headers, body });
        let text = (await upstream.text()).split(emulator).join(url);
        if (/\/listSynchronizations\?/i.test(req.url ?? '') && upstream.ok) {
          const page = JSON.parse(text) as { value: Record<string, unknown>[] };
          if (page.value[0]) Object.assign(page.value[0], { message: { toString: null }, status: { toString: null, valueOf: null } });
          text = JSON.stringify(page);
        }
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(text);
      })().catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

suite('Synchronization report: rough edges and hostile records', () => {
  const page = pageSuite((api) => api.report);

  /** Runs a page command and waits for the view it leads to (every command ends in a new view). */
  const command = async (message: Parameters<ReportTestHooks['post']>[0], check: (r: ReportRecord) => boolean = () => true) => {
    const before = page.hooks.lastReport()?.view;
    await page.hooks.post(message);
    return page.hooks.waitFor((r) => r.view !== before && check(r));
  };

  test('a synchronization record that throws when shown breaks neither the quick pick nor the header', async function () {
    this.timeout(60_000);
    const emulator = process.env.ACI_DS_EMULATOR_URL ?? '';
    assert.ok(emulator, 'the runner names the emulator');
    const front = await hostileFront(emulator);
    const config = vscode.workspace.getConfiguration('aciDataShare');
    // A custom cloud is a user setting (a workspace may not redirect the sign-in token).
    const before = config.inspect('customCloud')?.globalValue;
    await config.update('customCloud', { armEndpoint: front.url, authorityHost: emulator }, vscode.ConfigurationTarget.Global);
    try {
      const name = 'hostile-sync-rows-30';
      const sync = newest(name);
      const script = new ScriptedInput([{ pick: new RegExp(`^Synchronizations of ${name}`), choose: /./ }]);
      await withAnswers(page.api, script, async () => vscode.commands.executeCommand(SHOW_REPORT, target(name)));
      script.assertDone();
      assert.deepStrictEqual(script.messages('error'), []);
      assert.strictEqual(script.shown.find((p) => p.kind === 'pick')?.items?.length, generateSynchronizations(base.accountName, name).length);
      const picked = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && done(r));
      assert.strictEqual(picked.synchronizationId, sync.synchronizationId);
      assert.strictEqual(picked.rowsReceived, 30);
      const started = `started ${sync.startTime.slice(0, 19).replace('T', ' ')} UTC`;
      assert.ok(picked.view?.meta.includes(started), picked.view?.meta);

      // Opened by id, the report reads the record itself for its header.
      await vscode.commands.executeCommand(SHOW_REPORT, target(name), sync.synchronizationId);
      const opened = await page.hooks.waitFor((r) => r !== picked && r.target.shareSubscriptionName === name && done(r) && r.view!.meta.includes('started'));
      assert.ok(opened.view?.meta.includes(started), opened.view?.meta);
      assert.ok(!/\[object|undefined|null/.test(opened.view?.meta ?? ''), opened.view?.meta);
      assert.match(opened.view?.meta ?? '', / UTC · (Full|Incremental) · /);
      assert.doesNotMatch(opened.view?.meta ?? '', /FullSync|InProgress|Completed|Succeeded|Cancelled/);
    } finally {
      await config.update('customCloud', before, vscode.ConfigurationTarget.Global);
      await front.close();
    }
  });

  test('the summary explains Remaining writes; the chart has a legend and its sizes in order; Schedule has no filters', async function () {
    this.timeout(60_000);
    const name = 'edges-rows-40';
    await vscode.commands.executeCommand(SHOW_REPORT, target(name), newest(name).synchronizationId);
    const loaded = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && done(r));
    // The listing is a POST: its counter is the remaining writes, named as such.
    const hint = loaded.view?.hints.find((h) => h.startsWith('Remaining writes: '));
    assert.ok(hint && /x-ms-ratelimit-remaining-subscription-writes/.test(hint), loaded.view?.hints.join(' | '));
    assert.deepStrictEqual([loaded.view?.tab, loaded.view?.filtersShown], ['details', true]);
    // The filter's inner input has a name of its own (the one a screen reader announces).
    assert.strictEqual(loaded.view?.filterInputLabel, 'Filter text');
    // Times and figures are shown whole in the drawn rows, whatever the font.
    assert.deepStrictEqual(loaded.view?.clippedColumns, [], 'cut off: ' + loaded.view?.clippedColumns.join(', '));

    const chart = await command({ type: 'command', command: 'showTab', tab: 'chart' }, (r) => r.view?.tab === 'chart');
    assert.deepStrictEqual(chart.view?.legend, ['Data set', 'Failed data set']);
    assert.deepStrictEqual(chart.view?.chartSizes, ['Top 10', 'Top 15', 'Top 25', 'Top 50']);

    const schedule = await command({ type: 'command', command: 'showTab', tab: 'schedule' }, (r) => r.view?.tab === 'schedule');
    assert.strictEqual(schedule.view?.filtersShown, false, 'the filters do nothing on the Schedule tab');
    const details = await command({ type: 'command', command: 'showTab', tab: 'details' }, (r) => r.view?.tab === 'details');
    assert.strictEqual(details.view?.filtersShown, true);
    assert.deepStrictEqual(details.view?.tabsShown, ['details', 'chart', 'schedule']);
  });

  test('a report opened on one data set shows that filter and names it in its tab; Show All brings every row back', async function () {
    this.timeout(60_000);
    const name = 'edges-rows-40';
    const sync = newest(name).synchronizationId;
    const rows = generateDetails(base.accountName, name, sync);
    const one = rows[3].name;
    // As the Data sets node's row opens it.
    await vscode.commands.executeCommand(SHOW_REPORT, target(name), sync, { name: one });
    const opened = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && done(r) && r.view?.shown === rows.filter((d) => d.name === one).length);
    assert.strictEqual(opened.view?.nameFilter, `Data set: ${one}`, 'the filter applied is shown');
    const tabLabel = (): string | undefined => vscode.window.tabGroups.activeTabGroup.activeTab?.label;
    assert.strictEqual(tabLabel(), `Synchronization report: ${name} · ${one}`);
    // Clearing the other filters keeps it; its own Show All removes it.
    await command({ type: 'command', command: 'filter', query: { name: one } }, (r) => r.view?.nameFilter === `Data set: ${one}`);
    const all = await command({ type: 'command', command: 'removeNameFilter' }, (r) => r.view?.nameFilter === '' && r.view.shown === rows.length);
    assert.strictEqual(all.view?.shown, 40);
    assert.strictEqual(tabLabel(), `Synchronization report: ${name}`);
  });

  test('a schedule-only panel shows its schedule and no empty Details or Chart tab, whatever is asked', async function () {
    this.timeout(60_000);
    const name = 'edges-settings-3';
    await vscode.commands.executeCommand(SHOW_SCHEDULE, target(name));
    const shown = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && r.settingsRows !== undefined && r.view !== undefined);
    assert.strictEqual(shown.synchronizationId, undefined);
    assert.deepStrictEqual([shown.view?.tab, shown.view?.tabsShown, shown.view?.filtersShown], ['schedule', ['schedule'], false]);
    const asked = await command({ type: 'command', command: 'showTab', tab: 'details' });
    assert.deepStrictEqual([asked.view?.tab, asked.view?.tabsShown, asked.view?.filtersShown], ['schedule', ['schedule'], false]);
  });
});
