// The report, trend and comparison panels after a window reload, in the real VS Code against the ARM emulator: each
// page saves what it shows, VS Code hands that back to the extension's serializer with a new panel, and the
// panel reads it all again from the service. A restore never prompts: before a sign-in it says one is needed
// and loads once the user signs in. Expected values come from the emulator's generator.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import type { CompareRecord, CompareTestHooks } from '../../../src/webview/compare/compareRecord';
import type { ReportTestHooks } from '../../../src/webview/report/reportRecord';
import type { TrendRecord, TrendTestHooks } from '../../../src/webview/trend/trendRecord';
import { generateDetails, generateSynchronizations } from '../../emulator/dataShareGenerator';
import { activateExtension } from './extensionApi';
import { statusWord } from './statusWords';
import { ScriptedInput, withAnswers } from './scriptedInput';

const SHOW_TREND = 'aciDataShare.showSynchronizationTrend';
const COMPARE = 'aciDataShare.compareSynchronizations';
const SIGN_IN = 'aciDataShare.signIn';
const base = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-share', accountName: 'contoso-share' };
const TREND_NAME = 'trend-syncs-12-rows-60-pagesize-7';
const trendTarget: ShareSubscriptionTarget = { ...base, shareSubscriptionName: TREND_NAME, label: 'Trend feed' };
const COMPARE_NAME = 'sales-settings-5';
const compareTarget: ShareSubscriptionTarget = { ...base, shareSubscriptionName: COMPARE_NAME };

const trendSettled = (r: TrendRecord) => r.state === 'done' && r.view?.state === 'done';
const compareDone = (r: CompareRecord) => r.state !== 'loading' && r.compared !== undefined && r.view?.status !== undefined && r.view.status !== '' && !r.view.status.startsWith('Loading');

/** The open webview tabs of a panel kind (VS Code prefixes the view type). */
function tabsOf(viewType: string): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(viewType));
}

/** What a page saved, as VS Code stores it: plain JSON. */
const asStored = <T>(state: T): unknown => JSON.parse(JSON.stringify(state));

