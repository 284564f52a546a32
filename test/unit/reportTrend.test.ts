// The synchronization trend: the last N records oldest first, durations, statuses, the messages both ways,
// and the failed data sets counted from listSynchronizationDetails (the emulator, and a service refusing the filter).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { collectAll, listSynchronizations } from '../../src/core/services/dataShare';
import { buildTrend, countingOrder, statusKind, trendCount, TREND_DEFAULT_COUNT, TREND_MAX_COUNT, type TrendPoint } from '../../src/core/report/trend/trend';
import { countFailedDataSets, countFailures, FAILURE_COUNT_CONCURRENCY, FAILURE_COUNT_MAX_PAGES, type FailureResult } from '../../src/core/report/trend/trendFailures';
import { isTrendHostMessage, isTrendPageMessage, isTrendPanelState, pointView, type TrendWords } from '../../src/core/report/trend/trendMessages';
import { generateDetails, generateSynchronizations } from '../emulator/dataShareGenerator';
import { json, shareSubscriptionRef, startFixture, StaticTokenProvider, suiteHarness } from './armHarness';

const sync = (id: string, startTime?: string, extra: Record<string, unknown> = {}) => ({ synchronizationId: id, startTime, ...extra });

describe('trend model', () => {
  it('keeps the last N synchronizations, oldest first, whatever order the listing has', () => {
    const raw = [sync('c', '2024-03-03T00:00:00Z'), sync('a', '2024-03-01T00:00:00Z'), sync('d', '2024-03-04T00:00:00Z'), sync('b', '2024-03-02T00:00:00Z')];
    assert.deepEqual(buildTrend(raw, 3).points.map((p) => p.synchronizationId), ['b', 'c', 'd']);
    assert.deepEqual(buildTrend(raw, 10).points.map((p) => p.synchronizationId), ['a', 'b', 'c', 'd']);
    assert.equal(buildTrend(raw, 3).listed, 4);
    assert.deepEqual(countingOrder(buildTrend(raw, 3).points), ['d', 'c', 'b']);
  });

  it('puts records without a readable start time oldest, keeps ties in listing order and drops records without an id', () => {
    const raw = [sync('late', '2024-03-05T00:00:00Z'), sync('nostart'), sync('bad', 'yesterday'), sync('t1', '2024-03-01T00:00:00Z'), sync('t2', '2024-03-01T00:00:00Z'), { status: 'Failed' }, null];
    const trend = buildTrend(raw, 10);
    assert.deepEqual(trend.points.map((p) => p.synchronizationId), ['nostart', 'bad', 't1', 't2', 'late']);
    assert.equal(trend.dropped, 2);
    assert.equal(trend.listed, 5);
  });

  it('takes durationMs as sent, else end minus start, else none (still running)', () => {
    const raw = [
      sync('sent', '2024-03-01T00:00:00Z', { durationMs: 5000, endTime: '2024-03-01T01:00:00Z' }),
      sync('times', '2024-03-02T00:00:00Z', { endTime: '2024-03-02T00:02:00Z' }),
      sync('queued', '2024-03-03T00:00:00Z', { status: 'Queued' }),
      sync('backwards', '2024-03-04T00:00:00Z', { endTime: '2024-03-03T00:00:00Z' }),
      sync('negative', '2024-03-05T00:00:00Z', { durationMs: -1, endTime: '2024-03-05T00:00:01Z' }),
      sync('text', '2024-03-06T00:00:00Z', { durationMs: '100' }),
    ];
    const byId = new Map(buildTrend(raw, 10).points.map((p) => [p.synchronizationId, p]));
    assert.deepEqual([byId.get('sent')?.durationMs, byId.get('sent')?.durationFromTimes], [5000, undefined]);
    assert.deepEqual([byId.get('times')?.durationMs, byId.get('times')?.durationFromTimes], [120_000, true]);
    assert.equal(byId.get('queued')?.durationMs, undefined);
    assert.equal(byId.get('backwards')?.durationMs, undefined);
    assert.deepEqual([byId.get('negative')?.durationMs, byId.get('negative')?.durationFromTimes], [1000, true]);
    assert.equal(byId.get('text')?.durationMs, undefined);
  });

  it('keeps only the known, well-typed fields of a record', () => {
    const [p] = buildTrend([sync('x', '2024-03-01T00:00:00Z', { message: { toString: () => 'boom' }, status: ['Failed'], secret: 'hunter2', synchronizationMode: 'FullSync' })], 1).points;
    assert.deepEqual(Object.keys(p).sort(), ['kind', 'startTime', 'synchronizationId', 'synchronizationMode']);
    assert.equal(p.kind, 'other');
  });

  it('reads the count from the setting or argument, falling back to the default', () => {
    assert.equal(TREND_DEFAULT_COUNT, 30);
    for (const bad of [undefined, null, 0, -3, 2.5, 501, 'many', '', Number.NaN]) assert.equal(trendCount(bad), TREND_DEFAULT_COUNT, String(bad));
    assert.equal(trendCount(1), 1);
    assert.equal(trendCount(500), 500);
    assert.equal(trendCount('12'), 12);
  });

  it('groups statuses into the kinds the chart draws', () => {
    const kinds = ['Succeeded', 'completed', 'Failed', 'faulted', 'Canceled', 'Cancelled', 'Queued', 'InProgress', 'Cancelling', 'SomethingNew', undefined].map(statusKind);
    assert.deepEqual(kinds, ['succeeded', 'succeeded', 'failed', 'failed', 'canceled', 'canceled', 'running', 'running', 'running', 'other', 'other']);
  });
});

