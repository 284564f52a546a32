/**
 * Report paging against the local ARM emulator: 100,000 synchronization detail rows over 200 pages,
 * signed in through the emulator's token endpoint. The emulator runs in its own process. The product's
 * listing is compared with a floor: a minimal loop that POSTs the same pages to the same emulator with
 * plain fetch and JSON.parse and nothing else (no retries, logging, vetting or paging guards), run
 * alternately with it in the same process.
 */
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';
import { ArmClient } from '../../src/core/arm/client';
import { benchSynchronizationReport } from './reportTiming';
import { DATA_SHARE_API_VERSION, listSynchronizationDetails, listSynchronizations, shareSubscriptionPath, ShareSubscriptionRef } from '../../src/core/services/dataShare';
import { startChildEmulator } from './childEmulator';
import { Row, timing, value } from './results';
import { summarize, timeOnce } from './stats';

const SECTION = 'Report paging (ARM emulator, 100,000 rows / 200 pages)';

const REF: ShareSubscriptionRef = {
  subscriptionId: '00000000-0000-0000-0000-00000000b001',
  resourceGroup: 'bench-rg',
  accountName: 'bench-account',
  shareSubscriptionName: 'bench-rows-100000-pagesize-500',
};

interface Listing {
  firstPageMs: number;
  allRowsMs: number;
  rows: number;
  pages: number;
}

async function listAll(client: ArmClient, synchronizationId: string): Promise<Listing> {
  const started = performance.now();
  let firstPageMs = -1;
  let rows = 0;
  let pages = 0;
  for await (const page of listSynchronizationDetails(client, REF, synchronizationId)) {
    if (firstPageMs < 0) firstPageMs = performance.now() - started;
    rows += page.items.length;
    pages++;
  }
  return { firstPageMs, allRowsMs: performance.now() - started, rows, pages };
}

/** The floor: the same POSTs (first page, then each nextLink with the same body), parsed and counted. */
async function floorListAll(baseUrl: string, token: string, synchronizationId: string): Promise<Listing> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  const body = JSON.stringify({ synchronizationId });
  const started = performance.now();
  let firstPageMs = -1;
  let rows = 0;
  let pages = 0;
  let url: string | undefined = `${baseUrl}${shareSubscriptionPath(REF)}/listSynchronizationDetails?api-version=${DATA_SHARE_API_VERSION}`;
  while (url) {
    const res = await fetch(url, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`The floor loop got ${res.status} on page ${pages + 1}.`);
    const page = JSON.parse(await res.text()) as { value: unknown[]; nextLink?: string };
    if (firstPageMs < 0) firstPageMs = performance.now() - started;
    rows += page.value.length;
    pages++;
    url = page.nextLink;
  }
  return { firstPageMs, allRowsMs: performance.now() - started, rows, pages };
}

export async function runReportPagingBench(options: { quick?: boolean }): Promise<Row[]> {
  const runs = options.quick ? 2 : 6;
  const emu = await startChildEmulator();
  try {
    const tokens = new ClientSecretTokenProvider({
      authorityHost: emu.url,
      tenantId: 'bench-tenant',
      clientId: 'bench-client',
      clientSecret: 'bench-client-secret',
      userAgent: 'aci-data-share-bench',
    });
    const scope = `${emu.url}/.default`;
    const signIn = await timeOnce(() => tokens.getToken([scope]));
    const client = new ArmClient({ endpoint: emu.url, tokenProvider: tokens, scope, userAgent: 'aci-data-share-bench' });

    let synchronizationId: string | undefined;
    for await (const page of listSynchronizations(client, REF, { maxPages: 1 })) synchronizationId = page.items[0]?.synchronizationId;
    if (!synchronizationId) throw new Error('The emulator listed no synchronization.');

    const token = (await tokens.getToken([scope])).token;
    // Warm-up: fills the emulator's generation cache and warms both loops' code paths.
    await listAll(client, synchronizationId);
    await floorListAll(emu.url, token, synchronizationId);

    // Alternating runs, so both loops see the same machine load.
    const listings: Listing[] = [];
    const floors: Listing[] = [];
    for (let i = 0; i < runs; i++) {
      listings.push(await listAll(client, synchronizationId));
      floors.push(await floorListAll(emu.url, token, synchronizationId));
    }
    const first = summarize(listings.map((l) => l.firstPageMs));
    const all = summarize(listings.map((l) => l.allRowsMs));
    const floor = summarize(floors.map((l) => l.allRowsMs));
    const ratio = all.p50 / floor.p50;
    const last = listings[listings.length - 1];
    if (floors.some((f) => f.rows !== last.rows || f.pages !== last.pages)) throw new Error('The floor loop read other pages than the listing.');

    await emu.resetStats();
    const report = await benchSynchronizationReport(client, REF, synchronizationId);
    const reportServing = (await emu.stats()).servingMs;

    return [
      { section: SECTION, name: 'sign-in (client secret, token endpoint)', ours: value(signIn, 'ms'), note: 'one run; first token of the process' },
      { section: SECTION, name: 'time to first page', ours: timing(first), target: 'p50 < 500 ms', met: first.p50 < 500 },
      {
        section: SECTION,
        name: 'time to all rows',
        ours: timing(all),
        target: 'p50 < 5 s',
        met: all.p50 < 5000,
        note: `${last.rows} rows over ${last.pages} pages per run (listSynchronizationDetails, each nextLink POSTed)`,
      },
      {
        section: SECTION,
        name: 'floor: plain fetch + JSON.parse, same pages',
        ours: timing(floor),
        note: 'the same POSTs to the same emulator with nothing else; a lower bound, not a peer',
      },
      {
        section: SECTION,
        name: 'time to all rows ÷ floor',
        ours: value(Number(ratio.toFixed(2)), '×'),
        target: '≤ 1.2×',
        met: ratio <= 1.2,
        note: `p50 over p50 of ${runs} alternating runs each`,
      },
      {
        section: SECTION,
        name: 'report stream with totals, all rows',
        ours: value(report.allRowsMs, 'ms'),
        note: `one run of the report path (streamSynchronizationReport): first page ${report.firstPageMs.toFixed(0)} ms, ${report.rows} rows, emulator serving ${reportServing.toFixed(0)} ms`,
      },
    ];
  } finally {
    await emu.close();
  }
}
