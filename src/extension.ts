/** Wires the extension: the shared services, then each feature's registration, then what follows outside changes. */
import * as vscode from 'vscode';
import { AzureSession } from './azure/session';
import { SynchronizationWatches } from './core/synchronization/syncWatches';
import { ExplorerProvider } from './tree/explorerProvider';
import { DeployStates } from './tree/deployStates';
import { createLiveStateLoader } from './tree/liveStateLoader';
import { shareSubscriptionSource } from './tree/shareSubscriptionSource';
import { registerTree } from './tree/registerTree';
import * as settings from './settings/configuration';
import { SettingsLists } from './settings/lists';
import { log, disposeLog, onLogLine } from './output/log';
import { useUserInput } from './ui/userInput';
import { usePageBundle } from './webview/pageHtml';
import { SecretStore } from './secrets/secretStore';
import { registerLanguageFeatures } from './language/languageFeatures';
import { commandRegistrar } from './commands/shared/registerCommand';
import { registerDeploy } from './commands/deploy/registerDeploy';
import { registerActions } from './commands/containerGroupActions/registerActions';
import { registerShowLogs } from './commands/showLogs/registerShowLogs';
import { registerSessions } from './commands/openShell/registerSessions';
import { registerDiagnose } from './commands/diagnose/registerDiagnose';
import { registerSynchronize } from './commands/synchronize/registerSynchronize';
import { registerConvertCompose } from './commands/convertCompose/registerConvertCompose';
import { registerReports } from './commands/showReport/registerReports';
import { registerCompare } from './commands/compareSynchronizations/registerCompare';
import { registerTrend } from './commands/showTrend/registerTrend';
import type { TestApi } from './testApi';

export type { TestApi } from './testApi';

export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  const started = performance.now();
  const testHooks = context.extensionMode === vscode.ExtensionMode.Test;
  const session = new AzureSession(context);
  const deployStates = new DeployStates(context.workspaceState);
  const syncWatches = new SynchronizationWatches();
  const loadLiveState = createLiveStateLoader(session, () => settings.connectionSettings().authMethod);
  const explorer = new ExplorerProvider(shareSubscriptionSource(session), deployStates, loadLiveState, syncWatches);
  const secrets = new SecretStore(context.secrets, context.globalState);
  const language = registerLanguageFeatures(context, { secretNames: () => secrets.names() });
  const command = commandRegistrar({ extension: context, log: log(), session, secrets, explorer, deployStates, syncWatches, language, lists: new SettingsLists(context.globalStorageUri), testHooks });

  const deploy = registerDeploy(command);
  registerActions(command);
  registerShowLogs(command);
  const sessions = registerSessions(command);
  registerDiagnose(command);
  registerSynchronize(command);
  registerConvertCompose(command);
  const [report, compare, trend] = [registerReports(command), registerCompare(command), registerTrend(command)];
  // The shared services and the view are disposed after the features that use them.
  command.own(session, deployStates, explorer, secrets, syncWatches);
  registerTree(command);

  const activateMs = performance.now() - started;
  if (!testHooks) return undefined;
  return {
    ...{ explorer, language, secrets, deploy, sessions, report, compare, trend },
    ...{ useUserInput, usePageBundle, onLogLine },
    connection: () => session.connection(),
    isEmpty: () => explorer.isEmpty,
    timings: () => ({ activateMs, firstRenderMs: explorer.firstRenderMs }),
  };
}

export function deactivate(): void {
  disposeLog();
}
