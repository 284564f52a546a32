// Comparing two synchronizations: the join per data set, the changes, the largest-change order, filters,
// the export through the report's CSV writer, and both listings loaded from the emulator over real sockets.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { byLargestChange, compareDetails, hasChanged, involvesFailure, joinDetails, type CompareRow } from '../../src/core/report/compare/compare';
import { compareToCsv, compareToJson } from '../../src/core/report/compare/compareExport';
import { loadComparison } from '../../src/core/report/compare/compareLoad';
import { compareInitFrom, isComparePageMessage } from '../../src/core/report/compare/compareMessages';
import { applyCompareQuery, COMPARE_COLUMNS, compareCellText, formatDelta, isCompareQuery } from '../../src/core/report/compare/compareQuery';
import { summarizeComparison } from '../../src/core/report/compare/compareSummary';
import { parseCsv } from '../../src/core/report/shared/exportFormats';
import { computeTotals } from '../../src/core/report/shared/totals';
import type { ReportRow } from '../../src/core/report/shared/model';
import { collectAll, listSynchronizations } from '../../src/core/services/dataShare';
import { generateDetails, generateSynchronizations } from '../emulator/dataShareGenerator';
import { shareSubscriptionRef, suiteHarness } from './armHarness';

const ok = (name: string, id: string, durationMs: number, sizeRead = 1000, extra: Partial<ReportRow> = {}): ReportRow => ({
  name, dataSetId: id, dataSetType: 'Blob', status: 'Succeeded', durationMs, sizeRead, ...extra,
});
const failed = (name: string, id: string, durationMs: number, extra: Partial<ReportRow> = {}): ReportRow =>
  ok(name, id, durationMs, 0, { status: 'Failed', message: `${name} failed`, ...extra });

const byName = (rows: CompareRow[]) => new Map(rows.map((r) => [r.name, r]));

