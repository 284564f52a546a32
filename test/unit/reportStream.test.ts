// Report streaming against the ARM emulator over real sockets: paging, service-side and local queries,
// totals, a throttled page, cancellation and the benchmark helper.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { ArmError } from '../../src/core/arm/errors';
import { collectAll, listSynchronizations } from '../../src/core/services/dataShare';
import { parseCsv, toCsv } from '../../src/core/report/shared/exportFormats';
import { type ReportRow } from '../../src/core/report/shared/model';
import { applyQuery } from '../../src/core/report/shared/query';
import { loadSynchronizationReport, streamSynchronizationReport } from '../../src/core/report/shared/stream';
import { computeTotals } from '../../src/core/report/shared/totals';
import { benchSynchronizationReport } from '../bench/reportTiming';
import { shareSubscriptionRef, suiteHarness } from './armHarness';

const ref = shareSubscriptionRef('acct-report', 'rg-report');

describe('report stream against the emulator', () => {
  // The 100,000-row listing's first page waits for the emulator to make every row: more than the usual 10 s
  // on a busy machine, and no measure of the client.
  const harness = suiteHarness({ retryBaseDelayMs: 0, timeoutMs: 30_000 });

  async function newestSync(name: string): Promise<string> {
    const syncs = await collectAll(listSynchronizations(harness.client, ref(name)));
    assert.ok(syncs.length > 0);
    return syncs[0].synchronizationId;
  }

  it('streams every page in order with running totals', async () => {
    const name = 'rep-rows-230-pagesize-40';
    const id = await newestSync(name);
    const seen: number[] = [];
    const all: ReportRow[] = [];
    let lastTotals;
    const lastFlags: boolean[] = [];
    for await (const page of streamSynchronizationReport(harness.client, ref(name), id)) {
      seen.push(page.pageNumber);
      all.push(...page.rows);
      assert.equal(page.totals.rows, all.length);
      assert.equal(page.totals.pagesLoaded, page.pageNumber);
      assert.equal(page.remaining?.kind, 'writes');
      assert.equal(typeof page.remaining?.count, 'number');
      lastFlags.push(page.last);
      lastTotals = page.totals;
    }
    assert.deepEqual(seen, [1, 2, 3, 4, 5, 6]);
    assert.deepEqual(lastFlags, [false, false, false, false, false, true]);
    assert.equal(all.length, 230);
    assert.equal(new Set(all.map((r) => r.dataSetId)).size, 230);
    const expected = computeTotals(all);
    assert.ok(lastTotals, 'a page arrived');
    assert.equal(lastTotals.failed, expected.failed);
    assert.ok(expected.failed >= 1, 'the generated data has a failure');
    assert.equal(lastTotals.sizeRead, expected.sizeRead);
    assert.equal(lastTotals.durationMs, expected.durationMs);
    for (const r of all) {
      for (const k of ['name', 'dataSetType', 'status', 'startTime', 'endTime']) assert.equal(typeof (r as Record<string, unknown>)[k], 'string', k);
      for (const k of ['durationMs', 'filesRead', 'filesWritten', 'rowsRead', 'rowsCopied', 'sizeRead', 'sizeWritten', 'vCore']) assert.equal(typeof (r as Record<string, unknown>)[k], 'number', k);
    }
  });

  it('lets the service filter and order, with the same result as doing it locally', async () => {
    const name = 'rep-rows-300-pagesize-25';
    const id = await newestSync(name);
    const everything = (await loadSynchronizationReport(harness.client, ref(name), id)).rows;
    const query = { status: 'Succeeded', dataSetType: 'Blob', sort: { column: 'durationMs' as const, descending: true } };
    const before = harness.emu.requests.length;
    const served = await loadSynchronizationReport(harness.client, ref(name), id, { query });
    const sent = harness.emu.requests.slice(before).map((r) => decodeURIComponent(r.path));
    assert.ok(sent[0].includes("$filter=status eq 'Succeeded' and dataSetType eq 'Blob'"), sent[0]);
    assert.ok(sent[0].includes('$orderby=durationMs desc'), sent[0]);
    const local = applyQuery(everything, query);
    assert.ok(local.length > 0);
    assert.deepEqual(served.rows.map((r) => r.dataSetId), local.map((r) => r.dataSetId));
    assert.equal(served.totals.failed, 0);
  });

  it('filters by name on the service', async () => {
    const name = 'rep-rows-60';
    const id = await newestSync(name);
    const { rows } = await loadSynchronizationReport(harness.client, ref(name), id, { query: { name: 'dataset-00007' } });
    assert.ok(rows.length <= 1);
    for (const r of rows) assert.equal(r.name, 'dataset-00007');
  });

  it('retries a 429 in the middle of paging and still gets every row', async () => {
    const name = 'rep-rows-200-pagesize-20-fault-429-midpaging';
    const id = await newestSync(name);
    const before = harness.emu.requests.length;
    const { rows, totals } = await loadSynchronizationReport(harness.client, ref(name), id);
    assert.equal(rows.length, 200);
    assert.equal(totals.pagesLoaded, 10);
    assert.ok(harness.emu.requests.slice(before).some((r) => r.status === 429), 'the emulator throttled one page');
  });

  it('stops when cancelled between pages', async () => {
    const name = 'rep-rows-1000-pagesize-10';
    const id = await newestSync(name);
    const abort = new AbortController();
    let pages = 0;
    await assert.rejects(
      (async () => {
        for await (const page of streamSynchronizationReport(harness.client, ref(name), id, { signal: abort.signal })) {
          pages = page.pageNumber;
          if (pages === 3) abort.abort();
        }
      })(),
      (err: unknown) => err instanceof ArmError && err.kind === 'canceled',
    );
    assert.equal(pages, 3);
  });

  it('escapes hostile strings in CSV and keeps them literal', async () => {
    const name = 'rep-hostile-rows-30';
    const id = await newestSync(name);
    const { rows } = await loadSynchronizationReport(harness.client, ref(name), id);
    const records = parseCsv(toCsv(rows));
    const names = records.slice(1).map((r) => r[0]);
    assert.ok(names.includes('<img src=x onerror=alert(1)>'));
    assert.ok(names.includes(`'=HYPERLINK("http://x")`));
    assert.ok(names.includes("'@SUM(1)"));
    assert.ok(names.includes("'+1") && names.includes("'-1"));
    assert.ok(names.includes('"quoted", with, commas'));
    assert.ok(names.every((n) => !/^[=+\-@]/.test(n)));
  });

  it('measures time to first page and to all rows (100,000 rows over 200 pages)', async () => {
    const name = 'bench-rows-100000-pagesize-500';
    const id = await newestSync(name);
    const result = await benchSynchronizationReport(harness.client, ref(name), id);
    assert.equal(result.rows, 100_000);
    assert.equal(result.pages, 200);
    assert.equal(result.totals.rows, 100_000);
    assert.ok(result.firstPageMs >= 0 && result.firstPageMs <= result.allRowsMs);
  });
});
