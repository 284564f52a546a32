// Runs last (a `.last.test` file: testFiles.ts puts it after the others): gathers everything the integration
// suite made visible or wrote — every log file of this VS Code (the extension's output channel included), every
// notification shown, the whole tree, the report's record, diagnostics, the workspace's definition files and
// settings, and the CLI's output on a definition full of secrets — and fails if any secret value used in the suite
// appears in any of it.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import { writeSummary } from '../../summary/record';
import { activateExtension, shownChildren } from './extensionApi';
import { everythingShown, recorder } from './scriptedInput';
import { until } from './until';

/**
 * Values the other integration files put in definitions and the secret store (deploy.test.ts, templateDeploy.test.ts),
 * and in Compose files whose values become stored secrets (compose.test.ts).
 */
const SUITE_SECRETS = ['it-Db-Secret-8f3a91', 'it-Registry-Secret-55c0', 'Tpl-Secret-Value-93c1e', 'Compose-Db-Secret-7d41', 'it-compose-token-5e2c'];
/** A definition with every kind of secret field, written with plain values, for the CLI. */
const CLI_SECRETS = {
  secureValue: 'zz-Secure-Value-5e2b',
  password: 'zz-Registry-Password-0c77',
  storageAccountKey: 'zz-Storage-Key-b91a==',
  workspaceKey: 'zz-Workspace-Key-4d12',
  protectedSetting: 'zz-Protected-Setting-77f0',
  secretVolume: 'enotLVNlY3JldC1Wb2x1bWU=',
};

interface Leak {
  where: string;
  line: number;
  /** The line with the secret masked, so a failing run does not print it either. */
  masked: string;
}

