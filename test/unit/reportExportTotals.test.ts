// A JSON export of a filtered report states its filter and both sets of totals under their own names.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { reportExportMeta } from '../../src/core/report/report/exportTotals';
import type { ReportRow } from '../../src/core/report/shared/model';
import { applyQuery } from '../../src/core/report/shared/query';

const rows: ReportRow[] = [
  { name: 'a', status: 'Failed', sizeRead: 5, durationMs: 10, startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-01T00:00:10Z' },
  { name: 'b', status: 'Succeeded', sizeRead: 7, durationMs: 20, startTime: '2026-01-01T00:00:05Z', endTime: '2026-01-01T00:01:00Z' },
  { name: 'c', status: 'Failed', sizeRead: 11, durationMs: 30 },
];
const base = { shareSubscriptionName: 's', synchronizationId: 'id', exportedAt: '2026-01-01T00:00:00Z' };

test('a filtered export: the exported rows\' totals beside the whole synchronization\'s, and the filter', () => {
  const query = { status: 'Failed', sort: { column: 'name' as const, descending: false } };
  const meta = reportExportMeta(base, rows, applyQuery(rows, query), query);
  assert.deepEqual(meta.filter, { status: 'Failed' });
  assert.deepEqual([meta.totals.exported.dataSets, meta.totals.exported.failed, meta.totals.exported.sizeRead, meta.totals.exported.sumOfDurationsMs], [2, 2, 16, 40]);
  assert.deepEqual([meta.totals.synchronization.dataSets, meta.totals.synchronization.failed, meta.totals.synchronization.sizeRead], [3, 2, 23]);
  assert.equal(meta.totals.exported.wallTimeMs, 10_000);
  assert.equal(meta.totals.synchronization.wallTimeMs, 60_000);
});

test('an unfiltered export names no filter and its totals are the synchronization\'s', () => {
  const meta = reportExportMeta(base, rows, rows, { sort: { column: 'name', descending: true } });
  assert.equal(meta.filter, undefined);
  assert.deepEqual(meta.totals.exported, meta.totals.synchronization);
});
