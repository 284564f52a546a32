// Report core: filtering, sorting, totals, units, CSV/JSON and chart data (pure functions).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { MAX_MESSAGE_CHARS, MAX_TEXT_CHARS } from '../../src/core/report/shared/fieldBounds';
import { chartData } from '../../src/core/report/report/chart';
import { isPageMessage, isReportPanelState } from '../../src/core/report/report/messages';
import { sourceSettingRow } from '../../src/core/report/report/sourceSettings';
import { csvCell, parseCsv, toCsv, toJson } from '../../src/core/report/shared/exportFormats';
import { formatBytes, formatCount, formatDuration, formatUtcDateTime } from '../../src/core/report/shared/format';
import { REPORT_COLUMNS, sanitizeRow, type ReportRow } from '../../src/core/report/shared/model';
import { applyQuery, filterRows, mergeSorted, rowComparator, sortRows, toServerQuery } from '../../src/core/report/shared/query';
import { computeTotals, wallTimeMs } from '../../src/core/report/shared/totals';

const rows: ReportRow[] = [
  { name: 'b-set', dataSetType: 'Blob', status: 'Succeeded', durationMs: 3000, sizeRead: 2048, sizeWritten: 2048, startTime: '2024-03-01T02:00:05Z', filesRead: 2, filesWritten: 2 },
  { name: 'A-set', dataSetType: 'SqlDBTable', status: 'Failed', message: 'schema mismatch', durationMs: 500, sizeRead: 10, sizeWritten: 5, startTime: '2024-03-01T02:00:01Z', rowsRead: 10, rowsCopied: 4 },
  { name: 'c-set', dataSetType: 'Blob', status: 'failed', message: 'denied', durationMs: 9000, sizeRead: 5_000_000, sizeWritten: 0, startTime: '2024-03-01T02:00:03Z' },
  { name: 'd-set', dataSetType: 'KustoTable', status: 'Succeeded' },
];

describe('report query', () => {
  it('sends eq filters and supported orderby to the service, quoting values', () => {
    assert.deepEqual(toServerQuery({}), { filter: undefined, orderby: undefined });
    assert.deepEqual(toServerQuery({ status: 'Failed', dataSetType: 'Blob', name: "o'brien", sort: { column: 'durationMs', descending: true } }), {
      filter: "status eq 'Failed' and dataSetType eq 'Blob' and name eq 'o''brien'",
      orderby: 'durationMs desc',
    });
    assert.equal(toServerQuery({ sort: { column: 'vCore', descending: false } }).orderby, undefined);
    assert.equal(toServerQuery({ sort: { column: 'name', descending: false } }).orderby, 'name');
    assert.equal(toServerQuery({ status: '  ', text: 'x' }).filter, undefined);
  });

  it('filters by status and type case-insensitively and by free text over several fields', () => {
    assert.deepEqual(filterRows(rows, { status: 'FAILED' }).map((r) => r.name), ['A-set', 'c-set']);
    assert.deepEqual(filterRows(rows, { dataSetType: 'blob' }).map((r) => r.name), ['b-set', 'c-set']);
    assert.deepEqual(filterRows(rows, { status: 'failed', dataSetType: 'Blob' }).map((r) => r.name), ['c-set']);
    assert.deepEqual(filterRows(rows, { text: 'DENIED' }).map((r) => r.name), ['c-set']);
    assert.deepEqual(filterRows(rows, { text: 'kusto' }).map((r) => r.name), ['d-set']);
    assert.equal(filterRows(rows, {}).length, 4);
  });

  it('sorts every column, missing values last in both directions, stable on ties', () => {
    for (const c of REPORT_COLUMNS) {
      for (const descending of [false, true]) {
        const sorted = sortRows(rows, { column: c.key, descending });
        assert.equal(sorted.length, rows.length);
        const present = sorted.filter((r) => r[c.key] !== undefined);
        assert.deepEqual(sorted.slice(0, present.length), present, `${c.key}: missing values come last`);
      }
    }
    assert.deepEqual(sortRows(rows, { column: 'name', descending: false }).map((r) => r.name), ['A-set', 'b-set', 'c-set', 'd-set']);
    assert.deepEqual(sortRows(rows, { column: 'durationMs', descending: true }).map((r) => r.name), ['c-set', 'b-set', 'A-set', 'd-set']);
    assert.deepEqual(sortRows(rows, { column: 'startTime', descending: false }).map((r) => r.name), ['A-set', 'c-set', 'b-set', 'd-set']);
    assert.deepEqual(sortRows(rows, { column: 'status', descending: false }).map((r) => r.name), ['A-set', 'c-set', 'b-set', 'd-set']);
    assert.deepEqual(applyQuery(rows, { status: 'failed', sort: { column: 'sizeRead', descending: true } }).map((r) => r.name), ['c-set', 'A-set']);
  });

  it('merging pages into a sorted view equals sorting everything', () => {
    const compare = rowComparator({ column: 'durationMs', descending: false });
    const all: ReportRow[] = Array.from({ length: 300 }, (_, i) => ({ name: `n${i}`, durationMs: (i * 7919) % 97 }));
    let view: ReportRow[] = [];
    for (let i = 0; i < all.length; i += 50) view = mergeSorted(view, all.slice(i, i + 50), compare);
    assert.deepEqual(view, sortRows(all, { column: 'durationMs', descending: false }));
  });
});

