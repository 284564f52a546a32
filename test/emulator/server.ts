// Local ARM emulator: a plain node:http server on 127.0.0.1 serving the token endpoint, Container
// Instances and Data Share routes, with selectable fault scenarios. See README.md for routes and names.
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createState } from './context';
import { parseFault } from './faults';
import { Reply, isSocketAction } from './reply';
import { route } from './router';
import { serveExecSockets } from './execSocket';
import { LatencyGate, type LatencyStats } from './latency';

/** GET: the serving statistics; GET …/reset: the same, then zeroed. */
export const STATS_PATH = '/__emulator/stats';
/** GET ?ms=N&pageMs=N: sets the latency mode's delays (see latency.ts). */
export const LATENCY_PATH = '/__emulator/latency';

export interface EmulatorOptions {
  port?: number; // 0 = ephemeral (default)
  fault?: string; // a run-wide fault scenario name, default none
  lroPolls?: number; // status polls answered "InProgress" before an LRO becomes terminal (default 2)
  lroSeconds?: number; // an LRO also ends this long after it started, polled or not (default 20)
  now?: () => number; // the clock operations, instance views and logs follow (default Date.now; tests move their own)
  retryAfterSeconds?: number; // Retry-After sent on LRO/429/503 (default 1)
  tokenLifetimeSeconds?: number; // lifetime of issued tokens (default 3600)
  hangMs?: number; // how long the 'hang' fault holds a request open before destroying it (default 60000)
  quiet?: boolean; // no per-request log lines on stderr (default true)
  execIdleMs?: number; // an exec session without traffic for this long is closed (default 20 minutes)
  latencyMs?: number; // every reply is held this long, as a round trip to Azure (default 0)
  pageLatencyMs?: number; // a listing page is held this much longer (default 0)
}

export interface Emulator {
  url: string;
  port: number;
  close(): Promise<void>;
  setFault(fault: string | undefined): void;
  requests: { method: string; path: string; status: number; ms: number }[];
  stats(): { requests: number; servingMs: number; connections: number; execOpen: number; latency: LatencyStats };
  resetStats(): void;
  /** The latency mode: its delays (set()), and the round trips it has counted. */
  latency: LatencyGate;
}

