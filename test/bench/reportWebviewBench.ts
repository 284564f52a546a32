/**
 * The synchronization report end to end in the real VS Code (code-server): from the Show Synchronization
 * Report command to the last row counted in the webview's table, 100,000 rows in the emulator's default
 * 50-row pages (2,000 pages). In the same run, against the same emulator process, the core stream of the same
 * pages, so the two figures and their ratio come from one box at one moment.
 */
import * as path from 'path';
import { listSynchronizations } from '../../src/core/services/dataShare';
import type { ShareSubscriptionTarget } from '../../src/core/settings/model';
import { extensionPayload, openWorkbench, startCodeServer } from '../integration/codeServer';
import { ensureInstalled, REPO_ROOT } from '../integration/install';
import { emulatorEnv, emulatorSettings, prepareWorkspace } from '../integration/workspace';
import { benchClient } from './benchClient';
import { startChildEmulator } from './childEmulator';
import { benchSynchronizationReport } from './reportTiming';
import { Row, value } from './results';

const SECTION = 'Report end to end (real VS Code, ARM emulator, 100,000 rows / 2,000 pages of 50)';
const ROWS = 100_000;
const PROBE = path.join(REPO_ROOT, 'out', 'test', 'bench', 'reportStreamProbe.js');
const LINE = /\[probe\] report rows=(\d+) pages=(\d+) state=(\w+) hostCoreMs=([\d.]+) filterMs=([\d.]+) firstRowMs=([\d.]+) hostRowsMs=([\d.]+) lastRowMs=([\d.]+)/;
const FAILED = /\[probe\] report failed: (.*)/;

const TARGET: ShareSubscriptionTarget = {
  subscriptionId: '00000000-0000-0000-0000-00000000b001',
  resourceGroup: 'bench-rg',
  accountName: 'bench-account',
  // No pagesize-N in the name: the emulator's default page of 50 rows, as a new user meets it in the sandbox.
  shareSubscriptionName: 'bench-rows-100000',
};

interface WebviewSample {
  rows: number;
  pages: number;
  state: string;
  hostCoreMs: number;
  filterMs: number;
  firstRowMs: number;
  hostRowsMs: number;
  lastRowMs: number;
}

/** One run of the report command in a fresh code-server; resolves with the probe's figures. */
async function webviewOnce(emulatorUrl: string, synchronizationId: string): Promise<WebviewSample> {
  const workspace = prepareWorkspace(undefined, emulatorSettings(emulatorUrl));
  const env = { ...emulatorEnv(emulatorUrl), ACI_DS_BENCH_REPORT: JSON.stringify({ target: TARGET, synchronizationId, rows: ROWS }) };
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
          if (m) sample = { rows: Number(m[1]), pages: Number(m[2]), state: m[3], hostCoreMs: Number(m[4]), filterMs: Number(m[5]), firstRowMs: Number(m[6]), hostRowsMs: Number(m[7]), lastRowMs: Number(m[8]) };
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

export async function runReportWebviewBench(): Promise<Row[]> {
  await ensureInstalled();
  const emu = await startChildEmulator();
  try {
    const { client } = benchClient(emu.url);
    let synchronizationId: string | undefined;
    for await (const page of listSynchronizations(client, TARGET, { maxPages: 1 })) synchronizationId = page.items[0]?.synchronizationId;
    if (!synchronizationId) throw new Error('The emulator listed no synchronization.');

    // Warm-up: fills the emulator's generation cache, so neither measured side pays for it.
    await benchSynchronizationReport(client, TARGET, synchronizationId);
    const core = await benchSynchronizationReport(client, TARGET, synchronizationId);
    await emu.resetStats();
    const webview = await webviewOnce(emu.url, synchronizationId);
    const served = await emu.stats();
    const ratio = webview.lastRowMs / core.allRowsMs;
    const perPage = (ms: number, pages: number) => `${(ms / pages).toFixed(2)} ms a page, ${Math.round((ROWS / ms) * 1000).toLocaleString('en-US')} rows/s`;
    return [
      {
        section: SECTION,
        name: 'core stream, all rows (streamSynchronizationReport)',
        ours: value(core.allRowsMs, 'ms'),
        note: `one run after a warm-up; ${core.rows} rows over ${core.pages} pages; ${perPage(core.allRowsMs, core.pages)}`,
      },
      {
        section: SECTION,
        name: 'core stream inside the extension host, no panel',
        ours: value(webview.hostCoreMs, 'ms'),
        note: `the same client and pages in VS Code's extension host (its HTTP stack and a CPU shared with the workbench); ${perPage(webview.hostCoreMs, core.pages)}`,
      },
      {
        section: SECTION,
        name: 'command → first row counted in the webview',
        ours: value(webview.firstRowMs, 'ms'),
        note: 'Show Synchronization Report through executeCommand; the page acknowledges rows once its table has them',
      },
      {
        section: SECTION,
        name: 'command → last row held by the extension host',
        ours: value(webview.hostRowsMs, 'ms'),
        note: 'the report\'s own stream; the page may still be drawing',
      },
      {
        section: SECTION,
        name: 'command → last row counted in the webview',
        ours: value(webview.lastRowMs, 'ms'),
        note: `${webview.rows} rows, ${webview.pages} pages acknowledged, load ${webview.state}; ${perPage(webview.lastRowMs, core.pages)}`,
      },
      {
        section: SECTION,
        name: 'webview end to end / core stream',
        ours: value(Number(ratio.toFixed(2)), '×'),
        target: '≤ 2×',
        met: ratio <= 2,
        note: 'same run, same emulator process',
      },
      {
        section: SECTION,
        name: 'connections opened in the real VS Code run',
        ours: value(served.connections, ''),
        note: `TCP connections the emulator accepted for the ${served.requests.toLocaleString('en-US')} requests of the whole run (sign-in, tree, both report loads, the core stream in the host)`,
      },
      {
        section: SECTION,
        name: 'a filter answered while rows arrive',
        ours: value(webview.filterMs, 'ms'),
        note: 'a second load of the same report, filtered to the failed data sets once a fifth of the rows are in; until the page shows them',
      },
      {
        section: SECTION,
        name: 'webview end to end / core stream in the extension host',
        ours: value(Number((webview.lastRowMs / webview.hostCoreMs).toFixed(2)), '×'),
        note: 'what the panel and the page add over the stream in the same process',
      },
    ];
  } finally {
    await emu.close();
  }
}
