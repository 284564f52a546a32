/**
 * Run Command, Download File and Upload File over the emulator's exec socket (the emulator in its own process,
 * signed in through its token endpoint), driven through the core the commands use (requestExec +
 * ContainerSocketSession + CommandRun / DownloadTransfer / UploadTransfer):
 * - command → first output byte and → exit code, each from the exec POST (what the user waits for); on a Windows
 *   group, command → exit code in Windows PowerShell and in cmd.exe (each typed as its shell needs: cmd.exe's
 *   line inside a block read whole, PowerShell's inside a try block), the output checked to be the command's only;
 * - download and upload throughput of a binary file, each beside the socket's raw throughput in the same run:
 *   raw download is `cat` of a text file as large as the binary one (the bytes as they are, no framing); raw upload
 *   is the same number of bytes typed as `:` lines (a no-op that takes its arguments: XCU 2.14) with echo off and
 *   one tagged line at the end, no base64 and no acknowledgements.
 * Each figure is timed from the exec POST, raw ones too. Base64 carries 3 bytes in 4 characters (RFC 4648, section 4), so a framed transfer's ceiling is 0.75× raw.
 */
import { randomBytes } from 'node:crypto';
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';
import { ArmClient } from '../../src/core/arm/client';
import { newMarker, type RunMarker, type ShellKind } from '../../src/core/containerGroup/commandScript';
import { ContainerSocketSession, type SessionEnd } from '../../src/core/containerGroup/containerSocket';
import { CommandRun, DownloadTransfer, UploadTransfer, type TransferFailure, type TransferResult } from '../../src/core/containerGroup/execRun';
import { requestExec } from '../../src/core/containerGroup/execRequest';
import { putContainerGroup } from '../../src/core/services/containerGroups';
import { startChildEmulator } from './childEmulator';
import { Row, timing, value } from './results';
import { summarize } from './stats';

const SECTION = 'Run Command and file copy (ARM emulator exec socket, core session)';
const GROUP = { subscriptionId: '00000000-0000-0000-0000-00000000b040', resourceGroup: 'bench-rg', name: 'bench-run' };
const COMMAND = 'ls -la /';
const WINDOWS_GROUP = { ...GROUP, name: 'bench-run-win' };
/** A Windows command per shell and the output it prints in the emulator's Server Core image (C:\ bare listing). */
const ROOT_LISTING = 'inetpub\r\nProgram Files\r\nProgram Files (x86)\r\nProgramData\r\nUsers\r\nWindows\r\n';
const WINDOWS_COMMANDS = [
  { kind: 'powershell', program: 'powershell.exe', line: 'Get-ChildItem C:\\ -Name', label: 'Windows PowerShell' },
  { kind: 'cmd', program: 'cmd.exe', line: 'dir /b C:\\', label: 'cmd.exe' },
] as const;
const marker = (): RunMarker => newMarker((n) => randomBytes(n));

interface Open {
  session: ContainerSocketSession;
  ended: Promise<SessionEnd>;
}

async function open(client: ArmClient, feed: (text: string) => void, shell: { group: typeof GROUP; program: string } = { group: GROUP, program: '/bin/sh' }): Promise<Open> {
  const grant = await requestExec(client, { group: shell.group, containerName: 'app', command: shell.program, size: { rows: 24, cols: 80 } });
  let onEnd!: (e: SessionEnd) => void;
  const ended = new Promise<SessionEnd>((resolve) => (onEnd = resolve));
  const session = new ContainerSocketSession({ grant, armEndpoint: client.endpoint, mode: 'exec', onOutput: feed, onEnd });
  return { session, ended };
}

type Shell = { kind: ShellKind; program: string; line: string; group: typeof GROUP };

/** One run of a line: milliseconds from the exec POST to its first output and to its exit code, and its output. */
async function runOnce(client: ArmClient, shell: Shell = { kind: 'posix', program: '/bin/sh', line: COMMAND, group: GROUP }): Promise<{ first: number; exit: number; output: string }> {
  const started = performance.now();
  let first: number | undefined;
  let exit: number | undefined;
  let output = '';
  const holder: { run?: CommandRun } = {};
  const { session, ended } = await open(client, (t) => holder.run?.feed(t), shell);
  holder.run = new CommandRun({
    kind: shell.kind,
    line: shell.line,
    marker: marker(),
    write: (t) => session.write(t),
    onOutput: (t) => {
      first ??= performance.now() - started;
      output += t;
    },
    onExit: (code) => {
      if (code !== 0) throw new Error(`${shell.line} exited with ${code}`);
      exit = performance.now() - started;
    },
  });
  holder.run.start();
  await ended;
  if (first === undefined || exit === undefined) throw new Error(`${shell.line} ended without output or exit code`);
  return { first, exit, output };
}

