// The report and comparison pages take their words from the translation bundle the host puts in their HTML:
// with a made-up display language handed to the pages, a report and a comparison of the emulator's data
// must show that language's words (English where it has none), and the export keeps its English headers.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import type { CompareRecord } from '../../../src/webview/compare/compareRecord';
import type { ReportRecord } from '../../../src/webview/report/reportRecord';
import { generateSynchronizations } from '../../emulator/dataShareGenerator';
import { activateExtension } from './extensionApi';
import { ScriptedInput, withAnswers } from './scriptedInput';

/** A made-up display language: every word it has differs from the English one. */
const BUNDLE: Record<string, string> = {
  'Data sets': 'Jeux de données',
  Shown: 'Affichés',
  'Remaining writes': 'Écritures restantes',
  'Data set': 'Jeu de données',
  'Failed data set': 'Jeu de données en échec',
  'Top {0}': 'Les {0} premiers',
  'started {0}': 'commencée le {0}',
  'Newly failed': 'Nouvellement en échec',
  'Still failing': 'Toujours en échec',
  'A: {0} data sets, B: {1}': 'A : {0} jeux de données, B : {1}',
  'Compared {0}.': 'Comparé : {0}.',
  'A: {0}': 'A : {0}',
};

const SHOW_REPORT = 'aciDataShare.showSynchronizationReport';
const COMPARE = 'aciDataShare.compareSynchronizations';
const base = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-share', accountName: 'contoso-share' };
const target = (shareSubscriptionName: string): ShareSubscriptionTarget => ({ ...base, shareSubscriptionName });
const labels = (summary: string[] = []) => summary.map((p) => p.split(': ')[0]);

suite('Page words from the translation bundle', () => {
  let api: TestApi;

  suiteSetup(async () => {
    api = await activateExtension();
    api.usePageBundle(BUNDLE);
  });
  suiteTeardown(async () => {
    api.usePageBundle(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the report page shows its summary, chart and header line in the bundle words', async function () {
    this.timeout(60_000);
    const name = 'edges-rows-40';
    const sync = generateSynchronizations(base.accountName, name)[0];
    await vscode.commands.executeCommand(SHOW_REPORT, target(name), sync.synchronizationId);
    const hooks = api.report;
    const loaded = await hooks.waitFor((r) => r.target.shareSubscriptionName === name && r.state !== 'loading' && / UTC/.test(r.view?.meta ?? '') && r.rowsReceived === r.rowsSent);
    assert.strictEqual(loaded.state, 'done', loaded.error);
    const summary = loaded.view?.summary.join(' | ');
    assert.deepStrictEqual(labels(loaded.view?.summary).slice(0, 2), ['Jeux de données', 'Failed'], summary);
    assert.ok(labels(loaded.view?.summary).includes('Écritures restantes'), summary);
    assert.match(loaded.view?.meta ?? '', /commencée le \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);

    const before = loaded.view;
    await hooks.post({ type: 'command', command: 'showTab', tab: 'chart' });
    const chart = await hooks.waitFor((r: ReportRecord) => r.view !== before && r.view?.tab === 'chart');
    assert.deepStrictEqual(chart.view?.legend, ['Jeu de données', 'Jeu de données en échec']);
    assert.deepStrictEqual(chart.view?.chartSizes, ['Les 10 premiers', 'Les 15 premiers', 'Les 25 premiers', 'Les 50 premiers']);
  });

  test('the comparison page shows its summary, change cells, progress and header line in the bundle words', async function () {
    this.timeout(60_000);
    const name = 'sales-settings-5';
    // The newest synchronization, then the one before it.
    const script = new ScriptedInput([
      { pick: /\(1\/2\)/, choose: /./ },
      { pick: /\(2\/2\)/, choose: /./ },
    ]);
    await withAnswers(api, script, async () => vscode.commands.executeCommand(COMPARE, target(name)));
    script.assertDone();
    // Done, its summary and rows drawn, its progress line past loading (the bundle leaves "Loading… {0}" English).
    const done = (r: CompareRecord) => r.target.shareSubscriptionName === name && r.state === 'done' && r.compared !== undefined && (r.view?.summary.length ?? 0) > 0 && (r.view?.firstChanges.length ?? 0) > 0 && r.view?.status !== '' && !r.view?.status.includes('…');
    const record = await api.compare.waitFor(done);
    const view = record.view!;
    // The generator fails a data set in every synchronization: failures in B come first, newly or still failing.
    assert.ok(['Nouvellement en échec', 'Toujours en échec'].includes(view.firstChanges[0]), view.firstChanges.join(' | '));
    assert.ok(labels(view.summary).includes('Toujours en échec'), view.summary.join(' | '));
    assert.ok(labels(view.summary).includes('Fixed'), view.summary.join(' | '));
    assert.strictEqual(view.status, `Comparé : A : ${record.rowsA} jeux de données, B : ${record.rowsB}.`);
    assert.match(view.meta, /A : \d{4}-\d\d-\d\d /);
  });
});