describe('report totals and units', () => {
  it('sums sizes, durations and failures', () => {
    const t = computeTotals(rows);
    assert.equal(t.rows, 4);
    assert.equal(t.failed, 2);
    assert.equal(t.sizeRead, 2048 + 10 + 5_000_000);
    assert.equal(t.sizeWritten, 2048 + 5);
    assert.equal(t.durationMs, 12_500);
    assert.equal(t.rowsCopied, 4);
    assert.equal(t.filesRead, 2);
  });

  it('the wall time runs from the first start to the last end, not the sum of overlapping durations', () => {
    const overlapping = [
      { name: 'x', startTime: '2024-03-01T02:00:00Z', endTime: '2024-03-01T02:09:00Z', durationMs: 540_000 },
      { name: 'y', startTime: '2024-03-01T02:01:00Z', endTime: '2024-03-01T02:09:46Z', durationMs: 526_000 },
      { name: 'z', startTime: 'not a time', durationMs: 1 },
    ];
    const t = computeTotals(overlapping);
    assert.equal(wallTimeMs(t), 586_000);
    assert.equal(t.durationMs, 1_066_001);
    assert.equal(wallTimeMs(computeTotals([{ name: 'open', startTime: '2024-03-01T02:00:00Z' }])), undefined);
  });

  it('formats durations, bytes and counts', () => {
    assert.equal(formatDuration(850), '850 ms');
    assert.equal(formatDuration(12_340), '12.3 s');
    assert.equal(formatDuration(245_000), '4 min 05 s');
    assert.equal(formatDuration(7_380_000), '2 h 03 min');
    assert.equal(formatDuration(3 * 86_400_000 + 4 * 3_600_000), '3 d 04 h');
    assert.equal(formatDuration(undefined), '—');
    assert.equal(formatBytes(512), '512 B');
    assert.equal(formatBytes(1536), '1.50 KB');
    assert.equal(formatBytes(20 * 1024 * 1024), '20.0 MB');
    assert.equal(formatBytes(2_000_000_000), '1.86 GB');
    assert.equal(formatBytes(300 * 1024 ** 4), '300 TB');
    assert.equal(formatCount(1234567), '1,234,567');
    assert.equal(formatCount(-1000), '-1,000');
    assert.equal(formatCount(0), '0');
    assert.equal(formatUtcDateTime('2024-03-01T02:00:07.123Z'), '2024-03-01 02:00:07 UTC');
    assert.equal(formatUtcDateTime('soon'), 'soon');
  });
});

