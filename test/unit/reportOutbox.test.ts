// The report's outbox: pages held by the host go to the page in batches of whole pages, in order.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { addPage, decodeRows, emptyTotals, encodeRows, RowOutbox, type ReportRow, type ReportTotals } from '../../src/core/report';

function pages(count: number, size: number): { rows: ReportRow[]; pageNumber: number; totals: ReportTotals; last: boolean }[] {
  const totals = emptyTotals();
  return Array.from({ length: count }, (_, p) => {
    const rows = Array.from({ length: size }, (_, i) => ({ name: `p${p + 1}-r${i}`, sizeRead: 1 }));
    addPage(totals, rows, undefined);
    return { rows, pageNumber: p + 1, totals: { ...totals }, last: p === count - 1 };
  });
}

describe('RowOutbox', () => {
  it('sends every page that arrived since the last batch as one batch', () => {
    const box = new RowOutbox();
    const all = pages(40, 50);
    for (const p of all.slice(0, 30)) box.add(p);
    const first = box.next();
    assert.ok(first);
    assert.equal(first.pages, 30);
    assert.equal(first.count, 1500);
    assert.equal(decodeRows(first.data).length, 1500);
    assert.equal(first.pageNumber, 30);
    assert.equal(first.totals.rows, 1500);
    assert.equal(first.last, false);
    assert.equal(box.next(), undefined, 'nothing new, nothing to send');
    for (const p of all.slice(30)) box.add(p);
    const second = box.next();
    assert.deepEqual([second?.pages, second && decodeRows(second.data)[0].name, second?.pageNumber, second?.last], [10, 'p31-r0', 40, true]);
    assert.equal(box.pending, false);
  });

  it('caps a batch at whole pages within the row limit, but always sends at least one page', () => {
    const box = new RowOutbox();
    for (const p of pages(2000, 50)) box.add(p);
    const sizes: number[] = [];
    const names: string[] = [];
    for (let b = box.next(5000); b; b = box.next(5000)) {
      sizes.push(b.pages);
      const rows = decodeRows(b.data);
      assert.equal(rows.length, b.count);
      for (const r of rows) names.push(r.name!);
      assert.ok(b.count <= 5000);
    }
    assert.equal(sizes.length, 20);
    assert.ok(sizes.every((s) => s === 100));
    assert.equal(names.length, 100_000);
    assert.deepEqual(names.slice(0, 2), ['p1-r0', 'p1-r1']);
    assert.equal(names[names.length - 1], 'p2000-r49');

    const big = new RowOutbox();
    for (const p of pages(2, 300)) big.add(p);
    assert.deepEqual([big.next(100)?.count, big.next(100)?.count, big.next(100)], [300, 300, undefined]);
  });

  it('rewinds for a page that starts again, and keeps every row for exports', () => {
    const box = new RowOutbox();
    for (const p of pages(3, 10)) box.add(p);
    assert.equal(box.next()?.pages, 3);
    box.rewind();
    assert.equal(box.pending, true);
    const again = box.next();
    assert.deepEqual([again?.pages, again?.count, again?.last], [3, 30, true]);
    assert.equal(box.rows.length, 30);
  });

  it('hands rows over as one buffer of tuples that reads back to the same rows, about half the JSON of row objects', () => {
    const full: ReportRow = {
      name: 'dbo.table_00950', dataSetType: 'KustoTable', status: 'Failed', message: 'Denied, "quoted" <b> é ✓', startTime: '2024-03-01T02:02:29.000Z',
      endTime: '2024-03-01T02:04:18.861Z', durationMs: 109861, filesRead: 0, filesWritten: 0, rowsRead: 3338657, rowsCopied: 3338657,
      sizeRead: 1433627690, sizeWritten: 1433627690, vCore: 52, dataSetId: '92b79324-1099-4699-a7d4-2b62efbd1d88',
    };
    const sparse: ReportRow = { name: 'only-a-name', filesRead: 0 };
    const box = new RowOutbox();
    box.add({ rows: [full, sparse, {}], pageNumber: 1, totals: emptyTotals(), last: true });
    const batch = box.next();
    assert.ok(batch);
    // Binary, so VS Code hands it to the page as it is instead of walking and copying every value.
    assert.ok(batch.data instanceof Uint8Array);
    // As the page may receive it: the typed array, or a copy of the buffer behind it.
    for (const received of [decodeRows(structuredClone(batch.data)), decodeRows(batch.data.slice().buffer)]) {
      assert.deepEqual(received, [full, sparse, {}]);
      assert.equal(Object.hasOwn(received[1], 'status'), false, 'absent fields stay absent');
    }
    assert.ok(encodeRows([full]).byteLength < 0.6 * Buffer.byteLength(JSON.stringify([full])));
  });

  it('reads no rows from bytes that are not a batch', () => {
    for (const text of ['{"a":1}', '[1, "x", null]', '[]']) assert.deepEqual(decodeRows(new TextEncoder().encode(text)), []);
  });
});