describe('trend point texts and messages', () => {
  const words: TrendWords = {
    unknownStatus: 'Unknown',
    noStartTime: 'No start',
    running: 'running',
    notCounted: 'not counted',
    failed: (n, atLeast) => `${atLeast ? '>=' : ''}${n} failed`,
    durationFromTimes: (d) => `${d}*`,
    pointLabel: (...parts) => parts.join(' | '),
    status: (s) => `<${s}>`,
    mode: (m) => `[${m}]`,
  };
  const format = { duration: (ms: number) => `${ms}ms`, tick: (iso: string) => iso.slice(5, 10), time: (iso: string) => iso };

  it('labels a point with its start, status, duration and failed data sets', () => {
    const point: TrendPoint = { synchronizationId: 's', startTime: '2024-03-01T02:00:00Z', status: 'Failed', kind: 'failed', durationMs: 10, failedDataSets: { count: 3, atLeast: false }, message: '<b>x</b>' };
    const view = pointView(point, words, format);
    assert.equal(view.label, '2024-03-01T02:00:00Z | <Failed> | 10ms | 3 failed');
    assert.deepEqual(view.cells, ['2024-03-01T02:00:00Z', '<Failed>', '10ms', '3 failed', '', '<b>x</b>']);
    assert.equal(view.tick, '03-01');
    assert.equal(view.failed, 3);
    const pending = pointView({ synchronizationId: 'q', kind: 'running' }, words, format);
    assert.equal(pending.label, 'No start | Unknown | running | not counted');
    assert.equal(pointView({ ...point, durationFromTimes: true, failedDataSets: { count: 40, atLeast: true } }, words, format).label, '2024-03-01T02:00:00Z | <Failed> | 10ms* | >=40 failed');
  });

  it('accepts only the messages each side expects', () => {
    assert.ok(isTrendPageMessage({ type: 'ready' }));
    assert.ok(isTrendPageMessage({ type: 'open', synchronizationId: 'abc' }));
    assert.ok(!isTrendPageMessage({ type: 'open', synchronizationId: '' }));
    assert.ok(!isTrendPageMessage({ type: 'open', synchronizationId: { id: 'abc' } }));
    assert.ok(!isTrendPageMessage({ type: 'run', command: 'x' }));
    const view = { type: 'viewUpdated', points: ['a'], focusable: 1, marked: [0], rows: [['x']], legend: ['l'], injected: 0, state: 'done', note: '' };
    assert.ok(isTrendPageMessage(view));
    assert.ok(!isTrendPageMessage({ ...view, marked: [-1] }));
    assert.ok(!isTrendPageMessage({ ...view, state: 'finished' }));
    assert.ok(!isTrendPageMessage({ ...view, note: undefined }));

    const text = { heading: 'h', summary: 's', note: '', chartLabel: 'c', tableCaption: 't', columns: ['a'], legend: [{ kind: 'failedMark', text: 'x' }], openReport: 'o', empty: 'e', showTable: 'T' };
    const point = { synchronizationId: 's', kind: 'failed', durationMs: 3, failed: 1, tick: 't', label: 'l', cells: ['c'] };
    const panelState = { target: { subscriptionId: 's', resourceGroup: 'rg', accountName: 'a', shareSubscriptionName: 'n' }, count: 8 };
    assert.ok(isTrendHostMessage({ type: 'trend', panelState, state: 'counting', text, points: [point] }));
    assert.ok(!isTrendHostMessage({ type: 'trend', state: 'counting', text, points: [point] }), 'the state the page saves for a reload is required');
    assert.ok(isTrendHostMessage({ type: 'command', command: 'click', index: 2 }));
    assert.ok(!isTrendHostMessage({ type: 'command', command: 'click', index: -1 }));
    assert.ok(!isTrendHostMessage({ type: 'trend', panelState, state: 'done', text, points: [{ ...point, kind: 'purple' }] }));
    assert.ok(!isTrendHostMessage({ type: 'trend', panelState, state: 'done', text, points: [{ ...point, durationMs: Number.POSITIVE_INFINITY }] }));
    assert.ok(!isTrendHostMessage({ type: 'trend', panelState, state: 'done', text: { ...text, columns: [1] }, points: [] }));
    assert.ok(isTrendPageMessage({ ...view, saved: panelState }));
    assert.ok(!isTrendPageMessage({ ...view, saved: { ...panelState, count: 0 } }));
  });

  it('takes back a saved trend only with a whole target and a count the setting allows', () => {
    const target = { subscriptionId: 's', resourceGroup: 'rg', accountName: 'a', shareSubscriptionName: 'n', label: 'L' };
    assert.ok(isTrendPanelState({ target, count: 1 }));
    assert.ok(isTrendPanelState({ target, count: TREND_MAX_COUNT }));
    for (const bad of [undefined, null, 'x', {}, { target }, { target, count: 0 }, { target, count: 2.5 }, { target, count: TREND_MAX_COUNT + 1 }, { target, count: '8' }, { target: { ...target, accountName: '' }, count: 8 }, { target: { ...target, label: 3 }, count: 8 }]) {
      assert.ok(!isTrendPanelState(bad), JSON.stringify(bad));
    }
  });
});

