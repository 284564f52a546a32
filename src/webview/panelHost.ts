/**
 * The wiring a webview panel's host side needs whatever it shows: it takes the page's messages, posts to the
 * page only while the panel is open, and closes once, whether the user or the extension closes it.
 */
import * as vscode from 'vscode';

export class PanelHost<Message> implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  /** `onClose` ends the panel's own work (loads still paging) before the panel goes. */
  constructor(
    readonly panel: vscode.WebviewPanel,
    onMessage: (raw: unknown) => void,
    private readonly onClose: () => void,
  ) {
    this.disposables.push(
      panel.webview.onDidReceiveMessage(onMessage),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  post(message: Message): Thenable<boolean> {
    return this.disposed ? Promise.resolve(false) : this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.onClose();
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
