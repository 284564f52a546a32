// The aci-validate command (as compiled to out/src/cli) run for a test. A start of the command costs more than
// checking a small file, so tests that check many files run it once over all of them and each reads its own
// file's part of the output: the lines that name it (text), its report (json).
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

export const ACI_VALIDATE = path.join(__dirname, '../src/cli/aci-validate.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

export interface CliOptions {
  /** Bound for the run: a frozen command fails the test instead of stalling the suite. */
  timeoutMs?: number;
  cwd?: string;
}

export function runAciValidate(args: string[], { timeoutMs, cwd }: CliOptions = {}): CliResult {
  const r = spawnSync(process.execPath, [ACI_VALIDATE, ...args], { encoding: 'utf8', timeout: timeoutMs, cwd, maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, error: r.error };
}

/** One file's report in `--format json`. */
export interface FileReport {
  file: string;
  findings: { code: string; severity: string; message: string; line: number; column: number; path: (string | number)[] }[];
}

export interface JsonRun extends CliResult {
  reports: FileReport[];
  /** The report of `file`; fails when the run has none for it. */
  report(file: string): FileReport;
}

/** `aci-validate --format json FILE…` over every file at once. */
export function runAciValidateJson(files: string[], options?: CliOptions): JsonRun {
  const r = runAciValidate(['--format', 'json', ...files], options);
  const reports = JSON.parse(r.stdout) as FileReport[];
  return {
    ...r,
    reports,
    report(file) {
      const found = reports.find((f) => f.file === file);
      if (!found) throw new Error(`no report for ${file} in: ${r.stdout.slice(0, 2000)}`);
      return found;
    },
  };
}

/** A run made on first use and shared by the tests that read it (the files are written by `prepare`). */
export function sharedRun<T>(prepare: () => T): () => T {
  let done: { value: T } | undefined;
  return () => (done ??= { value: prepare() }).value;
}
