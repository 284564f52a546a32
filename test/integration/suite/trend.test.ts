// The synchronization trend in the real VS Code against the ARM emulator: the command from a tree node and from
// the palette, what the webview's chart and table show (oldest left, statuses, durations, failed data sets),
// clicking a bar opens that synchronization's report, and service text stays text.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import type { TrendRecord, TrendTestHooks } from '../../../src/webview/trend/trendRecord';
import { generateDetails, generateSynchronizations, type Synchronization } from '../../emulator/dataShareGenerator';
import { activateExtension, child } from './extensionApi';
import { statusWord } from './statusWords';
import { ScriptedInput, withAnswers } from './scriptedInput';

const SHOW_TREND = 'aciDataShare.showSynchronizationTrend';

const base = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-share', accountName: 'contoso-share' };
const NAME = 'trend-syncs-12-rows-60-pagesize-7';
const LABEL = 'Trend feed';

/** The emulator's synchronizations (the generator it serves from), the last `n` oldest first. */
function lastSyncs(name: string, n: number): Synchronization[] {
  return generateSynchronizations(base.accountName, name.toLowerCase()).slice(0, n).reverse();
}
function failedOf(name: string, id: string): number {
  return generateDetails(base.accountName, name.toLowerCase(), id).filter((d) => d.status === 'Failed').length;
}

const settled = (r: TrendRecord) => r.state === 'done' && r.view?.state === 'done';

suite('Synchronization trend', () => {
  let api: TestApi;
  let hooks: TrendTestHooks;
  const config = () => vscode.workspace.getConfiguration('aciDataShare');
  let before: unknown[] = [];

  suiteSetup(async () => {
    api = await activateExtension();
    hooks = api.trend;
    before = config().get<unknown[]>('shareSubscriptions') ?? [];
    await config().update('shareSubscriptions', [...before, { ...base, shareSubscriptionName: NAME, label: LABEL }], vscode.ConfigurationTarget.Workspace);
  });
  suiteTeardown(async () => {
    await config().update('shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
    await config().update('synchronizationTrend.count', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('charts the last N synchronizations from the tree node, oldest left, with their failed data sets', async function () {
    this.timeout(120_000);
    await config().update('synchronizationTrend.count', 8, vscode.ConfigurationTarget.Workspace);
    const node = (await child(api, await child(api, undefined, 'Share subscriptions'), LABEL)).node;
    await vscode.commands.executeCommand(SHOW_TREND, node);
    const record = await hooks.waitFor((r) => r.target.shareSubscriptionName === NAME && settled(r), 100_000);
    const expected = lastSyncs(NAME, 8);

    assert.strictEqual(record.listed, 12);
    assert.deepStrictEqual(record.points.map((p) => p.synchronizationId), expected.map((s) => s.synchronizationId));
    assert.strictEqual(record.failuresCounted, 8);
    const view = record.view!;
    // The page's own chart: one focusable bar per synchronization, each named for a screen reader.
    assert.strictEqual(view.points.length, 8);
    assert.strictEqual(view.focusable, 8);
    expected.forEach((s, i) => {
      const failed = failedOf(NAME, s.synchronizationId);
      const label = view.points[i];
      assert.ok(label.startsWith(`${s.startTime.slice(0, 19).replace('T', ' ')} UTC: ${statusWord(s.status)}, `), label);
      assert.ok(label.endsWith(failed === 1 ? '1 data set failed' : `${failed} data sets failed`), label);
      const row = view.rows[i];
      assert.strictEqual(row[1], statusWord(s.status));
      assert.strictEqual(row[2] === 'running', s.durationMs === undefined, `${s.status}: ${row[2]}`);
      assert.strictEqual(row[4], s.synchronizationMode);
      assert.strictEqual(row[5], s.message ?? '');
    });
    // Every bar whose synchronization had failed data sets carries the mark.
    assert.deepStrictEqual(view.marked, expected.flatMap((s, i) => (failedOf(NAME, s.synchronizationId) > 0 ? [i] : [])));
    assert.ok(view.legend.includes('Failed') && view.legend.includes('Succeeded'), view.legend.join(', '));
    assert.strictEqual(view.injected, 0);
    const html = hooks.html() ?? '';
    assert.match(html, /default-src 'none'/);
    assert.doesNotMatch(html, /<script>(?!<)/, 'no inline script');
  });

  test('clicking a bar opens the report of that synchronization', async function () {
    this.timeout(120_000);
    const record = await hooks.waitFor(settled);
    const newest = record.points.length - 1;
    const shown = [...(record.view?.points ?? [])];
    assert.strictEqual(shown.length, 8);
    for (const index of [newest, 0]) {
      const id = record.points[index].synchronizationId;
      const loads = hooks.lastTrend()!.pageLoads;
      assert.ok(await hooks.click(index));
      await hooks.waitFor((r) => r.opened.at(-1) === id);
      const report = await api.report.waitFor((r) => r.synchronizationId === id && r.state === 'done', 100_000);
      assert.strictEqual(report.target.shareSubscriptionName, NAME);
      assert.strictEqual(report.rowsSent, 60);
      // Back to the trend, whose page starts again and shows the same chart.
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      const again = await hooks.waitFor((r) => r.pageLoads > loads && settled(r));
      assert.deepStrictEqual(again.view?.points, shown);
    }
  });

  test('from the palette: pick the share subscription; a count given to the command wins over the setting', async function () {
    this.timeout(120_000);
    const script = new ScriptedInput([{ pick: /^Share subscription$/, choose: new RegExp(`^${LABEL}$`) }]);
    await withAnswers(api, script, async () => vscode.commands.executeCommand(SHOW_TREND));
    script.assertDone();
    const fromSetting = await hooks.waitFor((r) => settled(r) && r.count === 8);
    assert.strictEqual(fromSetting.view?.points.length, 8);

    const target: ShareSubscriptionTarget = { ...base, shareSubscriptionName: NAME };
    await vscode.commands.executeCommand(SHOW_TREND, target, 3);
    const three = await hooks.waitFor((r) => settled(r) && r.count === 3);
    assert.deepStrictEqual(three.view?.rows.map((r) => r[1]), lastSyncs(NAME, 3).map((s) => statusWord(s.status)));
  });

  test('service text is shown as text', async function () {
    this.timeout(120_000);
    const name = 'hostile-trend-syncs-6-rows-10';
    await vscode.commands.executeCommand(SHOW_TREND, { ...base, shareSubscriptionName: name }, 6);
    const record = await hooks.waitFor((r) => r.target.shareSubscriptionName === name && settled(r), 100_000);
    assert.strictEqual(record.view?.injected, 0);
    const messages = record.view?.rows.map((r) => r[5]) ?? [];
    assert.deepStrictEqual(messages, lastSyncs(name, 6).map((s) => s.message ?? ''));
    assert.ok(messages.some((m) => m.includes('<script>')), messages.join(' | '));
  });
});
