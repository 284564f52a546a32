// Run Command, Download File and Upload File over real sockets to the emulator's exec (scripted shell): a command
// with arguments and its exit code, a failing one, Ctrl-C of a long one, an upload and a download byte-identical
// (every byte value, larger than the socket's frame limit), an upload canceled midway, a file too large, a distroless
// image without a shell.
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { putContainerGroup } from '../../src/core/services/containerGroups';
import { requestExec } from '../../src/core/containerGroup/execRequest';
import { ContainerSocketSession, MAX_FRAME_BYTES, type SessionEnd } from '../../src/core/containerGroup/containerSocket';
import { newMarker } from '../../src/core/containerGroup/commandScript';
import { CommandRun, DownloadTransfer, UploadTransfer, type TransferFailure, type TransferResult } from '../../src/core/containerGroup/execRun';
import { startHarness, SUBSCRIPTION, validGroupBody, type Harness } from './armHarness';

const marker = () => newMarker((n) => randomBytes(n));

describe('Run Command and file transfer over the emulator', () => {
  let h: Harness;
  const group = { subscriptionId: SUBSCRIPTION, resourceGroup: 'rg-run', name: 'run-web' };
  before(async () => {
    h = await startHarness({});
    const body = validGroupBody() as { properties: Record<string, unknown> };
    (body.properties.containers as Record<string, unknown>[]).push({ name: 'static', properties: { image: 'gcr.io/distroless/static-debian12', resources: { requests: { cpu: 0.5, memoryInGB: 0.5 } } } });
    await putContainerGroup(h.client, group, body, { defaultPollMs: 1 });
  });
  after(() => h.close());

  async function open(containerName: string, feed: (text: string) => void): Promise<{ session: ContainerSocketSession; ended: Promise<SessionEnd> }> {
    const grant = await requestExec(h.client, { group, containerName, command: '/bin/sh', size: { rows: 24, cols: 80 } });
    let onEnd!: (e: SessionEnd) => void;
    const ended = new Promise<SessionEnd>((r) => (onEnd = r));
    const session = new ContainerSocketSession({ grant, armEndpoint: 'https://management.azure.com', mode: 'exec', onOutput: feed, onEnd });
    return { session, ended };
  }

  async function runLine(line: string, cancelOn?: RegExp): Promise<{ output: string; code?: number; end: SessionEnd }> {
    let output = '';
    let code: number | undefined;
    const holder: { run?: CommandRun } = {};
    const { session, ended } = await open('app', (t) => holder.run?.feed(t));
    const run = (holder.run = new CommandRun({
      kind: 'posix',
      line,
      marker: marker(),
      write: (t) => session.write(t),
      onOutput: (t) => {
        output += t;
        if (cancelOn?.test(output)) {
          session.write('\x03');
          session.close();
        }
      },
      onExit: (c) => (code = c),
    }));
    run.start();
    const end = await ended;
    return { output: output + run.rest(), code, end };
  }

  it('runs `ls -la /` with arguments: the listing, exit code 0, nothing typed in the output', async () => {
    const r = await runLine('ls -la /');
    assert.equal(r.code, 0);
    assert.match(r.output, /^total \d+\r\n/);
    assert.match(r.output, /drwxr-xr-x .* usr\r\n/);
    assert.doesNotMatch(r.output, /stty|printf|ls -la/);
  });

  it('a failing command gives its non-zero code; `false` 1; a missing program 127', async () => {
    const missing = await runLine("ls /nowhere 'two words'");
    assert.equal(missing.code, 2);
    assert.match(missing.output, /ls: cannot access '\/nowhere': No such file or directory/);
    assert.equal((await runLine('false')).code, 1);
    assert.equal((await runLine('false || echo "$?"')).output, '1\r\n');
    assert.equal((await runLine('nosuch --flag')).code, 127);
  });

  it('Cancel sends Ctrl-C and ends the session before a long command finishes', async () => {
    const started = Date.now();
    const r = await runLine('echo started; sleep 600', /started/);
    assert.equal(r.code, undefined);
    assert.equal(r.end.kind, 'closed');
    assert.ok(Date.now() - started < 10_000);
  });

  async function transfer<T extends UploadTransfer | DownloadTransfer>(make: (o: { write(t: string): void; onDone(r: TransferResult): void; onFail(f: TransferFailure): void; onProgress(): void; marker: ReturnType<typeof marker> }) => T, container = 'app') {
    let t!: T;
    const { session, ended } = await open(container, (text) => t.feed(text));
    const result = new Promise<{ ok?: TransferResult; failed?: TransferFailure }>((resolve) => {
      t = make({ marker: marker(), write: (x) => session.write(x), onDone: (ok) => resolve({ ok }), onFail: (failed) => resolve({ failed }), onProgress: () => undefined });
    });
    t.start();
    const r = await result;
    session.close();
    await ended;
    return { ...r, t };
  }

  it('an upload then a download of every byte value, larger than a socket frame, are byte-identical and checked by sha256', async () => {
    const content = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(MAX_FRAME_BYTES + 4096)]);
    const up = await transfer((o) => new UploadTransfer({ ...o, path: '/tmp/data.bin', content }));
    assert.deepEqual(up.failed, undefined);
    assert.equal(up.ok?.bytes, content.length);
    assert.match(up.ok?.sha256 ?? '', /^[0-9a-f]{64}$/);
    const down = await transfer((o) => new DownloadTransfer({ ...o, path: '/tmp/data.bin', limit: 10 * 1024 * 1024 }));
    assert.deepEqual(down.failed, undefined);
    assert.ok(down.t.bytes?.equals(content));
    assert.equal(down.ok?.sha256, up.ok?.sha256);
  });

  it('an upload canceled midway: Ctrl-C, its part file removed, the shell says so; nothing is left in the container', async () => {
    const content = randomBytes(2 * 1024 * 1024);
    let cleaned!: () => void;
    const clean = new Promise<void>((r) => (cleaned = r));
    const typed: string[] = [];
    const holder: { t?: UploadTransfer } = {};
    const { session, ended } = await open('app', (text) => holder.t?.feed(text));
    const t = (holder.t = new UploadTransfer({
      marker: marker(),
      path: '/tmp/cancel.bin',
      content,
      write: (x) => (typed.push(x), session.write(x)),
      onDone: () => assert.fail('a canceled upload does not finish'),
      onFail: (f) => assert.fail(`failed: ${f.kind}`),
      // The first acknowledgement: lines went out, the rest is still to come.
      onProgress: (done) => void (done > 0 && t.cancel(cleaned)),
    }));
    t.start();
    await clean;
    assert.ok(typed.at(-1)?.startsWith("\x03rm -f '/tmp/cancel.bin.part'; "), 'the last thing typed: Ctrl-C, then the part removed');
    assert.equal((await ended).kind, 'exited', 'the clean-up line exits the shell');
    for (const path of ['/tmp/cancel.bin', '/tmp/cancel.bin.part']) {
      const none = await transfer((o) => new DownloadTransfer({ ...o, path, limit: 10 * 1024 * 1024 }));
      assert.equal(none.failed?.kind, 'notFound', path);
    }
  });

  it('refuses a file over the size limit, and one that is not there, in words', async () => {
    const big = await transfer((o) => new DownloadTransfer({ ...o, path: '/tmp/data.bin', limit: 10 }));
    assert.equal(big.failed?.kind, 'tooLarge');
    const none = await transfer((o) => new DownloadTransfer({ ...o, path: '/tmp/none', limit: 10 }));
    assert.equal(none.failed?.kind, 'notFound');
  });

  it('a distroless image has no shell: the session ends in the runtime’s words', async () => {
    let out = '';
    const { ended } = await open('static', (t) => (out += t));
    assert.equal((await ended).kind, 'commandNotFound');
    assert.match(out, /executable file not found/);
  });
});
