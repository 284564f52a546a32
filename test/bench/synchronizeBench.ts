/**
 * Synchronize Now over the emulator (in its own process, real clock), driven through the core the command uses
 * (synchronize + SynchronizationWatch + watchReaders):
 * - synchronize request → first progress shown: from sending the POST to the moment the command shows the
 *   synchronization it started (the 202's answer, onStarted), and to the first data set count it can show;
 * - a 120-data-set synchronization followed with the defaults (details and status every 15 s): the requests
 *   per minute the following costs, by kind. An open report of that synchronization adds none: it shows the rows
 *   the watch read (ReportPanel.follow → livePages), so its extra requests per minute are 0 by construction; a
 *   report opened mid-run makes its own one load (one POST per 50 data sets).
 * POST listings count against ARM's subscription write budget (x-ms-ratelimit-remaining-subscription-writes,
 * shared with deploys); the operation's status reads are GETs (reads).
 */
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';
import { ArmClient, type ArmRequest } from '../../src/core/arm/client';
import { synchronize } from '../../src/core/services/dataShareConsumer';
import { SynchronizationWatch } from '../../src/core/synchronization/syncWatch';
import { watchReaders } from '../../src/core/synchronization/shareSubscriptionReads';
import { startChildEmulator } from './childEmulator';
import { Row, text, timing, value } from './results';
import { summarize } from './stats';

const SECTION = 'Synchronize Now (ARM emulator, core the command uses)';
const ref = (shareSubscriptionName: string) => ({ subscriptionId: '00000000-0000-0000-0000-00000000b027', resourceGroup: 'bench-rg', accountName: 'bench-share', shareSubscriptionName });

/** Counts the client's requests by method (POST = write budget, GET = read budget). */
function counting(client: ArmClient): { counts: Record<string, number>; reset(): void } {
  const counts: Record<string, number> = {};
  const original = client.request.bind(client);
  client.request = (req: ArmRequest) => {
    counts[req.method] = (counts[req.method] ?? 0) + 1;
    return original(req);
  };
  return { counts, reset: () => Object.keys(counts).forEach((k) => delete counts[k]) };
}

export async function runSynchronizeBench(options: { quick?: boolean }): Promise<Row[]> {
  const emu = await startChildEmulator();
  try {
    const tokens = new ClientSecretTokenProvider({ authorityHost: emu.url, tenantId: 'bench-tenant', clientId: 'bench-client', clientSecret: 'bench-client-secret', userAgent: 'aci-data-share-bench' });
    const client = new ArmClient({ endpoint: emu.url, tokenProvider: tokens, scope: `${emu.url}/.default`, userAgent: 'aci-data-share-bench' });

    // synchronize request → first progress shown (a warm-up first).
    const runs = options.quick ? 5 : 20;
    const toStarted: number[] = [];
    const toCount: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const target = ref(`bench-start-${i}-syncsecs-2`);
      const abort = new AbortController();
      const started = performance.now();
      let shown: Promise<void> | undefined;
      const op = synchronize(client, target, 'Incremental', {
        signal: abort.signal,
        onStarted: (sync) => {
          const at = performance.now() - started;
          if (i > 0) toStarted.push(at);
          const watch = new SynchronizationWatch('bench', sync!, watchReaders(async () => client, target), { everyMs: 60_000, followsOperation: true });
          shown = new Promise<void>((resolve) => {
            const sub = watch.onChange((s) => {
              if (s.dataSetCount === undefined) return;
              if (i > 0) toCount.push(performance.now() - started);
              sub.dispose();
              watch.stop();
              resolve();
            });
          });
          watch.start();
          abort.abort();
        },
      });
      await op.catch(() => undefined);
      await shown;
    }

    // A 120-data-set synchronization followed to its end with the defaults.
    const seconds = options.quick ? 30 : 60;
    const target = ref(`bench-follow-syncfail-rows-120-syncsecs-${seconds}`);
    const counter = counting(client);
    const began = performance.now();
    let watch: SynchronizationWatch | undefined;
    await synchronize(client, target, 'Incremental', {
      onStarted: (sync) => {
        watch = new SynchronizationWatch('bench', sync!, watchReaders(async () => client, target), { everyMs: 15_000, followsOperation: true });
        watch.start();
      },
      onProgress: (p) => watch?.operationStatus(p.status),
      defaultPollMs: 15_000, // as the command: the status is read as often as the data sets
    }).catch(() => undefined); // it ends Failed (syncfail: data set 1 fails in the emulator)
    await watch!.finish('Failed');
    const minutes = (performance.now() - began) / 60_000;
    const posts = counter.counts.POST ?? 0;
    const gets = counter.counts.GET ?? 0;
    const note = `${seconds} s run, ${watch!.snapshot.details.length} data sets, ${watch!.snapshot.detailReads} details reads`;
    return [
      { section: SECTION, name: 'synchronize request → first progress shown (the started synchronization)', ours: timing(summarize(toStarted)) },
      { section: SECTION, name: 'synchronize request → first "N of 120 data sets" shown', ours: timing(summarize(toCount)) },
      { section: SECTION, name: 'following a 120-data-set synchronization: write-budget requests (POST) per minute', ours: value(Math.round((posts / minutes) * 10) / 10, 'req/min'), note },
      { section: SECTION, name: 'following a 120-data-set synchronization: read-budget requests (GET, status) per minute', ours: value(Math.round((gets / minutes) * 10) / 10, 'req/min'), note },
      {
        section: SECTION,
        name: 'a report left open during it: extra requests per minute',
        ours: text('0'),
        note: 'an open report shows the rows the shared watch read (no request of its own); opening one mid-run costs one load (1 POST per 50 data sets)',
      },
    ];
  } finally {
    await emu.close();
  }
}
