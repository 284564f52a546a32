/** Wires the extension: the explorer tree, its commands, and the lazily created Azure session. */
import * as vscode from 'vscode';
import { ExplorerProvider } from './tree/explorerProvider';
import { DeployStates } from './tree/deployStates';
import { createLiveStateLoader } from './tree/liveStateLoader';
import { ContainerGroupNode } from './tree/containerGroupNodes';
import { TreeNode } from './tree/treeNode';
import * as settings from './settings/configuration';
import { AzureSession } from './azure/session';
import { log, disposeLog, onLogLine } from './output/log';
import { useUserInput, type UserInput } from './ui/userInput';
import { usePageBundle } from './webview/pageHtml';
import { SecretStore } from './secrets/secretStore';
import type { ReportTestHooks } from './webview/report/reportRecord';
import type { CompareTestHooks } from './webview/compare/compareRecord';
import type { TrendTestHooks } from './webview/trend/trendRecord';
import { addContainerGroup } from './commands/addContainerGroup/addContainerGroup';
import { usePickSession } from './commands/pickSources';
import { addShareSubscription } from './commands/addShareSubscription/addShareSubscription';
import { removeContainerGroup, removeShareSubscription } from './commands/removeEntry';
import { newDefinition } from './commands/newDefinition/newDefinition';
import { importContainerGroup } from './commands/importContainerGroup/importContainerGroup';
import { selectTenant, signIn, signOut } from './commands/signIn/signInCommands';
import { registerDeployCommands } from './commands/deploy/registerDeploy';
import { registerActionCommands } from './commands/containerGroupActions/registerActions';
import { registerReports } from './commands/showReport/registerReports';
import { registerCompare } from './commands/compareSynchronizations/registerCompare';
import { registerShowLogs } from './commands/showLogs/registerShowLogs';
import { registerTrend } from './commands/showTrend/registerTrend';
import { registerLanguageFeatures, LanguageFeatures } from './language/languageFeatures';
import { commandRegistrar } from './commands/shared/registerCommand';

/**
 * What the integration tests and benchmarks reach inside the running extension. activate() returns it only under
 * the test runner (extension tests, or ACI_DS_TEST_API=1 set by the project's runners); other extensions get nothing.
 */
export interface TestApi {
  readonly explorer: ExplorerProvider;
  readonly language: LanguageFeatures;
  readonly secrets: SecretStore;
  /** Problems a failed deploy placed in a definition. */
  readonly deployDiagnostics: vscode.DiagnosticCollection;
  readonly report: ReportTestHooks;
  readonly compare: CompareTestHooks;
  readonly trend: TrendTestHooks;
  /** Answers every prompt from now on (a scripted answerer); undefined restores VS Code's own. */
  useUserInput(input: UserInput | undefined): void;
  /** Pages opened from now on get these translations (a made-up display language); undefined restores VS Code's. */
  usePageBundle(bundle: Record<string, string> | undefined): void;
  /** Every line the output channel is given, at any level. */
  onLogLine: typeof onLogLine;
  /** The connection the extension itself signs in with. */
  connection: AzureSession['connection'];
  /** True while nothing is configured and the welcome view shows. */
  isEmpty(): boolean;
  /** For the activation benchmark: ms spent in activate(), and building the tree's first roots. */
  timings(): { activateMs: number; firstRenderMs?: number };
}

function underTestRunner(context: vscode.ExtensionContext): boolean {
  return context.extensionMode === vscode.ExtensionMode.Test || process.env.ACI_DS_TEST_API === '1';
}

export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  const started = performance.now();
  const session = new AzureSession(context);
  usePickSession(session);
  const deployStates = new DeployStates(context.workspaceState);
  const loadLiveState = createLiveStateLoader(session, () => settings.connectionSettings().authMethod);
  const explorer = new ExplorerProvider((target, token) => session.listSourceSettings(target, token), deployStates, loadLiveState);
  const secrets = new SecretStore(context.secrets, context.globalState);
  const language = registerLanguageFeatures(context, { secretNames: () => secrets.names() });
  const command = commandRegistrar({ extension: context, session, secrets, explorer, deployStates, testHooks: underTestRunner(context) });
  const deployDiagnostics = registerDeployCommands(command, {
    subscriptions: context.subscriptions,
    session,
    secrets,
    validate: (doc) => language.diagnostics.validateNow(doc),
    // The tree follows deploys through the states it shows.
    publishState: ({ target, state, at }) => void deployStates.set(target, { state, at }),
  });
  registerActionCommands(
    command,
    { session, logger: log(), publishState: (target, state) => void deployStates.set(target, { state, at: Date.now() }) },
    context.subscriptions,
  );
  const report = registerReports(command);
  const compare = registerCompare(command);
  registerShowLogs(command, context.subscriptions, async () => (await session.connection()).client);
  const trend = registerTrend(command);
  context.subscriptions.push(secrets, secrets.onDidChange(() => language.diagnostics.refreshAll()));
  const view = vscode.window.createTreeView('aciDataShare.explorer', { treeDataProvider: explorer, showCollapseAll: true });

  context.subscriptions.push(
    session,
    deployStates,
    explorer,
    view,
    command('aciDataShare.refresh', () => explorer.refresh()),
    command('aciDataShare.refreshNode', (_ctx, node?: TreeNode) => explorer.refresh(node)),
    command('aciDataShare.addContainerGroup', (_ctx, arg?: unknown) => addContainerGroup(arg)),
    command('aciDataShare.addShareSubscription', () => addShareSubscription()),
    command('aciDataShare.removeContainerGroup', (_ctx, node: unknown) => removeContainerGroup(node)),
    command('aciDataShare.removeShareSubscription', (_ctx, node: unknown) => removeShareSubscription(node)),
    command('aciDataShare.openDefinition', async (_ctx, node: unknown) => {
      const uri = node instanceof ContainerGroupNode ? node.uri : undefined;
      if (uri) await vscode.window.showTextDocument(uri);
    }),
    command('aciDataShare.showOutput', () => log().show(true)),
    command('aciDataShare.newDefinition', () => newDefinition()),
    command('aciDataShare.importContainerGroup', () => importContainerGroup(session)),
    command('aciDataShare.signIn', async () => {
      const signedIn = await signIn(session);
      // Groups that offered Sign In read their live state now.
      if (signedIn) explorer.refresh();
      return signedIn;
    }),
    command('aciDataShare.signOut', () => signOut(session)),
    command('aciDataShare.selectTenant', () => selectTenant(session)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (settings.affectsConnection(e)) session.reset();
      if (e.affectsConfiguration(settings.SECTION)) explorer.refresh();
      if (e.affectsConfiguration(`${settings.SECTION}.containerGroups`)) language.tracker.reconsiderAll();
    }),
    vscode.workspace.onDidSaveTextDocument((doc) => explorer.refreshDefinition(doc.uri)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      session.reset();
      explorer.refresh();
    }),
  );
  const activateMs = performance.now() - started;
  if (!underTestRunner(context)) return undefined;
  return {
    explorer,
    language,
    secrets,
    deployDiagnostics,
    report,
    compare,
    trend,
    useUserInput,
    usePageBundle,
    onLogLine,
    connection: () => session.connection(),
    isEmpty: () => explorer.isEmpty,
    timings: () => ({ activateMs, firstRenderMs: explorer.firstRenderMs }),
  };
}

export function deactivate(): void {
  disposeLog();
}
