// A 127.0.0.1 server that answers a fixture's recorded exchanges in order, and notes every request it got.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Exchange {
  request: { method: string; url: string; body?: unknown };
  response: { status: number; headers: Record<string, string>; body?: unknown };
}

export interface Fixture<Target = unknown> {
  source: string;
  notes?: string;
  target: Target;
  definition: Record<string, unknown>;
  exchanges: Exchange[];
}

/** The recorded host, replaced by the replay server's own origin in the answers' headers (status URLs). */
const RECORDED_ORIGIN = 'https://management.azure.com';

// Compiled to out/test/contract/containerGroups: the fixtures stay next to the sources.
const FIXTURES = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'contract', 'containerGroups');

export function loadFixture<Target>(file: string): Fixture<Target> {
  const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as Fixture<Target>;
  if (!fixture.source) throw new Error(`${file} does not say where it comes from`);
  return fixture;
}

export interface Replay {
  url: string;
  hits: { method: string; url: string; body: unknown }[];
  /** Requests that were not the next recorded one; each was answered 500. */
  unexpected: string[];
  /** Recorded exchanges no request reached. */
  remaining(): number;
  close(): Promise<void>;
}

export async function startReplay(exchanges: Exchange[]): Promise<Replay> {
  let next = 0;
  const replay: Replay = { url: '', hits: [], unexpected: [], remaining: () => exchanges.length - next, close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const hit = { method: req.method ?? '', url: req.url ?? '', body: text ? (JSON.parse(text) as unknown) : undefined };
      replay.hits.push(hit);
      const expected = exchanges[next];
      if (!expected || expected.request.method !== hit.method || expected.request.url !== hit.url) {
        replay.unexpected.push(`${hit.method} ${hit.url} (expected ${expected ? `${expected.request.method} ${expected.request.url}` : 'nothing'})`);
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'UnexpectedRequest', message: 'not in the recording' } }));
        return;
      }
      next++;
      const headers = Object.fromEntries(Object.entries(expected.response.headers).map(([k, v]) => [k, v.split(RECORDED_ORIGIN).join(replay.url)]));
      res.writeHead(expected.response.status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(expected.response.body === undefined ? '' : JSON.stringify(expected.response.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  replay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  replay.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return replay;
}
