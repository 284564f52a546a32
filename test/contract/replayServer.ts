/**
 * Serves a fixture's exchanges in order on 127.0.0.1. Each request must match the next exchange's method,
 * path, query (exactly) and JSON body (none when the exchange has none); anything else is answered 400
 * `ContractMismatch` and recorded, so a client that strays from the service's contract fails the test instead
 * of being served anyway.
 */
import { isDeepStrictEqual } from 'node:util';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  /** `body` absent: the request must carry none. */
  request: { method: string; path: string; query: Record<string, string>; body?: unknown };
  response: { status: number; headers: Record<string, string>; body?: unknown };
}

export interface Fixture {
  /** Where the exchanges come from (REST spec example, SDK recording, docs page or issue thread). */
  source: string;
  notes?: string;
  /** Made up where no recording exists: a test replaying it checks the client's strategy, not the service's behaviour. */
  synthetic?: boolean;
  exchanges: Exchange[];
}

export interface ReplayServer {
  url: string;
  /** One line per request that did not match its exchange. */
  mismatches: string[];
  /** Every request received, in order, its body parsed. */
  hits: { method: string; url: string; body: unknown }[];
  /** How many exchanges were served. */
  served(): number;
  close(): Promise<void>;
}

/** The recorded host: answers that name it (status URLs, next links) point at the replay server instead. */
const RECORDED_ORIGIN = 'https://management.azure.com';

/** Replaces `{{baseUrl}}` and the recorded origin in every string of a response's headers or body. */
function withBaseUrl(value: unknown, baseUrl: string): unknown {
  if (typeof value === 'string') return value.split('{{baseUrl}}').join(baseUrl).split(RECORDED_ORIGIN).join(baseUrl);
  if (Array.isArray(value)) return value.map((v) => withBaseUrl(v, baseUrl));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBaseUrl(v, baseUrl)]));
  return value;
}

function parseBody(text: string): unknown {
  return text.trim() === '' ? null : JSON.parse(text);
}

function mismatch(expected: Exchange['request'], method: string, url: URL, text: string): string | undefined {
  if (method !== expected.method) return `method ${method}, expected ${expected.method}`;
  if (url.pathname !== expected.path) return `path ${url.pathname}, expected ${expected.path}`;
  const query = Object.fromEntries(url.searchParams);
  if (!isDeepStrictEqual(query, expected.query) || url.searchParams.size !== Object.keys(expected.query).length) {
    return `query ${JSON.stringify(query)}, expected ${JSON.stringify(expected.query)}`;
  }
  let body: unknown;
  try {
    body = parseBody(text);
  } catch {
    return `body is not JSON: ${text.slice(0, 80)}`;
  }
  if (!isDeepStrictEqual(body, expected.body ?? null)) return `body ${JSON.stringify(body)}, expected ${JSON.stringify(expected.body)}`;
  return undefined;
}

export async function startReplay(fixture: Fixture): Promise<ReplayServer> {
  const mismatches: string[] = [];
  const hits: ReplayServer['hits'] = [];
  let next = 0;
  let baseUrl = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', baseUrl);
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = parseBody(text);
      } catch {
        // Kept as text: the mismatch below says it is not JSON.
      }
      hits.push({ method: req.method ?? '', url: req.url ?? '', body });
      const exchange = fixture.exchanges[next];
      const wrong = exchange ? mismatch(exchange.request, req.method ?? '', url, text) : 'no exchange left';
      if (wrong) {
        mismatches.push(`${req.method} ${url.pathname}: ${wrong}`);
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'ContractMismatch', message: wrong } }));
        return;
      }
      next++;
      const headers = withBaseUrl(exchange.response.headers, baseUrl) as Record<string, string>;
      res.writeHead(exchange.response.status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(exchange.response.body === undefined ? undefined : JSON.stringify(withBaseUrl(exchange.response.body, baseUrl)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    mismatches,
    hits,
    served: () => next,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