/** Largest request body accepted; container group bodies are far smaller. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  parseFault(options.fault); // reject unknown names before listening
  const state = createState(
    {
      lroPolls: options.lroPolls ?? 2,
      lroSeconds: options.lroSeconds ?? 20,
      retryAfterSeconds: options.retryAfterSeconds ?? 1,
      tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600,
      hangMs: options.hangMs ?? 60_000,
      execIdleMs: options.execIdleMs ?? 20 * 60_000,
    },
    options.fault,
    options.now,
  );
  const quiet = options.quiet ?? true;
  const requests: Emulator['requests'] = [];
  const sockets = new Set<Socket>();
  const hangTimers = new Set<NodeJS.Timeout>();
  let servedCount = 0;
  let servingNs = 0n;
  /** TCP connections accepted: a client that keeps its connections alive opens a handful for thousands of requests. */
  let connections = 0;
  const latency = new LatencyGate({ delayMs: options.latencyMs, pageDelayMs: options.pageLatencyMs });
  const statsBody = () => ({ requests: servedCount, servingMs: Number(servingNs) / 1e6, connections, execOpen: state.execOpen, latency: latency.stats() });
  const resetStats = (): void => {
    servedCount = 0;
    servingNs = 0n;
    connections = 0;
    latency.reset();
  };

  const log = (method: string, path: string, status: number, ms: number): void => {
    requests.push({ method, path, status, ms });
    // Only method, path and status are logged: never headers or bodies, which can hold secrets.
    if (!quiet) process.stderr.write(`${method} ${path} -> ${status === 0 ? 'no reply' : status} (${ms.toFixed(1)} ms)\n`);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const arrived = process.hrtime.bigint();
    const method = req.method ?? 'GET';
    const rawPath = req.url ?? '/';
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('error', () => req.socket.destroy());
    req.on('end', () => {
      // Serving statistics for a benchmark that runs the emulator in its own process (no auth: loopback only).
      if (rawPath === STATS_PATH || rawPath === `${STATS_PATH}/reset`) {
        if (rawPath.endsWith('/reset')) resetStats();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(statsBody()));
        return;
      }
      if (rawPath.startsWith(`${LATENCY_PATH}?`)) {
        const query = new URL(rawPath, 'http://x').searchParams;
        const ms = (name: string): number | undefined => (query.has(name) ? Math.max(0, Number(query.get(name)) || 0) : undefined);
        latency.set({ delayMs: ms('ms'), pageDelayMs: ms('pageMs') });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(latency.stats()));
        return;
      }
      const passage = latency.enter();
      const started = process.hrtime.bigint();
      const elapsedMs = (): number => Number(process.hrtime.bigint() - arrived) / 1e6;
      let reply;
      try {
        reply = tooLarge
          ? textReply413()
          : route(state, { method, url: requestUrl(state.baseUrl, rawPath), headers: req.headers, body: Buffer.concat(chunks) });
      } catch (e) {
        process.stderr.write(`emulator: handler error for ${method} ${rawPath.split('?')[0]}: ${(e as Error).message}\n`);
        reply = { status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { code: 'InternalServerError', message: 'The emulator failed to handle the request.' } }) };
      }
      if (isSocketAction(reply)) {
        if (reply.kind === 'reset') {
          req.socket.destroy();
          latency.leave(passage);
          log(method, rawPath, 0, elapsedMs());
        } else {
          const timer = setTimeout(() => {
            hangTimers.delete(timer);
            req.socket.destroy();
            latency.leave(passage);
            log(method, rawPath, 0, elapsedMs());
          }, state.settings.hangMs);
          hangTimers.add(timer);
        }
        return;
      }
      const served = reply;
      const finish = (handledNs?: bigint): void => {
        write(res, served);
        // Recorded synchronously after end() so a client that has the reply also sees it in the log.
        servedCount += 1;
        servingNs += handledNs ?? process.hrtime.bigint() - started;
        latency.leave(passage);
        log(method, rawPath, served.status, elapsedMs());
      };
      const delay = latency.delayFor(served.body);
      if (delay <= 0) return finish();
      // Serving time stays the handler's own: the held time is the network's, not the server's.
      const handled = process.hrtime.bigint() - started;
      const timer = setTimeout(() => {
        hangTimers.delete(timer);
        finish(handled);
      }, delay);
      hangTimers.add(timer);
    });
  });
  // An idle connection stays open as long as Azure's front end keeps one (the 4-minute default idle timeout of Azure
  // Load Balancer, learn.microsoft.com/azure/load-balancer/load-balancer-tcp-reset), not node's 5 s: a client's pooled
  // connection is then not closed under it just as it sends (a reset no real endpoint gives so soon).
  server.keepAliveTimeout = 4 * 60 * 1000;
  const execSockets = serveExecSockets(server, state);
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('emulator: unexpected server address');
  const port = address.port;
  state.baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: state.baseUrl,
    port,
    requests,
    setFault: (fault) => state.faults.set(fault),
    stats: statsBody,
    resetStats,
    latency,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of hangTimers) clearTimeout(timer);
        hangTimers.clear();
        execSockets.close();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** Origin-form paths are kept as paths (so "//x" is not read as a host); absolute-form is parsed as-is. */
function requestUrl(baseUrl: string, rawPath: string): URL {
  return rawPath.startsWith('/') ? new URL(baseUrl + rawPath) : new URL(rawPath);
}

function textReply413(): Reply {
  return { status: 413, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { code: 'RequestEntityTooLarge', message: 'The request body is too large.' } }) };
}

function write(res: ServerResponse, reply: Reply): void {
  const body = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
  res.end(body);
}
