// Starts code-server (VS Code in a browser) on 127.0.0.1 with throwaway state, and opens its workbench in headless
// chromium. Shared by the test runner, the sandbox and the screenshot tool.
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import * as util from 'util';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_PATH, CODE_SERVER_ENTRY, NODE24_BIN, REPO_ROOT } from './install';

const HOST = '127.0.0.1';

/** Settings that stop the workbench from reaching for the network or showing first-run UI. */
const QUIET_USER_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'workbench.startupEditor': 'none',
  'workbench.enableExperiments': false,
  'workbench.tips.enabled': false,
  // The secondary side bar (chat) would open empty next to the editor.
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.enabled': false,
};

export type Payload = Array<[string, string]>;

export interface CodeServer {
  port: number;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Temp folder holding user data, extensions, HOME and XDG dirs; removed by stop(). */
  stateDir: string;
  /** Environment with HOME/XDG pointed into stateDir (also used for chromium). */
  env: NodeJS.ProcessEnv;
  /** A server-side absolute path as the vscode-remote URI the workbench understands. */
  remote(absolutePath: string): string;
  /** URL of the workbench with `folder` opened and the given payload. */
  workbenchUrl(folder: string, payload: Payload): string;
  /** Kills code-server's whole process group (the file watcher and extension host too). */
  stop(): Promise<void>;
}

export interface StartCodeServerOptions {
  /** Extra environment for code-server and, through it, the extension host. */
  env?: Record<string, string>;
  /** Port to try first; a free one is used when it is taken. */
  preferredPort?: number;
  /** Receives code-server's own stdout/stderr lines. */
  onOutput?: (line: string) => void;
  /** Keep VS Code's workspace trust on (the folder then opens untrusted). Default false. */
  workspaceTrust?: boolean;
  /** User settings (e.g. the emulator's cloud: settings that decide where a token goes are read from here only). */
  userSettings?: Record<string, unknown>;
  /**
   * 'test' (default): the workbench reads extensionDevelopmentPath/extensionTestsPath from the URL payload, which
   * needs VS Code's smoke-test driver; in that mode the workbench never shows notification toasts.
   * 'user': no driver, so the workbench behaves as it does for a user; extensions load only from the extensions
   * folder (see linkExtension).
   */
  mode?: 'test' | 'user';
}

export function findFreePort(preferred?: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, HOST, () => {
        const actual = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(actual));
      });
    });
  return preferred ? tryListen(preferred).catch(() => tryListen(0)) : tryListen(0);
}

function get(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.setTimeout(2000, () => req.destroy());
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function forwardLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  let rest = '';
  stream?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(line);
  });
}

function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    const hard = setTimeout(() => killGroup('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(hard);
      // Children (file watcher, extension host) may outlive the server by a moment.
      killGroup('SIGKILL');
      resolve();
    });
    killGroup('SIGTERM');
  });
}

