/** Registers the editing features for container group definitions (JSON and YAML). */
import * as vscode from 'vscode';
import * as path from 'path';
import { DefinitionTracker } from './definitionTracker';
import { DiagnosticsController } from './diagnosticsController';
import { DEFINITION_SELECTOR } from './definitionDocuments';
import { CompletionProvider, HoverProvider, QuickFixProvider, SymbolProvider } from './providers';
import { log } from '../output/log';

export interface LanguageFeatures {
  tracker: DefinitionTracker;
  diagnostics: DiagnosticsController;
}

export interface LanguageOptions {
  /** Names usable in `{{secret:NAME}}` placeholders. */
  secretNames: () => string[];
}

export function registerLanguageFeatures(context: vscode.ExtensionContext, options: LanguageOptions): LanguageFeatures {
  const workerPath = path.join(context.extensionPath, 'dist', 'languageWorker.js');
  const tracker = new DefinitionTracker(workerPath, (message) => log().warn(message));
  const diagnostics = new DiagnosticsController(tracker, options.secretNames);
  context.subscriptions.push(
    tracker,
    diagnostics,
    vscode.languages.registerCompletionItemProvider(DEFINITION_SELECTOR, new CompletionProvider(tracker, options.secretNames), ':', '"', '-', ' '),
    vscode.languages.registerHoverProvider(DEFINITION_SELECTOR, new HoverProvider(tracker)),
    vscode.languages.registerDocumentSymbolProvider(DEFINITION_SELECTOR, new SymbolProvider(tracker), { label: vscode.l10n.t('Container group') }),
    vscode.languages.registerCodeActionsProvider(DEFINITION_SELECTOR, new QuickFixProvider(diagnostics), {
      providedCodeActionKinds: QuickFixProvider.kinds,
    }),
  );
  return { tracker, diagnostics };
}