/** `runs` timed runs (after one warm-up) of a Windows shell's line; its output must be the listing alone. */
async function windowsExits(client: ArmClient, c: (typeof WINDOWS_COMMANDS)[number], runs: number): Promise<number[]> {
  const exits: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const r = await runOnce(client, { ...c, group: WINDOWS_GROUP });
    if (r.output !== ROOT_LISTING) throw new Error(`${c.label}: the output is not the command's alone: ${JSON.stringify(r.output.slice(0, 200))}`);
    if (i > 0) exits.push(r.exit);
  }
  return exits;
}

type Transfer = UploadTransfer | DownloadTransfer;

async function transfer<T extends Transfer>(client: ArmClient, make: (o: { marker: RunMarker; write(t: string): void; onDone(r: TransferResult): void; onFail(f: TransferFailure): void; onProgress(): void }) => T): Promise<{ ms: number; t: T }> {
  const started = performance.now();
  let t!: T;
  const { session, ended } = await open(client, (text) => t.feed(text));
  const result = new Promise<TransferResult>((resolve, reject) => {
    t = make({ marker: marker(), write: (x) => session.write(x), onDone: resolve, onFail: (f) => reject(new Error(`transfer failed: ${f.kind}`)), onProgress: () => undefined });
  });
  t.start();
  await result;
  const ms = performance.now() - started;
  session.close();
  await ended;
  return { ms, t };
}

/** Types `lines` into a fresh shell (after echo off and readiness) and waits for `until`: ms from the exec POST. */
async function raw(client: ArmClient, lines: (m: RunMarker) => string, until: (m: RunMarker) => string): Promise<{ ms: number; chars: number }> {
  const m = marker();
  const ready = `${m.head}${m.tail}R`;
  const end = until(m);
  let seen = '';
  let chars = 0;
  let typed = false;
  const started = performance.now();
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const { session, ended } = await open(client, (text) => {
    seen = (seen + text).slice(-4096);
    if (!typed && seen.includes(ready)) {
      typed = true;
      seen = '';
      session.write(lines(m));
    } else if (typed) {
      chars += text.length;
      if (seen.includes(end)) done();
    }
  });
  session.write(`stty -echo 2>/dev/null; PS1=''; PS2=''; printf '%s%s%s\\n' '${m.head}' '${m.tail}' R\n`);
  await finished;
  const ms = performance.now() - started;
  session.close();
  await ended;
  return { ms, chars };
}

const mbPerSecond = (bytes: number, ms: number): number => Number((bytes / 1024 / 1024 / (ms / 1000)).toFixed(2));

