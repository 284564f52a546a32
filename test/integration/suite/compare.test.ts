// Comparing two synchronizations in the real VS Code against the ARM emulator: the two picks from the tree
// node, what the page's table and summary show, filters and sorting in the page, CSV export, hostile text,
// and Stop. Expected values come from the emulator's generator, computed here without the extension's code.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { CompareRecord } from '../../../src/webview/compare/compareRecord';
import type { ShareSubscriptionTarget } from '../../../src/core/settings/model';
import { generateDetails, generateSynchronizations, type SynchronizationDetail } from '../../emulator/dataShareGenerator';
import { assertHostileNamesNeutralised, readCsv } from './csv';
import { child } from './extensionApi';
import { pageSuite } from './pageSuite';
import { ScriptedInput, withAnswers } from './scriptedInput';

const COMPARE = 'aciDataShare.compareSynchronizations';
const base = { subscriptionId: '00000000-0000-0000-0000-000000000001', resourceGroup: 'rg-share', accountName: 'contoso-share' };
const target = (shareSubscriptionName: string): ShareSubscriptionTarget => ({ ...base, shareSubscriptionName });

/** The emulator's data of synchronization `index` (0 = newest), keyed by data set id. */
function details(name: string, index: number): Map<string, SynchronizationDetail> {
  const sync = generateSynchronizations(base.accountName, name)[index];
  return new Map(generateDetails(base.accountName, name, sync.synchronizationId).map((d) => [d.dataSetId, d]));
}

/** Answers both picks with their first item: the newest synchronization, then the one before it. */
const newestTwo = () =>
  new ScriptedInput([
    { pick: /\(1\/2\)/, choose: /./ },
    { pick: /\(2\/2\)/, choose: /./ },
  ]);
const pair = (r: CompareRecord, label: string) => r.view?.summary.find((p) => p.startsWith(`${label}: `))?.slice(label.length + 2);
const done = (r: CompareRecord) => r.state !== 'loading' && r.compared !== undefined && r.view?.shown !== undefined && r.view.status !== '' && !r.view.status.startsWith('Loading');