/** Lines of `texts` containing any of `secrets` (or a bearer token), masked. */
function findLeaks(texts: Array<[string, string]>, secrets: readonly string[]): { leaks: Leak[]; lines: number } {
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

async function treeTexts(api: TestApi): Promise<string[]> {
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

/** Everything the run made visible or wrote, by source. */
async function gather(api: TestApi): Promise<{ texts: Array<[string, string]>; logs: string[] }> {
  const texts: Array<[string, string]> = [];

  // Every log this VS Code wrote (the extension's output channel is one of these files).
  const stateDir = path.resolve(process.env.HOME ?? os.homedir(), '..');
  const logs = filesUnder(path.join(stateDir, 'user-data', 'logs'), (f) => f.endsWith('.log'));
  for (const f of logs) texts.push([`log ${path.basename(f)}`, fs.readFileSync(f, 'utf8')]);

  // Every prompt, dialog and notification any command showed in this run, with its detail and buttons.
  const prompts = everythingShown.flatMap((p) => [p.text, p.detail ?? '', ...(p.actions ?? []), ...(p.items ?? [])]);
  texts.push(['prompts and notifications', prompts.join('\n')]);
  texts.push(['tree', (await treeTexts(api)).join('\n')]);
  texts.push(['report record', JSON.stringify(api.report.lastReport() ?? {})]);
  texts.push(['diagnostics', vscode.languages.getDiagnostics().flatMap(([uri, ds]) => ds.map((d) => `${uri.path}: ${d.message}`)).join('\n')]);

  // Nothing the user wrote may have received a secret value: definitions and settings as they are on disk.
  const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
  for (const f of filesUnder(folder, (file) => /\.(ya?ml|json|jsonc)$/.test(file))) texts.push([`file ${path.relative(folder, f)}`, fs.readFileSync(f, 'utf8')]);
  return { texts, logs };
}

const sourceOf = (where: string) => where.replace(/^(log|file) .*/, '$1');

suite('Secret scan of everything the suite wrote (runs last)', function () {
  this.timeout(120_000);

  test('the scanner reports a planted secret and a bearer token, masked', () => {
    const planted = findLeaks([['planted', `ok line\nPUT /x?sig=1 token=${SUITE_SECRETS[0]} done\nAuthorization: Bearer abcdefghijklmnopqrstuvwxyz0123`]], SUITE_SECRETS);
    assert.strictEqual(planted.lines, 3);
    assert.deepStrictEqual(planted.leaks.map((l) => [l.where, l.line]), [['planted', 2], ['planted', 3]]);
    assert.ok(planted.leaks.every((l) => !l.masked.includes(SUITE_SECRETS[0]) && !l.masked.includes('abcdefghijklmnop')));
    assert.deepStrictEqual(findLeaks([['clean', 'secureValue: <redacted>']], SUITE_SECRETS).leaks, []);
  });

  test('a canary planted in each source is found there: logs, prompts, tree, report, diagnostics, files', async function () {
    this.timeout(90_000);
    const api = await activateExtension();
    const canary = `zz-Canary-${Date.now().toString(36)}-91fe`;
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const planted = path.join(folder, 'definitions', 'zz-canary.aci.yaml');
    const channel = vscode.window.createOutputChannel('zz canary', { log: true });
    const diagnostics = vscode.languages.createDiagnosticCollection('zz-canary');
    const config = vscode.workspace.getConfiguration('aciDataShare');
    const before = config.inspect<unknown[]>('shareSubscriptions')?.workspaceValue;
    const share = { subscriptionId: '00000000-0000-0000-0000-0000000000fb', resourceGroup: 'rg-zz', accountName: 'zz-account', shareSubscriptionName: 'rep-rows-30', label: canary };
    try {
      channel.info(`planted ${canary}`);
      await recorder.message('info', `planted ${canary}`);
      diagnostics.set(vscode.Uri.file(planted), [new vscode.Diagnostic(new vscode.Range(0, 0, 0, 1), `planted ${canary}`)]);
      fs.writeFileSync(planted, `# planted ${canary}\n`);
      await config.update('shareSubscriptions', [...(before ?? []), share], vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand('aciDataShare.showSynchronizationReport', share, 'zz-none');
      await api.report.waitFor((r) => r.target.label === canary);
      const wanted = ['log', 'prompts and notifications', 'tree', 'report record', 'diagnostics', 'file'];
      let found: string[] = [];
      // The log file is written a moment after the line.
      await until(
        async () => {
          const { texts } = await gather(api);
          found = [...new Set(findLeaks(texts, [canary]).leaks.map((l) => sourceOf(l.where)))].filter((w) => wanted.includes(w));
          return found.length >= wanted.length;
        },
        `the canary in every place: ${wanted.join(', ')}`,
        10_000,
        200,
      );
      assert.deepStrictEqual(found.sort(), wanted.slice().sort());
    } finally {
      await config.update('shareSubscriptions', before, vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      channel.dispose();
      diagnostics.dispose();
      fs.rmSync(planted, { force: true });
    }
  });

  test('no secret value appears in logs, notifications, tree, report, diagnostics, workspace files or CLI output', async () => {
    const api = await activateExtension();
    const { texts, logs } = await gather(api);
    assert.ok(logs.some((f) => path.basename(f).includes('ACI & Data Share')), `the extension's log file is among ${logs.length} logs`);

    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aci-zz-'));
    try {
      cliOutput(tmp).forEach((out, i) => texts.push([`cli ${i ? 'json' : 'text'}`, out]));
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }

    // The token the extension's own sign-in holds (cached since the first request of the run).
    const connection = await api.connection();
    const token = (await connection.tokenProvider.getToken([connection.cloud.scope])).token;

    const secrets = [...SUITE_SECRETS, ...Object.values(CLI_SECRETS), token, ...((globalThis as { aciDsTestSecrets?: string[] }).aciDsTestSecrets ?? [])];
    if (process.env.AZURE_CLIENT_SECRET) secrets.push(process.env.AZURE_CLIENT_SECRET);
    const { leaks, lines } = findLeaks(texts, secrets);
    // One record a window: each scans what its own VS Code showed and wrote.
    writeSummary('secretScan', `vscode-zz-secret-scan${process.env.ACI_DS_TEST_WINDOW ? `-${process.env.ACI_DS_TEST_WINDOW}` : ''}`, lines);
    console.log(`[secret scan] ${lines} lines from ${logs.length} log files, ${everythingShown.length} prompts and notifications, ${texts.length} sources`);
    assert.ok(lines > 200, `enough was gathered to mean something: ${lines} lines`);
    assert.ok(everythingShown.filter((p) => p.modal).length >= 5, `the deploy confirmations were gathered: ${everythingShown.length} prompts`);
    assert.deepStrictEqual(leaks, [], `${leaks.length} lines hold a secret`);
  });
});
