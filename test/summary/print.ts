// Prints one line per reliability area from the counts the tests recorded (record.ts). Always exits 0: the tests
// themselves fail the run; this only reports. Areas without data print `n/a`.
import { readSummaries, SUMMARY_DIR, type SummaryArea, type SummaryEntry } from './record';

function sum(entries: SummaryEntry[], area: SummaryArea, field: 'total' | 'passed'): number | undefined {
  const mine = entries.filter((e) => e.area === area);
  if (mine.length === 0) return undefined;
  return mine.reduce((s, e) => s + (field === 'passed' ? (e.passed ?? e.total) : e.total), 0);
}

export function summaryLines(entries: SummaryEntry[]): string[] {
  const total = (area: SummaryArea) => sum(entries, area, 'total');
  const show = (n: number | undefined) => (n === undefined ? 'n/a' : String(n));
  const held = (area: SummaryArea) => (total(area) === undefined ? 'n/a' : `${sum(entries, area, 'passed')}/${total(area)}`);
  return [
    `faults survived ${held('faults')}`,
    `fuzz cases ${show(total('fuzz'))}`,
    `secret scan lines ${show(total('secretScan'))}`,
    `hostile strings ${show(total('hostile'))}`,
    `alias expansion capped ${held('aliasExpansion')}`,
    `size caps held ${held('sizeCaps')}`,
    `settings scope writes ${held('scopeWrites')}`,
  ];
}

if (require.main === module) {
  const dir = process.argv[2] ?? SUMMARY_DIR;
  for (const line of summaryLines(readSummaries(dir))) console.log(line);
}
