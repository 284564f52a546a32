// Runs last (the file name sorts last): gathers everything the integration suite made visible or wrote — every log
// file of this VS Code (the extension's output channel included), every notification shown, the whole tree, the
// report's record, diagnostics, the workspace's definition files and settings, and the CLI's output on a
// definition full of secrets — and fails if any secret value used in the suite appears in any of it.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { AzureSession } from '../../../src/azure/session';
import type { ExtensionApi } from '../../../src/extension';
import type { ReportTestHooks } from '../../../src/webview/report/reportRecord';
import { writeSummary } from '../../summary/record';
import { EXTENSION_ID, activateExtension, shownChildren } from './extensionApi';

/** Values the other integration files put in definitions and the secret store (deploy.test.ts). */
const SUITE_SECRETS = ['it-Db-Secret-8f3a91', 'it-Registry-Secret-55c0'];
/** A definition with every kind of secret field, written with plain values, for the CLI. */
const CLI_SECRETS = {
  secureValue: 'zz-Secure-Value-5e2b',
  password: 'zz-Registry-Password-0c77',
  storageAccountKey: 'zz-Storage-Key-b91a==',
  workspaceKey: 'zz-Workspace-Key-4d12',
  protectedSetting: 'zz-Protected-Setting-77f0',
  secretVolume: 'enotLVNlY3JldC1Wb2x1bWU=',
};

/** Every notification shown from here on; patched when mocha loads this file, before any suite runs. */
const notifications: string[] = [];
for (const kind of ['showInformationMessage', 'showWarningMessage', 'showErrorMessage'] as const) {
  const original = vscode.window[kind] as (...args: unknown[]) => Thenable<unknown>;
  try {
    (vscode.window as any)[kind] = (message: unknown, ...rest: unknown[]) => {
      notifications.push(String(message));
      const detail = rest.find((r): r is { detail: string } => typeof r === 'object' && r !== null && typeof (r as { detail?: unknown }).detail === 'string');
      if (detail) notifications.push(detail.detail);
      return original.call(vscode.window, message, ...rest);
    };
  } catch {
    // A frozen API object: the deploy tests' own notification records still feed the scan through the log.
  }
}

export interface Leak {
  where: string;
  line: number;
  /** The line with the secret masked, so a failing run does not print it either. */
  masked: string;
}

/** Lines of `texts` containing any of `secrets` (or a bearer token), masked. */
export function findLeaks(texts: Array<[string, string]>, secrets: readonly string[]): { leaks: Leak[]; lines: number } {
  const wanted = [...new Set(secrets.filter((s) => s.length >= 8))];
  const leaks: Leak[] = [];
  let lines = 0;
  for (const [where, text] of texts) {
    text.split(/\r?\n/).forEach((line, i) => {
      lines++;
      let masked = line;
      for (const s of wanted) masked = masked.split(s).join('<SECRET>');
      masked = masked.replace(/\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/g, 'Bearer <TOKEN>');
      if (masked !== line) leaks.push({ where, line: i + 1, masked: masked.slice(0, 240) });
    });
  }
  return { leaks, lines };
}

function filesUnder(dir: string, accept: (file: string) => boolean, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, accept, out);
    else if (entry.isFile() && accept(full) && fs.statSync(full).size < 50 * 1024 * 1024) out.push(full);
  }
  return out;
}

async function treeTexts(api: ExtensionApi): Promise<string[]> {
  const texts: string[] = [];
  const walk = async (node: Parameters<typeof shownChildren>[1], depth: number): Promise<void> => {
    for (const item of await shownChildren(api, node)) {
      texts.push(`${item.label}\t${item.description}\t${item.tooltip}`);
      if (item.collapsible && depth < 6) await walk(item.node, depth + 1);
    }
  };
  await walk(undefined, 0);
  return texts;
}

