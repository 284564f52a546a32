/** Wires the extension: the explorer tree, its commands, and the lazily created Azure session. */
import * as vscode from 'vscode';
import { ExplorerProvider } from './tree/explorerProvider';
import { watchDefinitionFiles } from './tree/definitionWatcher';
import { useGlobalStorage } from './settings/userSettingsFile';
import { shareSubscriptionSource } from './tree/shareSubscriptionSource';
import { SynchronizationWatches } from './core/synchronization/syncWatches';
import { registerSynchronizeCommands } from './commands/synchronize/registerSynchronize';
import { DeployStates } from './tree/deployStates';
import { createLiveStateLoader } from './tree/liveStateLoader';
import { ContainerGroupNode } from './tree/containerGroupNodes';
import { TreeNode } from './tree/treeNode';
import type { ContainerGroupTarget } from './core/settings/model';
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
import { selectTenant, signIn, signOut } from './commands/signIn/signInCommands';
import { registerDeployCommands, type DeployTestHooks } from './commands/deploy/registerDeploy';
import { registerComposeCommands } from './commands/convertCompose/registerConvertCompose';
import { registerActionCommands } from './commands/containerGroupActions/registerActions';
import { registerReports } from './commands/showReport/registerReports';
import { registerCompare } from './commands/compareSynchronizations/registerCompare';
import { registerShowLogs } from './commands/showLogs/registerShowLogs';
import { registerTrend } from './commands/showTrend/registerTrend';
import { registerSessionCommands, type SessionTestHooks } from './commands/openShell/registerSessions';
import { registerDiagnose } from './commands/diagnose/registerDiagnose';
import { registerLanguageFeatures, LanguageFeatures } from './language/languageFeatures';
import { commandRegistrar, type CommandRegistrar } from './commands/shared/registerCommand';

/**
 * What the integration tests and benchmarks reach inside the running extension. activate() returns it only when VS Code
 * runs the extension under a tests module (ExtensionMode.Test, set from the workbench's launch, never from the
 * environment or another extension); otherwise other extensions get nothing.
 */
export interface TestApi {
  readonly explorer: ExplorerProvider;
  readonly language: LanguageFeatures;
  readonly secrets: SecretStore;
  /** Problems a failed deploy placed in a definition; whether the editor title offers Deploy. */
  readonly deploy: DeployTestHooks;
  readonly report: ReportTestHooks;
  readonly compare: CompareTestHooks;
  readonly trend: TrendTestHooks;
  /** Open Shell / Show Live Output terminals: their recent output and the line they ended with. */
  readonly sessions: SessionTestHooks;
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
  return context.extensionMode === vscode.ExtensionMode.Test;
}

interface Services {
  /** The services themselves, disposed with the extension. */
  disposables: vscode.Disposable[];
  session: AzureSession;
  deployStates: DeployStates;
  explorer: ExplorerProvider;
  secrets: SecretStore;
  language: LanguageFeatures;
  syncWatches: SynchronizationWatches;
}

/** What the extension owns and shares: the Azure session, the deploy states, the tree, the secrets, the editor features. */
function createServices(context: vscode.ExtensionContext): Services {
  const session = new AzureSession(context);
  usePickSession(session);
  useGlobalStorage(context.globalStorageUri);
  const deployStates = new DeployStates(context.workspaceState);
  const loadLiveState = createLiveStateLoader(session, () => settings.connectionSettings().authMethod);
  const syncWatches = new SynchronizationWatches();
  const explorer = new ExplorerProvider(shareSubscriptionSource(session), deployStates, loadLiveState, syncWatches);
  const secrets = new SecretStore(context.secrets, context.globalState);
  const language = registerLanguageFeatures(context, { secretNames: () => secrets.names() });
  const view = vscode.window.createTreeView('aciDataShare.explorer', { treeDataProvider: explorer, showCollapseAll: true });
  // Pushed by activate() after the features that use them, so they are disposed in the same order as before.
  // The walkthrough's sign-in step ticks once a connection works, however it was made.
  const signedIn = session.onDidConnect(() => void vscode.commands.executeCommand('setContext', 'aciDataShare.signedIn', true));
  return { session, deployStates, explorer, secrets, language, syncWatches, disposables: [session, deployStates, explorer, view, secrets, syncWatches, signedIn, secrets.onDidChange(() => language.diagnostics.refreshAll())] };
}

