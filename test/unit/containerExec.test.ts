// Exec and attach end to end over real sockets on 127.0.0.1: the POSTs the core sends, the socket protocol it
// speaks (password first, keystrokes as binary frames, the empty frame after connecting), how each session ends,
// the URL policy of the socket, and the emulator's refusals.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { putContainerGroup } from '../../src/core/services/containerGroups';
import { runContainerGroupAction } from '../../src/core/containerGroup/actions';
import { explainRefusal } from '../../src/core/containerGroup/execRefusal';
import { checkSocketUrl, commandProblem, requestAttach, requestExec, type SocketGrant } from '../../src/core/containerGroup/execRequest';
import { ContainerSocketSession, type SessionEnd, type SessionMode } from '../../src/core/containerGroup/containerSocket';
import { ArmError } from '../../src/core/arm/errors';
import { json, rejectsWith, startFixture, startHarness, StaticTokenProvider, SUBSCRIPTION, validGroupBody, type Harness } from './armHarness';
import { ArmClient } from '../../src/core/arm/client';

interface Run {
  session: ContainerSocketSession;
  output: () => string;
  opened: Promise<void>;
  ended: Promise<SessionEnd>;
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
}

function connect(grant: SocketGrant, mode: SessionMode, extra: { idleHintMs?: number } = {}): Run {
  let out = '';
  const waiters: { pattern: RegExp; resolve: (s: string) => void }[] = [];
  let onOpen!: () => void;
  let onEnd!: (e: SessionEnd) => void;
  const opened = new Promise<void>((r) => (onOpen = r));
  const ended = new Promise<SessionEnd>((r) => (onEnd = r));
  const session = new ContainerSocketSession({
    grant,
    armEndpoint: 'https://management.azure.com',
    mode,
    ...extra,
    onOpen,
    onEnd,
    onOutput: (t) => {
      out += t;
      for (const w of waiters.splice(0)) {
        if (w.pattern.test(out)) w.resolve(out);
        else waiters.push(w);
      }
    },
  });
  return {
    session,
    output: () => out,
    opened,
    ended,
    waitFor: (pattern, ms = 5000) =>
      pattern.test(out)
        ? Promise.resolve(out)
        : new Promise<string>((resolve, reject) => {
            const t = setTimeout(() => reject(new Error(`timed out waiting for ${pattern} in ${JSON.stringify(out.slice(-300))}`)), ms);
            waiters.push({ pattern, resolve: (s) => (clearTimeout(t), resolve(s)) });
          }),
  };
}

const PROMPT = /root@caas-[0-9a-f]+-\d+-[0-9a-f]+:\/# $/;

describe('exec and attach requests', () => {
  it('POSTs …/exec with the command and the terminal size, and …/attach with no body', async () => {
    const fixture = await startFixture((_req, _body, res) => json(res, 200, { webSocketUri: 'wss://bridge.example/exec/x', password: 'p' }));
    try {
      const client = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua' });
      const group = { subscriptionId: 'subid', resourceGroup: 'demo', name: 'demo1' };
      const grant = await requestExec(client, { group, containerName: 'container1', command: ' /bin/bash ', size: { rows: 30.7, cols: 0 } });
      assert.deepEqual(grant, { webSocketUri: 'wss://bridge.example/exec/x', password: 'p' });
      await requestAttach(client, { group, containerName: 'container1' });
      const [exec, attach] = fixture.hits;
      assert.equal(exec.method, 'POST');
      assert.equal(new URL(exec.url, fixture.url).pathname, '/subscriptions/subid/resourceGroups/demo/providers/Microsoft.ContainerInstance/containerGroups/demo1/containers/container1/exec');
      assert.deepEqual(JSON.parse(exec.body), { command: '/bin/bash', terminalSize: { rows: 30, cols: 80 } });
      assert.equal(new URL(attach.url, fixture.url).pathname.endsWith('/containers/container1/attach'), true);
      assert.equal(attach.body, '');
    } finally {
      await fixture.close();
    }
  });

  it('refuses a command with arguments before sending anything (the documented exec limit)', async () => {
    assert.equal(commandProblem('echo FOO'), 'arguments');
    assert.equal(commandProblem('  '), 'empty');
    assert.equal(commandProblem('/bin/sh'), undefined);
  });

  it('opens sockets over wss, or ws to this computer only, and never quotes the URL or password', async () => {
    assert.equal(checkSocketUrl('wss://bridge.example/exec/a?b=c').protocol, 'wss:');
    assert.equal(checkSocketUrl('ws://127.0.0.1:9/exec').protocol, 'ws:');
    for (const bad of ['ws://bridge.example/exec/secret-id', 'https://bridge.example/x', 'wss://user:pw@bridge.example/x', 'not a url']) {
      assert.throws(() => checkSocketUrl(bad), (e: unknown) => e instanceof ArmError && e.kind === 'security' && !e.message.includes('secret-id') && !e.message.includes('pw@'));
    }
    const fixture = await startFixture((_req, _body, res) => json(res, 200, { webSocketUri: 'ws://bridge.example/exec/abc', password: 'hunter2' }));
    try {
      const client = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua' });
      const err = await rejectsWith(requestExec(client, { group: { subscriptionId: 's', resourceGroup: 'r', name: 'g' }, containerName: 'c', command: '/bin/sh', size: { rows: 24, cols: 80 } }));
      assert.equal(err.kind, 'security');
      assert.doesNotMatch(err.message, /hunter2|bridge\.example/);
    } finally {
      await fixture.close();
    }
  });
});