export async function runExecRunBench(options: { quick?: boolean }): Promise<Row[]> {
  const runs = options.quick ? 5 : 30;
  const bytes = (options.quick ? 1 : 4) * 1024 * 1024;
  const rounds = options.quick ? 1 : 3;
  const emu = await startChildEmulator();
  try {
    const tokens = new ClientSecretTokenProvider({ authorityHost: emu.url, tenantId: 'bench-tenant', clientId: 'bench-client', clientSecret: 'bench-client-secret', userAgent: 'aci-data-share-bench' });
    const client = new ArmClient({ endpoint: emu.url, tokenProvider: tokens, scope: `${emu.url}/.default`, userAgent: 'aci-data-share-bench' });
    const body = { location: 'westeurope', properties: { osType: 'Linux', containers: [{ name: 'app', properties: { image: 'nginx:1.27', resources: { requests: { cpu: 1, memoryInGB: 1.5 } } } }] } };
    await putContainerGroup(client, GROUP, body, { defaultPollMs: 1 });
    // A Server Core image has both Windows shells ("Container base images", Windows containers).
    const windowsImage = 'mcr.microsoft.com/windows/servercore:ltsc2022';
    await putContainerGroup(client, WINDOWS_GROUP, { location: 'westeurope', properties: { osType: 'Windows', containers: [{ name: 'app', properties: { image: windowsImage, resources: { requests: { cpu: 1, memoryInGB: 2 } } } }] } }, { defaultPollMs: 1 });

    const first: number[] = [];
    const exit: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const r = await runOnce(client);
      if (i === 0) continue; // warm-up
      first.push(r.first);
      exit.push(r.exit);
    }
    const windows = [];
    for (const c of WINDOWS_COMMANDS) windows.push({ c, exits: await windowsExits(client, c, runs) });

    // Text of the same size for raw download: lines of digits as long as base64's (76 + newline).
    const line = `${'7'.repeat(76)}\n`;
    const textLines = Math.ceil(bytes / line.length);
    const content = randomBytes(bytes);
    const best = { up: Infinity, down: Infinity, rawUp: Infinity, rawDown: Infinity };
    let rawBytes = 0;
    for (let round = 0; round < rounds; round++) {
      const up = await transfer(client, (o) => new UploadTransfer({ ...o, path: '/tmp/bench.bin', content }));
      best.up = Math.min(best.up, up.ms);
      const down = await transfer(client, (o) => new DownloadTransfer({ ...o, path: '/tmp/bench.bin', limit: 2 * bytes }));
      if (!down.t.bytes?.equals(content)) throw new Error('the downloaded file differs from the uploaded one');
      best.down = Math.min(best.down, down.ms);
      // Raw upload: the same bytes typed as `:` lines of 3000 characters (as long as an upload line), no waits.
      const chunk = 3000;
      const rawUp = await raw(
        client,
        (m) => {
          let typed = '';
          for (let i = 0; i < bytes; i += chunk) typed += `: ${'x'.repeat(Math.min(chunk, bytes - i))}\n`;
          return `${typed}printf '%s%s%s\\n' '${m.head}' '${m.tail}' U; exit\n`;
        },
        (m) => `${m.head}${m.tail}U`,
      );
      best.rawUp = Math.min(best.rawUp, rawUp.ms);
      if (round === 0) {
        await raw(client, (m) => `printf '%s' '${line}' >/tmp/raw.txt; printf '%s%s%s\\n' '${m.head}' '${m.tail}' W\n`, (m) => `${m.head}${m.tail}W`);
        // Grow /tmp/raw.txt by doubling (cat of itself appended) until it holds textLines lines.
        let have = 1;
        while (have < textLines) {
          await raw(client, (m) => `cat /tmp/raw.txt /tmp/raw.txt >/tmp/raw2.txt; cat /tmp/raw2.txt >/tmp/raw.txt; printf '%s%s%s\\n' '${m.head}' '${m.tail}' W; exit\n`, (m) => `${m.head}${m.tail}W`);
          have *= 2;
        }
        rawBytes = have * line.length;
      }
      const rawDown = await raw(client, (m) => `cat /tmp/raw.txt; printf '%s%s%s\\n' '${m.head}' '${m.tail}' C; exit\n`, (m) => `${m.head}${m.tail}C`);
      best.rawDown = Math.min(best.rawDown, rawDown.ms);
    }
    const up = mbPerSecond(bytes, best.up);
    const down = mbPerSecond(bytes, best.down);
    const rawUp = mbPerSecond(bytes, best.rawUp);
    const rawDown = mbPerSecond(rawBytes, best.rawDown);
    const f = summarize(first);
    const e = summarize(exit);
    const size = `${bytes / 1024 / 1024} MiB`;
    return [
      { section: SECTION, name: `command → first output byte (${COMMAND})`, ours: timing(f), note: `${first.length} runs, each from the exec POST: handshake, echo off, readiness, the line typed` },
      { section: SECTION, name: `command → exit code (${COMMAND})`, ours: timing(e), note: `${exit.length} runs, each from the exec POST to the status after the run's marker` },
      ...windows.map(({ c, exits }) => ({
        section: SECTION,
        name: `command → exit code in ${c.label} (${c.line})`,
        ours: timing(summarize(exits)),
        note: `${exits.length} runs on a Windows Server Core group, each from the exec POST to the status; the output checked to hold the listing alone, no typed line`,
      })),
      { section: SECTION, name: `download throughput (${size} binary)`, ours: value(down, 'MB/s'), target: '≥ 0.5× raw', met: down >= 0.5 * rawDown, note: `${(down / rawDown).toFixed(2)}× raw download ${rawDown} MB/s (cat of ${(rawBytes / 1024 / 1024).toFixed(1)} MiB of text); best of ${rounds}, from the exec POST to the hash checked` },
      { section: SECTION, name: `upload throughput (${size} binary)`, ours: value(up, 'MB/s'), target: '≥ 0.5× raw', met: up >= 0.5 * rawUp, note: `${(up / rawUp).toFixed(2)}× raw upload ${rawUp} MB/s (the same bytes typed as no-op lines); best of ${rounds}, from the exec POST to the hash checked` },
    ];
  } finally {
    await emu.close();
  }
}
