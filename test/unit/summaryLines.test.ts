// The reliability summary `npm test` prints last: one line per class, counts added over every source.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summaryLines } from '../summary/print';
import type { SummaryEntry } from '../summary/record';

const at = '2026-01-01T00:00:00.000Z';

test('alias expansion, size caps and scope writes each have a line of held/seen, n/a without data', () => {
  const entries: SummaryEntry[] = [
    { area: 'aliasExpansion', source: 'unit', total: 7, passed: 7, at },
    { area: 'sizeCaps', source: 'unit', total: 4, passed: 4, at },
    { area: 'sizeCaps', source: 'vscode', total: 4, passed: 3, at },
  ];
  const lines = summaryLines(entries);
  assert.ok(lines.includes('alias expansion capped 7/7'), lines.join('\n'));
  assert.ok(lines.includes('size caps held 7/8'), lines.join('\n'));
  assert.ok(lines.includes('settings scope writes n/a'), lines.join('\n'));
  assert.ok(lines.includes('faults survived n/a'), lines.join('\n'));
});