describe('why a session could not open', () => {
  it('a sign-in refused even after a fresh token is signInExpired; a 404 is notFound; neither reads the group', async () => {
    const fixture = await startFixture((req, _body, res) =>
      req.url?.includes('/gone/')
        ? json(res, 404, { error: { code: 'ResourceNotFound', message: 'not found' } })
        : json(res, 401, { error: { code: 'ExpiredAuthenticationToken', message: 'The access token expiry UTC time is earlier than current UTC time.' } }),
    );
    try {
      const client = new ArmClient({ endpoint: fixture.url, tokenProvider: new StaticTokenProvider(), scope: 's', userAgent: 'ua', retryBaseDelayMs: 1 });
      const group = { subscriptionId: 's', resourceGroup: 'r', name: 'g' };
      const size = { rows: 24, cols: 80 };
      const expired = await rejectsWith(requestExec(client, { group, containerName: 'c', command: '/bin/sh', size }));
      const refusal = await explainRefusal(client, { group, containerName: 'c' }, expired);
      assert.equal(refusal.kind, 'signInExpired');
      assert.match(refusal.message, /sign in again/);
      const gone = await rejectsWith(requestAttach(client, { group: { ...group, name: 'gone' }, containerName: 'c' }));
      assert.equal((await explainRefusal(client, { group, containerName: 'c' }, gone)).kind, 'notFound');
      assert.equal(fixture.hits.filter((h) => h.method === 'GET').length, 0);
    } finally {
      await fixture.close();
    }
  });
});

