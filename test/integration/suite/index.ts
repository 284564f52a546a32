// Tests entry loaded by VS Code's extension host (extensionTestsPath). Runs the mocha files the runner selected
// through ACI_DS_TEST_FILES (a glob relative to out/, default every *.test.js of this folder) and prints a
// machine-readable result line before settling; the runner reads that line. With ACI_DS_TEST_QUEUE (several windows
// share a suite), the files come one at a time from the runner's queue instead, and this window's `.last` files
// (the secret scan of what this window showed and wrote) run after the queue is empty.
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { runsLast, selectTestFiles } from '../testFiles';

const DEFAULT_GLOB = 'test/integration/suite/*.test.js';

interface Counts {
  passed: number;
  failed: number;
}

export async function run(): Promise<void> {
  console.log(`[tests] start in ${vscode.env.appName} ${vscode.version}`);
  const files = selectTestFiles(process.env.ACI_DS_TEST_FILES || DEFAULT_GLOB, process.env.ACI_DS_TEST_EXCLUDE || undefined);
  const queue = process.env.ACI_DS_TEST_QUEUE;
  const total: Counts = { passed: 0, failed: 0 };
  const add = (c: Counts) => {
    total.passed += c.passed;
    total.failed += c.failed;
  };
  if (files.length === 0) total.failed++;
  else if (!queue) add(await runFiles(files));
  else {
    for (let file = await nextFile(queue); file; file = await nextFile(queue)) {
      console.log(`[tests] file ${file}`);
      add(await runFiles([file]));
    }
    add(await runFiles(files.filter(runsLast)));
  }
  console.log(`[tests] result passed=${total.passed} failed=${total.failed}`);
  if (total.failed > 0) throw new Error(files.length === 0 ? 'no test files matched' : `${total.failed} tests failed.`);
}

/** The queue's next file for this window, or undefined when none is left. */
async function nextFile(queue: string): Promise<string | undefined> {
  const res = await fetch(`${queue}?window=${encodeURIComponent(process.env.ACI_DS_TEST_WINDOW ?? '')}`);
  const body = (await res.json()) as { file?: string };
  return body.file;
}

/** Runs `files` in one mocha run; a file that throws while loading counts as one failure, so a run cannot look green. */
async function runFiles(files: string[]): Promise<Counts> {
  if (files.length === 0) return { passed: 0, failed: 0 };
  // ACI_DS_GREP narrows a local run to matching tests; CI never sets it.
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30000, reporter: 'spec', grep: process.env.ACI_DS_GREP || undefined });
  for (const file of files) mocha.addFile(file);
  try {
    return await runMocha(mocha);
  } catch (err) {
    console.error(err);
    return { passed: 0, failed: 1 };
  }
}

function runMocha(mocha: Mocha): Promise<Counts> {
  return new Promise((resolve) => {
    const runner = mocha.run(() => resolve({ passed: runner.stats?.passes ?? 0, failed: runner.stats?.failures ?? 0 }));
  });
}

/** Runs `mocha`, prints the result line the runner reads, and settles as the extension host's exit code. */
export async function runAndReport(mocha: Mocha): Promise<void> {
  const { passed, failed } = await runMocha(mocha);
  console.log(`[tests] result passed=${passed} failed=${failed}`);
  if (failed > 0) throw new Error(`${failed} tests failed.`);
}
