/**
 * The synchronization report end to end in the real VS Code (code-server): from the Show Synchronization
 * Report command to the last row counted in the webview's table, 100,000 rows in the emulator's default
 * 50-row pages (2,000 pages). In the same run, against the same emulator process, the core stream of the same
 * pages, so the two figures and their ratio come from one box at one moment. Beside them the HTTP floor
 * (httpFloor.ts) in plain Node, on the extension host's main thread and in a worker thread of it: what
 * VS Code's extension host itself costs per page, apart from the product. The VS Code run is repeated and
 * each figure is the median of the runs. With `latencyMs`, the emulator holds every reply that long (its
 * latency mode), so the same figures show what the extension host's cost weighs against a round trip like Azure's.
 */
import * as path from 'path';
import { listSynchronizations } from '../../src/core/services/dataShare';
import type { ShareSubscriptionTarget } from '../../src/core/settings/model';
import { extensionPayload, openWorkbench, startCodeServer } from '../integration/codeServer';
import { ensureInstalled, REPO_ROOT } from '../integration/install';
import { emulatorEnv, emulatorSettings, prepareWorkspace } from '../integration/workspace';
import { benchClient } from './benchClient';
import { startChildEmulator } from './childEmulator';
import { httpFloor } from './httpFloor';
import { benchSynchronizationReport } from './reportTiming';
import { Row, value } from './results';

const PROBE = path.join(REPO_ROOT, 'out', 'test', 'bench', 'reportStreamProbe.js');
const LINE =
  /\[probe\] report rows=(\d+) pages=(\d+) updates=(\d+) state=(\w+) hostCoreMs=([\d.]+) filterMs=([\d.]+) floorMainMs=([\d.]+) floorWorkerMs=([\d.]+) firstRowMs=([\d.]+) hostRowsMs=([\d.]+) lastRowMs=([\d.]+)/;
/** VS Code runs (each a fresh code-server); figures are their medians. */
const RUNS = 3;
const FAILED = /\[probe\] report failed: (.*)/;

export interface ReportWebviewOptions {
  /** Rows of the report (default 100,000). */
  rows?: number;
  /** The emulator's latency mode: every reply held this long (default 0). */
  latencyMs?: number;
}

function targetOf(rows: number): ShareSubscriptionTarget {
  return {
    subscriptionId: '00000000-0000-0000-0000-00000000b001',
    resourceGroup: 'bench-rg',
    accountName: 'bench-account',
    // No pagesize-N in the name: the emulator's default page of 50 rows, as a new user meets it in the sandbox.
    shareSubscriptionName: `bench-rows-${rows}`,
  };
}

interface WebviewSample {
  rows: number;
  pages: number;
  updates: number;
  state: string;
  hostCoreMs: number;
  filterMs: number;
  floorMainMs: number;
  floorWorkerMs: number;
  firstRowMs: number;
  hostRowsMs: number;
  lastRowMs: number;
}