describe('report exports', () => {
  it('neutralises formula starts and quotes per RFC 4180', () => {
    assert.equal(csvCell('=HYPERLINK("http://x")'), `"'=HYPERLINK(""http://x"")"`);
    assert.equal(csvCell('+1'), "'+1");
    assert.equal(csvCell('-1'), "'-1");
    assert.equal(csvCell('@SUM(1)'), "'@SUM(1)");
    assert.equal(csvCell('\tx'), "'\tx");
    assert.equal(csvCell('\rx'), `"'\rx"`);
    assert.equal(csvCell('"quoted", with, commas'), '"""quoted"", with, commas"');
    assert.equal(csvCell('line\nbreak'), '"line\nbreak"');
    assert.equal(csvCell(-5), '-5');
    assert.equal(csvCell(undefined), '');
    assert.equal(csvCell('plain'), 'plain');
  });

  it('neutralises a formula after leading blanks, and each part a ;-separated spreadsheet would split off', () => {
    assert.equal(csvCell(' =1+1'), "' =1+1");
    assert.equal(csvCell('  @SUM(A1)'), "'  @SUM(A1)");
    assert.equal(csvCell('\u00a0+1'), "'\u00a0+1");
    assert.equal(csvCell('\n=1'), `"'\n=1"`);
    assert.equal(csvCell('ok;=HYPERLINK("http://x")'), `"ok;'=HYPERLINK(""http://x"")"`);
    assert.equal(csvCell('a; -1;b;\t@x'), "a;' -1;b;'\t@x");
    assert.equal(csvCell('=1;=2'), "'=1;'=2");
    // Text that only looks like a formula further on, or a ; without one, stays as it is.
    assert.equal(csvCell('a = b; c'), 'a = b; c');
    assert.equal(csvCell('x-1'), 'x-1');
    assert.equal(csvCell(-5), '-5');
    // Every cell, parsed back as ;-separated parts, starts with no formula trigger.
    const trigger = /^(\s*[=+\-@]|[\t\r])/;
    for (const text of [' =1', 'a;=1', 'a;\t=1', ' ; +1', '@', ';@;-;+;=']) {
      const cell = parseCsv(csvCell(text))[0][0];
      assert.ok(cell.split(';').every((part) => !trigger.test(part)), JSON.stringify(cell));
    }
  });

  it('writes a header and one CRLF line per row that parse back to the same cells', () => {
    const hostile: ReportRow[] = [{ name: '<img src=x onerror=alert(1)>', message: 'a "b", c\r\nd', status: 'Failed', sizeRead: 12 }, { name: '=1+1' }];
    const csv = toCsv(hostile);
    assert.ok(csv.endsWith('\r\n'));
    const records = parseCsv(csv);
    assert.equal(records.length, 3);
    assert.deepEqual(records[0], REPORT_COLUMNS.map((c) => c.key));
    const col = (k: string) => REPORT_COLUMNS.findIndex((c) => c.key === k);
    assert.equal(records[1][col('name')], '<img src=x onerror=alert(1)>');
    assert.equal(records[1][col('message')], 'a "b", c\r\nd');
    assert.equal(records[1][col('sizeRead')], '12');
    assert.equal(records[2][col('name')], "'=1+1");
    assert.ok(records.every((r) => r.length === REPORT_COLUMNS.length));
  });

  it('exports JSON with the rows as received', () => {
    const parsed = JSON.parse(toJson(rows, { shareSubscriptionName: 's', synchronizationId: 'id', exportedAt: 'now' }));
    assert.equal(parsed.count, 4);
    assert.deepEqual(parsed.rows, rows);
  });
});

