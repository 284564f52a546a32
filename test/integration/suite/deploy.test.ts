// The Deploy command in the real VS Code against the ARM emulator: YAML and JSON to Succeeded, a 400 CloudError
// as a diagnostic on its property, cancel while polling, and no secret value in any log line or notification.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { AzureSession } from '../../../src/azure/session';
import { DEPLOY_COMMAND, createDeployApi, registerDeployCommands, type DeployApi, type DeployCommandResult, type DeployOptions, type MessageUi } from '../../../src/commands/deploy';
import { windowUi } from '../../../src/commands/deploy/runDeploy';
import { ArmClient, type ArmLogger } from '../../../src/core/arm/client';
import type { LroProgress } from '../../../src/core/arm/lro';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import { DeployStates } from '../../../src/tree/deployStates';
import type { ExtensionApi } from '../../../src/extension';
import { EXTENSION_ID, activateExtension, shownChildren } from './extensionApi';

const SUB = '00000000-0000-0000-0000-0000000000de';
const RG = 'rg-deploy-it';
const DB_SECRET = 'it-Db-Secret-8f3a91';
const REG_SECRET = 'it-Registry-Secret-55c0';

class MemoryMemento implements vscode.Memento {
  private readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T {
    return (this.values.has(key) ? this.values.get(key) : fallback) as T;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

/** Keychain stand-in for a context this test does not own; the deploy code reads it through SecretStore. */
class MemorySecretStorage implements vscode.SecretStorage {
  private readonly values = new Map<string, string>();
  private readonly emitter = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.emitter.event;
  async get(key: string) {
    return this.values.get(key);
  }
  async store(key: string, value: string) {
    this.values.set(key, value);
    this.emitter.fire({ key });
  }
  async delete(key: string) {
    this.values.delete(key);
    this.emitter.fire({ key });
  }
}

/** Every line the deploy code and the ARM client write, also passed on to the output channel. */
class LineRecorder implements ArmLogger {
  readonly lines: string[] = [];
  trace(m: string) { this.lines.push(m); }
  debug(m: string) { this.lines.push(m); }
  info(m: string) { this.lines.push(m); }
  warn(m: string) { this.lines.push(m); }
  error(m: string) { this.lines.push(m); }
}

/** Polls a condition VS Code settles asynchronously (events, diagnostics). */
async function until(check: () => boolean, what: string, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`timed out waiting: ${what}`);
}

const web = (file: string, extra: Partial<ContainerGroupTarget> = {}): ContainerGroupTarget => ({
  name: path.basename(file).replace(/\.aci\.(yaml|json)$/, ''),
  subscriptionId: SUB,
  resourceGroup: RG,
  definitionFile: `definitions/${file}`,
  ...extra,
});

suite('Deploy', function () {
  this.timeout(60000);
  let api: ExtensionApi;
  let deployApi: DeployApi;
  let viaCommand = false;
  const recorder = new LineRecorder();
  const shown: string[] = [];
  const disposables: vscode.Disposable[] = [];
  let folder: string;
  const written: string[] = [];

  const writeDefinition = (file: string, text: string): void => {
    const full = path.join(folder, 'definitions', file);
    fs.writeFileSync(full, text);
    written.push(full);
  };

  /** Through the command when this suite registered it, else through the same API the command uses. */
  const deploy = async (target: ContainerGroupTarget, options: DeployOptions = {}): Promise<DeployCommandResult> => {
    const node = { target };
    const opts = { confirm: false, ...options };
    return viaCommand ? await vscode.commands.executeCommand<DeployCommandResult>(DEPLOY_COMMAND, node, opts) : deployApi.deploy(node, opts);
  };

  suiteSetup(async () => {
    api = await activateExtension();
    folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const session = new AzureSession({ extension } as unknown as vscode.ExtensionContext);
    let client: Promise<{ client: ArmClient }> | undefined;
    const recordingSession = {
      connection: () =>
        (client ??= session.connection().then((c) => ({
          client: new ArmClient({ endpoint: c.cloud.armEndpoint, scope: c.cloud.scope, tokenProvider: c.tokenProvider, userAgent: 'deploy-it', logger: recorder }),
        }))),
    };
    const ui: MessageUi = {
      info: (m, ...a) => (shown.push(m), windowUi.info(m, ...a)),
      error: (m, ...a) => (shown.push(m), windowUi.error(m, ...a)),
      ask: () => {
        throw new Error('no modal question is expected with { confirm: false }');
      },
    };
    const context = { subscriptions: disposables, secrets: new MemorySecretStorage(), globalState: new MemoryMemento() };
    const deps = {
      context,
      session: recordingSession,
      deployStates: new DeployStates(new MemoryMemento()),
      explorer: api.explorer,
      validate: (doc: vscode.TextDocument) => api.language.diagnostics.validateNow(doc),
      logger: recorder,
      ui,
    };
    viaCommand = !(await vscode.commands.getCommands(true)).includes(DEPLOY_COMMAND);
    deployApi = viaCommand ? registerDeployCommands(deps) : createDeployApi(deps);
    await deployApi.secrets.set('it-db', DB_SECRET);
    await deployApi.secrets.set('it-reg', REG_SECRET);

    // A copy of the fixture's web-frontend with an app secret and a private registry login.
    const webYaml = fs
      .readFileSync(path.join(folder, 'definitions', 'web-frontend.aci.yaml'), 'utf8')
      .replace(/name: site$/gm, 'name: site-content')
      .replace('value: Contoso', "secureValue: '{{secret:it-db}}'")
      .replace('  containers:', "  imageRegistryCredentials:\n    - server: contoso.azurecr.io\n      username: deployer\n      password: '{{secret:it-reg}}'\n  containers:");
    writeDefinition('it-web.aci.yaml', webYaml);
    writeDefinition('it-bad-image.aci.yaml', webYaml.replace('dnsNameLabel: contoso-web-frontend', 'dnsNameLabel: it-bad-image').replace('image: mcr.microsoft.com/azuredocs/nginx:latest', 'Image: mcr.microsoft.com/azuredocs/nginx:latest'));
    writeDefinition('it-cancel.aci.yaml', webYaml.replace('dnsNameLabel: contoso-web-frontend', 'dnsNameLabel: it-cancel-label'));
    const batch = JSON.parse(fs.readFileSync(path.join(folder, 'definitions', 'batch-job.aci.json'), 'utf8'));
    batch.properties.ipAddress = { type: 'Public', dnsNameLabel: 'it-batch-job', ports: [{ port: 80, protocol: 'TCP' }] };
    writeDefinition('it-batch.aci.json', JSON.stringify(batch, null, 2));
  });

  suiteTeardown(() => {
    for (const d of disposables) d.dispose();
    for (const f of written) fs.rmSync(f, { force: true });
  });

  test('a YAML definition deploys to Succeeded with IP and FQDN; a second deploy is an update', async () => {
    const target = web('it-web.aci.yaml');
    const result = await deploy(target);
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    assert.strictEqual(result.created, true);
    assert.strictEqual(result.group?.provisioningState, 'Succeeded');
    assert.match(result.group?.ip ?? '', /^20\.\d+\.\d+\.\d+$/);
    assert.strictEqual(result.group?.fqdn, 'contoso-web-frontend.westeurope.azurecontainer.io');
    const note = result.notifications.at(-1) ?? '';
    assert.ok(note.includes(result.group.ip!) && note.includes(result.group.fqdn), note);
    assert.ok(recorder.lines.some((l) => l.includes('Instance state: Running')));

    const again = await deploy(target);
    assert.strictEqual(again.outcome, 'succeeded');
    assert.strictEqual(again.created, false);
    assert.deepStrictEqual(again.changes, []);
  });

  test('a JSON definition deploys to Succeeded with IP and FQDN', async () => {
    const result = await deploy(web('it-batch.aci.json'));
    assert.strictEqual(result.outcome, 'succeeded', result.notifications.join('\n'));
    assert.strictEqual(result.group?.provisioningState, 'Succeeded');
    assert.ok(result.group?.ip);
    assert.strictEqual(result.group?.fqdn, 'it-batch-job.westeurope.azurecontainer.io');
  });

  test('a 400 CloudError with a target becomes a diagnostic on that property, cleared by the next edit', async () => {
    const target = web('it-bad-image.aci.yaml');
    const result = await deploy(target);
    assert.strictEqual(result.outcome, 'failed');
    assert.strictEqual(result.errorCode, 'MissingRequiredProperty');
    assert.strictEqual(result.errorTarget, 'properties.containers[0].properties.image');
    assert.match(result.notifications.at(-1) ?? '', /Bad Request \(400\).*\[MissingRequiredProperty\]/);
    const uri = vscode.Uri.file(path.join(folder, target.definitionFile));
    const doc = await vscode.workspace.openTextDocument(uri);
    const diagnostics = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'aci-deploy');
    assert.strictEqual(diagnostics.length, 1);
    assert.strictEqual(doc.getText(diagnostics[0].range), 'mcr.microsoft.com/azuredocs/nginx:latest');
    assert.strictEqual(doc.lineAt(diagnostics[0].range.start.line).text.trim().split(':')[0], 'Image');

    const editor = await vscode.window.showTextDocument(doc);
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# edited\n'));
    await until(() => (deployApi.diagnostics.get(uri)?.length ?? 0) === 0, 'the edit clears the deploy diagnostics');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('cancel while polling stops polling at once and says the deployment may continue', async () => {
    const cancel = new vscode.CancellationTokenSource();
    const seen: LroProgress[] = [];
    const from = recorder.lines.length;
    const result = await deploy(web('it-cancel.aci.yaml'), {
      cancellation: cancel.token,
      onProgress: (p) => {
        seen.push(p);
        cancel.cancel();
      },
    });
    assert.strictEqual(result.outcome, 'canceled');
    assert.match(result.notifications.at(-1) ?? '', /may continue in Azure/);
    // The PUT's own status was the only one: no status poll went out after the cancel.
    assert.strictEqual(seen.length, 1);
    const requests = recorder.lines.slice(from).filter((l) => /^(GET|PUT) /.test(l));
    assert.ok(requests.some((l) => l.startsWith('PUT ')), requests.join('\n'));
    assert.ok(!requests.some((l) => l.includes('/operations/')), requests.join('\n'));
  });

  test('no secret value reaches a log line, a notification, a diagnostic or the tree', async () => {
    const entry = web('it-web.aci.yaml');
    const config = vscode.workspace.getConfiguration('aciDataShare');
    const before = config.inspect<unknown[]>('containerGroups')?.workspaceValue;
    await config.update('containerGroups', [...(Array.isArray(before) ? before : []), entry], vscode.ConfigurationTarget.Workspace);
    try {
      const result = await deploy(entry);
      assert.strictEqual(result.outcome, 'succeeded');
      const roots = await shownChildren(api);
      const groups = await shownChildren(api, roots[0].node);
      const node = groups.find((g) => g.label === entry.name);
      assert.ok(node, 'the group shows in the tree');
      const treeText = [node, ...(await shownChildren(api, node.node))].map((i) => `${i.label} ${i.description} ${i.tooltip}`);
      const nested = await Promise.all((await shownChildren(api, node.node)).map((i) => shownChildren(api, i.node)));
      treeText.push(...nested.flat().map((i) => `${i.label} ${i.description} ${i.tooltip}`));

      const diagnosticText = vscode.languages.getDiagnostics().flatMap(([, ds]) => ds.map((d) => d.message));
      const everything = [...recorder.lines, ...shown, ...diagnosticText, ...treeText];
      assert.ok(recorder.lines.length > 10 && shown.length >= 4, `${recorder.lines.length} lines, ${shown.length} notifications`);
      for (const secret of [DB_SECRET, REG_SECRET]) {
        // The report masks the value itself: a failing run must not print the secret either.
        const leaks = everything.filter((t) => t.includes(secret)).map((t) => t.split(secret).join('<SECRET>').slice(0, 300));
        assert.deepStrictEqual(leaks, [], `secret found in ${leaks.length} texts: ${leaks.join(' | ')}`);
      }
    } finally {
      await config.update('containerGroups', before, vscode.ConfigurationTarget.Workspace);
    }
  });
});