/** One run of the report command in a fresh code-server; resolves with the probe's figures. */
async function webviewOnce(emulatorUrl: string, synchronizationId: string, rows: number): Promise<WebviewSample> {
  const workspace = prepareWorkspace(undefined, emulatorSettings(emulatorUrl));
  const env = { ...emulatorEnv(emulatorUrl), ACI_DS_BENCH_REPORT: JSON.stringify({ target: targetOf(rows), synchronizationId, rows }) };
  const server = await startCodeServer({ env, userSettings: emulatorSettings(emulatorUrl) });
  let workbench: Awaited<ReturnType<typeof openWorkbench>> | undefined;
  try {
    return await new Promise<WebviewSample>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no probe result within 10 min')), 600_000);
      let sample: WebviewSample | undefined;
      let failure: string | undefined;
      openWorkbench(server, server.workbenchUrl(workspace.dir, extensionPayload(server, PROBE)), {
        onLog: (_type, text) => {
          const m = LINE.exec(text);
          if (m) {
            const n = m.slice(5).map(Number);
            sample = { rows: Number(m[1]), pages: Number(m[2]), updates: Number(m[3]), state: m[4], hostCoreMs: n[0], filterMs: n[1], floorMainMs: n[2], floorWorkerMs: n[3], firstRowMs: n[4], hostRowsMs: n[5], lastRowMs: n[6] };
          }
          failure ??= FAILED.exec(text)?.[1];
        },
        onExit: () => {
          clearTimeout(timer);
          if (sample) resolve(sample);
          else reject(new Error(failure ?? 'the probe printed no result'));
        },
      }).then((w) => (workbench = w), reject);
    });
  } finally {
    await workbench?.close().catch(() => undefined);
    await server.stop();
    workspace.remove();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One measured round: the plain-Node core stream and HTTP floor, then a VS Code run, against one emulator. */
interface Round extends WebviewSample {
  coreMs: number;
  floorPlainMs: number;
  connections: number;
  requests: number;
}

export async function runReportWebviewBench(options: ReportWebviewOptions = {}): Promise<Row[]> {
  const ROWS = options.rows ?? 100_000;
  const TARGET = targetOf(ROWS);
  const latency = options.latencyMs ?? 0;
  const pages = ROWS / 50;
  const SECTION =
    `Report end to end (real VS Code, ARM emulator${latency ? ` holding each reply ${latency} ms` : ''}, ` +
    `${ROWS.toLocaleString('en-US')} rows / ${pages.toLocaleString('en-US')} pages of 50)`;
  await ensureInstalled();
  const emu = await startChildEmulator(latency ? ['--latency-ms', String(latency)] : []);
  try {
    const { client, tokens, scope } = benchClient(emu.url);
    let synchronizationId: string | undefined;
    for await (const page of listSynchronizations(client, TARGET, { maxPages: 1 })) synchronizationId = page.items[0]?.synchronizationId;
    if (!synchronizationId) throw new Error('The emulator listed no synchronization.');
    const floorInput = { baseUrl: emu.url, token: (await tokens.getToken([scope])).token, ref: TARGET, synchronizationId };

    // Warm-up: fills the emulator's generation cache, so no measured side pays for it.
    await benchSynchronizationReport(client, TARGET, synchronizationId);
    await httpFloor(floorInput);
    const rounds: Round[] = [];
    for (let i = 0; i < RUNS; i++) {
      const core = await benchSynchronizationReport(client, TARGET, synchronizationId);
      const floor = await httpFloor(floorInput);
      if (core.rows !== ROWS || floor.rows !== ROWS) throw new Error(`the plain-Node runs got ${core.rows} and ${floor.rows} rows`);
      await emu.resetStats();
      const webview = await webviewOnce(emu.url, synchronizationId, ROWS);
      const served = await emu.stats();
      rounds.push({ ...webview, coreMs: core.allRowsMs, floorPlainMs: floor.ms, connections: served.connections, requests: served.requests });
    }
    const m = (f: (r: Round) => number) => median(rounds.map(f));
    const ratio = m((r) => r.lastRowMs / r.coreMs);
    const perPage = (ms: number) => `${(ms / pages).toFixed(2)} ms a page, ${Math.round((ROWS / ms) * 1000).toLocaleString('en-US')} rows/s`;
    const runs = `median of ${RUNS} runs`;
    const row = (name: string, figure: number, unit: string, note: string, extra: Partial<Row> = {}): Row => ({
      section: SECTION,
      name,
      ours: value(unit === '×' ? Number(figure.toFixed(2)) : figure, unit),
      note,
      ...extra,
    });
    const floorRows: Row[] = latency
      ? [
          row('floor: pages × latency', pages * latency, 'ms', `${pages} pages read one after another, each held ${latency} ms by the emulator`),
          row('webview end to end / (pages × latency)', m((r) => r.lastRowMs) / (pages * latency), '×', 'what everything but the network adds, at this round trip'),
        ]
      : [];
    return [
      ...floorRows,
      row('core stream, all rows (streamSynchronizationReport)', m((r) => r.coreMs), 'ms', `plain Node, after a warm-up, ${runs}; ${perPage(m((r) => r.coreMs))}`),
      row('HTTP floor in plain Node', m((r) => r.floorPlainMs), 'ms', `the same POSTs through http.request, JSON.parse, nothing else; ${runs}`),
      row('HTTP floor on the extension host\'s main thread', m((r) => r.floorMainMs), 'ms', `the same loop with the http module VS Code gives extensions, in its extension host; ${runs}`),
      row('HTTP floor in a worker thread of the extension host', m((r) => r.floorWorkerMs), 'ms', `the same loop in the same process, off the main thread (Node's own http, no VS Code proxy support); ${runs}`),
      row('extension host main thread / plain Node, HTTP floor', m((r) => r.floorMainMs / r.floorPlainMs), '×', 'what the extension host itself adds to the same requests, before any product code'),
      row('core stream inside the extension host, no panel', m((r) => r.hostCoreMs), 'ms', `the same client and pages on the extension host's main thread; ${perPage(m((r) => r.hostCoreMs))}`),
      row('command → first row counted in the webview', m((r) => r.firstRowMs), 'ms', 'Show Synchronization Report through executeCommand; the page acknowledges rows once its table counts them'),
      row('command → last row held by the extension host', m((r) => r.hostRowsMs), 'ms', "the report's own stream; the page may still be drawing"),
      row('command → last row counted in the webview', m((r) => r.lastRowMs), 'ms', `the table counts every row and draws those in view, read from the host as it scrolls; ${rounds.map((r) => `${r.rows} rows/${r.pages} pages, load ${r.state}`).join('; ')}; ${perPage(m((r) => r.lastRowMs))}`),
      row('view updates posted to the page', m((r) => r.updates), '', `for the ${pages.toLocaleString('en-US')} service pages of one load: whatever arrived while the previous update was on its way goes in the next; each carries the rows of the table's window, not every row`),
      row('webview end to end / core stream', ratio, '×', `per run, same emulator process: ${rounds.map((r) => (r.lastRowMs / r.coreMs).toFixed(2)).join(', ')}`, { target: '≤ 2×', met: ratio <= 2 }),
      row('webview end to end / HTTP floor on the extension host\'s main thread', m((r) => r.lastRowMs / r.floorMainMs), '×', 'what the product (client, report, panel, page) adds over the bare requests where it runs'),
      row('webview end to end / core stream in the extension host', m((r) => r.lastRowMs / r.hostCoreMs), '×', 'what the panel and the page add over the stream in the same process'),
      row('a filter answered while rows arrive', m((r) => r.filterMs), 'ms', 'a second load of the same report, filtered to the failed data sets once a fifth of the rows are in; until the page shows them'),
      row('connections opened in the real VS Code run', m((r) => r.connections), '', `TCP connections the emulator accepted for the ${m((r) => r.requests).toLocaleString('en-US')} requests of one run (sign-in, tree, floors, both report loads, the core stream in the host)`),
    ];
  } finally {
    await emu.close();
  }
}
