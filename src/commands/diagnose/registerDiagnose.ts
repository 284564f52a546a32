/**
 * Diagnose… on a container group or a container (from its node in the view, or the palette): the likely cause of a
 * failure read from the live state, with the fix and the document it comes from, in a read-only report. Its code
 * loads on first use (through import()); the reports' documents are served from here, so that a preview finds its
 * document whenever it asks.
 */
import * as vscode from 'vscode';
import type { CommandRegistrar } from '../shared/registerCommand';
import { DIAGNOSIS_SCHEME, DiagnosisDocuments } from './diagnosisDocuments';

export const DIAGNOSE_COMMAND = 'aciDataShare.diagnose';

export function registerDiagnose(command: CommandRegistrar): void {
  const documents = new DiagnosisDocuments();
  command.own(documents, vscode.workspace.registerTextDocumentContentProvider(DIAGNOSIS_SCHEME, documents));
  command(DIAGNOSE_COMMAND, async (ctx, arg?: unknown) => (await import('./runDiagnose')).runDiagnose(ctx, documents, arg));
}
