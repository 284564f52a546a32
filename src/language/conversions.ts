/** Offsets and core shapes to VS Code types. */
import * as vscode from 'vscode';
import type { Finding, Range } from '../core/definition';
import type { CompletionEntry } from '../core/completion/complete';
import type { SymbolEntry } from '../core/symbols/documentSymbols';

export function toRange(doc: vscode.TextDocument, r: Range): vscode.Range {
  return new vscode.Range(doc.positionAt(r.start), doc.positionAt(r.end));
}

const SEVERITY: Record<Finding['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/**
 * Shown before the code in the Problems panel (`aci-validate(ACI003)`): the name of the CLI that reports the same
 * findings, beside `aci-deploy` for what Azure said about a deploy.
 */
export const DIAGNOSTIC_SOURCE = 'aci-validate';

export function toDiagnostic(doc: vscode.TextDocument, f: Finding): vscode.Diagnostic {
  const d = new vscode.Diagnostic(toRange(doc, f.range), f.message, SEVERITY[f.severity]);
  d.code = f.code;
  d.source = DIAGNOSTIC_SOURCE;
  return d;
}

const COMPLETION_KIND: Record<CompletionEntry['kind'], vscode.CompletionItemKind> = {
  property: vscode.CompletionItemKind.Property,
  value: vscode.CompletionItemKind.Value,
  enum: vscode.CompletionItemKind.EnumMember,
  boolean: vscode.CompletionItemKind.Keyword,
  reference: vscode.CompletionItemKind.Reference,
  snippet: vscode.CompletionItemKind.Snippet,
};

export function toCompletionItem(doc: vscode.TextDocument, e: CompletionEntry): vscode.CompletionItem {
  const item = new vscode.CompletionItem(e.label, COMPLETION_KIND[e.kind]);
  item.insertText = e.isSnippet ? new vscode.SnippetString(e.insertText) : e.insertText;
  // Snippet lines after the first carry their full indentation already (YAML under `- ` cannot be re-indented).
  if (e.isSnippet) item.keepWhitespace = true;
  item.range = toRange(doc, e.range);
  item.detail = e.detail;
  if (e.documentation) item.documentation = new vscode.MarkdownString(e.documentation);
  item.sortText = e.sortText;
  item.filterText = e.filterText;
  item.preselect = e.preselect;
  return item;
}

const SYMBOL_KIND: Record<SymbolEntry['kind'], vscode.SymbolKind> = {
  object: vscode.SymbolKind.Object,
  array: vscode.SymbolKind.Array,
  property: vscode.SymbolKind.Property,
  string: vscode.SymbolKind.String,
  number: vscode.SymbolKind.Number,
  boolean: vscode.SymbolKind.Boolean,
  null: vscode.SymbolKind.Null,
  container: vscode.SymbolKind.Class,
  volume: vscode.SymbolKind.Struct,
  group: vscode.SymbolKind.Module,
};

export function toDocumentSymbol(doc: vscode.TextDocument, s: SymbolEntry): vscode.DocumentSymbol {
  const range = toRange(doc, s.range);
  const selection = toRange(doc, s.selectionRange);
  const symbol = new vscode.DocumentSymbol(
    s.name || ' ',
    s.detail ?? '',
    SYMBOL_KIND[s.kind],
    range,
    range.contains(selection) ? selection : range,
  );
  symbol.children = s.children.map((c) => toDocumentSymbol(doc, c));
  return symbol;
}
