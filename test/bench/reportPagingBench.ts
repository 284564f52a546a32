/**
 * Report paging against the local ARM emulator: 100,000 synchronization detail rows over 200 pages,
 * signed in through the emulator's token endpoint. The emulator runs in its own process, and its serving
 * time for the same pages is subtracted to show what the client adds.
 */
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';
import { ArmClient } from '../../src/core/arm/client';
import { benchSynchronizationReport } from './reportTiming';
import { listSynchronizationDetails, listSynchronizations, ShareSubscriptionRef } from '../../src/core/services/dataShare';
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

    // Warm-up: fills the emulator's generation cache and warms both sides' code paths.
    await listAll(client, synchronizationId);

    const listings: Listing[] = [];
    const serving: number[] = [];
    const overhead: number[] = [];
    for (let i = 0; i < runs; i++) {
      await emu.resetStats();
      const listing = await listAll(client, synchronizationId);
      const servingMs = (await emu.stats()).servingMs;
      listings.push(listing);
      serving.push(servingMs);
      overhead.push(((listing.allRowsMs - servingMs) / servingMs) * 100);
    }
    const first = summarize(listings.map((l) => l.firstPageMs));
    const all = summarize(listings.map((l) => l.allRowsMs));
    const added = summarize(overhead);
    const last = listings[listings.length - 1];

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
        note: `${last.rows} rows over ${last.pages} pages per run (listSynchronizationDetails, nextLink GET)`,
      },
      { section: SECTION, name: 'emulator serving time, same pages', ours: timing(summarize(serving)) },
      {
        section: SECTION,
        name: 'client adds (over serving time)',
        ours: value(added.p50, '%'),
        target: '< 10 %',
        met: added.p50 < 10,
        note: `(all rows − emulator serving) / emulator serving, p50 of ${runs} runs; p95 ${added.p95.toFixed(1)} %. the emulator runs in its own process; its serving time is its request handling (generate, serialize, write)`,
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
