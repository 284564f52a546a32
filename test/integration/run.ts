// Integration test runner: installs code-server if needed, starts the ARM emulator, then for each suite starts
// code-server with a fresh workspace and runs the selected mocha files inside its extension host, driven by headless
// chromium. Prints exactly one final line `N passed, N failed` and exits non-zero on any failure or missing result.
import * as fs from 'fs';
import * as path from 'path';
import { startEmulator } from '../emulator/server';
import { extensionPayload, openWorkbench, startCodeServer, type CodeServer, type Workbench } from './codeServer';
import { ensureInstalled, REPO_ROOT, RESULTS_DIR } from './install';
import { RunLog } from './runLog';
import { RESULT_LINE, SUITES, suiteEnv, suiteHasFiles, suiteTestCount, TESTS_MODULE, type SuiteDefinition } from './suites';
import { emulatorSettings, prepareWorkspace, type PreparedWorkspace } from './workspace';

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
      const emulator = await startEmulator({});
      this.cleanups.push(() => emulator.close());
      this.log.say(`[run] emulator on ${emulator.url}`);
      for (const suite of SUITES) {
        if (this.finished) return;
        if (!suiteHasFiles(suite)) {
          this.log.say(`[run] suite "${suite.name}": no files match ${suite.include}, skipped`);
          continue;
        }
        const result = await this.runSuite(suite, emulator.url, Math.min(deadline - Date.now(), suiteBudgetMs(suite)));
        this.passed += result.passed;
        this.failed += result.failed;
      }
      await this.finish();
    } catch (err) {
      await this.finish(err instanceof Error ? err.message : String(err));
    }
  }

  private async runSuite(suite: SuiteDefinition, emulatorUrl: string, timeLeftMs: number): Promise<SuiteResult> {
    const started = Date.now();
    this.log.say(`[run] suite "${suite.name}" (${suite.include}${suite.exclude ? `, not ${suite.exclude}` : ''})`);
    const workspace: PreparedWorkspace = prepareWorkspace(suite.fixture, emulatorSettings(emulatorUrl));
    let server: CodeServer | undefined;
    let workbench: Workbench | undefined;
    const release = async () => {
      await workbench?.close().catch(() => undefined);
      await server?.stop();
      workspace.remove();
    };
    this.cleanups.push(release);
    try {
      server = await startCodeServer({
        env: suiteEnv(suite, emulatorUrl),
        userSettings: emulatorSettings(emulatorUrl),
        onOutput: (line) => this.log.write(line),
        workspaceTrust: suite.untrusted === true,
      });
      let result: SuiteResult | undefined;
      let echoing = false;
      const exitCode = await new Promise<number | 'timeout'>((resolve) => {
        const timer = setTimeout(() => resolve('timeout'), timeLeftMs);
        const url = server!.workbenchUrl(workspace.dir, extensionPayload(server!, TESTS_MODULE));
        openWorkbench(server!, url, {
          // Test output is echoed from the start line through the result line; the workbench's own lines
          // (before, and shutdown noise after) go to the log file only.
          onLog: (_type, text) => {
            if (text.includes('[tests] start')) echoing = true;
            if (echoing) this.log.echo(text);
            else this.log.write(`[workbench] ${text}`);
            const match = RESULT_LINE.exec(text);
            if (match) {
              result = { passed: Number(match[1]), failed: Number(match[2]) };
              echoing = false;
            }
          },
          onExit: (code) => {
            clearTimeout(timer);
            resolve(code);
          },
        }).then(
          (opened) => (workbench = opened),
          (err: unknown) => {
            this.log.say(`[run] could not open the workbench: ${err instanceof Error ? err.message : String(err)}`);
            clearTimeout(timer);
            resolve(1);
          },
        );
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (exitCode === 'timeout') {
        this.log.say(`[run] suite "${suite.name}" did not finish in time`);
        return { passed: result?.passed ?? 0, failed: (result?.failed ?? 0) + 1 };
      }
      if (!result) {
        this.log.say(`[run] suite "${suite.name}": no result line (extension host exit code ${exitCode}); see ${this.log.file}`);
        return { passed: 0, failed: 1 };
      }
      if (exitCode !== 0 && result.failed === 0) {
        this.log.say(`[run] suite "${suite.name}": extension host exited with ${exitCode} although no test failed`);
        return { passed: result.passed, failed: 1 };
      }
      this.log.say(`[run] suite "${suite.name}": ${result.passed} passed, ${result.failed} failed in ${seconds} s`);
      return result;
    } finally {
      this.cleanups.splice(this.cleanups.indexOf(release), 1);
      await release();
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
