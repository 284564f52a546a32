/**
 * The `aci-deploy` diagnostics: where Azure said a deploy failed, on the property its error points at (or
 * the top of the definition when it points nowhere). They describe the last deploy only, so they go away on the next successful deploy or the next edit of the file.
 */
import * as vscode from 'vscode';
import type { ErrorLocation } from '../../core/deploy/errorTargets';

export class DeployDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('aci-deploy');
  private readonly listener = vscode.workspace.onDidChangeTextDocument((e) => {
    if (e.contentChanges.length > 0 && this.collection.has(e.document.uri)) this.collection.delete(e.document.uri);
  });

  /**
   * `redact` keeps secrets a service message might echo out of the Problems view. `version` is the document
   * version the offsets were computed in; nothing is shown (0) when the document has changed since.
   */
  async show(uri: vscode.Uri, locations: ErrorLocation[], redact: (text: string) => string, version?: number): Promise<number> {
    const doc = await vscode.workspace.openTextDocument(uri);
    if (version !== undefined && doc.version !== version) return 0;
    const diagnostics = locations.map((l) => {
      const range = new vscode.Range(doc.positionAt(l.range.start), doc.positionAt(l.range.end));
      const message =
        l.placedBy === 'document'
          ? vscode.l10n.t('Deploy failed: {0} (Azure did not say where in the definition)', l.message)
          : l.exact
            ? vscode.l10n.t('Deploy failed: {0}', l.message)
            : vscode.l10n.t('Deploy failed: {0} (at {1})', l.message, l.target);
      const d = new vscode.Diagnostic(range, redact(message), vscode.DiagnosticSeverity.Error);
      d.source = 'aci-deploy';
      if (l.code) d.code = l.code;
      return d;
    });
    this.collection.set(uri, diagnostics);
    return diagnostics.length;
  }

  clear(uri: vscode.Uri): void {
    this.collection.delete(uri);
  }

  dispose(): void {
    this.listener.dispose();
    this.collection.dispose();
  }
}
