/**
 * Diagnose's reports as read-only documents of their own scheme, `aci-diagnosis:/Diagnosis of <group>.md`: shown in
 * the Markdown preview only, never dirty (nothing to save on close), one per group or container, its content
 * replaced when Diagnose runs again. Read-only content by URI scheme as the Azure extensions show generated content
 * (vscode-azext-utils openReadOnlyContent) through the TextDocumentContentProvider API.
 */
import * as vscode from 'vscode';

export const DIAGNOSIS_SCHEME = 'aci-diagnosis';

export class DiagnosisDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly reports = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /** The report's URI: its title as the document's name. */
  uriOf(title: string): vscode.Uri {
    return vscode.Uri.from({ scheme: DIAGNOSIS_SCHEME, path: `/${title.replace(/[/\\]/g, '-')}.md` });
  }

  /** Keeps `markdown` as the content of `title`'s document, telling an open preview to redraw. */
  set(title: string, markdown: string): vscode.Uri {
    const uri = this.uriOf(title);
    const had = this.reports.has(uri.toString());
    this.reports.set(uri.toString(), markdown);
    if (had) this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    // A preview restored after a reload asks for a report this window no longer has.
    return this.reports.get(uri.toString()) ?? vscode.l10n.t('This diagnosis is no longer kept. Run Diagnose… again.');
  }

  dispose(): void {
    this.changed.dispose();
    this.reports.clear();
  }
}
