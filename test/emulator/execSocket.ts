// The sockets behind exec and attach (containerExec.ts hands out their URLs and passwords), on the emulator's own
// 127.0.0.1 port. The protocol is the one Azure's clients speak:
// - exec (Azure/azure-cli container/custom.py, _start_exec_pipe_*): the client's first frame is the password, as
//   text; then its keystrokes as binary frames. After the password the service sends one empty frame (azure-cli
//   PR #16000, "The backend sends an empty webSocket message after establishing an connection"). Output is the
//   terminal's raw bytes (azure-cli writes text and binary frames alike; sent here as binary, as a pty gives them).
//   `exit` prints bash's own "exit", then the service's "Bye.", then the socket closes (the docs' example output,
//   MicrosoftDocs/azure-docs container-instances-exec.md).
// - attach (azure-powershell Add-AzContainerInstanceOutput.md): the password is the handshake's Authorization
//   header; the socket carries the container's output as it is written, nothing is read from it.
// Not on public record, and chosen here: a wrong password closes the socket with 1008 (policy violation); an unknown
// or used session id is answered 404 before the upgrade; an exec session idle for `execIdleMs` is closed with 1000.
// A program missing from the image is reported in the container runtime's words (runc/containerd: `exec: "x":
// executable file not found in $PATH`, as moby/moby and kubernetes issues quote them), then the socket closes.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { EmulatorState } from './context';
import { ExecGrant, GRANT_LIFETIME_MS } from './containerExec';
import { LOG_LINE_MS, findContainer, logLinesBetween, logShape } from './containerGroupLogs';
import { ScriptedShell } from './scriptedShell';

const EXEC_PATH = /^\/exec\/caas-[0-9a-f]+\/bridge-(?<id>[0-9a-f-]+)$/;
const ATTACH_PATH = /^\/logstream\/sessionId\/(?<id>[0-9a-f-]+)$/;

export interface SocketEndpoint {
  close(): void;
}

export function serveExecSockets(server: Server, state: EmulatorState): SocketEndpoint {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const timers = new Set<NodeJS.Timeout>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', state.baseUrl);
    const exec = EXEC_PATH.exec(url.pathname);
    const attach = ATTACH_PATH.exec(url.pathname);
    const id = (exec ?? attach)?.groups?.id ?? '';
    const grant = state.execGrants.get(id);
    const fresh = grant && !grant.used && Date.now() - grant.issuedAt <= GRANT_LIFETIME_MS && grant.kind === (exec ? 'exec' : 'attach');
    if (!grant || !fresh) return refuse(socket, 404, 'Not Found');
    if (grant.kind === 'attach' && req.headers.authorization !== grant.password) return refuse(socket, 401, 'Unauthorized');
    grant.used = true;
    state.execGrants.delete(id);
    wss.handleUpgrade(req, socket, head, (ws) => (grant.kind === 'exec' ? runExec(ws, grant, state) : runAttach(ws, grant, state, timers)));
  });

  return {
    close() {
      for (const t of timers) clearInterval(t);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}

/** Each container's files, kept across its sessions (an upload then a download), per emulator. */
const containerFiles = new WeakMap<EmulatorState, Map<string, Map<string, Buffer>>>();

function filesOf(state: EmulatorState, grant: ExecGrant): Map<string, Buffer> {
  const all = containerFiles.get(state) ?? new Map<string, Map<string, Buffer>>();
  containerFiles.set(state, all);
  const key = `${grant.groupKey}/${grant.containerName}`;
  const files = all.get(key) ?? new Map<string, Buffer>();
  all.set(key, files);
  return files;
}

function runExec(ws: WebSocket, grant: ExecGrant, state: EmulatorState): void {
  let authenticated = false;
  let idle: NodeJS.Timeout | undefined;
  const touch = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => ws.close(1000), state.settings.execIdleMs);
  };
  const send = (text: string | Buffer): void => {
    if (ws.readyState !== WebSocket.OPEN) return;
    touch();
    ws.send(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), { binary: true });
  };
  const shell = new ScriptedShell({ command: grant.command, image: grant.image, windows: grant.windows, cols: grant.cols, files: filesOf(state, grant), write: send, exit: () => ws.close(1000) });
  touch();
  state.execOpen += 1;
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (!authenticated) {
      if (isBinary || data.toString('utf8') !== grant.password) return ws.close(1008);
      authenticated = true;
      ws.send(Buffer.alloc(0), { binary: false });
      shell.start();
      return;
    }
    touch();
    shell.input(data.toString('utf8'));
  });
  ws.on('close', () => {
    clearTimeout(idle);
    state.execOpen -= 1;
  });
}

function runAttach(ws: WebSocket, grant: ExecGrant, state: EmulatorState, timers: Set<NodeJS.Timeout>): void {
  const group = (): ReturnType<EmulatorState['groups']['get']> => state.groups.get(grant.groupKey);
  const start = group();
  const facts = start && findContainer(start, grant.containerName);
  if (!start || !facts) return ws.close(1000);
  // Attaching streams what is written from now on, as `docker attach` does: no earlier lines.
  let sent = logShape(start, facts, Date.now()).count;
  const timer = setInterval(() => {
    const g = group();
    if (!g || g.stoppedAt) {
      clearInterval(timer);
      timers.delete(timer);
      return ws.close(1000);
    }
    const count = logShape(g, facts, Date.now()).count;
    if (count > sent && ws.readyState === WebSocket.OPEN) ws.send(logLinesBetween(g, grant.containerName, sent, count).map((l) => `${l}\n`).join(''));
    sent = Math.max(sent, count);
  }, Math.min(LOG_LINE_MS, 250));
  timers.add(timer);
  ws.on('message', () => undefined); // attach reads nothing
  ws.on('close', () => {
    clearInterval(timer);
    timers.delete(timer);
  });
}
