/**
 * What every webview panel's host side shares, whatever it shows: the page (HTML, CSP, options), the page's
 * messages (validated; the page is untrusted), posting only while the panel is open, the ready handshake, the
 * record the test hooks read, and one close, whether the user or the extension closes it. A panel adds its own
 * messages and its load.
 */
import * as vscode from 'vscode';
import { pageHtml, pageWebviewOptions, type PageName } from './pageHtml';

export interface PanelLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What every panel kind gets from its registration. */
export interface PanelDeps<Self> {
  extensionUri: vscode.Uri;
  log: PanelLog;
  /** Called whenever a panel's record changes (the test hooks listen). */
  onRecord(panel: Self): void;
  /** Under the test runner only: the page reports what it drew (`viewUpdated`) and obeys scripted commands. */
  testHooks: boolean;
}

export interface PageSpec<PageMessage> {
  readonly page: PageName;
  readonly title: string;
  /** How the log names the panel ("Synchronization report"). */
  readonly what: string;
  isPageMessage(raw: unknown): raw is PageMessage;
}

/** A new panel of `viewType` in the active column, with the options every page needs. */
export function createPanel(viewType: string, title: string, extensionUri: vscode.Uri): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(viewType, title, vscode.ViewColumn.Active, pageWebviewOptions(extensionUri));
}

export abstract class PanelBase<Self, HostMessage, PageMessage extends { type: string }> implements vscode.Disposable {
  /** True once the page has said it is ready (again after it restarts), until a subclass says otherwise. */
  protected pageReady = false;
  protected disposed = false;
  private readonly disposables: vscode.Disposable[] = [];

  /** Also for a panel VS Code restores after a reload: it gets a new page. */
  constructor(
    readonly panel: vscode.WebviewPanel,
    protected readonly deps: PanelDeps<Self>,
    private readonly spec: PageSpec<PageMessage>,
  ) {
    panel.title = spec.title;
    panel.webview.options = pageWebviewOptions(deps.extensionUri);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)),
      panel.onDidDispose(() => this.dispose()),
    );
    panel.webview.html = pageHtml(panel.webview, deps.extensionUri, spec.title, spec.page, { testHooks: deps.testHooks });
  }

  post(message: HostMessage): Thenable<boolean> {
    return this.disposed ? Promise.resolve(false) : this.panel.webview.postMessage(message);
  }

  /** The record changed: the test hooks look again. */
  protected changed(): void {
    this.deps.onRecord(this as unknown as Self);
  }

  /** A valid message from the page; `ready` has already set pageReady. */
  protected abstract onPageMessage(message: PageMessage): void | Promise<void>;

  /** The panel is going: end what is still loading. */
  protected abstract onClose(): void;

  /** A sign-in happened: a load that waited for one runs now. */
  abstract reloadAfterSignIn(): void;

  private async receive(raw: unknown): Promise<void> {
    if (!this.spec.isPageMessage(raw)) {
      this.deps.log.warn(`${this.spec.what}: ignored a malformed message from the page.`);
      return;
    }
    // What only tests use is not taken from a user's page.
    if (raw.type === 'viewUpdated' && !this.deps.testHooks) return;
    if (raw.type === 'ready') this.pageReady = true;
    await this.onPageMessage(raw);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.onClose();
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
