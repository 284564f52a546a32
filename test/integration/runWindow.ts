// One workbench window of an integration run: its own emulator, a fresh copy of the suite's workspace, a code-server
// and headless chromium, running the suite's files (or, with a queue, the files the queue hands it) in its extension
// host. Resolves with the window's counts; a window that ends without a result line, or times out, counts a failure.
import { startEmulator } from '../emulator/server';
import { extensionPayload, openWorkbench, startCodeServer, type CodeServer, type Workbench } from './codeServer';
import type { RunLog } from './runLog';
import { RESULT_LINE, suiteEnv, TESTS_MODULE, type SuiteDefinition } from './suites';
import { emulatorSettings, prepareWorkspace } from './workspace';

export interface WindowResult {
  passed: number;
  failed: number;
}

export interface WindowOptions {
  suite: SuiteDefinition;
  log: RunLog;
  timeLeftMs: number;
  /** The queue several windows share (fileQueue.ts); without it the window runs all of the suite's files. */
  queueUrl?: string;
  /** Set when several windows run at once: tags the log's lines, and holds the test output to print a file at a time. */
  name?: string;
  /** Called with a clean-up to run if the run ends early; the window removes it itself when it ends. */
  track(cleanup: () => Promise<void>): () => void;
}

export async function runWindow(options: WindowOptions): Promise<WindowResult> {
  const { suite, log, name } = options;
  const label = name ? `suite "${suite.name}" ${name}` : `suite "${suite.name}"`;
  const tag = name ? `[${name}] ` : '';
  const started = Date.now();
  // One "InProgress" answer before a long-running operation ends (the emulator's default is two): every deploy and
  // action still polls its status, and the suites spend less time waiting on the 2-second poll interval.
  const emulator = await startEmulator({ lroPolls: 1 });
  const workspace = prepareWorkspace(suite.fixture, emulatorSettings(emulator.url));
  let server: CodeServer | undefined;
  let workbench: Workbench | undefined;
  let released: Promise<void> | undefined;
  const release = () =>
    (released ??= (async () => {
      await workbench?.close().catch(() => undefined);
      await server?.stop();
      workspace.remove();
      await emulator.close();
    })());
  const untrack = options.track(release);
  // Several windows at once: a window's test output is printed a file at a time, so files do not interleave.
  const held: string[] = [];
  const flush = () => held.splice(0).forEach((line) => log.show(line));
  try {
    const env = { ...suiteEnv(suite, emulator.url), ...(options.queueUrl ? { ACI_DS_TEST_QUEUE: options.queueUrl, ACI_DS_TEST_WINDOW: name ?? '' } : {}) };
    server = await startCodeServer({
      env,
      userSettings: emulatorSettings(emulator.url),
      onOutput: (line) => log.write(`${tag}${line}`),
      workspaceTrust: suite.untrusted === true,
    });
    let result: WindowResult | undefined;
    let echoing = false;
    const exitCode = await new Promise<number | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), options.timeLeftMs);
      const url = server!.workbenchUrl(workspace.dir, extensionPayload(server!, TESTS_MODULE));
      openWorkbench(server!, url, {
        // Test output is echoed from the start line through the result line; the workbench's own lines
        // (before, and shutdown noise after) go to the log file only.
        onLog: (_type, text) => {
          if (text.includes('[tests] start')) echoing = true;
          if (!echoing) log.write(`${tag}[workbench] ${text}`);
          else if (!name) log.echo(text);
          else {
            log.write(`${tag}${text}`);
            if (text.includes('[tests] file ')) flush();
            held.push(text);
          }
          const match = RESULT_LINE.exec(text);
          if (match) {
            result = { passed: Number(match[1]), failed: Number(match[2]) };
            echoing = false;
            flush();
          }
        },
        onExit: (code) => {
          clearTimeout(timer);
          resolve(code);
        },
      }).then(
        (opened) => (workbench = opened),
        (err: unknown) => {
          log.say(`[run] ${label}: could not open the workbench: ${err instanceof Error ? err.message : String(err)}`);
          clearTimeout(timer);
          resolve(1);
        },
      );
    });
    flush();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (exitCode === 'timeout') {
      log.say(`[run] ${label} did not finish in time`);
      return { passed: result?.passed ?? 0, failed: (result?.failed ?? 0) + 1 };
    }
    if (!result) {
      log.say(`[run] ${label}: no result line (extension host exit code ${exitCode}); see ${log.file}`);
      return { passed: 0, failed: 1 };
    }
    if (exitCode !== 0 && result.failed === 0) {
      log.say(`[run] ${label}: extension host exited with ${exitCode} although no test failed`);
      return { passed: result.passed, failed: 1 };
    }
    log.say(`[run] ${label}: ${result.passed} passed, ${result.failed} failed in ${seconds} s`);
    return result;
  } finally {
    untrack();
    await release();
  }
}