describe('report chart, rows and messages', () => {
  it('lists the slowest and largest data sets first, top N only', () => {
    const data = chartData(rows, 2);
    assert.deepEqual(data.slowest.map((b) => [b.label, b.value, b.failed]), [['c-set', 9000, true], ['b-set', 3000, false]]);
    assert.deepEqual(data.largest.map((b) => b.label), ['c-set', 'b-set']);
    const many: ReportRow[] = Array.from({ length: 1000 }, (_, i) => ({ name: `n${i}`, durationMs: (i * 7919) % 1000 }));
    const top = chartData(many, 10).slowest.map((b) => b.value);
    assert.deepEqual(top, [999, 998, 997, 996, 995, 994, 993, 992, 991, 990]);
  });

  it('keeps only known fields of the right type', () => {
    assert.deepEqual(sanitizeRow({ name: 'x', durationMs: '5', sizeRead: 3, extra: { a: 1 }, status: 7 }), { name: 'x', sizeRead: 3 });
    assert.deepEqual(sanitizeRow(null), {});
  });

  it('bounds each field: long text cut, long ids and times left out, impossible figures left out', () => {
    const row = sanitizeRow({
      name: 'n'.repeat(2_000_000),
      message: 'm'.repeat(5 * 1024 * 1024),
      dataSetId: 'd'.repeat(3 * 1024 * 1024),
      endTime: 'x'.repeat(1000),
      sizeRead: -1,
      sizeWritten: 2 ** 60,
      durationMs: 1e308,
      rowsRead: 12,
      vCore: 4,
      filesRead: -0.5,
    });
    assert.deepEqual(Object.keys(row).sort(), ['message', 'name', 'rowsRead', 'vCore']);
    assert.equal(row.message?.length, MAX_MESSAGE_CHARS);
    assert.equal(row.name?.length, MAX_TEXT_CHARS);
    assert.ok(row.name?.endsWith('…'));
    // What reaches an export is bounded the same way.
    assert.ok(JSON.stringify(row).length < MAX_MESSAGE_CHARS + MAX_TEXT_CHARS + 200);
  });

  it('describes a source setting with its next run in local time and UTC', () => {
    const now = new Date('2024-03-01T10:10:00Z');
    const row = sourceSettingRow({ kind: 'ScheduleBased', properties: { recurrenceInterval: 'Hour', synchronizationTime: '2019-03-15T19:45:58Z' } }, now, (d) => `local ${d.getTime()}`);
    assert.equal(row.kind, 'ScheduleBased');
    assert.equal(row.recurrence, 'Hour');
    assert.equal(row.schedule, 'Every hour at :45');
    assert.equal(row.nextRunUtc, '2024-03-01 10:45 UTC');
    assert.equal(row.nextRunLocal, `local ${Date.parse('2024-03-01T10:45:58Z')}`);
    assert.equal(sourceSettingRow({}, now).nextRunUtc, '');
  });

  it('accepts only well-formed page messages and panel states', () => {
    assert.ok(isPageMessage({ type: 'pageRendered', load: 1, pageNumber: 1, pages: 1, rows: 50, totalRows: 50 }));
    assert.ok(!isPageMessage({ type: 'pageRendered', load: 1, pageNumber: 1, rows: 50, totalRows: 50 }), 'an acknowledgement says how many pages it covers');
    assert.ok(!isPageMessage({ type: 'pageRendered', pageNumber: 1, pages: 1, rows: 50, totalRows: 50 }), 'and which load it is for');
    assert.ok(!isPageMessage({ type: 'pageRendered', load: 1, pageNumber: 1, pages: 1, rows: -1, totalRows: 50 }));
    assert.ok(isPageMessage({ type: 'query', query: { sort: { column: 'name', descending: true } }, tab: 'details' }));
    assert.ok(!isPageMessage({ type: 'query', query: { sort: { column: 'evil', descending: true } }, tab: 'details' }));
    assert.ok(!isPageMessage({ type: 'export', format: 'xlsx' }));
    assert.ok(!isPageMessage({ type: 'eval' }));
    assert.ok(isPageMessage({ type: 'window', start: 900, count: 260 }));
    assert.ok(!isPageMessage({ type: 'window', start: -1, count: 260 }));
    assert.ok(!isPageMessage({ type: 'window', start: 0, count: 1.5 }));
    assert.ok(isPageMessage({ type: 'chart', top: 15 }));
    assert.ok(!isPageMessage({ type: 'chart', top: '15' }));
    assert.ok(isPageMessage({ type: 'copyRow', index: 3, version: 7 }));
    assert.ok(!isPageMessage({ type: 'copyRow', index: 3 }), 'a copy says which view its index is in');
    assert.ok(!isPageMessage({ type: 'copyRow', row: { name: 'x' }, version: 7 }));
    const target = { subscriptionId: 's', resourceGroup: 'g', accountName: 'a', shareSubscriptionName: 'n' };
    assert.ok(isReportPanelState({ target, synchronizationId: 'x', query: {} }));
    assert.ok(!isReportPanelState({ target: { ...target, accountName: '' }, query: {} }));
  });
});
