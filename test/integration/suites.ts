// The integration suites and what each one's extension host gets, shared by the code-server runner (run.ts, CI)
// and the desktop runner (desktop.ts), so both run the same files the same way.
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from './install';
import { runsLast, selectTestFiles } from './testFiles';
import { emulatorEnv } from './workspace';

/** The mocha entry the extension host loads (extensionTestsPath). */
export const TESTS_MODULE = path.join(REPO_ROOT, 'out', 'test', 'integration', 'suite', 'index.js');
const SUITE_DIR = 'test/integration/suite';

export interface SuiteDefinition {
  name: string;
  /** Folder under test/fixtures copied as the workspace; undefined opens an empty folder. */
  fixture?: string;
  /** Mocha files, glob relative to out/. */
  include: string;
  /** Globs relative to out/, comma-separated. */
  exclude?: string;
  /** Open the folder with workspace trust enabled, so it opens untrusted. */
  untrusted?: boolean;
  /** Workbench windows that share the suite's files at once (default 1): the tests mostly wait on timers and sockets. */
  windows?: number;
}

/** `empty.*.test.js` files run against an empty folder (welcome views); all others against the fixture workspace. */
export const SUITES: SuiteDefinition[] = [
  { name: 'workspace', fixture: 'workspace', include: `${SUITE_DIR}/*.test.js`, exclude: `${SUITE_DIR}/empty.*.test.js,${SUITE_DIR}/*untrusted*.test.js,${SUITE_DIR}/vsix.*.test.js`, windows: 2 },
  { name: 'empty workspace', include: `${SUITE_DIR}/empty.*.test.js` },
  { name: 'untrusted workspace', fixture: 'untrusted', include: `${SUITE_DIR}/*untrusted*.test.js`, untrusted: true },
];

/** The line the tests entry prints before it settles; runners read their counts from it. */
export const RESULT_LINE = /\[tests\] result passed=(\d+) failed=(\d+)/;

/** Files a suite would load, checked so a suite without files is skipped instead of started. */
export function suiteHasFiles(suite: SuiteDefinition): boolean {
  return selectTestFiles(suite.include, suite.exclude).length > 0;
}

/** How many tests a suite's files declare (`test(` calls), counted in the compiled files without running them. */
export function suiteTestCount(suite: SuiteDefinition): number {
  return selectTestFiles(suite.include, suite.exclude).reduce((n, file) => n + (fs.readFileSync(file, 'utf8').match(/\btest\(/g)?.length ?? 0), 0);
}

/** Windows for a suite: ACI_DS_TEST_WINDOWS (a positive number) overrides the suite's own count, e.g. 1 to debug. */
export function suiteWindows(suite: SuiteDefinition): number {
  const asked = Number(process.env.ACI_DS_TEST_WINDOWS);
  const windows = Number.isInteger(asked) && asked > 0 ? asked : (suite.windows ?? 1);
  return Math.max(1, Math.min(windows, selectTestFiles(suite.include, suite.exclude).filter((file) => !runsLast(file)).length));
}

/** Environment of a suite's extension host: sign-in against the emulator and the files to run. */
export function suiteEnv(suite: SuiteDefinition, emulatorUrl: string): Record<string, string> {
  return { ...emulatorEnv(emulatorUrl), ACI_DS_TEST_FILES: suite.include, ACI_DS_TEST_EXCLUDE: suite.exclude ?? '' };
}
