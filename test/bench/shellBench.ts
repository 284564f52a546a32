/**
 * Open Shell's session over the emulator's exec socket (the emulator in its own process, signed in through its
 * token endpoint), driven through the same core the terminal uses (requestExec + ContainerSocketSession):
 * - exec request → first prompt byte: the POST, the socket's handshake, the password frame, the prompt;
 * - keystroke → echo: one key sent as a binary frame until the shell's echo of it is back;
 * - a long output (`seq 1000000`, 7.5 MB) decoded into the session's output callback, the terminal's writer.
 * None of these includes VS Code's own terminal rendering; they are the extension's side of the session.
 */
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';
import { ArmClient } from '../../src/core/arm/client';
import { ContainerSocketSession } from '../../src/core/containerGroup/containerSocket';
import { requestExec } from '../../src/core/containerGroup/execRequest';
import { putContainerGroup } from '../../src/core/services/containerGroups';
import { startChildEmulator } from './childEmulator';
import { Row, timing, value } from './results';
import { summarize } from './stats';

const SECTION = 'Open Shell (ARM emulator exec socket, core session)';
const GROUP = { subscriptionId: '00000000-0000-0000-0000-00000000b025', resourceGroup: 'bench-rg', name: 'bench-shell' };
const atPrompt = (out: string): boolean => out.endsWith('# ');
const LINES = 1_000_000;

interface Probe {
  session: ContainerSocketSession;
  /** Resolves when the output's last 256 characters match. */
  until(test: (out: string) => boolean): Promise<void>;
  reset(): void;
  chars(): number;
}

function open(client: ArmClient): { opened: Promise<Probe>; started: number } {
  const started = performance.now();
  let out = '';
  let chars = 0;
  let waiter: { test: (o: string) => boolean; resolve: () => void } | undefined;
  const opened = requestExec(client, { group: GROUP, containerName: 'app', command: '/bin/sh', size: { rows: 40, cols: 120 } }).then((grant): Probe => {
    const session = new ContainerSocketSession({
      grant,
      armEndpoint: client.endpoint,
      mode: 'exec',
      // Only the end is kept: the terminal writer passes text on, it does not hold the whole output.
      onOutput: (t) => {
        out = (out + t).slice(-256);
        chars += t.length;
        if (waiter?.test(out)) {
          const w = waiter;
          waiter = undefined;
          w.resolve();
        }
      },
      onEnd: () => undefined,
    });
    return {
      session,
      until: (test) => (test(out) ? Promise.resolve() : new Promise<void>((resolve) => (waiter = { test, resolve }))),
      reset: () => {
        out = '';
        chars = 0;
      },
      chars: () => chars,
    };
  });
  return { opened, started };
}

export async function runShellBench(options: { quick?: boolean }): Promise<Row[]> {
  const sessions = options.quick ? 5 : 20;
  const keys = options.quick ? 50 : 300;
  const emu = await startChildEmulator();
  try {
    const tokens = new ClientSecretTokenProvider({ authorityHost: emu.url, tenantId: 'bench-tenant', clientId: 'bench-client', clientSecret: 'bench-client-secret', userAgent: 'aci-data-share-bench' });
    const scope = `${emu.url}/.default`;
    const client = new ArmClient({ endpoint: emu.url, tokenProvider: tokens, scope, userAgent: 'aci-data-share-bench' });
    const body = { location: 'westeurope', properties: { osType: 'Linux', containers: [{ name: 'app', properties: { image: 'nginx:1.27', resources: { requests: { cpu: 1, memoryInGB: 1.5 } } } }] } };
    await putContainerGroup(client, GROUP, body, { defaultPollMs: 1 });

    // exec request → first prompt byte (one warm-up session first).
    const firstPrompt: number[] = [];
    for (let i = 0; i <= sessions; i++) {
      const { opened, started } = open(client);
      const probe = await opened;
      await probe.until(atPrompt);
      if (i > 0) firstPrompt.push(performance.now() - started);
      probe.session.close();
    }

    // keystroke → echo, then the long output, on one session.
    const probe = await open(client).opened;
    await probe.until(atPrompt);
    const echo: number[] = [];
    for (let i = 0; i < keys + 10; i++) {
      probe.reset();
      const key = String.fromCharCode(97 + (i % 26));
      const sent = performance.now();
      probe.session.write(key);
      await probe.until((o) => o.endsWith(key));
      if (i >= 10) echo.push(performance.now() - sent);
    }
    probe.session.write('\x03');
    await probe.until(atPrompt);
    probe.reset();
    const sent = performance.now();
    probe.session.write(`seq ${LINES}\r`);
    await probe.until((o) => atPrompt(o) && o.includes(`\r\n${LINES}\r\n`));
    const ms = performance.now() - sent;
    const bytes = probe.session.bytesReceived;
    probe.session.close();

    const prompt = summarize(firstPrompt);
    const keyEcho = summarize(echo);
    return [
      { section: SECTION, name: 'exec request → first prompt byte', ours: timing(prompt), target: 'p50 < 200 ms', met: prompt.p50 < 200, note: `${firstPrompt.length} sessions: POST …/exec, handshake, password frame, prompt` },
      { section: SECTION, name: 'keystroke → echo round trip', ours: timing(keyEcho), target: 'p95 < 20 ms', met: keyEcho.p95 < 20, note: `${echo.length} keys, one binary frame each, on one session` },
      {
        section: SECTION,
        name: 'long output into the terminal writer',
        ours: value(Number((bytes / 1024 / 1024 / (ms / 1000)).toFixed(1)), 'MB/s'),
        note: `seq ${LINES}: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${ms.toFixed(0)} ms, decoded into the output callback; VS Code's rendering not included`,
      },
    ];
  } finally {
    await emu.close();
  }
}
