// Tests entry loaded by VS Code's extension host (extensionTestsPath). Runs the mocha files the runner selected
// through ACI_DS_TEST_FILES (a glob relative to out/, default every *.test.js of this folder) and prints a
// machine-readable result line before settling; the runner reads that line.
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { selectTestFiles } from '../testFiles';

const DEFAULT_GLOB = 'test/integration/suite/*.test.js';

export function run(): Promise<void> {
  console.log(`[tests] start in ${vscode.env.appName} ${vscode.version}`);
  const files = selectTestFiles(process.env.ACI_DS_TEST_FILES || DEFAULT_GLOB, process.env.ACI_DS_TEST_EXCLUDE || undefined);
  // ACI_DS_GREP narrows a local run to matching tests; CI never sets it.
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30000, reporter: 'spec', grep: process.env.ACI_DS_GREP || undefined });
  for (const file of files) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    if (files.length === 0) {
      console.log('[tests] result passed=0 failed=1');
      reject(new Error('no test files matched'));
      return;
    }
    try {
      runAndReport(mocha).then(resolve, reject);
    } catch (err) {
      // A test file that throws while loading: count it as one failure so the run cannot look green.
      console.error(err);
      console.log('[tests] result passed=0 failed=1');
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** Runs `mocha`, prints the result line the runner reads, and settles as the extension host's exit code. */
export function runAndReport(mocha: Mocha): Promise<void> {
  return new Promise((resolve, reject) => {
    const runner = mocha.run(() => {
      const passed = runner.stats?.passes ?? 0;
      const failed = runner.stats?.failures ?? 0;
      console.log(`[tests] result passed=${passed} failed=${failed}`);
      if (failed > 0) reject(new Error(`${failed} tests failed.`));
      else resolve();
    });
  });
}