describe('failed data sets per synchronization', () => {
  const harness = suiteHarness();
  const ref = shareSubscriptionRef('acct-trend', 'rg-trend');

  it('counts each synchronization of the emulator as its generated details say, asking only for the failed ones', async () => {
    const name = 'trend-syncs-4-rows-300-pagesize-40';
    const syncs = await collectAll(listSynchronizations(harness.client, ref(name)));
    assert.equal(syncs.length, 4);
    for (const s of syncs) {
      const expected = generateDetails('acct-trend', name, s.synchronizationId).filter((d) => d.status === 'Failed').length;
      assert.ok(expected > 0);
      assert.deepEqual(await countFailedDataSets(harness.client, ref(name), s.synchronizationId), { count: expected, atLeast: false });
    }
    const asked = harness.emu.requests.filter((r) => r.path.includes('/listSynchronizationDetails'));
    assert.ok(asked.length > 0);
    assert.ok(asked.every((r) => new URL(r.path, 'http://emulator').searchParams.get('$filter') === "status eq 'Failed'"), asked[0]?.path);
  });

  it('counts a trend of 30 in 5 sequential round trips at a round trip like Azure\'s, 6 at a time', async () => {
    const name = 'trend-latency-syncs-30';
    const points = buildTrend(await collectAll(listSynchronizations(harness.client, ref(name))), 30).points;
    assert.equal(points.length, 30);
    harness.emu.latency.set({ delayMs: 40 });
    harness.emu.resetStats();
    try {
      const results: FailureResult[] = [];
      await countFailures(countingOrder(points), (id) => countFailedDataSets(harness.client, ref(name), id), (r) => results.push(r));
      assert.equal(results.filter((r) => 'failed' in r).length, 30);
      // Each count is one page: 30 independent reads need ceil(30 / 6) = 5 round trips one after another.
      const { requests, sequential, inFlightMax } = harness.emu.latency.stats();
      assert.equal(requests, 30);
      assert.equal(inFlightMax, FAILURE_COUNT_CONCURRENCY);
      assert.equal(FAILURE_COUNT_CONCURRENCY, 6);
      // 5 when every reply takes exactly the delay; a loaded machine staggers the replies and lengthens the chain a
      // little, while two at a time could never take fewer than 15.
      assert.ok(sequential < 15, `${sequential} sequential round trips`);
    } finally {
      harness.emu.latency.set({ delayMs: 0 });
    }
  });

  it('stops after its page cap and says the count is a lower bound', async () => {
    const name = 'trend-cap-syncs-1-rows-3000-pagesize-1';
    const [s] = generateSynchronizations('acct-trend', name);
    const failed = generateDetails('acct-trend', name, s.synchronizationId).filter((d) => d.status === 'Failed').length;
    assert.ok(failed > FAILURE_COUNT_MAX_PAGES);
    assert.deepEqual(await countFailedDataSets(harness.client, ref(name), s.synchronizationId), { count: FAILURE_COUNT_MAX_PAGES, atLeast: true });
  });

  it('counts the plain listing when the service refuses the filter', async () => {
    const details = [{ status: 'Succeeded' }, { status: 'Failed' }, { status: 'failed' }, { status: 'Completed' }, 'junk', null];
    const server = await startFixture((req, _body, res, self) => {
      const url = new URL(req.url ?? '/', self.url);
      if (url.searchParams.has('$filter')) return json(res, 400, { error: { code: 'InvalidFilter', message: 'filter not supported' } });
      const page = Number(url.searchParams.get('$skipToken') ?? '0');
      json(res, 200, { value: details.slice(page * 3, page * 3 + 3), ...(page === 0 ? { nextLink: `${self.url}${url.pathname}?api-version=2021-08-01&$skipToken=1` } : {}) });
    });
    try {
      const client = new ArmClient({ endpoint: server.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', timeoutMs: 2000, maxRetries: 0 });
      assert.deepEqual(await countFailedDataSets(client, ref('any'), 'sync-1'), { count: 2, atLeast: false });
      assert.deepEqual(server.hits.map((h) => [h.method, new URL(h.url, server.url).searchParams.has('$filter'), JSON.parse(h.body)]), [
        ['POST', true, { synchronizationId: 'sync-1' }],
        ['POST', false, { synchronizationId: 'sync-1' }],
        ['POST', false, { synchronizationId: 'sync-1' }],
      ]);
    } finally {
      await server.close();
    }
  });

  it('counts a few at a time in the order given, reports a failure and goes on, and stops on abort', async () => {
    let running = 0;
    let peak = 0;
    const started: string[] = [];
    const results: FailureResult[] = [];
    await countFailures(
      ['a', 'b', 'c', 'd', 'e'],
      async (id) => {
        started.push(id);
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setImmediate(r));
        running--;
        if (id === 'c') throw new Error('nope');
        return { count: id.charCodeAt(0) - 96, atLeast: false };
      },
      (r) => results.push(r),
      { concurrency: 2 },
    );
    assert.equal(peak, 2);
    assert.deepEqual(started, ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(results.map((r) => ('failed' in r ? `${r.synchronizationId}=${r.failed.count}` : `${r.synchronizationId}!`)).sort(), ['a=1', 'b=2', 'c!', 'd=4', 'e=5']);

    const abort = new AbortController();
    const afterAbort: FailureResult[] = [];
    await countFailures(['x', 'y', 'z'], async (id) => {
      if (id === 'x') abort.abort();
      return { count: 0, atLeast: false };
    }, (r) => afterAbort.push(r), { concurrency: 1, signal: abort.signal });
    assert.deepEqual(afterAbort, []);
  });
});
