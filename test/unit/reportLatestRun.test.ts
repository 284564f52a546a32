// The report's "newest run wins" slot: a newer start or a close aborts the older run and makes its late result
// unpublishable; against the ARM emulator over real sockets, a reload mid-listing stops the older paging.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { ArmError } from '../../src/core/arm/errors';
import { collectAll, listSynchronizations } from '../../src/core/services/dataShare';
import { LatestRun, type RunTicket } from '../../src/core/report/shared/latestRun';
import { streamSynchronizationReport } from '../../src/core/report/shared/stream';
import { shareSubscriptionRef, suiteHarness } from './armHarness';

/** A promise settled from outside, so the test decides which run finishes first. */
function deferred<T>(): { promise: Promise<T>; resolve(v: T): void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('LatestRun', () => {
  it('a newer start aborts the older run and makes it stale', () => {
    const slot = new LatestRun();
    const first = slot.start();
    assert.equal(first.isCurrent(), true);
    assert.equal(first.signal.aborted, false);
    const second = slot.start();
    assert.equal(first.signal.aborted, true);
    assert.equal(first.isCurrent(), false);
    assert.equal(second.isCurrent(), true);
    assert.equal(second.signal.aborted, false);
  });

  it('a late result of an older run does not replace the newer one', async () => {
    const slot = new LatestRun();
    let shown: string | undefined;
    const publish = async (run: RunTicket, result: Promise<string>) => {
      const value = await result;
      if (run.isCurrent()) shown = value;
    };
    const older = deferred<string>();
    const newer = deferred<string>();
    const a = publish(slot.start(), older.promise);
    const b = publish(slot.start(), newer.promise);
    newer.resolve('newer');
    await b;
    older.resolve('older');
    await a;
    assert.equal(shown, 'newer');
  });

  it('stop() aborts but leaves the run current so it can report that it stopped', () => {
    const slot = new LatestRun();
    const run = slot.start();
    slot.stop();
    assert.equal(run.signal.aborted, true);
    assert.equal(run.isCurrent(), true);
  });

  it('close() aborts the running one, and anything started afterwards is born aborted and stale', () => {
    const slot = new LatestRun();
    const run = slot.start();
    slot.close();
    assert.equal(run.signal.aborted, true);
    assert.equal(run.isCurrent(), false);
    const late = slot.start();
    assert.equal(late.signal.aborted, true);
    assert.equal(late.isCurrent(), false);
  });
});

describe('LatestRun with the report stream against the emulator', () => {
  const ref = shareSubscriptionRef('acct-report', 'rg-report')('rep-rows-1000-pagesize-10');
  const harness = suiteHarness();

  it('a reload after page 2 stops the older listing; only the newer rows are kept', async () => {
    const [sync] = await collectAll(listSynchronizations(harness.client, ref));
    const slot = new LatestRun();
    let kept: string[] = [];
    const detailPagesServed = () => harness.emu.requests.filter((r) => r.path.includes('/listSynchronizationDetails?') && r.status === 200).length;
    let reload: Promise<number> | undefined;

    const load = async (onPage?: (page: number) => void): Promise<number> => {
      const run = slot.start();
      const rows: string[] = [];
      let pages = 0;
      try {
        for await (const page of streamSynchronizationReport(harness.client, ref, sync.synchronizationId, { signal: run.signal })) {
          if (!run.isCurrent()) break;
          pages = page.pageNumber;
          rows.push(...page.rows.map((r) => r.name ?? ''));
          onPage?.(page.pageNumber);
        }
      } catch (err) {
        assert.ok(err instanceof ArmError && err.kind === 'canceled', `only a cancellation is expected, got ${String(err)}`);
      }
      if (run.isCurrent()) kept = rows;
      return pages;
    };

    const servedBefore = detailPagesServed();
    const olderPages = await load((n) => {
      if (n === 2) reload = load();
    });
    const newerPages = await reload;
    assert.equal(olderPages, 2, 'the older listing stopped after the page on which the reload started');
    assert.equal(newerPages, 100);
    assert.equal(kept.length, 1000, 'the newer load published all its rows');
    // 2 pages for the older run and 100 for the newer one: the older run asked for nothing after its abort.
    assert.equal(detailPagesServed() - servedBefore, 2 + 100);
  });
});