describe('comparison join', () => {
  it('pairs data sets by dataSetId even when the name changed, and computes B − A', () => {
    const [row] = joinDetails([ok('old-name', 'id-1', 1000, 500, { rowsCopied: 10, filesWritten: 2, sizeWritten: 400 })], [ok('new-name', 'id-1', 4000, 2500, { rowsCopied: 7, filesWritten: 2, sizeWritten: 900 })]);
    assert.equal(row.name, 'new-name', "B's name is the data set's current one");
    assert.equal(row.change, 'unchanged');
    assert.deepEqual([row.durationMsA, row.durationMsB, row.durationMsDelta], [1000, 4000, 3000]);
    assert.deepEqual([row.sizeReadA, row.sizeReadB, row.sizeReadDelta], [500, 2500, 2000]);
    assert.deepEqual([row.sizeWrittenDelta, row.rowsCopiedDelta, row.filesWrittenDelta], [500, -3, 0]);
  });

  it('falls back to name and type where a side has no dataSetId, and never joins two different ids', () => {
    const a = [ok('t1', '', 100), { name: 'T2', dataSetType: 'SqlDBTable', status: 'Succeeded', durationMs: 5 }, ok('same-name', 'id-old', 10)];
    const b = [ok('t1', 'id-t1', 300), { name: 't2', dataSetType: 'sqldbtable', status: 'Succeeded', durationMs: 9 }, ok('same-name', 'id-new', 20)];
    const rows = joinDetails(a, b);
    const t1 = rows.find((r) => r.name === 't1')!;
    assert.equal(t1.change, 'unchanged');
    assert.equal(t1.durationMsDelta, 200);
    assert.equal(t1.dataSetId, 'id-t1');
    assert.equal(rows.find((r) => r.name?.toLowerCase() === 't2')?.durationMsDelta, 4, 'name and type compare case-insensitively');
    const same = rows.filter((r) => r.name === 'same-name');
    assert.deepEqual(same.map((r) => r.change).sort(), ['onlyInA', 'onlyInB'], 'a removed and a re-added data set stay two');
    assert.equal(rows.length, 4);
  });

  it('a name shared by two types is two data sets', () => {
    const rows = joinDetails([{ name: 'x', dataSetType: 'Blob', status: 'Succeeded' }], [{ name: 'x', dataSetType: 'BlobFolder', status: 'Succeeded' }]);
    assert.deepEqual(rows.map((r) => r.change).sort(), ['onlyInA', 'onlyInB']);
  });

  it('classifies newly failed, still failing, fixed, only in A or B, other status changes', () => {
    const a = [ok('new-fail', '1', 10), failed('still', '2', 10), failed('fixed', '3', 10), ok('gone', '4', 10), ok('canceled', '6', 10), ok('same', '7', 10), { name: 'completed', dataSetId: '8', status: 'Completed' }];
    const b = [failed('new-fail', '1', 10), failed('still', '2', 10), ok('fixed', '3', 10), ok('added', '5', 10), ok('canceled', '6', 10, 1000, { status: 'Canceled' }), ok('same', '7', 10), { name: 'completed', dataSetId: '8', status: 'completed ' }];
    const rows = byName(joinDetails(a, b));
    assert.deepEqual(
      [...rows].map(([n, r]) => `${n}:${r.change}`).sort(),
      ['added:onlyInB', 'canceled:statusChanged', 'completed:unchanged', 'fixed:fixed', 'gone:onlyInA', 'new-fail:newlyFailed', 'same:unchanged', 'still:stillFailing'],
    );
    assert.equal(rows.get('fixed')?.message, 'fixed failed', "a fixed data set keeps A's failure message");
    assert.equal(rows.get('gone')?.statusB, undefined);
    assert.equal(rows.get('gone')?.durationMsDelta, undefined, 'no change without both sides');
    assert.equal(rows.get('added')?.durationMsB, 10);
  });

  it('keeps every row of a listing that repeats a data set, pairing them in order', () => {
    const rows = joinDetails([ok('d', 'id', 1), ok('d', 'id', 2)], [ok('d', 'id', 10)]);
    assert.deepEqual(rows.map((r) => [r.change, r.durationMsA, r.durationMsB]), [['unchanged', 1, 10], ['onlyInA', 2, undefined]]);
  });

  it('keeps only the known, well-typed fields of each row (as the report does)', () => {
    const hostile = { name: 'n', dataSetId: 'x', status: 'Succeeded', durationMs: '5', sizeRead: Infinity, extra: { secret: 'k' }, toString: 1 };
    const [row] = joinDetails([hostile, null, 7], [{ ...hostile, durationMs: 9 }]);
    assert.deepEqual(Object.keys(row).sort(), ['change', 'dataSetId', 'durationMsB', 'name', 'statusA', 'statusB']);
    const rows = joinDetails([null, 'text'], []);
    assert.equal(rows.length, 2, 'unusable records still count, as data sets without a name');
    assert.ok(rows.every((r) => r.change === 'onlyInA' && r.name === undefined));
  });
});