export async function startCodeServer(options: StartCodeServerOptions = {}): Promise<CodeServer> {
  const port = await findFreePort(options.preferredPort);
  const origin = `http://${HOST}:${port}`;
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-ds-code-server-'));
  const dirs = ['user-data/User', 'extensions', 'home', 'config', 'data', 'cache'];
  for (const dir of dirs) fs.mkdirSync(path.join(stateDir, dir), { recursive: true });
  // As a user: VS Code's Welcome page at start-up (it also registers the walkthroughs, whose steps tick only for
  // what happens after they are registered).
  const startup = options.mode === 'user' ? { 'workbench.startupEditor': 'welcomePage' } : {};
  fs.writeFileSync(path.join(stateDir, 'user-data/User/settings.json'), JSON.stringify({ ...QUIET_USER_SETTINGS, ...startup, ...options.userSettings }, null, 2));

  // Without these, code-server, VS Code and chromium write config, logs and crash reports into the real home.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: path.join(stateDir, 'home'),
    XDG_CONFIG_HOME: path.join(stateDir, 'config'),
    XDG_DATA_HOME: path.join(stateDir, 'data'),
    XDG_CACHE_HOME: path.join(stateDir, 'cache'),
  };
  const serverEnv: NodeJS.ProcessEnv = { ...env, EXTENSIONS_GALLERY: '{}', ...options.env };
  // The parent's own npm/node settings must not leak into the extension host.
  delete serverEnv.NODE_OPTIONS;

  const args = [
    CODE_SERVER_ENTRY,
    '--auth', 'none',
    '--bind-addr', `${HOST}:${port}`,
    '--user-data-dir', path.join(stateDir, 'user-data'),
    '--extensions-dir', path.join(stateDir, 'extensions'),
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    // Lets the workbench read extensionDevelopmentPath/extensionTestsPath from the URL payload (and hides toasts).
    ...(options.mode === 'user' ? [] : ['--vscode-option', 'enable-smoke-test-driver']),
  ];
  const child = spawn(NODE24_BIN, args, { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv });
  const onOutput = options.onOutput ?? (() => undefined);
  forwardLines(child.stdout, (line) => onOutput(`[code-server] ${line}`));
  forwardLines(child.stderr, (line) => onOutput(`[code-server] ${line}`));
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `code-server exited (${signal ?? code})`));
  child.once('error', (err) => (exited = `code-server did not start: ${err.message}`));

  const stop = async () => {
    await stopProcessGroup(child);
    fs.rmSync(stateDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30000;
  while ((await get(`${origin}/healthz`)) !== 200) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(exited ?? `code-server did not answer on ${origin} within 30 s`);
    }
    await delay(200);
  }

  const remote = (absolutePath: string) => `vscode-remote://${HOST}:${port}${absolutePath.split(path.sep).join('/')}`;
  const workbenchUrl = (folder: string, payload: Payload) =>
    `${origin}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return { port, origin, stateDir, env, remote, workbenchUrl, stop };
}

/**
 * Makes this repository an installed extension of the server (a link in its extensions folder, named as VS Code
 * names installed extensions), so that a server in 'user' mode loads it from the last `npm run build`.
 */
export function linkExtension(server: CodeServer): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
  const folder = `${manifest.publisher}.${manifest.name}-${manifest.version}`.toLowerCase();
  fs.symlinkSync(REPO_ROOT, path.join(server.stateDir, 'extensions', folder), 'dir');
}

/** URL of the workbench as a user opens it: the folder only, no payload beyond skipping the release notes. */
export function userWorkbenchUrl(server: CodeServer, folder: string): string {
  return server.workbenchUrl(folder, [['skipReleaseNotes', 'true']]);
}

/** Payload that loads this repository as the extension under development, optionally with a tests module. */
export function extensionPayload(server: CodeServer, testsModule?: string): Payload {
  const payload: Payload = [['extensionDevelopmentPath', server.remote(REPO_ROOT)]];
  if (testsModule) payload.push(['extensionTestsPath', server.remote(testsModule)]);
  payload.push(['skipWelcome', 'true'], ['skipReleaseNotes', 'true']);
  return payload;
}

export interface Workbench {
  page: Page;
  browser: Browser;
  close(): Promise<void>;
}

export interface OpenWorkbenchOptions {
  /** Every workbench log line, extension-host console output included (in test mode). */
  onLog?: (type: string, text: string) => void;
  /** Called with the extension host's exit code once the tests module settles. */
  onExit?: (code: number) => void;
  viewport?: { width: number; height: number };
}

export async function openWorkbench(server: CodeServer, url: string, options: OpenWorkbenchOptions = {}): Promise<Workbench> {
  // Loaded lazily so the sandbox (no browser) does not need it.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    env: server.env,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      options.onLog?.(type, util.format(...(Array.isArray(args) ? args : [args])));
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => {
      options.onExit?.(code);
    });
    await page.goto(url);
    return { page, browser, close: () => browser.close() };
  } catch (err) {
    await browser.close();
    throw err;
  }
}
