/**
 * Memory the product holds where users keep things open, measured in plain Node with the product's core (the
 * extension host and the language worker run the same core; their own heaps cannot be read from here): the V8
 * heap after a full collection, with the thing open, less the heap before it was opened.
 * - a 100,000-row report: the rows streamed from the emulator (its own process) into the panel's ViewFeed, as
 *   reportPanel.ts holds them; then the panel closed (the feed and the stream let go);
 * - the 1,000-container definition open in the language worker's LanguageService, beside yaml-language-server's
 *   service holding the same file;
 * - the language worker with every api-version's schema loaded against only 2023-05-01's (versionMemoryProbe.ts,
 *   a process of its own);
 * - a log view after an hour of a chatty container: every read of the follower merged (LogMerger) and kept
 *   (KeptLog), with the document text the view renders from it.
 * Targets are checked and printed (met / NO); a miss does not fail the run.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { KeptLog, MAX_KEPT_BYTES, MAX_KEPT_LINES } from '../../src/core/containerGroup/logsKept';
import { LogMerger } from '../../src/core/containerGroup/logsMerge';
import { LanguageService } from '../../src/core/languageService/service';
import { ViewFeed } from '../../src/core/report/report/viewFeed';
import { streamSynchronizationReport } from '../../src/core/report/shared/stream';
import { listSynchronizations, type ShareSubscriptionRef } from '../../src/core/services/dataShare';
import { benchClient } from './benchClient';
import { startChildEmulator } from './childEmulator';
import { generateDefinition } from './generateDefinition';
import { PeerYamlService } from './peerAdapter';
import { Row, value } from './results';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';

const SECTION = 'Memory (V8 heap after a full collection, plain Node with the product core)';
const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Heap in use after full collections (twice: finalizers of the first free more in the second), from a new
 * macrotask: a promise chain still settling holds the value it resolved with until then.
 */
