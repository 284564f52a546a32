// Smoke test of the packaged extension: builds the .vsix (`npm run package`), installs it into a fresh code-server
// with its own CLI, opens the fixture workspace against the ARM emulator and runs suite/vsix.smoke.test.js inside
// the extension host. The extension under test is the installed copy: extensionDevelopmentPath points at an empty
// folder (the workbench only runs a tests module in development mode), never at this repository. Then the same .vsix
// in a code-server run as a user runs it (no test driver): a command's notification must pop up as a toast.
// Prints one final line `N passed, N failed`; exits non-zero on any failure.
// Usage: node out/test/integration/vsix.js [--keep-vsix <file>] [--phase package|smoke]
// `--phase package` only builds the .vsix (into the --keep-vsix file) and checks its file list: it rewrites dist/, so
// `npm test` runs it before anything reads dist/; `--phase smoke` then runs the rest on that file beside other stages.
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { startEmulator } from '../emulator/server';
import { openWorkbench, startCodeServer, userWorkbenchUrl, type CodeServer, type Payload, type Workbench } from './codeServer';
import { CODE_SERVER_ENTRY, ensureInstalled, NODE24_BIN, REPO_ROOT, RESULTS_DIR } from './install';
import { readMetafile, type Metafile } from '../bundleMeta';
import { RunLog } from './runLog';
import { runCommandForToast, waitForWorkbench } from './userToast';
import { vsixProblems } from './vsixContents';
import { REPORT_CHECK_FILE, REPORT_SHOWN_LINE, TREE_CHECK_FILE, TREE_SHOWN_LINE, type ReportPageCheck, type TreeCheck } from './vsixProtocol';
import { emulatorEnv, emulatorSettings, prepareWorkspace, type PreparedWorkspace } from './workspace';

const OVERALL_TIMEOUT_MS = 3 * 60 * 1000;
const TESTS_MODULE = path.join(REPO_ROOT, 'out', 'test', 'integration', 'suite', 'vsix.smoke.test.js');
const RESULT_LINE = /\[tests\] result passed=(\d+) failed=(\d+)/;