describe('comparison order and filters', () => {
  const a = [ok('slower', '1', 1000), ok('faster', '2', 9000), failed('still', '3', 100), failed('fixed', '4', 100), ok('new-fail', '5', 100), ok('gone', '6', 100), ok('same', '7', 50), ok('much-slower', '8', 0)];
  const b = [ok('slower', '1', 3000), ok('faster', '2', 1000), failed('still', '3', 50_000), ok('fixed', '4', 100), failed('new-fail', '5', 100), ok('added', '9', 7), ok('same', '7', 50), ok('much-slower', '8', 60_000)];

  it('orders failures in B first, then fixes, data sets added or gone, then by the absolute duration change', () => {
    const rows = compareDetails(a, b);
    assert.deepEqual(rows.map((r) => r.name), ['new-fail', 'still', 'fixed', 'added', 'gone', 'much-slower', 'faster', 'slower', 'same']);
    const sorted = rows.slice().reverse().sort(byLargestChange);
    assert.deepEqual(sorted.map((r) => r.name), rows.map((r) => r.name), 'the order does not depend on the input order');
  });

  it('breaks duration ties by the size read change, then by name', () => {
    const rows = compareDetails([ok('b', '1', 10, 100), ok('a', '2', 10, 100), ok('c', '3', 10, 100)], [ok('b', '1', 20, 100), ok('a', '2', 20, 100), ok('c', '3', 20, 9000)]);
    assert.deepEqual(rows.map((r) => r.name), ['c', 'a', 'b']);
  });

  it('filters to changed data sets or those that failed in either synchronization', () => {
    const rows = compareDetails(a, b);
    assert.deepEqual(applyCompareQuery(rows, { filter: 'changed' }).map((r) => r.name), rows.filter((r) => r.name !== 'same').map((r) => r.name));
    assert.deepEqual(applyCompareQuery(rows, { filter: 'failures' }).map((r) => r.name), ['new-fail', 'still', 'fixed']);
    assert.ok(hasChanged({ change: 'unchanged', sizeReadDelta: 1 }));
    assert.ok(!hasChanged({ change: 'unchanged', sizeReadDelta: 0, durationMsDelta: 0 }));
    assert.ok(involvesFailure({ change: 'fixed', statusA: 'Failed' }));
  });

  it('sorts by a column (missing values last) and back to the largest change without one', () => {
    const rows = compareDetails(a, b);
    const byDelta = applyCompareQuery(rows, { sort: { column: 'durationMsDelta', descending: true } });
    assert.deepEqual(byDelta.map((r) => r.name).slice(0, 3), ['much-slower', 'still', 'slower']);
    assert.deepEqual(byDelta.slice(-2).map((r) => r.name).sort(), ['added', 'gone'], 'rows without a change sort last');
    const ascending = applyCompareQuery(rows, { sort: { column: 'durationMsDelta', descending: false } });
    assert.equal(ascending[0].name, 'faster');
    assert.deepEqual(ascending.slice(-2).map((r) => r.name).sort(), ['added', 'gone'], 'also when ascending');
    const byChange = applyCompareQuery(rows, { sort: { column: 'change', descending: false } });
    assert.equal(byChange[0].change, 'newlyFailed');
    assert.deepEqual(applyCompareQuery(rows, {}).map((r) => r.name), rows.map((r) => r.name));
  });

  it('summarises the changes with each side\'s totals', () => {
    const rows = compareDetails(a, b);
    const s = summarizeComparison(rows, computeTotals(a), computeTotals(b));
    assert.equal(s.dataSets, 9);
    assert.deepEqual(s.changes, { newlyFailed: 1, stillFailing: 1, fixed: 1, onlyInA: 1, onlyInB: 1, statusChanged: 0, unchanged: 4 });
    assert.deepEqual([s.totalsA.failed, s.totalsB.failed], [2, 2]);
  });

  it('formats changes with their sign and unit', () => {
    assert.equal(formatDelta('duration', 1500), '+1.5 s');
    assert.equal(formatDelta('bytes', -20 * 1024 * 1024), '−20.0 MB');
    assert.equal(formatDelta('count', 0), '0');
    assert.equal(formatDelta('count', undefined), '');
    const col = (k: string) => COMPARE_COLUMNS.find((c) => c.key === k)!;
    assert.equal(compareCellText(col('change'), { change: 'newlyFailed' }), 'Newly failed');
    assert.equal(compareCellText(col('rowsCopiedDelta'), { change: 'unchanged', rowsCopiedDelta: -1234 }), '−1,234');
    assert.equal(compareCellText(col('durationMsB'), { change: 'unchanged', durationMsB: 850 }), '850 ms');
  });
});

