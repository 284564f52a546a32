// The report's outbox: the host holds every row and reports the pages that arrived to the page in spans, in order.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { RowOutbox } from '../../src/core/report/report/outbox';
import { decodeRows, encodeRows } from '../../src/core/report/report/rowTuples';
import { type ReportRow } from '../../src/core/report/shared/model';
import { addPage, emptyTotals, type ReportTotals } from '../../src/core/report/shared/totals';

function pages(count: number, size: number): { rows: ReportRow[]; pageNumber: number; totals: ReportTotals; last: boolean }[] {
  const totals = emptyTotals();
  return Array.from({ length: count }, (_, p) => {
    const rows = Array.from({ length: size }, (_, i) => ({ name: `p${p + 1}-r${i}`, sizeRead: 1 }));
    addPage(totals, rows, undefined);
    return { rows, pageNumber: p + 1, totals: { ...totals }, last: p === count - 1 };
  });
}

describe('RowOutbox', () => {
  it('reports every page that arrived since the last update as one span', () => {
    const box = new RowOutbox();
    const all = pages(40, 50);
    for (const p of all.slice(0, 30)) box.add(p);
    const first = box.next();
    assert.deepEqual([first?.pages, first?.count, first?.pageNumber, first?.totals.rows], [30, 1500, 30, 1500]);
    assert.equal(box.next(), undefined, 'nothing new, nothing to report');
    for (const p of all.slice(30)) box.add(p);
    const second = box.next();
    assert.deepEqual([second?.pages, second?.count, second?.pageNumber], [10, 500, 40]);
    assert.equal(box.pending, false);
    assert.deepEqual([box.rows[0].name, box.rows[1999].name], ['p1-r0', 'p40-r49']);
  });

  it('rewinds for a page that starts again, and keeps every row for exports', () => {
    const box = new RowOutbox();
    for (const p of pages(3, 10)) box.add(p);
    assert.equal(box.next()?.pages, 3);
    box.rewind();
    assert.equal(box.pending, true);
    const again = box.next();
    assert.deepEqual([again?.pages, again?.count], [3, 30]);
    assert.equal(box.rows.length, 30);
  });

  it('hands rows over as one buffer of tuples that reads back to the same rows, about half the JSON of row objects', () => {
    const full: ReportRow = {
      name: 'dbo.table_00950', dataSetType: 'KustoTable', status: 'Failed', message: 'Denied, "quoted" <b> é ✓', startTime: '2024-03-01T02:02:29.000Z',
      endTime: '2024-03-01T02:04:18.861Z', durationMs: 109861, filesRead: 0, filesWritten: 0, rowsRead: 3338657, rowsCopied: 3338657,
      sizeRead: 1433627690, sizeWritten: 1433627690, vCore: 52, dataSetId: '92b79324-1099-4699-a7d4-2b62efbd1d88',
    };
    const sparse: ReportRow = { name: 'only-a-name', filesRead: 0 };
    const data = encodeRows([full, sparse, {}]);
    // Binary, so VS Code hands it to the page as it is instead of walking and copying every value.
    assert.ok(data instanceof Uint8Array);
    // As the page may receive it: the typed array, or a copy of the buffer behind it.
    for (const received of [decodeRows(structuredClone(data)), decodeRows(data.slice().buffer)]) {
      assert.deepEqual(received, [full, sparse, {}]);
      assert.equal(Object.hasOwn(received[1], 'status'), false, 'absent fields stay absent');
    }
    assert.ok(encodeRows([full]).byteLength < 0.6 * Buffer.byteLength(JSON.stringify([full])));
  });

  it('reads no rows from bytes that are not a batch', () => {
    for (const text of ['{"a":1}', '[1, "x", null]', '[]']) assert.deepEqual(decodeRows(new TextEncoder().encode(text)), []);
  });
});