/** Runs a command; resolves with its combined output, rejects with the output's tail when it fails. */
function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code}):\n${output.split('\n').slice(-30).join('\n')}`));
    });
  });
}

/**
 * `npm run package` into `vsixFile`, then the development bundles again so dist/ stays as `npm run build` left it.
 * Returns the package's size and the production build's metafile (the chunks the package must hold).
 */
export async function buildVsix(vsixFile: string): Promise<{ size: number; meta: Metafile }> {
  await run('npm', ['run', 'package', '--', '--out', vsixFile]);
  const meta = readMetafile(REPO_ROOT);
  await run(process.execPath, ['esbuild.mjs']);
  return { size: fs.statSync(vsixFile).size, meta };
}

/** Installs the .vsix into the server's extensions folder with code-server's own CLI (before any window opens). */
async function installVsix(server: CodeServer, vsixFile: string): Promise<string> {
  return run(NODE24_BIN, [
    CODE_SERVER_ENTRY,
    '--user-data-dir', path.join(server.stateDir, 'user-data'),
    '--extensions-dir', path.join(server.stateDir, 'extensions'),
    '--install-extension', vsixFile,
  ], { env: server.env });
}

/** Waits for the report's webview frame to render data set rows, and reads whether its stylesheet applied. */
async function checkReportPage(workbench: Workbench): Promise<ReportPageCheck> {
  const deadline = Date.now() + 30000;
  // Strings, evaluated in the page, so this Node-side file needs no DOM typings.
  const probe = `(() => {
    const grid = document.querySelector('[role="grid"]');
    if (!grid) return undefined;
    const rows = grid.querySelectorAll('.grid-body [role="row"]').length;
    const display = getComputedStyle(grid.querySelector('.grid-row') ?? grid).display;
    return { gridRows: rows, styled: display === 'grid' || display === 'flex' };
  })()`;
  let last: ReportPageCheck = { gridRows: 0, styled: false, error: 'no report page found' };
  while (Date.now() < deadline) {
    for (const frame of workbench.page.frames()) {
      const found = (await frame.evaluate(probe).catch(() => undefined)) as ReportPageCheck | undefined;
      if (found) last = found;
      if (found && found.gridRows > 0) return found;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return last;
}

/** Reads the side bar tree's rows until they hold every label in `wanted` (or 30 s pass). */
async function checkTree(workbench: Workbench, wanted: readonly string[]): Promise<TreeCheck> {
  const deadline = Date.now() + 30000;
  const rows = workbench.page.locator('.part.sidebar .monaco-list-row .label-name');
  let labels: string[] = [];
  while (Date.now() < deadline) {
    labels = (await rows.allTextContents().catch(() => [])).map((l) => l.trim());
    if (wanted.every((w) => labels.includes(w))) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { labels };
}

/**
 * The installed .vsix in a workbench opened as a user opens it: Sign In from the Command Palette must show its
 * result as a toast (a workbench with the test driver shows none, so the smoke test above cannot see this).
 */
async function checkUserToast(vsixFile: string, emulatorUrl: string, folder: string, log: RunLog): Promise<boolean> {
  const server = await startCodeServer({ env: emulatorEnv(emulatorUrl), userSettings: emulatorSettings(emulatorUrl), mode: 'user', onOutput: (line) => log.write(line) });
  let workbench: Workbench | undefined;
  try {
    log.write(await installVsix(server, vsixFile));
    workbench = await openWorkbench(server, userWorkbenchUrl(server, folder));
    await waitForWorkbench(workbench.page);
    const check = await runCommandForToast(workbench.page, 'ACI & Data Share: Sign In to Azure', 'Signed in to');
    log.say(check.toast
      ? `[vsix] ✔ as a user runs it, Sign In shows its result as a toast: "${check.toast.slice(0, 60)}…"`
      : `[vsix] ✗ as a user runs it, Sign In showed no toast with its result (toasts seen: ${JSON.stringify(check.seen)})`);
    return check.toast !== undefined;
  } finally {
    await workbench?.close().catch(() => undefined);
    await server.stop();
  }
}

async function main(): Promise<void> {
  const phaseAt = process.argv.indexOf('--phase');
  const phase = phaseAt > 0 ? process.argv[phaseAt + 1] : 'all';
  if (phase !== 'package' && phase !== 'smoke' && phase !== 'all') throw new Error(`--phase ${phase}: package or smoke`);
  const log = new RunLog(path.join(RESULTS_DIR, phase === 'package' ? 'vsix-package.log' : 'vsix.log'));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-ds-vsix-'));
  const keepAt = process.argv.indexOf('--keep-vsix');
  const vsixFile = keepAt > 0 && process.argv[keepAt + 1] ? path.resolve(process.argv[keepAt + 1]) : path.join(scratch, 'aci-data-share.vsix');
  const noDevelopmentExtension = path.join(scratch, 'no-development-extension');
  fs.mkdirSync(noDevelopmentExtension);
  let passed = 0;
  let failed = 0;
  let emulatorClose: (() => Promise<void>) | undefined;
  let workspace: PreparedWorkspace | undefined;
  let server: CodeServer | undefined;
  let workbench: Workbench | undefined;
  const cleanup = async () => {
    await workbench?.close().catch(() => undefined);
    await server?.stop();
    workspace?.remove();
    await emulatorClose?.();
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  const finish = async (error?: string) => {
    if (error) {
      log.say(`[vsix] error: ${error}`);
      failed += 1;
    }
    await cleanup();
    const summary = `${passed} passed, ${failed} failed`;
    log.write(summary);
    log.close();
    console.log(summary);
    process.exit(failed > 0 || passed === 0 ? 1 : 0);
  };
  setTimeout(() => void finish(`timed out after ${OVERALL_TIMEOUT_MS / 60000} min`), OVERALL_TIMEOUT_MS).unref();
  process.once('SIGINT', () => void finish('interrupted'));

  try {
    const started = Date.now();
    if (!fs.existsSync(TESTS_MODULE)) throw new Error(`${path.relative(REPO_ROOT, TESTS_MODULE)} is missing: run npm run build`);
    let listChecked = { passed: 0, failed: 0 };
    if (phase === 'smoke') {
      if (!fs.existsSync(vsixFile)) throw new Error(`${vsixFile} is missing: build it with --phase package first`);
      await ensureInstalled();
    } else {
      const [{ size, meta }] = await Promise.all([buildVsix(vsixFile), phase === 'all' ? ensureInstalled() : undefined]);
      log.say(`[vsix] packaged ${path.basename(vsixFile)}: ${(size / 1024).toFixed(0)} KB`);
      const problems = vsixProblems(vsixFile, REPO_ROOT, meta);
      log.say(problems.length ? `[vsix] ✗ the packaged file list:\n  ${problems.join('\n  ')}` : '[vsix] ✔ the packaged file list holds what runs and nothing else');
      listChecked = problems.length ? { passed: 0, failed: 1 } : { passed: 1, failed: 0 };
      if (phase === 'package') {
        ({ passed, failed } = listChecked);
        await finish();
        return;
      }
    }
    const emulator = await startEmulator({});
    emulatorClose = () => emulator.close();
    workspace = prepareWorkspace('workspace', emulatorSettings(emulator.url));
    // Set as a user's environment could: the installed copy must hand out no test API all the same.
    const env = { ...emulatorEnv(emulator.url), ACI_DS_TEST_API: '1' };
    server = await startCodeServer({ env, userSettings: emulatorSettings(emulator.url), onOutput: (line) => log.write(line) });
    log.write(await installVsix(server, vsixFile));
    const payload: Payload = [
      ['extensionDevelopmentPath', server.remote(noDevelopmentExtension)],
      ['extensionTestsPath', server.remote(TESTS_MODULE)],
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ];
    const reportCheckFile = path.join(workspace.dir, REPORT_CHECK_FILE);
    const treeCheckFile = path.join(workspace.dir, TREE_CHECK_FILE);
    let result: { passed: number; failed: number } | undefined;
    let echoing = false;
    const exitCode = await new Promise<number>((resolve) => {
      openWorkbench(server!, server!.workbenchUrl(workspace!.dir, payload), {
        onLog: (_type, text) => {
          if (text.includes('[tests] start')) echoing = true;
          if (echoing) log.echo(text);
          else log.write(`[workbench] ${text}`);
          const treeShown = text.indexOf(TREE_SHOWN_LINE);
          if (treeShown >= 0 && workbench) {
            const wanted = JSON.parse(text.slice(treeShown + TREE_SHOWN_LINE.length)) as string[];
            void checkTree(workbench, wanted).then((check) => fs.writeFileSync(treeCheckFile, JSON.stringify(check)));
          }
          if (text.includes(REPORT_SHOWN_LINE) && workbench) {
            void checkReportPage(workbench).then((check) => fs.writeFileSync(reportCheckFile, JSON.stringify(check)));
          }
          const match = RESULT_LINE.exec(text);
          if (match) {
            result = { passed: Number(match[1]), failed: Number(match[2]) };
            echoing = false;
          }
        },
        onExit: resolve,
      }).then(
        (opened) => (workbench = opened),
        (err: unknown) => {
          log.say(`[vsix] could not open the workbench: ${err instanceof Error ? err.message : String(err)}`);
          resolve(1);
        },
      );
    });
    if (!result) throw new Error(`no result line (extension host exit code ${exitCode}); see ${log.file}`);
    passed = result.passed + listChecked.passed;
    failed = result.failed + listChecked.failed;
    if (exitCode !== 0 && failed === 0) failed = 1;
    await workbench?.close().catch(() => undefined);
    workbench = undefined;
    await server.stop();
    server = undefined;
    if (await checkUserToast(vsixFile, emulator.url, workspace.dir, log)) passed += 1;
    else failed += 1;
    log.say(`[vsix] ${passed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await finish();
  } catch (err) {
    await finish(err instanceof Error ? err.message : String(err));
  }
}

if (require.main === module) void main();
