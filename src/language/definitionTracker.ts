/**
 * Follows open definition documents into the language worker: opens, each edit as it happens, closes.
 * Every request names the document version it is for, so a stale answer is never shown.
 */
import * as vscode from 'vscode';
import { LanguageWorkerClient } from '../core/languageService/client';
import type { RequestArgs } from '../core/languageService/protocol';
import type { Versioned } from '../core/languageService/service';
import { formatOf, HEAD_LINES, isDefinitionDocument } from './definitionDocuments';

export class DefinitionTracker implements vscode.Disposable {
  private readonly tracked = new Set<string>();
  private readonly forced = new Set<string>();
  private readonly changed = new vscode.EventEmitter<vscode.TextDocument>();
  private readonly closed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires after a tracked document was opened or edited. */
  readonly onDidChange = this.changed.event;
  readonly onDidClose = this.closed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  readonly client: LanguageWorkerClient;

  constructor(workerPath: string, onError: (message: string) => void) {
    this.client = new LanguageWorkerClient(workerPath, () => this.reopenAll(), onError);
    this.subscriptions.push(
      vscode.workspace.onDidOpenTextDocument((doc) => this.consider(doc)),
      vscode.workspace.onDidChangeTextDocument((e) => this.edit(e)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.forget(doc.uri)),
      // Content can make a plain YAML/JSON file a definition (or stop it being one).
      vscode.workspace.onDidSaveTextDocument((doc) => this.consider(doc)),
      this.changed,
      this.closed,
    );
    for (const doc of vscode.workspace.textDocuments) this.consider(doc);
  }

  isTracked(doc: vscode.TextDocument): boolean {
    return this.tracked.has(doc.uri.toString());
  }

  /** Re-evaluates every open document, e.g. after the configured definition files changed. */
  reconsiderAll(): void {
    for (const doc of vscode.workspace.textDocuments) this.consider(doc);
  }

  /** Follows `doc` whatever its name or content says, until it is closed. */
  track(doc: vscode.TextDocument): void {
    this.forced.add(doc.uri.toString());
    this.consider(doc);
  }

  private consider(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    const wanted = this.forced.has(key) || isDefinitionDocument(doc);
    if (wanted && !this.tracked.has(key)) {
      this.tracked.add(key);
      this.client.notify({ kind: 'open', uri: key, version: doc.version, format: formatOf(doc), text: doc.getText() });
      this.changed.fire(doc);
    } else if (!wanted && this.tracked.has(key)) {
      this.forget(doc.uri);
    }
  }

  private edit(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    if (!this.tracked.has(key)) {
      // Only an edit near the top can make a file declare a container group (its type sits there).
      if (e.contentChanges.some((c) => c.range.start.line < HEAD_LINES)) this.consider(e.document);
      return;
    }
    if (e.contentChanges.length === 0) return;
    this.client.notify({
      kind: 'edit',
      uri: key,
      version: e.document.version,
      changes: e.contentChanges.map((c) => ({ rangeOffset: c.rangeOffset, rangeLength: c.rangeLength, text: c.text })),
      // Several changes at once (multi-cursor, formatting): send the text too, as the worker's fallback.
      ...(e.contentChanges.length > 1 ? { fullText: e.document.getText() } : {}),
    });
    this.changed.fire(e.document);
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.forced.delete(key);
    if (!this.tracked.delete(key)) return;
    this.client.notify({ kind: 'close', uri: key });
    this.closed.fire(uri);
  }

  private reopenAll(): void {
    const keys = [...this.tracked];
    this.tracked.clear();
    for (const doc of vscode.workspace.textDocuments) if (keys.includes(doc.uri.toString())) this.consider(doc);
  }

  /**
   * Sends a request for the document's current version; undefined when the answer is stale. A document the
   * worker lost (it could not follow an edit) is sent again whole, and the request retried once.
   */
  async request<T>(doc: vscode.TextDocument, body: RequestArgs): Promise<T | undefined> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!this.isTracked(doc)) return undefined;
      const version = doc.version;
      const answer = await this.client.request<Versioned<T>>({ ...body, uri: doc.uri.toString(), version });
      if ('missing' in answer) {
        this.reopen(doc);
        continue;
      }
      if ('stale' in answer || doc.version !== version) return undefined;
      return answer.result;
    }
    return undefined;
  }

  private reopen(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    if (!this.tracked.has(key)) return;
    this.client.notify({ kind: 'open', uri: key, version: doc.version, format: formatOf(doc), text: doc.getText() });
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    void this.client.dispose();
  }
}
