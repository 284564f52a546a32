// Run Command in Container… in the real VS Code against the emulator: `ls -la /` with arguments and exit code 0,
// a failing command's own non-zero code, Cancel of `sleep 600` (Ctrl-C, the session closed), and a distroless
// image refused because it has no shell. Neither the command line nor its output reaches the output log.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { RunCommandResult } from '../../../src/commands/runCommand/registerRunCommand';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { ContainerRef } from '../../../src/tree/containerRef';
import type { TestApi } from '../../../src/extension';
import { ScriptedInput, withAnswers, type Answer } from './scriptedInput';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const FILE = 'it-run.aci.yaml';
const TARGET: ContainerGroupTarget = { name: 'it-run', subscriptionId: '00000000-0000-0000-0000-000000000025', resourceGroup: 'rg-run-it', definitionFile: `definitions/${FILE}` };
const ref = (containerName: string): { containerRef: ContainerRef } => ({ containerRef: { target: TARGET, containerName, init: false } });

suite('Run Command in Container', function () {
  this.timeout(120_000);
  const world = suiteWorld();
  const { lines: logged } = world;
  let api: TestApi;

  /** Runs `line`: a recent-commands pick (when there is one) answered with its first item, New command…. */
  async function runCommand(arg: unknown, line: string, ...more: Answer[]): Promise<{ result: RunCommandResult; script: ScriptedInput }> {
    const script = new ScriptedInput([{ input: /^Run Command in it-run · /, value: line }, ...more], { acceptDefaults: true });
    const result = await withAnswers(api, script, async () => vscode.commands.executeCommand<RunCommandResult>('aciDataShare.runCommand', arg));
    script.assertDone();
    assert.ok(result, 'the command returned its result');
    return { result, script };
  }

  suiteSetup(async () => {
    ({ api } = world);
    // The fixture's web-frontend with a distroless sidecar (gcr.io/distroless: no /bin/sh in the image).
    await world.deployFixture(TARGET, (yaml) => yaml.replace('image: mcr.microsoft.com/azuredocs/aci-helloworld:latest', 'image: gcr.io/distroless/static-debian12:nonroot'));
  });

  suiteTeardown(async () => {
    for (const t of vscode.window.terminals) t.dispose();
  });

  test('`ls -la /`: the listing in a terminal named group · container · run, exit code 0 and the time on the last line', async () => {
    const { result, script } = await runCommand(ref('nginx'), 'ls -la /');
    assert.strictEqual(result.outcome, 'exited', result.message);
    assert.strictEqual(result.exitCode, 0);
    assert.match(result.output ?? '', /^total \d+\r\n/);
    assert.match(result.output ?? '', /drwxr-xr-x .* usr\r\n/);
    assert.doesNotMatch(result.output ?? '', /stty|printf|ls -la/, 'nothing typed shows');
    assert.strictEqual(result.terminal, 'it-run · nginx · run');
    assert.ok(vscode.window.terminals.some((t) => t.name === 'it-run · nginx · run'));
    await until(() => api.sessions.endedWith('it-run · nginx · run'), 'the last line');
    assert.match(api.sessions.endedWith('it-run · nginx · run') ?? '', /^The command ended with exit code 0 after \d+\.\d s\.$/);
    assert.ok((api.sessions.output('it-run · nginx · run') ?? '').includes('usr\r\n'), 'the output in the terminal');
    assert.deepStrictEqual(script.messages(), [], 'no notification for a command that ran');
    await until(() => logged.some((l) => /^Run Command in it-run · nginx ended: exited \(exit code 0\) after \d+ ms\.$/.test(l)), 'the end in the log');
  });

  test("a failing command: its own non-zero exit code; the line offered again next time", async () => {
    const { result } = await runCommand(ref('nginx'), "ls /nowhere 'two words'");
    assert.strictEqual(result.outcome, 'exited');
    assert.strictEqual(result.exitCode, 2);
    assert.match(result.output ?? '', /No such file or directory/);
    const again = new ScriptedInput([{ pick: /^Run Command in it-run · nginx$/, choose: /^New command…$/ }, { input: /^Run Command in/, value: undefined }]);
    await withAnswers(api, again, async () => vscode.commands.executeCommand('aciDataShare.runCommand', ref('nginx')));
    again.assertDone();
    const pick = again.shown.find((s) => s.kind === 'pick');
    assert.deepStrictEqual(pick?.items?.slice(0, 3), ['New command…', "ls /nowhere 'two words'", 'ls -la /'], 'the recent ones, newest first');
  });

  test('Cancel of `sleep 600`: Ctrl-C sent, the session closed, no exit code', async () => {
    const started = Date.now();
    const { result } = await runCommand(ref('nginx'), 'sleep 600', { progress: /^Running a command in it-run · nginx$/, cancelWhen: (m) => /running/.test(m) });
    assert.strictEqual(result.outcome, 'cancelled');
    assert.strictEqual(result.exitCode, undefined);
    assert.ok(Date.now() - started < 30_000, 'ended long before the command would have');
    assert.match(api.sessions.endedWith('it-run · nginx · run') ?? '', /^Cancelled after \d+\.\d s: Ctrl-C was sent and the session closed\.$/);
  });

  test('the time limit (aciDataShare.runCommand.timeoutSeconds) stops `sleep 600` with Ctrl-C and says so', async () => {
    const config = vscode.workspace.getConfiguration('aciDataShare');
    await config.update('runCommand.timeoutSeconds', 1, vscode.ConfigurationTarget.Workspace);
    try {
      const { result, script } = await runCommand(ref('nginx'), 'sleep 600');
      assert.strictEqual(result.outcome, 'timedOut');
      assert.strictEqual(result.exitCode, undefined);
      assert.ok(script.messages('warning').some((m) => /^Stopped after \d+\.\d s, the time limit \(setting aciDataShare\.runCommand\.timeoutSeconds\)/.test(m)));
    } finally {
      await config.update('runCommand.timeoutSeconds', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('the time limit passing while Azure still grants the session: nothing runs and the run ends, timed out', async function () {
    this.timeout(40_000);
    const config = vscode.workspace.getConfiguration('aciDataShare');
    const latency = (ms: number) => fetch(`${process.env.ACI_DS_EMULATOR_URL}/__emulator/latency?ms=${ms}`);
    await config.update('runCommand.timeoutSeconds', 1, vscode.ConfigurationTarget.Workspace);
    // Every reply takes 1.5 s, so the 1 s limit passes before the exec request is answered.
    await latency(1500);
    try {
      const started = Date.now();
      const { result } = await runCommand(ref('nginx'), 'sleep 600');
      assert.strictEqual(result.outcome, 'timedOut');
      assert.strictEqual(result.exitCode, undefined);
      assert.ok(Date.now() - started < 20_000, 'ended long before the command would have');
    } finally {
      await latency(0);
      await config.update('runCommand.timeoutSeconds', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a distroless image: refused, it has no shell', async () => {
    const { result, script } = await runCommand(ref('content-sync'), 'ls');
    assert.strictEqual(result.outcome, 'refused');
    assert.strictEqual(result.reason, 'noShell');
    assert.match(result.message ?? '', /has no shell .*distroless/);
    assert.ok(script.messages('error').some((m) => /has no shell/.test(m)));
  });

  test('nothing typed or printed reaches the log', () => {
    const text = logged.join('\n');
    for (const secret of ['ls -la', 'nowhere', 'sleep 600', 'drwxr-xr-x', 'No such file']) assert.ok(!text.includes(secret), secret);
  });
});
