/**
 * Registers Convert Compose File to Container Group… and Deploy Compose File…; their steps load on first use
 * (the composeCommands chunk). The problems a conversion finds stay on the Compose file until it is edited, and
 * the conversion report is a read-only document of its own scheme.
 */
import * as vscode from 'vscode';
import type { Finding } from '../../core/definition/types';
import type { CommandRegistrar } from '../shared/registerCommand';

export const CONVERT_COMPOSE_COMMAND = 'aciDataShare.convertComposeFile';
export const DEPLOY_COMPOSE_COMMAND = 'aciDataShare.deployComposeFile';
export const REPORT_SCHEME = 'aci-compose-report';

/** What the commands share with the extension: the Compose files' problems and the reports' texts. */
export interface ComposeState {
  diagnostics: vscode.DiagnosticCollection;
  reports: Map<string, string>;
  changed: vscode.EventEmitter<vscode.Uri>;
  /** The editor's validation of a definition (the language service's), as Deploy runs it. */
  validate: (doc: vscode.TextDocument) => Promise<Finding[]>;
}

export function registerConvertCompose(command: CommandRegistrar): void {
  const { language } = command.services;
  const validate: ComposeState['validate'] = (doc) => language.diagnostics.validateNow(doc);
  const state: ComposeState = { diagnostics: vscode.languages.createDiagnosticCollection('aciDataShare.compose'), reports: new Map(), changed: new vscode.EventEmitter(), validate };
  const load = () => import('./composeCommands');
  command.own(
    state.diagnostics,
    state.changed,
    vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, { onDidChange: state.changed.event, provideTextDocumentContent: (uri) => state.reports.get(uri.toString()) ?? '' }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length && state.diagnostics.has(e.document.uri)) state.diagnostics.delete(e.document.uri);
    }),
  );
  command(CONVERT_COMPOSE_COMMAND, async (ctx, arg?: unknown) => (await load()).convertComposeFile(ctx, state, arg));
  command(DEPLOY_COMPOSE_COMMAND, async (ctx, arg?: unknown) => (await load()).deployComposeFile(ctx, state, arg));
}