describe('comparison export and messages', () => {
  it('exports CSV through the report writer: one header, the change in words, formulas neutralised', () => {
    const evil = ['=HYPERLINK("http://x")', '@SUM(1)', '+1', '-1', ' =1', 'a;=cmd', '"quoted", with, commas'];
    const a = evil.map((n, i) => ok(n, `id-${i}`, 10, 5, { message: n }));
    const b = evil.map((n, i) => failed(n, `id-${i}`, 5, { message: n }));
    const csv = compareToCsv(compareDetails(a, b));
    const records = parseCsv(csv);
    assert.deepEqual(records[0], COMPARE_COLUMNS.map((c) => c.key));
    assert.equal(records.length, evil.length + 1);
    const col = (k: string) => records[0].indexOf(k);
    for (const r of records.slice(1)) {
      for (const cell of [r[col('name')], r[col('message')]]) assert.ok(!/^\s*[=+\-@]/.test(cell) && !/;\s*[=+\-@]/.test(cell), cell);
      assert.equal(r[col('change')], 'Newly failed');
      assert.equal(r[col('durationMsDelta')], '-5', 'a negative change stays a number');
    }
    assert.ok(records.slice(1).some((r) => r[col('name')] === `'=HYPERLINK("http://x")`));
    assert.ok(records.slice(1).some((r) => r[col('name')] === '"quoted", with, commas'));
  });

  it('exports JSON with both synchronizations and the change codes', () => {
    const rows = compareDetails([ok('x', '1', 1)], [failed('x', '1', 2)]);
    const json = JSON.parse(compareToJson(rows, { shareSubscriptionName: 's', synchronizationA: { synchronizationId: 'a' }, synchronizationB: { synchronizationId: 'b' }, exportedAt: 'now' }));
    assert.deepEqual([json.synchronizationA.synchronizationId, json.synchronizationB.synchronizationId, json.count, json.rows[0].change], ['a', 'b', 1, 'newlyFailed']);
  });

  it('accepts only well-formed page messages and queries', () => {
    assert.ok(isComparePageMessage({ type: 'query', query: { filter: 'changed', sort: { column: 'durationMsDelta', descending: true } } }));
    assert.ok(!isComparePageMessage({ type: 'query', query: { filter: 'everything' } }));
    assert.ok(!isComparePageMessage({ type: 'query', query: { sort: { column: 'toString', descending: true } } }));
    assert.ok(!isComparePageMessage({ type: 'export', format: 'xlsx' }));
    assert.ok(!isComparePageMessage({ type: 'viewUpdated', shown: -1 }));
    assert.ok(isComparePageMessage({ type: 'viewUpdated', shown: 1, domRows: 1, injected: 0, firstNames: [], firstChanges: [], summary: [], meta: '', status: '' }));
    assert.ok(!isCompareQuery(null));
  });

  it('takes back a saved comparison with only its known fields, or nothing when a part is unusable', () => {
    const target = { subscriptionId: 's', resourceGroup: 'rg', accountName: 'a', shareSubscriptionName: 'n' };
    const a = { synchronizationId: 'id-a', status: 'Succeeded', durationMs: 5, secret: 'x' };
    const b = { synchronizationId: 'id-b', startTime: '2024-03-01T02:00:00Z' };
    const query = { filter: 'failures', sort: { column: 'name', descending: false } };
    assert.deepEqual(compareInitFrom({ target, a, b, query, extra: 1 }), { target, a: { synchronizationId: 'id-a', status: 'Succeeded', durationMs: 5 }, b, query });
    for (const bad of [undefined, null, 'x', { target, a, b }, { target, a: {}, b, query }, { target, a, b: { synchronizationId: '' }, query }, { target: { ...target, subscriptionId: '' }, a, b, query }, { target, a, b, query: { filter: 'everything' } }]) {
      assert.equal(compareInitFrom(bad), undefined, JSON.stringify(bad));
    }
    const view = { type: 'viewUpdated', shown: 1, domRows: 1, injected: 0, firstNames: [], firstChanges: [], summary: [], meta: '', status: '' };
    assert.ok(isComparePageMessage({ ...view, saved: { target, a, b, query } }));
    assert.ok(!isComparePageMessage({ ...view, saved: { target, a, b } }));
  });
});

