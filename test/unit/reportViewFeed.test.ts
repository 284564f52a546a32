// The report's feed to its page: updates paced while pages stream in, the end and a restarted page sent at
// once, windows carried only when their rows changed, and every page acknowledged exactly once.
import { strict as assert } from 'node:assert';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { type HostMessage, type ViewUpdate } from '../../src/core/report/report/messages';
import { decodeRows } from '../../src/core/report/report/rowTuples';
import { UPDATE_INTERVAL_MS, ViewFeed } from '../../src/core/report/report/viewFeed';
import { type ReportRow } from '../../src/core/report/shared/model';
import { type ReportPage } from '../../src/core/report/shared/stream';
import { addPage, emptyTotals } from '../../src/core/report/shared/totals';

function pageOf(n: number, size: number, totals = emptyTotals(), last = false): ReportPage {
  const rows: ReportRow[] = Array.from({ length: size }, (_, i) => ({ name: `p${n}-r${i}`, status: 'Succeeded' }));
  addPage(totals, rows, undefined);
  return { rows, pageNumber: n, totals: { ...totals }, last, server: {} };
}

/** A page that takes every message a turn of the event loop after postMessage, as a webview does. */
function fakePage() {
  const posted: HostMessage[] = [];
  let ready = true;
  const target = {
    post: (m: HostMessage) => new Promise<boolean>((r) => setImmediate(() => (posted.push(m), r(true)))),
    ready: () => ready,
    onUpdate: () => undefined,
  };
  const updates = () => posted.filter((m): m is ViewUpdate => m.type === 'view');
  return { target, updates, setReady: (r: boolean) => (ready = r) };
}

/** Moves the mocked clock on by `ms`, a millisecond at a time, letting what each millisecond wakes run. */
async function sleep(ms: number): Promise<void> {
  for (let i = 0; i < ms; i++) {
    mock.timers.tick(1);
    await new Promise<void>((r) => setImmediate(r));
  }
  await new Promise<void>((r) => setImmediate(r));
}

describe('ViewFeed', () => {
  // The pacing reads Date.now() and waits with setTimeout: both on a clock the tests move, so nothing here sleeps.
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.UTC(2026, 0, 1) }));
  afterEach(() => mock.timers.reset());

  it('paces updates while pages stream in, sends what is held at the end at once, and acknowledges every page once', async () => {
    const page = fakePage();
    // An interval no test outlasts: only the first update and the end's may go.
    const feed = new ViewFeed(page.target, {}, 3_600_000);
    feed.start(1);
    const totals = emptyTotals();
    for (let n = 1; n <= 60; n++) {
      feed.add(pageOf(n, 10, totals, n === 60));
      await sleep(2);
    }
    await feed.end();
    const updates = page.updates();
    assert.deepEqual(updates.map((u) => u.pages), [1, 59]);
    assert.equal(updates.reduce((n, u) => n + u.rows, 0), 600);
    const last = updates.at(-1)!;
    assert.deepEqual([last.pageNumber, last.shown, last.totals.rows], [60, 600, 600]);
  });

  it('updates the page again once the interval has passed', async () => {
    const page = fakePage();
    const feed = new ViewFeed(page.target, {}, 20);
    feed.start(1);
    feed.add(pageOf(1, 10));
    feed.add(pageOf(2, 10));
    await sleep(10);
    assert.deepEqual(page.updates().map((u) => u.pages), [1], 'the second page waits for the interval');
    await sleep(20);
    assert.deepEqual(page.updates().map((u) => u.pages), [1, 1], 'the second page did not wait for the end');
    await feed.end();
  });

  it('sends the rows of the window only when they changed, and answers a window request with them', async () => {
    const page = fakePage();
    const feed = new ViewFeed(page.target, {});
    feed.start(1);
    await feed.replay(); // the page asks nothing yet: its first update carries the top rows
    feed.add(pageOf(1, 150));
    await sleep(UPDATE_INTERVAL_MS * 2);
    feed.add(pageOf(2, 10));
    await feed.end();
    const [first, second] = page.updates();
    assert.ok(first.window, 'the first update carries the top of the view');
    assert.equal(decodeRows(first.window.data).length, 100);
    assert.equal(second.window, undefined, 'rows added below the window leave it as it was');
    const reply = feed.window(140, 40);
    assert.ok(reply.type === 'window');
    assert.deepEqual(decodeRows(reply.data).map((r) => r.name), [...Array.from({ length: 10 }, (_, i) => `p1-r${140 + i}`), ...Array.from({ length: 10 }, (_, i) => `p2-r${i}`)]);
  });

  it('a new load starts its updates at once, even while the previous load waits for the interval', { timeout: 5000 }, async () => {
    const page = fakePage();
    const feed = new ViewFeed(page.target, {}, 3_600_000);
    feed.start(1);
    feed.add(pageOf(1, 10));
    feed.add(pageOf(2, 10)); // waits for the interval
    await sleep(20);
    feed.start(2);
    feed.add(pageOf(1, 5));
    await sleep(50);
    const updates = page.updates();
    assert.deepEqual(updates.map((u) => [u.load, u.pages, u.shown]), [[1, 1, 10], [2, 1, 5]], 'the old load\'s held page is dropped, the new one goes');
    await feed.end();
  });

  it('replays everything held to a page that starts during the load at once, then paces again', async () => {
    const page = fakePage();
    const feed = new ViewFeed(page.target, { status: 'Succeeded', sort: { column: 'name', descending: true } }, 3_600_000);
    feed.start(1);
    page.setReady(false);
    for (let n = 1; n <= 5; n++) feed.add(pageOf(n, 20));
    await sleep(10);
    assert.equal(page.updates().length, 0, 'nothing goes to a page that is not ready');
    page.setReady(true);
    await feed.replay();
    await sleep(20);
    const [replay] = page.updates();
    assert.deepEqual([replay.pages, replay.shown], [5, 100]);
    assert.equal(decodeRows(replay.window!.data)[0].name, 'p5-r9', 'sorted as the page asked');
    await feed.end();
  });
});
