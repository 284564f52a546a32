/**
 * The open log documents of this window: serves their text (a read-only document of the `aci-logs` scheme),
 * keeps each one following while it is open and stops it when its last tab closes, scrolls editors that were
 * at the end along with new lines, and shows the active one's follow state in the status bar (and as the
 * `aciDataShare.logFollowing` context key that picks the editor title's Follow or Stop button).
 */
import * as vscode from 'vscode';
import { LogView, type LogViewDeps } from './logView';
import { LOGS_SCHEME, logSourceOf, logUri, type LogSource } from './logUri';

export const FOLLOWING_CONTEXT = 'aciDataShare.logFollowing';
export const STOP_FOLLOWING_COMMAND = 'aciDataShare.stopFollowingLogs';
export const FOLLOW_COMMAND = 'aciDataShare.followLogs';

/** As a view's, with the settings read when each view opens. */
export type LogViewsDeps = Omit<LogViewDeps, 'onChange' | 'showTimestamps' | 'tail'> & { showTimestamps(): boolean; tail(): number };

export class LogViews implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly views = new Map<string, LogView>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly status = vscode.window.createStatusBarItem('aciDataShare.logs', vscode.StatusBarAlignment.Left, 50);
  /** Editors scrolled to the end when their document last changed: they keep showing the newest line. */
  private readonly atEnd = new Set<vscode.TextEditor>();
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly deps: LogViewsDeps) {
    this.status.name = vscode.l10n.t('Container Logs');
    this.disposables = [
      this.changed,
      this.status,
      vscode.workspace.registerTextDocumentContentProvider(LOGS_SCHEME, this),
      vscode.window.onDidChangeActiveTextEditor(() => this.showStatus()),
      vscode.window.tabGroups.onDidChangeTabs((e) => this.closeUnshown(e.closed)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.close(doc.uri)),
      vscode.workspace.onDidChangeTextDocument((e) => this.scrollAlong(e.document)),
    ];
  }

  /** The view of a source, made and started when it is not open yet. */
  open(source: LogSource): LogView {
    const uri = logUri(source);
    let view = this.views.get(uri.toString());
    if (!view) {
      view = new LogView(uri, source, { ...this.deps, tail: this.deps.tail(), showTimestamps: this.deps.showTimestamps(), onChange: (v) => this.viewChanged(v) });
      this.views.set(uri.toString(), view);
      view.follow();
    }
    return view;
  }

  /** The view a command's argument names (an editor title passes the document's URI), else the active editor's. */
  viewFor(arg: unknown): LogView | undefined {
    const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    return uri ? this.views.get(uri.toString()) : undefined;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const known = this.views.get(uri.toString());
    if (known) return known.text();
    // An editor restored after a reload: follow again.
    const source = logSourceOf(uri);
    return source ? this.open(source).text() : '';
  }

  dispose(): void {
    for (const view of this.views.values()) void view.stop();
    this.views.clear();
    for (const d of this.disposables) d.dispose();
  }

  private viewChanged(view: LogView): void {
    if (!this.views.has(view.uri.toString())) return;
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document.uri.toString() !== view.uri.toString()) continue;
      this.atEnd.delete(editor);
      const lastVisible = editor.visibleRanges.at(-1)?.end.line ?? 0;
      if (lastVisible >= editor.document.lineCount - 2) this.atEnd.add(editor);
    }
    this.changed.fire(view.uri);
    this.showStatus();
  }

  private scrollAlong(doc: vscode.TextDocument): void {
    if (doc.uri.scheme !== LOGS_SCHEME) return;
    for (const editor of [...this.atEnd]) {
      if (editor.document !== doc) continue;
      this.atEnd.delete(editor);
      const end = new vscode.Position(Math.max(0, doc.lineCount - 1), 0);
      editor.revealRange(new vscode.Range(end, end), vscode.TextEditorRevealType.Default);
    }
  }

  private closeUnshown(closed: readonly vscode.Tab[]): void {
    const shown = new Set<string>();
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) if (tab.input instanceof vscode.TabInputText) shown.add(tab.input.uri.toString());
    }
    for (const tab of closed) {
      if (tab.input instanceof vscode.TabInputText && !shown.has(tab.input.uri.toString())) this.close(tab.input.uri);
    }
  }

  /** Stops polling for a document no longer shown; opening it again starts anew. */
  private close(uri: vscode.Uri): void {
    const view = this.views.get(uri.toString());
    if (!view) return;
    this.views.delete(uri.toString());
    void view.stop();
    this.showStatus();
  }

  private showStatus(): void {
    const view = this.viewFor(undefined);
    void vscode.commands.executeCommand('setContext', FOLLOWING_CONTEXT, view?.following === true);
    if (!view) {
      this.status.hide();
      return;
    }
    const state = view.state;
    if (state.kind === 'following') {
      this.status.text = `$(sync~spin) ${vscode.l10n.t('Following logs')}`;
      this.status.tooltip = vscode.l10n.t('Following the logs of {0}. Click to stop.', view.name);
      this.status.command = { command: STOP_FOLLOWING_COMMAND, title: vscode.l10n.t('Stop Following'), arguments: [view.uri] };
    } else if (state.kind === 'retrying') {
      this.status.text = `$(warning) ${vscode.l10n.t('Logs: retrying in {0} s', Math.ceil(state.retryInMs / 1000))}`;
      this.status.tooltip = vscode.l10n.t('Reading the logs of {0} failed: {1} Click to stop.', view.name, state.message);
      this.status.command = { command: STOP_FOLLOWING_COMMAND, title: vscode.l10n.t('Stop Following'), arguments: [view.uri] };
    } else {
      this.status.text = `$(debug-pause) ${vscode.l10n.t('Not following logs')}`;
      this.status.tooltip = state.message
        ? vscode.l10n.t('Stopped following the logs of {0}: {1} Click to follow again.', view.name, state.message)
        : vscode.l10n.t('Not following the logs of {0}. Click to follow again.', view.name);
      this.status.command = { command: FOLLOW_COMMAND, title: vscode.l10n.t('Follow'), arguments: [view.uri] };
    }
    this.status.show();
  }
}