/** Deploy, the group actions, logs, shells and the panels: each feature registers its own commands. */
function registerFeatures(context: vscode.ExtensionContext, command: CommandRegistrar, { session, deployStates, secrets, language }: Services) {
  const publish = (target: ContainerGroupTarget, state: string, at = Date.now()) => void deployStates.set(target, { state, at });
  const deploy = registerDeployCommands(command, {
    subscriptions: context.subscriptions,
    session,
    secrets,
    validate: (doc) => language.diagnostics.validateNow(doc),
    // The tree follows deploys through the states it shows.
    publishState: ({ target, state, at }) => publish(target, state, at),
    memento: context.workspaceState,
  });
  registerActionCommands(command, { session, logger: log(), publishState: (target, state) => publish(target, state) }, context.subscriptions);
  registerShowLogs(command, context.subscriptions, async () => (await session.connection()).client);
  const sessions = registerSessionCommands(command, context.subscriptions);
  registerDiagnose(command, context.subscriptions);
  registerSynchronizeCommands(command, context.subscriptions);
  registerComposeCommands(command, context.subscriptions, (doc) => language.diagnostics.validateNow(doc));
  return { deploy, sessions, report: registerReports(command), compare: registerCompare(command), trend: registerTrend(command) };
}

/** The view's own commands: refresh, add and remove entries, definitions, sign-in, the log. */
function registerViewCommands(command: CommandRegistrar, { explorer }: Services): vscode.Disposable[] {
  return [
    command('aciDataShare.refresh', () => explorer.refresh()),
    command('aciDataShare.refreshNode', (_ctx, node?: TreeNode) => explorer.refresh(node)),
    command('aciDataShare.addContainerGroup', (ctx, arg?: unknown) => addContainerGroup(ctx, arg)),
    command('aciDataShare.addShareSubscription', (ctx) => addShareSubscription(ctx)),
    command('aciDataShare.removeContainerGroup', (ctx, node: unknown) => removeContainerGroup(ctx, node)),
    command('aciDataShare.removeShareSubscription', (ctx, node: unknown) => removeShareSubscription(ctx, node)),
    command('aciDataShare.openDefinition', async (_ctx, node: unknown) => {
      const uri = node instanceof ContainerGroupNode ? node.uri : undefined;
      if (uri) await vscode.window.showTextDocument(uri);
    }),
    command('aciDataShare.showOutput', () => log().show(true)),
    command('aciDataShare.newDefinition', (ctx) => newDefinition(ctx)),
    command('aciDataShare.importContainerGroup', async (ctx) => (await import('./commands/importContainerGroup/importContainerGroup')).importContainerGroup(ctx)),
    command('aciDataShare.signIn', async (ctx) => {
      const signedIn = await signIn(ctx);
      // Groups that offered Sign In read their live state now.
      if (signedIn) explorer.refresh();
      return signedIn;
    }),
    command('aciDataShare.signOut', (ctx) => signOut(ctx)),
    command('aciDataShare.selectTenant', (ctx) => selectTenant(ctx)),
  ];
}

/** Settings, saved definitions and workspace trust: what changes outside the extension and what follows it. */
function followChanges({ session, explorer, language }: Services): vscode.Disposable[] {
  return [
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (settings.affectsConnection(e)) session.reset();
      if (e.affectsConfiguration(settings.SECTION)) explorer.refresh();
      if (e.affectsConfiguration(`${settings.SECTION}.containerGroups`)) language.tracker.reconsiderAll();
    }),
    vscode.workspace.onDidSaveTextDocument((doc) => explorer.refreshDefinition(doc.uri)),
    watchDefinitionFiles((uri) => explorer.refreshDefinition(uri)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      session.reset();
      explorer.refresh();
    }),
  ];
}

export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  const started = performance.now();
  const services = createServices(context);
  const { session, deployStates, explorer, secrets, language, syncWatches } = services;
  const command = commandRegistrar({ extension: context, session, secrets, explorer, deployStates, syncWatches, testHooks: underTestRunner(context) });
  const features = registerFeatures(context, command, services);
  context.subscriptions.push(...services.disposables, ...registerViewCommands(command, services), ...followChanges(services));
  const activateMs = performance.now() - started;
  if (!underTestRunner(context)) return undefined;
  return {
    explorer,
    language,
    secrets,
    ...features,
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
