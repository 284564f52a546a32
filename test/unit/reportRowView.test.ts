// The host-side view of the report's rows: filtered and sorted as the page asks, brought up to date as pages
// arrive, and read by the page a window at a time.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { chartData } from '../../src/core/report/report/chart';
import { MAX_WINDOW_ROWS, RowView } from '../../src/core/report/report/rowView';
import { type ReportQuery, type ReportRow } from '../../src/core/report/shared/model';
import { applyQuery } from '../../src/core/report/shared/query';
import { fuzzRuns } from './fuzzSeed';

const row = (i: number, status = i % 3 === 0 ? 'Failed' : 'Succeeded'): ReportRow => ({ name: `ds-${String(i).padStart(4, '0')}`, status, durationMs: (i * 7919) % 1000, sizeRead: i * 10 });

describe('RowView', () => {
  it('appends arriving rows in service order without a sort, keeping its version', () => {
    const source: ReportRow[] = [];
    const view = new RowView(source);
    const version = view.version;
    source.push(row(1), row(2));
    view.update();
    source.push(row(3));
    view.update();
    assert.deepEqual(view.window(0, 10).map((r) => r.name), ['ds-0001', 'ds-0002', 'ds-0003']);
    assert.equal(view.version, version, 'rows already shown did not move');
    assert.deepEqual(view.statuses, ['Succeeded', 'Failed']);
  });

  it('merges arriving rows into the sort and says that rows moved', () => {
    const source: ReportRow[] = [row(5), row(1)];
    const view = new RowView(source);
    view.setQuery({ sort: { column: 'name', descending: false } });
    const version = view.version;
    source.push(row(3));
    view.update();
    assert.deepEqual(view.window(0, 10).map((r) => r.name), ['ds-0001', 'ds-0003', 'ds-0005']);
    assert.ok(view.version > version);
  });

  it('filters only the rows taken so far, so Shown never counts rows the totals do not', () => {
    const source: ReportRow[] = [row(0), row(1), row(2)];
    const view = new RowView(source);
    view.update();
    source.push(row(3), row(6));
    view.setQuery({ status: 'Failed' });
    assert.deepEqual(view.window(0, 10).map((r) => r.name), ['ds-0000']);
    view.update();
    assert.deepEqual(view.window(0, 10).map((r) => r.name), ['ds-0000', 'ds-0003', 'ds-0006']);
    assert.equal(view.chart(10_000).slowest.length, 3);
  });

  it('answers windows within the view, at most MAX_WINDOW_ROWS rows', () => {
    const source = Array.from({ length: 5000 }, (_, i) => row(i));
    const view = new RowView(source);
    view.update();
    assert.equal(view.window(4990, 50).length, 10);
    assert.equal(view.window(9000, 50).length, 0);
    assert.equal(view.window(0, 100_000).length, MAX_WINDOW_ROWS);
    assert.equal(view.at(4999)?.name, 'ds-4999');
  });

  it('starts empty for a new load and keeps the query', () => {
    const view = new RowView([row(1), row(3)]);
    view.setQuery({ status: 'Failed' });
    view.update();
    assert.equal(view.length, 1);
    const next: ReportRow[] = [row(6), row(7)];
    view.reset(next);
    assert.equal(view.length, 0);
    view.update();
    assert.deepEqual(view.window(0, 5).map((r) => r.name), ['ds-0006']);
  });

  it('holds what filtering and sorting every row at once gives, whatever the order pages and queries come in', () => {
    const q = fc.record({
      status: fc.option(fc.constantFrom('Failed', 'Succeeded'), { nil: undefined }),
      text: fc.option(fc.constantFrom('ds-00', '1', 'x'), { nil: undefined }),
      sort: fc.option(fc.record({ column: fc.constantFrom('name' as const, 'durationMs' as const, 'sizeRead' as const), descending: fc.boolean() }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 8 }), q, fc.integer({ min: 0, max: 8 }), q, (pageSizes, first, switchAt, second: ReportQuery) => {
        const source: ReportRow[] = [];
        const view = new RowView(source);
        view.setQuery(first);
        let n = 0;
        pageSizes.forEach((size, p) => {
          for (let i = 0; i < size; i++) source.push(row(n++));
          view.update();
          if (p === switchAt) view.setQuery(second);
        });
        const query = switchAt < pageSizes.length ? second : first;
        const expected = applyQuery(source, query);
        assert.deepEqual(view.window(0, MAX_WINDOW_ROWS), expected.slice(0, MAX_WINDOW_ROWS));
        assert.deepEqual(view.chart(5), chartData(expected, 5));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});

describe('RowView totals of what is shown', () => {
  it('counts only the rows the filters leave in view, as rows arrive and as the filter changes', () => {
    const source: ReportRow[] = [row(0), row(1), row(2)];
    const view = new RowView(source);
    view.setQuery({ status: 'Failed' });
    view.update();
    assert.equal(view.filtered, true);
    assert.deepEqual([view.totals.rows, view.totals.failed, view.totals.sizeRead], [1, 1, 0]);
    source.push(row(3), row(4));
    view.update();
    assert.deepEqual([view.totals.rows, view.totals.failed, view.totals.sizeRead], [2, 2, 30]);
    view.setQuery({ status: 'Succeeded', sort: { column: 'name', descending: true } });
    assert.deepEqual([view.totals.rows, view.totals.failed, view.totals.sizeRead], [3, 0, 70]);
    view.setQuery({ sort: { column: 'name', descending: true } });
    assert.equal(view.filtered, false, 'a sort alone leaves nothing out');
    assert.equal(view.totals.rows, 5);
    view.reset([]);
    assert.equal(view.totals.rows, 0);
  });
});
