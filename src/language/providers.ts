/** Completion, hover, outline and quick fixes for definition documents, answered by the language worker. */
import * as vscode from 'vscode';
import type { CompletionEntry } from '../core/completion/complete';
import type { SymbolEntry } from '../core/symbols/documentSymbols';
import type { TextEdit } from '../core/definition';
import { Code } from '../core/definition/findingCodes';
import { findSecretReferences } from '../core/definition/secrets';
import { DefinitionTracker } from './definitionTracker';
import { DiagnosticsController } from './diagnosticsController';
import { toCompletionItem, toDocumentSymbol, toRange } from './conversions';

export class CompletionProvider implements vscode.CompletionItemProvider {
  constructor(
    private readonly tracker: DefinitionTracker,
    private readonly secretNames: () => string[],
  ) {}

  async provideCompletionItems(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[] | undefined> {
    const entries = await this.tracker.request<CompletionEntry[]>(doc, {
      op: 'complete',
      offset: doc.offsetAt(position),
      secretNames: this.secretNames(),
    });
    return entries?.map((e) => toCompletionItem(doc, e));
  }
}

export class HoverProvider implements vscode.HoverProvider {
  constructor(private readonly tracker: DefinitionTracker) {}

  async provideHover(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const info = await this.tracker.request<{ markdown: string; range: { start: number; end: number } } | undefined>(doc, {
      op: 'hover',
      offset: doc.offsetAt(position),
    });
    return info ? new vscode.Hover(new vscode.MarkdownString(info.markdown), toRange(doc, info.range)) : undefined;
  }
}

export class SymbolProvider implements vscode.DocumentSymbolProvider {
  constructor(private readonly tracker: DefinitionTracker) {}

  async provideDocumentSymbols(doc: vscode.TextDocument): Promise<vscode.DocumentSymbol[] | undefined> {
    const symbols = await this.tracker.request<SymbolEntry[]>(doc, { op: 'symbols' });
    return symbols?.map((s) => toDocumentSymbol(doc, s));
  }
}

function sameDiagnostic(a: vscode.Diagnostic, b: vscode.Diagnostic): boolean {
  return a.range.isEqual(b.range) && a.message === b.message && String(a.code) === String(b.code);
}

/** Quick fixes carried by the findings themselves (canonical casing, missing properties, stubs, …). */
export class QuickFixProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly diagnostics: DiagnosticsController) {}

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const published = this.diagnostics.findingsFor(doc);
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      const finding = published.find((p) => sameDiagnostic(p.diagnostic, diagnostic))?.finding;
      if (!finding) continue;
      const fixes = [...(finding.fix ? [{ fix: finding.fix, preferred: true }] : []), ...(finding.moreFixes ?? []).map((fix) => ({ fix, preferred: false }))];
      const secret = finding.code === Code.unknownSecret ? findSecretReferences(doc.getText(diagnostic.range))[0]?.name : undefined;
      if (secret) actions.push(setSecretAction(secret, doc.uri, diagnostic));
      for (const { fix, preferred } of fixes) {
        const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
        action.edit = editFor(doc, fix.edits);
        action.diagnostics = [diagnostic];
        action.isPreferred = preferred;
        actions.push(action);
      }
    }
    return actions;
  }
}

/** Stores the missing secret (the value is asked for, never written in the file), then offers to deploy. */
function setSecretAction(name: string, uri: vscode.Uri, diagnostic: vscode.Diagnostic): vscode.CodeAction {
  const action = new vscode.CodeAction(vscode.l10n.t("Set Secret '{0}'…", name), vscode.CodeActionKind.QuickFix);
  action.command = { command: 'aciDataShare.setSecret', title: action.title, arguments: [name, uri] };
  action.diagnostics = [diagnostic];
  action.isPreferred = true;
  return action;
}

export function editFor(doc: vscode.TextDocument, edits: TextEdit[]): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(doc.uri, toRange(doc, e.range), e.newText);
  return edit;
}