suite('Panels after a window reload', () => {
  let api: TestApi;
  let trend: TrendTestHooks;
  let compare: CompareTestHooks;
  let report: ReportTestHooks;
  const config = () => vscode.workspace.getConfiguration('aciDataShare');
  /** The sign-in method is a user setting; the runner's points at the emulator. */
  let method: unknown;
  const setMethod = (value: unknown) => config().update('auth.method', value, vscode.ConfigurationTarget.Global);

  suiteSetup(async () => {
    api = await activateExtension();
    trend = api.trend;
    compare = api.compare;
    report = api.report;
    method = config().inspect('auth.method')?.globalValue;
  });
  teardown(async () => {
    if (config().inspect('auth.method')?.globalValue !== method) await setMethod(method);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** A window reload without a sign-in made yet: the sign-in method asks the user, and no connection is held. */
  async function signedOut(): Promise<void> {
    await setMethod('microsoft');
  }

  /** Back to the emulator's sign-in, then the user signs in. */
  async function signIn(): Promise<void> {
    await setMethod(method);
    const script = new ScriptedInput();
    await withAnswers(api, script, async () => vscode.commands.executeCommand(SIGN_IN));
    script.assertDone();
    assert.match(script.messages('info')[0] ?? '', /^Signed in to /, script.messages().join(' | '));
  }

  test('the trend comes back after a window reload: same share subscription and count, read again from the service', async function () {
    this.timeout(120_000);
    await vscode.commands.executeCommand(SHOW_TREND, trendTarget, 5);
    const shown = await trend.waitFor((r) => r.count === 5 && trendSettled(r) && r.view?.saved !== undefined, 100_000);
    const saved = shown.view!.saved!;
    assert.deepStrictEqual(saved, { target: trendTarget, count: 5 });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.strictEqual(tabsOf('aciDataShare.synchronizationTrend').length, 0);

    await trend.restore(asStored(saved));
    const restored = await trend.waitFor((r) => r !== shown && trendSettled(r), 100_000);
    const expected = generateSynchronizations(base.accountName, TREND_NAME).slice(0, 5).reverse();
    // Listed and counted again: the saved state holds only the share subscription and the count.
    assert.strictEqual(restored.listed, 12);
    assert.strictEqual(restored.failuresCounted, 5);
    assert.deepStrictEqual(restored.points.map((p) => p.synchronizationId), expected.map((s) => s.synchronizationId));
    assert.deepStrictEqual(restored.view?.rows.map((r) => r[1]), expected.map((s) => statusWord(s.status)));
    assert.strictEqual(restored.view?.points.length, 5);
    assert.deepStrictEqual(restored.view?.saved, saved, 'the restored page saves the same again');
    assert.deepStrictEqual(tabsOf('aciDataShare.synchronizationTrend').map((t) => t.label), ['Synchronization trend: Trend feed']);
  });

  test('a saved trend that is not usable closes instead of showing an empty panel', async function () {
    this.timeout(30_000);
    const before = trend.lastTrend();
    for (const state of [undefined, { target: trendTarget, count: 0 }, { target: { ...trendTarget, accountName: '' }, count: 5 }, { count: 5 }]) {
      await trend.restore(state);
    }
    assert.strictEqual(tabsOf('aciDataShare.synchronizationTrend').length, 0);
    assert.strictEqual(trend.lastTrend(), before, 'no panel was made');
  });

  test('a trend restored before any sign-in says one is needed, asks nothing, and loads once the user signs in', async function () {
    this.timeout(120_000);
    await signedOut();
    const quiet = new ScriptedInput();
    await withAnswers(api, quiet, async () => {
      await trend.restore(asStored({ target: trendTarget, count: 4 }));
      const waiting = await trend.waitFor((r) => r.count === 4 && r.state === 'error' && r.view?.state === 'error');
      assert.strictEqual(waiting.signInNeeded, true);
      assert.match(waiting.view?.note ?? '', /^Sign in to Azure \(the Sign In to Azure command\)/);
      assert.deepStrictEqual(waiting.view?.points, []);
    });
    assert.deepStrictEqual(quiet.shown, [], 'a restore asks nothing');

    await signIn();
    const loaded = await trend.waitFor((r) => r.count === 4 && trendSettled(r), 100_000);
    assert.strictEqual(loaded.signInNeeded, undefined);
    assert.strictEqual(loaded.view?.points.length, 4);
    assert.strictEqual(loaded.view?.note, '');
  });

  test('the comparison comes back after a window reload with both synchronizations, its filter and sort, read again', async function () {
    this.timeout(120_000);
    const syncs = generateSynchronizations(base.accountName, COMPARE_NAME);
    const a = new Map(generateDetails(base.accountName, COMPARE_NAME, syncs[1].synchronizationId).map((d) => [d.dataSetId, d]));
    const b = new Map(generateDetails(base.accountName, COMPARE_NAME, syncs[0].synchronizationId).map((d) => [d.dataSetId, d]));
    const script = new ScriptedInput([
      { pick: /\(1\/2\)/, choose: /./ },
      { pick: /\(2\/2\)/, choose: /./ },
    ]);
    await withAnswers(api, script, async () => vscode.commands.executeCommand(COMPARE, compareTarget));
    script.assertDone();
    const opened = await compare.waitFor((r) => r.target.shareSubscriptionName === COMPARE_NAME && compareDone(r));
    assert.strictEqual(opened.state, 'done', opened.error);

    const query = { filter: 'failures' as const, sort: { column: 'durationMsDelta' as const, descending: true } };
    await compare.post({ type: 'command', command: 'query', query });
    const involved = [...a.keys()].filter((id) => a.get(id)!.status === 'Failed' || b.get(id)!.status === 'Failed');
    const slowest = involved.map((id) => ({ name: b.get(id)!.name, delta: b.get(id)!.durationMs - a.get(id)!.durationMs })).sort((x, y) => y.delta - x.delta);
    const filtered = await compare.waitFor((r) => r.view?.shown === involved.length && JSON.stringify(r.view.saved?.query) === JSON.stringify(query));
    const saved = filtered.view!.saved!;
    assert.deepStrictEqual([saved.target, saved.a.synchronizationId, saved.b.synchronizationId], [compareTarget, syncs[1].synchronizationId, syncs[0].synchronizationId]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // Saved while A was still running, say: its record is read again for the header.
    await compare.restore(asStored({ ...saved, a: { synchronizationId: saved.a.synchronizationId, status: 'InProgress' } }));
    const restored = await compare.waitFor((r) => r !== opened && compareDone(r) && r.view?.shown === involved.length && r.a.status === syncs[1].status);
    assert.strictEqual(restored.state, 'done', restored.error);
    assert.deepStrictEqual(restored.a, saved.a);
    assert.deepStrictEqual(restored.view?.saved, saved, 'the restored page saves the records read again');
    // Both listings were loaded again and compared whole; the page shows the saved filter and sort.
    assert.deepStrictEqual([restored.rowsA, restored.rowsB, restored.compared], [a.size, b.size, a.size]);
    assert.deepStrictEqual(restored.view?.firstNames, slowest.slice(0, 5).map((s) => s.name));
    assert.match(restored.view?.meta ?? '', new RegExp(`^${COMPARE_NAME} · ${base.accountName} · ${base.resourceGroup}`));
    assert.deepStrictEqual(tabsOf('aciDataShare.synchronizationComparison').map((t) => t.label), [`Synchronization comparison: ${COMPARE_NAME}`]);
  });

  test('a comparison restored before any sign-in says one is needed, asks nothing, and loads once the user signs in', async function () {
    this.timeout(120_000);
    const syncs = generateSynchronizations(base.accountName, COMPARE_NAME);
    const state = { target: compareTarget, a: { synchronizationId: syncs[2].synchronizationId }, b: { synchronizationId: syncs[0].synchronizationId }, query: {} };
    const before = compare.lastCompare();
    await compare.restore({ ...state, a: { synchronizationId: '' } });
    assert.strictEqual(compare.lastCompare(), before, 'an unusable saved comparison makes no panel');
    assert.strictEqual(tabsOf('aciDataShare.synchronizationComparison').length, 0);

    await signedOut();
    const quiet = new ScriptedInput();
    await withAnswers(api, quiet, async () => {
      await compare.restore(asStored(state));
      const waiting = await compare.waitFor((r) => r !== before && r.state === 'error' && (r.view?.status ?? '') !== '');
      assert.strictEqual(waiting.signInNeeded, true);
      assert.match(waiting.view?.status ?? '', /^Sign in to Azure \(the Sign In to Azure command\)/);
    });
    assert.deepStrictEqual(quiet.shown, [], 'a restore asks nothing');

    await signIn();
    const loaded = await compare.waitFor((r) => r.a.synchronizationId === syncs[2].synchronizationId && r.state === 'done' && compareDone(r) && r.a.status !== undefined);
    // Saved with the ids alone: the header gets both records from the service.
    assert.deepStrictEqual([loaded.a.status, loaded.a.startTime, loaded.b.status], [syncs[2].status, syncs[2].startTime, syncs[0].status]);
    assert.ok(loaded.view?.meta.includes(`A: ${syncs[2].startTime.slice(0, 19).replace('T', ' ')} UTC`), loaded.view?.meta);
    const size = generateDetails(base.accountName, COMPARE_NAME, syncs[0].synchronizationId).length;
    assert.deepStrictEqual([loaded.rowsB, loaded.view?.shown], [size, size]);
  });

  test('a report restored before any sign-in says one is needed, asks nothing, and loads its synchronization once the user signs in', async function () {
    this.timeout(120_000);
    const sync = generateSynchronizations(base.accountName, COMPARE_NAME)[1];
    const rows = generateDetails(base.accountName, COMPARE_NAME, sync.synchronizationId);
    const failed = rows.filter((r) => r.status === 'Failed').length;
    // As the report page saves itself: its share subscription, synchronization, filter and tab.
    const state = { target: compareTarget, synchronizationId: sync.synchronizationId, query: { status: 'Failed' }, tab: 'details' };
    await signedOut();
    const quiet = new ScriptedInput();
    await withAnswers(api, quiet, async () => {
      await report.restore(asStored(state));
      const waiting = await report.waitFor((r) => r.synchronizationId === sync.synchronizationId && r.state === 'error');
      assert.strictEqual(waiting.signInNeeded, true);
      assert.match(waiting.error ?? '', /^Sign in to Azure \(the Sign In to Azure command\)/);
      assert.strictEqual(waiting.rowsSent, 0);
    });
    assert.deepStrictEqual(quiet.shown, [], 'a restore asks nothing');

    await signIn();
    const loaded = await report.waitFor((r) => r.synchronizationId === sync.synchronizationId && r.state === 'done' && r.rowsReceived === rows.length && r.view?.shown === failed, 100_000);
    assert.strictEqual(loaded.signInNeeded, undefined);
    assert.strictEqual(loaded.totals?.rows, rows.length);
    assert.deepStrictEqual(tabsOf('aciDataShare.synchronizationReport').map((t) => t.label), [`Synchronization report: ${COMPARE_NAME}`]);
  });
});
