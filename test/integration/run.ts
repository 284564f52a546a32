// Integration test runner: installs code-server if needed, then for each suite runs its mocha files in one or more
// workbench windows at once (runWindow.ts: each its own emulator, workspace copy, code-server and headless chromium;
// several share the suite's files through a queue). Prints exactly one final line `N passed, N failed` and exits
// non-zero on any failure or missing result.
import * as fs from 'fs';
import * as path from 'path';
import { startFileQueue } from './fileQueue';
import { ensureInstalled, REPO_ROOT, RESULTS_DIR } from './install';
import { RunLog } from './runLog';
import { runWindow } from './runWindow';
import { SUITES, suiteHasFiles, suiteTestCount, suiteWindows, TESTS_MODULE, type SuiteDefinition } from './suites';
import { runsLast, selectTestFiles } from './testFiles';

/**
 * The whole run's backstop grows with what it runs: each suite may take this long to start code-server and its
 * workbench, and each test this long (mocha bounds every test itself; this only ends a run that hangs outside a test).
 * A machine several times slower than usual still finishes; a hang still ends.
 */
const SUITE_START_BUDGET_MS = 3 * 60 * 1000;
const TEST_BUDGET_MS = 20 * 1000;

function suiteBudgetMs(suite: SuiteDefinition): number {
  return SUITE_START_BUDGET_MS + suiteTestCount(suite) * TEST_BUDGET_MS;
}

/** Every suite's budget, plus a first run's install of code-server (a native build of a few minutes). */
function overallTimeoutMs(): number {
  return SUITES.filter(suiteHasFiles).reduce((ms, suite) => ms + suiteBudgetMs(suite), 10 * 60 * 1000);
}

interface SuiteResult {
  passed: number;
  failed: number;
}

class Run {
  private readonly log = new RunLog(path.join(RESULTS_DIR, 'integration.log'));
  private readonly cleanups: Array<() => Promise<void> | void> = [];
  private finished = false;
  private passed = 0;
  private failed = 0;

  async main(): Promise<void> {
    const overallMs = overallTimeoutMs();
    const deadline = Date.now() + overallMs;
    const timer = setTimeout(() => void this.finish(`overall timeout of ${Math.round(overallMs / 60000)} min reached`), overallMs);
    timer.unref();
    process.once('SIGINT', () => void this.finish('interrupted'));
    process.once('SIGTERM', () => void this.finish('terminated'));
    try {
      await ensureInstalled();
      if (!fs.existsSync(TESTS_MODULE)) throw new Error(`${path.relative(REPO_ROOT, TESTS_MODULE)} is missing: run npm run build`);
      if (!fs.existsSync(path.join(REPO_ROOT, 'dist', 'extension.mjs'))) {
        this.log.say('[run] warning: dist/extension.mjs is missing (npm run build bundles it); the extension cannot load');
      }
      // The suites that share out their files among several windows run beside the others (one after another):
      // the machine's cores are mostly idle while tests wait on timers and sockets.
      const suites = SUITES.filter((suite) => {
        if (!suiteHasFiles(suite)) this.log.say(`[run] suite "${suite.name}": no files match ${suite.include}, skipped`);
        return suiteHasFiles(suite);
      });
      const shared = suites.filter((suite) => suiteWindows(suite) > 1);
      const lanes = [shared, suites.filter((suite) => !shared.includes(suite))].filter((lane) => lane.length > 0);
      await Promise.all(
        lanes.map(async (lane) => {
          for (const suite of lane) {
            if (this.finished) return;
            const result = await this.runSuite(suite, Math.min(deadline - Date.now(), suiteBudgetMs(suite)), lanes.length > 1);
            this.passed += result.passed;
            this.failed += result.failed;
          }
        }),
      );
      await this.finish();
    } catch (err) {
      await this.finish(err instanceof Error ? err.message : String(err));
    }
  }

  /** A suite's files in one window, or shared out through a queue among several windows running at once. */
  private async runSuite(suite: SuiteDefinition, timeLeftMs: number, concurrent: boolean): Promise<SuiteResult> {
    const windows = suiteWindows(suite);
    this.log.say(`[run] suite "${suite.name}" (${suite.include}${suite.exclude ? `, not ${suite.exclude}` : ''})${windows > 1 ? ` in ${windows} windows` : ''}`);
    const track = (cleanup: () => Promise<void>) => {
      this.cleanups.push(cleanup);
      return () => {
        const at = this.cleanups.indexOf(cleanup);
        if (at >= 0) this.cleanups.splice(at, 1);
      };
    };
    if (windows === 1) return runWindow({ suite, log: this.log, timeLeftMs, track, name: concurrent ? 'w1' : undefined });
    const files = selectTestFiles(suite.include, suite.exclude).filter((file) => !runsLast(file));
    const queue = await startFileQueue(files);
    try {
      const results = await Promise.all(
        Array.from({ length: windows }, (_, i) => runWindow({ suite, log: this.log, timeLeftMs, track, queueUrl: queue.url, name: `w${i + 1}` })),
      );
      const total = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed }), { passed: 0, failed: 0 });
      // Windows that all ended early leave files nobody ran: each counts as a failure.
      const missed = files.length - queue.taken.length;
      if (missed > 0) this.log.say(`[run] suite "${suite.name}": ${missed} files never ran`);
      return { passed: total.passed, failed: total.failed + missed };
    } finally {
      await queue.close();
    }
  }

  /** Cleans up, prints the final line and exits; the first call wins. */
  private async finish(error?: string): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    if (error) {
      this.log.say(`[run] error: ${error}`);
      this.failed += 1;
    }
    for (const cleanup of this.cleanups.reverse()) {
      try {
        await cleanup();
      } catch (err) {
        this.log.write(`[run] cleanup failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    const summary = `${this.passed} passed, ${this.failed} failed`;
    this.log.write(summary);
    this.log.close();
    console.log(summary);
    process.exit(this.failed > 0 || this.passed === 0 ? 1 : 0);
  }
}

void new Run().main();