describe('emulator: exec and attach sessions', () => {
  let h: Harness;
  const group = { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg-exec', name: 'exec-web' };
  const size = { rows: 24, cols: 80 };
  before(async () => {
    h = await startHarness({ execIdleMs: 400 });
    const body = validGroupBody() as { properties: Record<string, unknown> };
    body.properties.initContainers = [{ name: 'setup', properties: { image: 'busybox:1.36' } }];
    (body.properties.containers as Record<string, unknown>[]).push({ name: 'tiny', properties: { image: 'alpine:3.20', resources: { requests: { cpu: 0.5, memoryInGB: 0.5 } } } });
    await putContainerGroup(h.client, group, body, { defaultPollMs: 1 });
  });
  after(() => h.close());

  it('sends the password first, shows the prompt, echoes keys, runs echo, and ends on Ctrl-D with "Bye."', async () => {
    const grant = await requestExec(h.client, { group, containerName: 'app', command: '/bin/bash', size });
    assert.match(grant.webSocketUri, /^ws:\/\/127\.0\.0\.1:\d+\/exec\/caas-[0-9a-f]+\/bridge-[0-9a-f-]+\?rows=24&cols=80&api-version=2018-02-01-preview$/);
    const run = connect(grant, 'exec');
    run.session.write('echo hi'); // typed before the socket opened: held until the password has gone
    await run.waitFor(/echo hi/);
    run.session.write('\r');
    await run.waitFor(/echo hi\r\nhi\r\n/);
    await run.waitFor(PROMPT);
    run.session.write('\x04');
    const end = await run.ended;
    assert.deepEqual({ kind: end.kind, code: end.code }, { kind: 'exited', code: 1000 });
    assert.match(run.output(), /exit\r\nBye\.\r\n$/);
    assert.equal(h.logger.lines.join('\n').includes(grant.password), false, 'the password is not logged');
  });

  it('passes UTF-8, Ctrl-C, backspace, Up and Tab through as a terminal expects', async () => {
    const run = connect(await requestExec(h.client, { group, containerName: 'app', command: '/bin/sh', size }), 'exec');
    await run.waitFor(PROMPT);
    run.session.write('ec\t');
    await run.waitFor(/echo $/);
    run.session.write('grüße ✓\r');
    await run.waitFor(/\r\ngrüße ✓\r\n/);
    run.session.write('x\x7f\x03');
    await run.waitFor(/\^C\r\n/);
    assert.ok(run.output().includes('x\b \b^C\r\n'), 'backspace erased the x before Ctrl-C');
    run.session.write('\x1b[A');
    await run.waitFor(/# echo grüße ✓$/);
    run.session.write('\x03nosuch\r');
    await run.waitFor(/\/bin\/sh: 1: nosuch: not found\r\n/);
    // A command's own "No such file or directory" inside a working shell is not a missing program.
    run.session.write('ls /nope\r');
    await run.waitFor(/ls: cannot access '\/nope': No such file or directory\r\n/);
    run.session.write('exit\r');
    assert.equal((await run.ended).kind, 'exited');
  });

  it('streams a long output whole', async () => {
    const run = connect(await requestExec(h.client, { group, containerName: 'app', command: '/bin/sh', size }), 'exec');
    await run.waitFor(PROMPT);
    run.session.write('seq 50000\r');
    await run.waitFor(/\r\n50000\r\n/, 10_000);
    const numbers = run.output().split('\r\n').filter((l) => /^\d+$/.test(l)).map(Number);
    assert.deepEqual(numbers, Array.from({ length: 50_000 }, (_, i) => i + 1));
    run.session.close();
    await run.ended;
  });

  it('reports a program the image lacks as commandNotFound, in the runtime\'s words', async () => {
    const run = connect(await requestExec(h.client, { group, containerName: 'tiny', command: '/bin/bash', size }), 'exec');
    const end = await run.ended;
    assert.equal(end.kind, 'commandNotFound');
    assert.match(run.output(), /exec: "\/bin\/bash": executable file not found in \$PATH/);
  });

  it('ends an idle session when the service closes it', async () => {
    const run = connect(await requestExec(h.client, { group, containerName: 'app', command: '/bin/sh', size }), 'exec', { idleHintMs: 300 });
    await run.waitFor(PROMPT);
    const end = await run.ended;
    assert.equal(end.kind, 'idle');
    assert.ok((end.idleMs ?? 0) >= 300);
  });

  it('refuses a used password and a wrong one', async () => {
    const grant = await requestExec(h.client, { group, containerName: 'app', command: '/bin/sh', size });
    const wrong = connect({ ...grant, password: 'not-it' }, 'exec');
    assert.deepEqual(await wrong.ended, { kind: 'refused', code: 1008 });
    const again = connect(grant, 'exec');
    assert.deepEqual(await again.ended, { kind: 'refused', status: 404 });
  });

  it('a Windows group: cmd.exe with its prompt, its own words for an unknown command, and "Bye." on exit', async () => {
    const windows = { ...group, name: 'exec-windows' };
    await putContainerGroup(h.client, windows, { location: 'westeurope', properties: { osType: 'Windows', containers: [{ name: 'iis', properties: { image: 'mcr.microsoft.com/windows/servercore/iis:latest', resources: { requests: { cpu: 1, memoryInGB: 2 } } } }] } }, { defaultPollMs: 1 });
    const run = connect(await requestExec(h.client, { group: windows, containerName: 'iis', command: 'cmd.exe', size }), 'exec');
    await run.waitFor(/C:\\>$/);
    run.session.write('nosuch\r');
    await run.waitFor(/'nosuch' is not recognized as an internal or external command,\r\noperable program or batch file\.\r\n/);
    run.session.write('exit\r');
    assert.equal((await run.ended).kind, 'exited');
    assert.match(run.output(), /Bye\.\r\n$/);
  });

  it('attaches with the password as the Authorization header and streams new log lines, read-only', async () => {
    const grant = await requestAttach(h.client, { group, containerName: 'app' });
    assert.match(grant.webSocketUri, /^ws:\/\/127\.0\.0\.1:\d+\/logstream\/sessionId\/[0-9a-f-]+\?api-version=1\.0$/);
    const run = connect(grant, 'attach');
    await run.opened;
    run.session.write('ignored');
    await run.waitFor(/\(#\d+\)\n/, 5000);
    run.session.close();
    assert.equal((await run.ended).kind, 'closed');
    const bad = connect({ ...(await requestAttach(h.client, { group, containerName: 'app' })), password: 'nope' }, 'attach');
    assert.deepEqual(await bad.ended, { kind: 'refused', status: 401 });
  });

  it('refuses exec and attach on an ended container, on a stopped group, and on a container that does not exist', async () => {
    const init = await rejectsWith(requestExec(h.client, { group, containerName: 'setup', command: '/bin/sh', size }));
    assert.equal(init.status, 409);
    assert.equal(init.code, 'ContainerNotRunning');
    const missing = await rejectsWith(requestAttach(h.client, { group, containerName: 'nope' }));
    assert.equal(missing.status, 404);
    const stopped = { ...group, name: 'exec-stopped' };
    await putContainerGroup(h.client, stopped, validGroupBody(), { defaultPollMs: 1 });
    await runContainerGroupAction(h.client, stopped, 'stop');
    const err = await rejectsWith(requestAttach(h.client, { group: stopped, containerName: 'app' }));
    assert.equal(err.code, 'ContainerGroupNotRunning');
    assert.match(err.serviceMessage ?? '', /is stopped/);
    // Explained from the live state, whatever the service's code.
    assert.deepEqual(await explainRefusal(h.client, { group: stopped, containerName: 'app' }, err), { kind: 'groupNotRunning', state: 'Stopped', message: err.serviceMessage });
    const ended = await explainRefusal(h.client, { group, containerName: 'setup' }, init);
    assert.deepEqual({ kind: ended.kind, state: ended.state, exitCode: ended.exitCode }, { kind: 'containerNotRunning', state: 'Terminated', exitCode: 0 });
  });
});
