/**
 * The HTTP floor of the report benchmark: the same POSTs the report makes (first page, then each nextLink with
 * the same body) through Node's own `http.request` on one keep-alive connection, each body JSON.parsed and its
 * rows counted, nothing else. Run in plain Node, in VS Code's extension host (where `http` is the one VS Code
 * hands extensions) and in a worker thread of the extension host, it shows what the host itself costs per page,
 * apart from the product. (The paging benchmark's floor uses global fetch; in the extension host that is VS Code's
 * own fetch, a different stack from the one the product's client runs on, so this floor uses `http`.)
 */
import * as http from 'http';
import { DATA_SHARE_API_VERSION, shareSubscriptionPath, type ShareSubscriptionRef } from '../../src/core/services/dataShare';

export interface FloorInput {
  baseUrl: string;
  token: string;
  ref: ShareSubscriptionRef;
  synchronizationId: string;
}

export interface FloorResult {
  ms: number;
  rows: number;
  pages: number;
}

function post(agent: http.Agent, url: string, headers: http.OutgoingHttpHeaders, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(new Error(`The floor loop got ${res.statusCode}.`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function httpFloor(input: FloorInput): Promise<FloorResult> {
  const body = JSON.stringify({ synchronizationId: input.synchronizationId });
  const headers = { authorization: `Bearer ${input.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'keep-alive' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const started = performance.now();
  let rows = 0;
  let pages = 0;
  let url: string | undefined = `${input.baseUrl}${shareSubscriptionPath(input.ref)}/listSynchronizationDetails?api-version=${DATA_SHARE_API_VERSION}`;
  try {
    while (url) {
      const page = JSON.parse(await post(agent, url, headers, body)) as { value: unknown[]; nextLink?: string };
      rows += page.value.length;
      pages++;
      url = page.nextLink;
    }
  } finally {
    agent.destroy();
  }
  return { ms: performance.now() - started, rows, pages };
}