async function heap(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

/** Heap `make`'s result holds: measured while it is still referenced. */
async function heldBy(make: () => Promise<unknown>): Promise<number> {
  const before = await heap();
  const held = await make();
  const after = await heap();
  return held === undefined ? 0 : after - before;
}

const mb = (bytes: number): number => Number((bytes / MB).toFixed(1));

const REPORT: ShareSubscriptionRef = {
  subscriptionId: '00000000-0000-0000-0000-00000000b001',
  resourceGroup: 'bench-rg',
  accountName: 'bench-account',
  shareSubscriptionName: 'bench-rows-100000-pagesize-500',
};

async function reportRows(): Promise<Row[]> {
  const emu = await startChildEmulator();
  try {
    const { client, tokens, scope } = benchClient(emu.url);
    await tokens.getToken([scope]);
    let id: string | undefined;
    for await (const page of listSynchronizations(client, REPORT, { maxPages: 1 })) id = page.items[0]?.synchronizationId;
    if (!id) throw new Error('The emulator listed no synchronization.');
    const open = async (): Promise<{ feed: ViewFeed; bytes: number }> => {
      // The panel's feed with a page that takes every message (as a ready webview does) and drops it.
      const feed = new ViewFeed({ post: async () => true, ready: () => true, onUpdate: () => undefined }, {});
      feed.start(1);
      let bytes = 0;
      for await (const page of streamSynchronizationReport(client, REPORT, id, { query: {} })) {
        feed.add(page);
        bytes += JSON.stringify(page.rows).length;
      }
      await feed.end();
      return { feed, bytes };
    };
    await open(); // warm-up: the emulator's generated rows, the code paths
    const before = await heap();
    let held: { feed: ViewFeed; bytes: number } | undefined = await open();
    const opened = (await heap()) - before;
    const rows = held.feed.rows.length;
    const jsonBytes = held.bytes;
    held = undefined; // the panel closed: reportPanel.ts onClose ends the load; nothing else refers to the feed
    const closed = (await heap()) - before;
    const openTarget = 2 * jsonBytes;
    return [
      {
        section: SECTION,
        name: `extension host: report of ${rows.toLocaleString('en-US')} rows open`,
        ours: value(mb(opened), 'MB'),
        target: `≤ 2× the rows' JSON (${mb(openTarget)} MB)`,
        met: opened <= openTarget,
        note: `the panel's ViewFeed (rows, their view, the outbox) after the whole stream; the rows are ${mb(jsonBytes)} MB as JSON. Plain Node: the real extension host's heap is not readable from the bench`,
      },
      {
        section: SECTION,
        name: 'extension host: after the report closes',
        ours: value(mb(closed), 'MB'),
        target: '≤ 2 MB over before',
        met: closed <= 2 * MB,
        note: 'heap over the heap before the report opened, once the panel let go of its feed',
      },
    ];
  } finally {
    await emu.close();
  }
}

async function languageWorkerRows(repoRoot: string): Promise<Row[]> {
  const text = generateDefinition().text;
  const uri = 'file:///bench/large-group.aci.yaml';
  // Warm-up: schema, validators and code paths loaded before the baseline.
  const warm = new LanguageService();
  warm.open(uri, 1, 'yaml', text);
  warm.diagnostics(uri, 1);
  warm.close(uri);

  const ours = await heldBy(async () => {
    const service = new LanguageService();
    service.open(uri, 1, 'yaml', text);
    service.diagnostics(uri, 1);
    return service;
  });
  const peerHeld = await heldBy(async () => {
    const peer = new PeerYamlService(path.join(repoRoot, 'schemas', 'container-group.schema.json'));
    peer.open(text);
    // The peer keeps its parse in its own cache, keyed by the document.
    await peer.validate();
    return peer;
  });

  return [
    {
      section: SECTION,
      name: `language worker: the 1,000-container file open (${mb(Buffer.byteLength(text))} MB)`,
      ours: value(mb(ours), 'MB'),
      peer: value(mb(peerHeld), 'MB'),
      target: '≤ the peer',
      met: ours <= peerHeld,
      note: `${(ours / Buffer.byteLength(text)).toFixed(0)}× the file; the worker's LanguageService with the document parsed and validated (plain Node: the worker thread's heap is not readable from the bench); the peer: yaml-language-server's service with the same file, parsed (its own cache)`,
    },
  ];
}

/** Every api-version's schema loaded in the worker against only 2023-05-01's (issue 36: ≤ 1.3×). */
function versionRows(): Row[] {
  const out = execFileSync(process.execPath, ['--expose-gc', path.join(__dirname, 'versionMemoryProbe.js')], { encoding: 'utf8' });
  const { base, all, versions } = JSON.parse(out) as { base: number; all: number; versions: string[] };
  const ratio = all / base;
  return [
    {
      section: SECTION,
      name: `language worker: every api-version loaded (${versions.join(', ')}) against only 2023-05-01`,
      ours: value(mb(all), 'MB'),
      target: '≤ 1.3× only 2023-05-01',
      met: ratio <= 1.3,
      note: `${ratio.toFixed(2)}× the ${mb(base)} MB with only 2023-05-01 loaded (the 1,000-container file open); a process loading only the product core, as the worker thread does`,
    },
  ];
}

/** A chatty container: LINES_PER_SECOND lines of ~120 characters for an hour, read every 2 s with the default tail. */
async function logViewRows(): Promise<Row[]> {
  const LINES_PER_SECOND = 50;
  const INTERVAL_S = 2;
  const TAIL = 300;
  const HOUR = 3600;
  const start = Date.parse('2024-03-01T00:00:00Z');
  const line = (n: number): string => {
    const time = new Date(start + Math.floor((n * 1000) / LINES_PER_SECOND)).toISOString();
    return `${time} worker-7 info request ${n} GET /api/orders/${(n * 7919) % 100000} status=200 bytes=${(n * 131) % 9000} ms=${n % 97}`;
  };
  const before = await heap();
  const kept = new KeptLog();
  const merger = new LogMerger(TAIL);
  let written = 0;
  for (let t = INTERVAL_S; t <= HOUR; t += INTERVAL_S) {
    written = t * LINES_PER_SECOND;
    const from = Math.max(0, written - TAIL);
    const reply: string[] = [];
    for (let n = from; n < written; n++) reply.push(line(n));
    const result = merger.merge(reply.join('\n') + '\n');
    kept.push(...result.lines.map((l) => ({ line: l })));
  }
  // The document the view shows is rendered from what is kept (logView.ts text()).
  const text = kept.all.map((e) => ('line' in e ? e.line.text : e.note)).join('\n');
  const held = (await heap()) - before;
  const target = 4 * MAX_KEPT_BYTES;
  return [
    {
      section: SECTION,
      name: `log view after an hour of ${LINES_PER_SECOND} lines/s (${written.toLocaleString('en-US')} lines)`,
      ours: value(mb(held), 'MB'),
      target: `≤ 4× the kept bound (${mb(target)} MB)`,
      met: held <= target && kept.all.length <= MAX_KEPT_LINES,
      note: `${kept.all.length.toLocaleString('en-US')} lines kept (bound ${MAX_KEPT_LINES.toLocaleString('en-US')} lines / ${MAX_KEPT_BYTES / MB} MB), ${kept.dropped.toLocaleString('en-US')} dropped, document text ${mb(text.length)} MB; follower reads of ${TAIL} lines every ${INTERVAL_S} s merged and kept by the core`,
    },
  ];
}

export async function runMemoryBench(repoRoot: string): Promise<Row[]> {
  return [...(await reportRows()), ...(await languageWorkerRows(repoRoot)), ...versionRows(), ...(await logViewRows())];
}
