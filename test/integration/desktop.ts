// Desktop runner (`npm run test:desktop`): the same integration suites as run.ts, in a desktop VS Code that
// @vscode/test-electron downloads (into .vscode-test/), against the same ARM emulator and fixture workspaces.
// Where VS Code cannot be downloaded it says so and exits non-zero; CI uses the code-server runner instead.
// On Linux without a display, run it under `xvfb-run -a npm run test:desktop`.
import { runTests } from '@vscode/test-electron';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Writable } from 'stream';
import { startEmulator } from '../emulator/server';
import { REPO_ROOT } from './install';
import { RESULT_LINE, SUITES, suiteEnv, suiteHasFiles, TESTS_MODULE, type SuiteDefinition } from './suites';
import { emulatorSettings, prepareWorkspace } from './workspace';

/** `stable`, `insiders` or a version such as `1.139.1`; the default is the newest stable release. */
const VERSION = process.env.ACI_DS_VSCODE_VERSION || 'stable';

interface Counts {
  passed: number;
  failed: number;
}

/** Echoes the extension host's output and keeps the counts from its result line. */
function resultReader(onResult: (counts: Counts) => void): Writable {
  let rest = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      process.stdout.write(chunk);
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const match = RESULT_LINE.exec(line);
        if (match) onResult({ passed: Number(match[1]), failed: Number(match[2]) });
      }
      done();
    },
  });
}

async function runSuite(suite: SuiteDefinition, emulatorUrl: string): Promise<Counts> {
  const workspace = prepareWorkspace(suite.fixture, emulatorSettings(emulatorUrl));
  // Settings that decide where a token goes count only from the user's settings.
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-ds-desktop-user-'));
  fs.mkdirSync(path.join(userData, 'User'));
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify(emulatorSettings(emulatorUrl), null, 2));
  let counts: Counts | undefined;
  try {
    await runTests({
      version: VERSION,
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: TESTS_MODULE,
      extensionTestsEnv: suiteEnv(suite, emulatorUrl),
      launchArgs: [workspace.dir, '--disable-extensions', '--user-data-dir', userData, ...(suite.untrusted ? [] : ['--disable-workspace-trust'])],
      stdout: resultReader((c) => (counts = c)),
    });
  } catch (err) {
    // A failing test rejects too; only a run without a result line is an error of its own.
    if (!counts) throw err;
  } finally {
    workspace.remove();
    fs.rmSync(userData, { recursive: true, force: true });
  }
  if (!counts) throw new Error(`suite "${suite.name}" printed no result line`);
  return counts;
}

async function main(): Promise<void> {
  if (!fs.existsSync(TESTS_MODULE)) throw new Error('out/test/integration/suite/index.js is missing: run npm run build');
  const emulator = await startEmulator({});
  const total: Counts = { passed: 0, failed: 0 };
  try {
    for (const suite of SUITES.filter(suiteHasFiles)) {
      console.log(`[desktop] suite "${suite.name}" in VS Code ${VERSION}`);
      const counts = await runSuite(suite, emulator.url);
      total.passed += counts.passed;
      total.failed += counts.failed;
    }
  } finally {
    await emulator.close();
  }
  console.log(`${total.passed} passed, ${total.failed} failed`);
  process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`[desktop] ${message}`);
  console.error('[desktop] A desktop VS Code could not be downloaded or started here; `npm run test:integration` runs the same suites in code-server.');
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
});
