// Open Shell… and Show Live Output in the real VS Code against the emulator: a shell typed into through the
// terminal (echo hi read back, Ctrl-D ends it), from the palette, live output seeing a new log line arrive, and
// each refusal in words: a program the image lacks, a command with arguments (the documented exec limit), an
// init container that has ended (attach falls back to the polled log), and a group that is stopped. Nothing of a
// session (its socket URL, password, input or output) reaches the output log.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SessionResult } from '../../../src/commands/openShell/registerSessions';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { ContainerRef } from '../../../src/tree/containerRef';
import type { TestApi } from '../../../src/extension';
import { ScriptedInput, withAnswers } from './scriptedInput';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const FILE = 'it-shell.aci.yaml';
const TARGET: ContainerGroupTarget = { name: 'it-shell', subscriptionId: '00000000-0000-0000-0000-000000000025', resourceGroup: 'rg-shell-it', definitionFile: `definitions/${FILE}` };
const ref = (containerName: string, init = false): { containerRef: ContainerRef } => ({ containerRef: { target: TARGET, containerName, init } });
const PROMPT = /root@caas-[0-9a-f-]+:\/# $/;

suite('Open Shell and Show Live Output', function () {
  this.timeout(120_000);
  const world = suiteWorld();
  const { lines: logged, disposables } = world;
  let api: TestApi;

  const terminal = (name: string): vscode.Terminal | undefined => vscode.window.terminals.find((t) => t.name === name);
  const output = (name: string): string => api.sessions.output(name) ?? '';

  async function openShell(arg: unknown, command: string, script = new ScriptedInput()): Promise<SessionResult> {
    const result = await withAnswers(api, script, async () => vscode.commands.executeCommand<SessionResult>('aciDataShare.openShell', arg, { command }));
    assert.ok(result, 'the command returned its result');
    return result;
  }

  suiteSetup(async () => {
    ({ api } = world);
    // The fixture's web-frontend, with an init container and an Alpine sidecar (no bash in it). The unpinned-looking
    // tags draw a warning from the definition checks; deploying anyway is what this needs.
    await world.deployFixture(TARGET, (yaml) =>
      yaml
        .replace('image: mcr.microsoft.com/azuredocs/aci-helloworld:latest', 'image: alpine:3.20')
        .replace('  containers:', '  initContainers:\n    - name: fetch-site\n      properties:\n        image: busybox:1.36\n  containers:'),
    );
  });

  suiteTeardown(async () => {
    for (const t of vscode.window.terminals) t.dispose();
  });

  test('a shell: the prompt, `echo hi` typed into the terminal reads back hi; Ctrl-D ends the shell, the terminal says why until a key is pressed', async () => {
    // The panel opens with the terminal (as on a first Open Shell): its layout settling is no resize of the user's.
    await vscode.commands.executeCommand('workbench.action.closePanel');
    const script = new ScriptedInput();
    const result = await openShell(ref('nginx'), '/bin/bash', script);
    assert.deepStrictEqual({ outcome: result.outcome, terminal: result.terminal }, { outcome: 'opened', terminal: 'it-shell · nginx' });
    const name = result.terminal!;
    const term = await until(() => terminal(name), 'the terminal named group · container');
    await until(() => PROMPT.test(output(name)), 'the prompt');
    term.sendText('echo hi\r', false);
    await until(() => output(name).includes('echo hi\r\nhi\r\n'), 'hi read back after the echoed command');
    term.sendText('\x04', false);
    await until(() => api.sessions.endedWith(name), 'the end');
    assert.match(api.sessions.endedWith(name) ?? '', /^The shell in it-shell · nginx ended\.$/);
    await until(() => output(name).endsWith('Press any key to close the terminal.\x1b[0m'), 'the terminal kept, with the key to close it');
    assert.ok(output(name).includes('exit\r\nBye.\r\n\r\n\x1b[2mThe shell in it-shell · nginx ended.\x1b[0m\r\n'), 'the reason under the shell\'s last words');
    assert.ok(terminal(name), 'the terminal stays open with the reason');
    await until(() => logged.some((l) => l === 'Shell of it-shell · nginx ended: exited (close code 1000)'), 'the end in the log');
    assert.ok(terminal(name), 'still open once the end is logged');
    const closed = new Promise<void>((resolve) => disposables.push(vscode.window.onDidCloseTerminal((t) => t === term && resolve())));
    term.sendText('q', false);
    await closed;
    assert.ok(logged.includes('Shell of it-shell · nginx opened.'));
    assert.deepStrictEqual(script.messages(), [], 'no resize said, no notification for an exit the user typed');
  });

  test('from the palette: a configured group, a container, then /bin/sh offered first; a resize is said once', async () => {
    const script = new ScriptedInput([
      { pick: /^Open Shell$/, choose: /^it-shell$/ },
      { pick: /^Open Shell: it-shell$/, choose: /^nginx$/ },
      { pick: /^Open Shell: it-shell · nginx$/, choose: /^\/bin\/sh$/ },
    ]);
    const result = await withAnswers(api, script, async () => vscode.commands.executeCommand<SessionResult>('aciDataShare.openShell'));
    script.assertDone();
    const offered = script.shown.find((s) => s.kind === 'pick' && /it-shell · nginx/.test(s.text));
    assert.deepStrictEqual(offered?.items, ['/bin/sh', '/bin/bash', 'Other program…']);
    assert.strictEqual(result?.outcome, 'opened');
    await until(() => PROMPT.test(output(result.terminal!)), 'the prompt');
    const term = terminal(result.terminal!)!;
    term.sendText('nosuch\r', false);
    await until(() => output(result.terminal!).includes('/bin/sh: 1: nosuch: not found'), "the shell's own error");
    // A resize keeps the session's size (ACI takes it only at open): said once, the screen left alone.
    await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
    const resized = /^The session with it-shell · nginx keeps the size it opened with \(\d+×\d+\)/;
    await until(() => script.messages('info').some((m) => resized.test(m)), 'the resize said');
    await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
    term.sendText('echo after\r', false);
    await until(() => output(result.terminal!).includes('echo after\r\nafter\r\n'), 'the shell still answers');
    assert.strictEqual(script.messages('info').filter((m) => resized.test(m)).length, 1, 'said once');
    const closed = new Promise<void>((resolve) => disposables.push(vscode.window.onDidCloseTerminal((t) => t === term && resolve())));
    term.dispose();
    await closed;
    await until(() => logged.includes('Shell of it-shell · nginx ended: closed (close code 1000)'), 'closing the terminal ended the socket');
  });

  test('live output: a new log line arrives in a read-only terminal', async () => {
    const result = await withAnswers(api, new ScriptedInput(), async () => vscode.commands.executeCommand<SessionResult>('aciDataShare.showLiveOutput', ref('nginx')));
    assert.strictEqual(result?.outcome, 'opened');
    const name = result.terminal!;
    assert.ok(output(name).startsWith('\x1b[2mLive output of it-shell · nginx (read-only)'), 'the read-only header');
    const line = await until(() => /GET \/healthz 200 1ms \(#\d+\)\r\n|[A-Z][^\r\n]* \(#\d+\)\r\n/.exec(output(name))?.[0], 'a new log line');
    assert.ok(!output(name).includes('Starting nginx'), 'attaching shows what is written from now on, not the log so far');
    terminal(name)!.sendText('typed', false);
    assert.ok(!output(name).includes('typed'), 'nothing typed goes anywhere');
    assert.ok(line.endsWith('\r\n'));
    terminal(name)!.dispose();
    await until(() => logged.includes('Live output of it-shell · nginx ended: closed (close code 1000)'), 'closed');
  });

  test('a program the image lacks: the runtime says so and the terminal keeps why until a key is pressed', async () => {
    const script = new ScriptedInput();
    const result = await openShell(ref('content-sync'), '/bin/bash', script);
    const name = result.terminal!;
    await until(() => api.sessions.endedWith(name), 'the end');
    assert.match(output(name), /exec: "\/bin\/bash": executable file not found in \$PATH/);
    assert.match(api.sessions.endedWith(name)!, /^The program does not exist in the image of it-shell · content-sync\. Open Shell again and choose another \(such as \/bin\/sh\)\.$/);
    await until(() => script.messages('warning').some((m) => m === api.sessions.endedWith(name)), 'the reason as a notification');
    await until(() => output(name).includes(`${api.sessions.endedWith(name)!}\x1b[0m\r\n\r\n\x1b[2mPress any key to close the terminal.`), 'the reason in the terminal');
    const term = terminal(name);
    assert.ok(term, 'the terminal is kept');
    const closed = new Promise<void>((resolve) => disposables.push(vscode.window.onDidCloseTerminal((t) => t === term && resolve())));
    term.sendText(' ', false);
    await closed;
  });

  test('a command with arguments is refused before anything is sent (ACI runs one program without arguments)', async () => {
    const script = new ScriptedInput();
    const from = logged.length;
    const result = await openShell(ref('nginx'), 'ls -la', script);
    assert.strictEqual(result.outcome, 'refused');
    assert.match(script.messages('error')[0] ?? '', /^Azure Container Instances runs a single program without arguments/);
    assert.ok(!logged.slice(from).some((l) => /\/exec\?/.test(l)), 'no exec request');
  });

  test('an init container that has ended: Open Shell refuses before asking for a program; live output falls back to the polled log', async () => {
    const script = new ScriptedInput();
    const from = logged.length;
    const shell = await withAnswers(api, script, async () => vscode.commands.executeCommand<SessionResult>('aciDataShare.openShell', ref('fetch-site', true)));
    assert.strictEqual(shell?.outcome, 'refused');
    assert.strictEqual(shell.reason, 'containerNotRunning');
    assert.strictEqual(shell.message, 'The container it-shell · fetch-site is not running (it is Terminated, exit code 0).');
    assert.deepStrictEqual(script.messages('error'), [shell.message]);
    assert.ok(!script.shown.some((s) => s.kind === 'pick'), 'no program asked for');
    assert.ok(!terminal('it-shell · fetch-site'), 'no terminal opened');
    assert.ok(!logged.slice(from).some((l) => /\/exec\?/.test(l)), 'no exec request');

    const live = await withAnswers(api, new ScriptedInput(), async () => vscode.commands.executeCommand<SessionResult>('aciDataShare.showLiveOutput', ref('fetch-site', true)));
    assert.strictEqual(live?.outcome, 'fellBack');
    assert.match(live.message ?? '', /^Live output is not available for it-shell · fetch-site: The container it-shell · fetch-site is not running \(it is Terminated/);
    assert.ok(live.logs?.uri.includes('fetch-site'), 'the log view opened instead');
  });

  test('a refusal from the service: the terminal keeps the reason, with Azure\'s words, until a key is pressed', async () => {
    const script = new ScriptedInput();
    const result = await openShell(ref('no-such-container'), '/bin/sh', script);
    assert.strictEqual(result.outcome, 'refused');
    const name = result.terminal!;
    assert.deepStrictEqual(script.messages('error'), [result.message]);
    assert.match(result.message ?? '', /\S/);
    await until(() => output(name).includes(`${result.message!}\x1b[0m\r\n\r\n\x1b[2mPress any key to close the terminal.`), 'the reason in the terminal');
    const term = terminal(name);
    assert.ok(term, 'the terminal is kept');
    const closed = new Promise<void>((resolve) => disposables.push(vscode.window.onDidCloseTerminal((t) => t === term && resolve())));
    term.sendText('x', false);
    await closed;
  });

  test('a stopped group: Open Shell refuses before asking, its Start starts the group, then a shell opens; live output falls back', async () => {
    const { client } = await api.connection();
    const groupPath = `/subscriptions/${TARGET.subscriptionId}/resourceGroups/${TARGET.resourceGroup}/providers/Microsoft.ContainerInstance/containerGroups/${TARGET.name}`;
    await client.request({ method: 'POST', path: `${groupPath}/stop`, apiVersion: '2023-05-01' });
    const live = await withAnswers(api, new ScriptedInput(), async () => vscode.commands.executeCommand<SessionResult>('aciDataShare.showLiveOutput', ref('nginx')));
    assert.strictEqual(live?.outcome, 'fellBack');
    assert.match(live.message ?? '', /not running \(it is Stopped\)/);

    const script = new ScriptedInput([
      { message: /^The container group is not running \(it is Stopped\)\. Start it first\.$/, choose: 'Start' },
      { message: /^Start the container group it-shell in rg-shell-it\?$/, choose: 'Start' },
    ]);
    const state = async (): Promise<string | undefined> =>
      ((await client.request<{ properties?: { instanceView?: { state?: string } } }>({ method: 'GET', path: groupPath, apiVersion: '2023-05-01' })).body?.properties?.instanceView?.state);
    const shell = await withAnswers(api, script, async () => {
      const refused = await vscode.commands.executeCommand<SessionResult>('aciDataShare.openShell', ref('nginx'));
      // Start runs once the refusal's button is pressed, after the command has returned.
      await until(async () => (await state()) === 'Running', 'the group started by the Start button');
      return refused;
    });
    assert.strictEqual(shell?.reason, 'groupNotRunning');
    assert.ok(!script.shown.some((s) => s.kind === 'pick'), 'no program asked for');
    const error = script.shown.find((s) => s.kind === 'error');
    assert.deepStrictEqual(error?.actions, ['Start']);
    const again = await openShell(ref('nginx'), '/bin/sh');
    assert.strictEqual(again.outcome, 'opened');
    terminal(again.terminal!)?.dispose();
  });

  test('nothing of a session reaches the output log: no socket URL, no password, no input or output', () => {
    const text = logged.join('\n');
    assert.doesNotMatch(text, /ws:\/\/|\/exec\/caas-|logstream|bridge-|echo hi|nosuch|password/i);
    assert.match(text, /POST \S+\/containers\/nginx\/exec\?api-version=2023-05-01/);
  });
});
