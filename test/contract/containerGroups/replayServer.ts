// A 127.0.0.1 server that answers a fixture's recorded exchanges in order, and notes every request it got.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { json, startFixture } from '../../unit/armHarness';

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
  const unexpected: string[] = [];
  const server = await startFixture((req, text, res, self) => {
    const expected = exchanges[next];
    if (!expected || expected.request.method !== req.method || expected.request.url !== req.url) {
      unexpected.push(`${req.method} ${req.url} (expected ${expected ? `${expected.request.method} ${expected.request.url}` : 'nothing'})`);
      return json(res, 500, { error: { code: 'UnexpectedRequest', message: 'not in the recording' } });
    }
    next++;
    const headers = Object.fromEntries(Object.entries(expected.response.headers).map(([k, v]) => [k, v.split(RECORDED_ORIGIN).join(self.url)]));
    json(res, expected.response.status, expected.response.body, { 'content-type': 'application/json; charset=utf-8', ...headers });
  });
  return {
    url: server.url,
    get hits() {
      return server.hits.map((h) => ({ method: h.method, url: h.url, body: h.body ? (JSON.parse(h.body) as unknown) : undefined }));
    },
    unexpected,
    remaining: () => exchanges.length - next,
    close: () => server.close(),
  };
}