function cliOutput(dir: string): string[] {
  const s = CLI_SECRETS;
  const definition = `apiVersion: '2023-05-01'
name: zz-secrets
location: westeurope
properties:
  osType: Linux
  imageRegistryCredentials:
  - {server: contoso.azurecr.io, username: u, password: ${s.password}}
  diagnostics:
    logAnalytics: {workspaceId: w, workspaceKey: ${s.workspaceKey}}
  extensions:
  - name: ext
    properties: {extensionType: kube-proxy, version: '1.0', settings: {}, protectedSettings: {key: ${s.protectedSetting}}}
  containers:
  - name: app
    properties:
      image: contoso.azurecr.io/app:1
      resources: {requests: {cpu: 1, memoryInGB: 1}}
      environmentVariables:
      - {name: DB, secureValue: ${s.secureValue}}
      volumeMounts: [{name: files, mountPath: /f}, {name: sec, mountPath: /s}]
  volumes:
  - name: files
    azureFile: {shareName: s, storageAccountName: acct, storageAccountKey: ${s.storageAccountKey}}
  - name: sec
    secret: {token: ${s.secretVolume}}
  - bad: [unclosed
`;
  const file = path.join(dir, 'zz-secrets.aci.yaml');
  fs.writeFileSync(file, definition);
  const root = path.resolve(__dirname, '../../../..');
  const cli = [path.join(root, 'dist', 'cli.js'), path.join(root, 'out', 'src', 'cli', 'aci-validate.js')].find((f) => fs.existsSync(f))!;
  return ['text', 'json'].map((format) => {
    const r = spawnSync(process.execPath, [cli, '--format', format, file], { encoding: 'utf8', timeout: 60_000 });
    assert.ok(r.status === 1, `the CLI reports the broken volume (exit ${r.status})`);
    return `${r.stdout}\n${r.stderr}`;
  });
}

suite('Secret scan of everything the suite wrote (runs last)', function () {
  this.timeout(120_000);

  test('the scanner reports a planted secret and a bearer token, masked', () => {
    const planted = findLeaks([['planted', `ok line\nPUT /x?sig=1 token=${SUITE_SECRETS[0]} done\nAuthorization: Bearer abcdefghijklmnopqrstuvwxyz0123`]], SUITE_SECRETS);
    assert.strictEqual(planted.lines, 3);
    assert.deepStrictEqual(planted.leaks.map((l) => [l.where, l.line]), [['planted', 2], ['planted', 3]]);
    assert.ok(planted.leaks.every((l) => !l.masked.includes(SUITE_SECRETS[0]) && !l.masked.includes('abcdefghijklmnop')));
    assert.deepStrictEqual(findLeaks([['clean', 'secureValue: <redacted>']], SUITE_SECRETS).leaks, []);
  });

  test('no secret value appears in logs, notifications, tree, report, diagnostics, workspace files or CLI output', async () => {
    const api = await activateExtension();
    const texts: Array<[string, string]> = [];

    // Every log this VS Code wrote (the extension's output channel is one of these files).
    const stateDir = path.resolve(process.env.HOME ?? os.homedir(), '..');
    const logs = filesUnder(path.join(stateDir, 'user-data', 'logs'), (f) => f.endsWith('.log'));
    assert.ok(logs.some((f) => path.basename(f).includes('ACI & Data Share')), `the extension's log file is among ${logs.length} logs`);
    for (const f of logs) texts.push([`log ${path.basename(f)}`, fs.readFileSync(f, 'utf8')]);

    texts.push(['notifications', notifications.join('\n')]);
    texts.push(['tree', (await treeTexts(api)).join('\n')]);
    const hooks = await vscode.commands.executeCommand<ReportTestHooks | undefined>('aciDataShare.report.testHooks');
    texts.push(['report record', JSON.stringify(hooks?.lastReport() ?? {})]);
    texts.push(['diagnostics', vscode.languages.getDiagnostics().flatMap(([uri, ds]) => ds.map((d) => `${uri.path}: ${d.message}`)).join('\n')]);

    // Nothing the user wrote may have received a secret value: definitions and settings as they are on disk.
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    for (const f of filesUnder(folder, (file) => /\.(ya?ml|json|jsonc)$/.test(file))) texts.push([`file ${path.relative(folder, f)}`, fs.readFileSync(f, 'utf8')]);

    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-zz-'));
    try {
      cliOutput(tmp).forEach((out, i) => texts.push([`cli ${i ? 'json' : 'text'}`, out]));
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }

    // Tokens the emulator hands this sign-in: what a leaked bearer token would look like in this run.
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const connection = await new AzureSession({ extension } as unknown as vscode.ExtensionContext).connection();
    const token = (await connection.tokenProvider.getToken([connection.cloud.scope])).token;

    const secrets = [...SUITE_SECRETS, ...Object.values(CLI_SECRETS), token, ...((globalThis as { aciDsTestSecrets?: string[] }).aciDsTestSecrets ?? [])];
    if (process.env.AZURE_CLIENT_SECRET) secrets.push(process.env.AZURE_CLIENT_SECRET);
    const { leaks, lines } = findLeaks(texts, secrets);
    writeSummary('secretScan', 'vscode-zz-secret-scan', lines);
    console.log(`[secret scan] ${lines} lines from ${logs.length} log files, ${notifications.length} notifications, ${texts.length} sources`);
    assert.ok(lines > 200, `enough was gathered to mean something: ${lines} lines`);
    assert.ok(notifications.length > 0 || logs.length > 0);
    assert.deepStrictEqual(leaks, [], `${leaks.length} lines hold a secret`);
  });
});
