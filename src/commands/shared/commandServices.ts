/** What the extension owns and shares with every command: built once in activate(), handed to each invocation. */
import type * as vscode from 'vscode';
import type { AzureSession } from '../../azure/session';
import type { SecretStore } from '../../secrets/secretStore';
import type { ExplorerProvider } from '../../tree/explorerProvider';
import type { DeployStates } from '../../tree/deployStates';
import type { SynchronizationWatches } from '../../core/synchronization/syncWatches';
import type { LanguageFeatures } from '../../language/languageFeatures';
import type { SettingsLists } from '../../settings/lists';

export interface CommandServices {
  readonly extension: vscode.ExtensionContext;
  /** The extension's output channel (each invocation gets it as `log` too). */
  readonly log: vscode.LogOutputChannel;
  readonly session: AzureSession;
  readonly secrets: SecretStore;
  readonly explorer: ExplorerProvider;
  readonly deployStates: DeployStates;
  /** The synchronizations being followed, one per share subscription (tree, notifications and reports show them). */
  readonly syncWatches: SynchronizationWatches;
  /** The editor's checks of definitions (Deploy and the Compose commands run them before they send). */
  readonly language: LanguageFeatures;
  /** Adds and removes entries of the view's list settings, keeping the settings files' comments. */
  readonly lists: SettingsLists;
  /** Under the test runner only: pages report what they drew and obey scripted commands. */
  readonly testHooks: boolean;
}
