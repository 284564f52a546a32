// Counts that test files report for the summary `npm test` prints last (see print.ts). Each source writes its
// own file under test-results/summary/, replacing its previous run, so the printer can add them up.
import * as fs from 'fs';
import * as path from 'path';

export type SummaryArea = 'faults' | 'fuzz' | 'secretScan' | 'hostile' | 'aliasExpansion' | 'sizeCaps' | 'scopeWrites';

export interface SummaryEntry {
  area: SummaryArea;
  /** Who wrote it (one file per source), e.g. `unit-reliability-faults`. */
  source: string;
  /** Cases seen: fault cases run, fuzz cases generated, lines scanned, hostile strings rendered, alias bombs,
   *  size caps and settings-scope writes checked. */
  total: number;
  /** Cases that passed (faults, alias expansion, size caps, scope writes). */
  passed?: number;
  at: string;
}

/** Repository root: this file compiles to out/test/summary/record.js. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const SUMMARY_DIR = path.join(REPO_ROOT, 'test-results', 'summary');

function fileFor(area: SummaryArea, source: string): string {
  return path.join(SUMMARY_DIR, `${area}--${source.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`);
}

export function writeSummary(area: SummaryArea, source: string, total: number, passed?: number): void {
  fs.mkdirSync(SUMMARY_DIR, { recursive: true });
  const entry: SummaryEntry = { area, source, total, passed, at: new Date().toISOString() };
  fs.writeFileSync(fileFor(area, source), `${JSON.stringify(entry)}\n`);
}

/** Counts outcomes of named cases; `write()` records them (call it from an after/suiteTeardown hook). */
export class CaseCounter {
  private readonly started = new Set<string>();
  private readonly passed = new Set<string>();
  constructor(
    private readonly area: SummaryArea,
    private readonly source: string,
  ) {}

  /** Runs a case: counted as seen at once, as passed only when `body` resolves. */
  async run<T>(name: string, body: () => Promise<T> | T): Promise<T> {
    this.started.add(name);
    const result = await body();
    this.passed.add(name);
    return result;
  }

  get total(): number {
    return this.started.size;
  }

  write(): void {
    if (this.started.size > 0) writeSummary(this.area, this.source, this.started.size, this.passed.size);
  }
}

export function readSummaries(dir: string = SUMMARY_DIR): SummaryEntry[] {
  if (!fs.existsSync(dir)) return [];
  const entries: SummaryEntry[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    try {
      const value = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as SummaryEntry;
      if (value && typeof value.area === 'string' && typeof value.total === 'number') entries.push(value);
    } catch {
      // A half-written or foreign file does not stop the summary.
    }
  }
  return entries;
}