describe('comparison loaded from the emulator', () => {
  const harness = suiteHarness();
  const ref = shareSubscriptionRef('acct-compare', 'rg-compare');

  it('streams both listings (every page) and joins every data set', async () => {
    const name = 'cmp-rows-230-pagesize-40';
    const syncs = await collectAll(listSynchronizations(harness.client, ref(name)));
    const [newer, older] = [syncs[0].synchronizationId, syncs[1].synchronizationId];
    const progress: [number, number][] = [];
    const load = await loadComparison(harness.client, ref(name), older, newer, { onProgress: (x, y) => progress.push([x, y]) });
    assert.equal(load.error, undefined);
    assert.deepEqual([load.a.rows.length, load.b.rows.length, load.a.totals.pagesLoaded, load.b.totals.pagesLoaded], [230, 230, 6, 6]);
    assert.equal(progress.length, 12);
    const rows = compareDetails(load.a.rows, load.b.rows);
    const expectedA = generateDetails('acct-compare', name, older);
    const expectedB = generateDetails('acct-compare', name, newer);
    assert.equal(rows.length, 230, 'the same data sets in both: one row each');
    assert.ok(rows.every((r) => r.change !== 'onlyInA' && r.change !== 'onlyInB'));
    // In this emulator data the eighth data set (index 7) is the first to fail only in the newer synchronization.
    assert.equal(expectedA.findIndex((d, i) => d.status !== 'Failed' && expectedB[i].status === 'Failed'), 7);
    assert.equal(rows[0].change, 'newlyFailed');
    const one = rows.find((r) => r.dataSetId === expectedB[5].dataSetId)!;
    assert.equal(one.durationMsDelta, expectedB[5].durationMs - expectedA[5].durationMs);
    assert.equal(generateSynchronizations('acct-compare', name).length, syncs.length);
  });

  it('data sets listed by only one synchronization show as only in A or only in B', async () => {
    const name = 'cmp-churn-rows-60';
    const syncs = await collectAll(listSynchronizations(harness.client, ref(name)));
    const [newer, older] = [syncs[0].synchronizationId, syncs[1].synchronizationId];
    const load = await loadComparison(harness.client, ref(name), older, newer);
    const idsA = new Set(generateDetails('acct-compare', name, older).map((d) => d.dataSetId));
    const idsB = new Set(generateDetails('acct-compare', name, newer).map((d) => d.dataSetId));
    const onlyA = [...idsA].filter((id) => !idsB.has(id));
    const onlyB = [...idsB].filter((id) => !idsA.has(id));
    assert.ok(onlyA.length > 0 && onlyB.length > 0, 'the churn leaves data sets out of each side');
    const rows = compareDetails(load.a.rows, load.b.rows);
    assert.deepEqual(rows.filter((r) => r.change === 'onlyInA').map((r) => r.dataSetId).sort(), onlyA.sort());
    assert.deepEqual(rows.filter((r) => r.change === 'onlyInB').map((r) => r.dataSetId).sort(), onlyB.sort());
    assert.equal(rows.length, new Set([...idsA, ...idsB]).size);
  });

  it('a cancelled load keeps what arrived and says why', async () => {
    const name = 'cmp-long-rows-5000-pagesize-20';
    const syncs = await collectAll(listSynchronizations(harness.client, ref(name)));
    const abort = new AbortController();
    const load = await loadComparison(harness.client, ref(name), syncs[1].synchronizationId, syncs[0].synchronizationId, {
      signal: abort.signal,
      onProgress: (x, y) => {
        if (x + y >= 100) abort.abort();
      },
    });
    assert.ok(load.error !== undefined, 'the load reports that it did not finish');
    assert.ok(load.a.rows.length + load.b.rows.length >= 100 && load.a.rows.length < 5000 && load.b.rows.length < 5000);
  });
});
