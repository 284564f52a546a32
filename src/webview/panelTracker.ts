/**
 * The open panels of one kind: closes them with the extension, and keeps the last one opened, whose record the
 * test hooks read and wait on.
 */
import type * as vscode from 'vscode';
import { RecordWaiters } from './recordWaiters';

export interface TrackedPanel<R> extends vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  readonly record: R;
}

export class PanelTracker<P extends TrackedPanel<R>, R> implements vscode.Disposable {
  private readonly open = new Set<P>();
  private latest: P | undefined;
  private readonly waiters: RecordWaiters<R>;

  /** `what` names the record in a wait's timeout message. */
  constructor(what: string) {
    this.waiters = new RecordWaiters(() => this.latest?.record, what);
  }

  get last(): P | undefined {
    return this.latest;
  }

  get panels(): P[] {
    return [...this.open];
  }

  track(panel: P): P {
    this.latest = panel;
    this.open.add(panel);
    panel.panel.onDidDispose(() => this.open.delete(panel));
    this.waiters.notify();
    return panel;
  }

  /** A panel's record changed. */
  changed(panel: P): void {
    if (panel === this.latest) this.waiters.notify();
  }

  /** Resolves once `check` holds for the last panel's record. */
  waitFor(check: (record: R) => boolean, timeoutMs?: number): Promise<R> {
    return this.waiters.waitFor(check, timeoutMs);
  }

  dispose(): void {
    for (const p of this.panels) p.dispose();
  }
}