suite('Synchronization comparison', () => {
  const page = pageSuite((api) => api.compare);
  /** Runs Compare on `arg`, answering its picks with `script`. */
  const compare = (script: ScriptedInput, arg: unknown) => withAnswers(page.api, script, async () => vscode.commands.executeCommand(COMPARE, arg));
  /** Compares the newest two synchronizations of `name`; resolves once the page shows them (and `also` holds). */
  const compareNewest = async (name: string, also: (r: CompareRecord) => boolean = () => true): Promise<CompareRecord> => {
    await compare(newestTwo(), target(name));
    return page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && done(r) && also(r));
  };

  test('picks two synchronizations from the tree node (older = A) and shows every data set, failures first', async function () {
    this.timeout(60_000);
    const name = 'sales-settings-5';
    const syncs = generateSynchronizations(base.accountName, name);
    const a = details(name, 1);
    const b = details(name, 0);
    const sales = await child(page.api, await child(page.api, undefined, 'Share subscriptions'), 'Sales data');
    // The newest first, then the failed one before it: the older of the two is A, whatever the order of the picks.
    const script = new ScriptedInput([
      { pick: /^Compare synchronizations of Sales data \(1\/2\)/, choose: /./ },
      { pick: /^Compare synchronizations of Sales data \(2\/2\)/, choose: /^\$\(error\)/ },
    ]);
    await compare(script, sales.node);
    assert.strictEqual(script.shown[0].items?.length, syncs.length);
    assert.strictEqual(script.shown[1].items?.length, syncs.length - 1, 'the first pick is not offered again');

    const record = await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && done(r));
    assert.strictEqual(record.state, 'done', record.error);
    assert.deepStrictEqual([record.a.synchronizationId, record.b.synchronizationId], [syncs[1].synchronizationId, syncs[0].synchronizationId]);
    assert.deepStrictEqual([record.rowsA, record.rowsB, record.compared, record.view?.shown], [a.size, b.size, a.size, a.size]);
    assert.strictEqual(record.complete, true);

    // Counted once by hand from the emulator's data of sales-settings-5 (120 data sets in each): 10 fail only in
    // the newer synchronization, 9 only in the older one, 1 in both.
    assert.strictEqual(a.size, 120);
    assert.strictEqual(pair(record, 'Newly failed'), '10', record.view?.summary.join(' | '));
    assert.strictEqual(pair(record, 'Fixed'), '9');
    assert.strictEqual(pair(record, 'Still failing'), '1');
    assert.strictEqual(pair(record, 'Only in A / only in B'), '0 / 0');
    // Failures in B first: the first five rows are five of the ten newly failed.
    assert.deepStrictEqual(record.view?.firstChanges, ['Newly failed', 'Newly failed', 'Newly failed', 'Newly failed', 'Newly failed']);
    assert.match(record.view?.meta ?? '', /A: 2024-02-29 .*B: 2024-03-01 /);
    // Status and mode in the words the tree uses, not the service's (InProgress, Completed, FullSync).
    assert.match(record.view?.meta ?? '', /A: [^·]+ · (Full|Incremental) · (Synchronized|Synchronizing|Synchronization failed|Synchronization canceled|Queued) · /);
    assert.doesNotMatch(record.view?.meta ?? '', /FullSync|InProgress|Completed|Succeeded|Cancelled/);
    assert.strictEqual(record.view?.injected, 0);
  });

  test('filters and sorts in the page, then exports what is shown as CSV', async function () {
    this.timeout(60_000);
    const name = 'sales-settings-5';
    const a = details(name, 1);
    const b = details(name, 0);
    const involved = [...a.keys()].filter((id) => a.get(id)!.status === 'Failed' || b.get(id)!.status === 'Failed');
    await page.hooks.post({ type: 'command', command: 'query', query: { filter: 'failures' } });
    const filtered = await page.hooks.waitFor((r) => r.view?.shown === involved.length);
    assert.strictEqual(pair(filtered, 'Shown'), String(involved.length));

    const slower = involved.map((id) => ({ name: b.get(id)!.name, delta: b.get(id)!.durationMs - a.get(id)!.durationMs })).sort((x, y) => y.delta - x.delta);
    await page.hooks.post({ type: 'command', command: 'query', query: { filter: 'failures', sort: { column: 'durationMsDelta', descending: true } } });
    await page.hooks.waitFor((r) => JSON.stringify(r.view?.firstNames) === JSON.stringify(slower.slice(0, 5).map((s) => s.name)));

    const { file } = await page.exportAs('failures.csv', 'csv', /^Export \d+ compared data sets as CSV$/);
    const records = readCsv(fs.readFileSync(file, 'utf8'));
    const col = (k: string) => records[0].indexOf(k);
    assert.ok(['name', 'change', 'statusA', 'statusB', 'durationMsA', 'durationMsB', 'durationMsDelta', 'sizeReadDelta', 'dataSetId'].every((k) => col(k) >= 0), records[0].join(','));
    assert.strictEqual(records.length - 1, involved.length);
    assert.deepStrictEqual(records.slice(1).map((r) => r[col('name')]), slower.map((s) => s.name));
    assert.deepStrictEqual(records.slice(1).map((r) => Number(r[col('durationMsDelta')])), slower.map((s) => s.delta));
    assert.ok(records.slice(1).every((r) => ['Newly failed', 'Fixed', 'Still failing'].includes(r[col('change')])), 'the change in words');

    await page.hooks.post({ type: 'command', command: 'query', query: {} });
    await page.hooks.waitFor((r) => r.view?.shown === a.size);
  });

  test('hostile strings render as text and export neutralised', async function () {
    this.timeout(60_000);
    const name = 'hostile-rows-40';
    const record = await compareNewest(name);
    assert.strictEqual(record.view?.injected, 0, 'no element was created from service text');
    await page.hooks.post({ type: 'command', command: 'query', query: { sort: { column: 'name', descending: false } } });
    const sorted = await page.hooks.waitFor((r) => r.view?.firstNames.some((n) => n.startsWith('"quoted"')) === true);
    assert.ok(sorted.view?.firstNames.includes('"quoted", with, commas'), sorted.view?.firstNames.join(' | '));
    const { file } = await page.exportAs('hostile.csv', 'csv', /as CSV$/);
    const rows = readCsv(fs.readFileSync(file, 'utf8'));
    const names = rows.slice(1).map((r) => r[rows[0].indexOf('name')]);
    assertHostileNamesNeutralised(names);
  });

  test('data sets missing from one synchronization show as only in A or only in B', async function () {
    this.timeout(60_000);
    const name = 'churn-rows-60';
    const record = await compareNewest(name);
    const a = details(name, 1);
    const b = details(name, 0);
    const onlyA = [...a.keys()].filter((id) => !b.has(id)).length;
    const onlyB = [...b.keys()].filter((id) => !a.has(id)).length;
    assert.ok(onlyA > 0 && onlyB > 0);
    assert.strictEqual(pair(record, 'Only in A / only in B'), `${onlyA} / ${onlyB}`, record.view?.summary.join(' | '));
    assert.strictEqual(record.compared, new Set([...a.keys(), ...b.keys()]).size);
    assert.deepStrictEqual([record.rowsA, record.rowsB], [a.size, b.size]);
  });

  test('a large comparison gives the page only the first 1,000 rows of the view, and counts them all', async function () {
    this.timeout(60_000);
    const name = 'large-rows-2500-pagesize-500';
    const record = await compareNewest(name, (r) => r.view?.shown === 2500);
    assert.deepStrictEqual([record.compared, record.view?.domRows], [2500, 1000]);
    const a = details(name, 1);
    const b = details(name, 0);
    const failures = [...a.keys()].filter((id) => a.get(id)!.status === 'Failed' || b.get(id)!.status === 'Failed').length;
    await page.hooks.post({ type: 'command', command: 'query', query: { filter: 'failures' } });
    const filtered = await page.hooks.waitFor((r) => r.view?.shown === failures);
    assert.strictEqual(filtered.view?.domRows, Math.min(failures, 1000));
  });

  test('Stop ends both listings and says the comparison is incomplete', async function () {
    this.timeout(60_000);
    const name = 'long-rows-20000-pagesize-20';
    await compare(newestTwo(), target(name));
    await page.hooks.waitFor((r) => r.target.shareSubscriptionName === name && r.rowsA + r.rowsB >= 100);
    await page.hooks.post({ type: 'command', command: 'stop' });
    const record = await page.hooks.waitFor((r) => r.state === 'stopped' && done(r));
    assert.strictEqual(record.complete, false);
    assert.ok(record.rowsA < 20_000 && record.rowsB < 20_000, `rows: ${record.rowsA} / ${record.rowsB}`);
    assert.match(record.view?.status ?? '', /^Stopped after .*incomplete/);
    assert.strictEqual(record.error, undefined);
  });

  test('a share subscription with one synchronization says there is nothing to compare', async function () {
    const name = 'single-syncs-1';
    const script = new ScriptedInput([{ pick: /\(1\/2\)/, choose: /./ }]);
    const before = page.hooks.lastCompare();
    await compare(script, target(name));
    assert.ok(script.messages('info').some((m) => /only one synchronization/.test(m)), script.messages().join(' | '));
    assert.strictEqual(page.hooks.lastCompare(), before, 'no panel opened');
  });
});
