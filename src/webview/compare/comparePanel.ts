/**
 * The comparison panel (host side): loads both synchronizations' details, joins them, hands the result to
 * the page, and answers its requests (stop, export). One instance per open panel.
 */
import * as vscode from 'vscode';
import { SignInNeeded } from '../../azure/quietConnection';
import type { ArmClient } from '../../core/arm/client';
import { isArmError, errorMessage } from '../../core/arm/errors';
import { compareDetails, type CompareRow } from '../../core/report/compare/compare';
import { compareToCsv, compareToJson } from '../../core/report/compare/compareExport';
import { loadComparison } from '../../core/report/compare/compareLoad';
import { COMPARE_VIEW_ROWS, compareInitFrom, isComparePageMessage, type CompareHostMessage, type CompareInit, type ComparePageMessage } from '../../core/report/compare/compareMessages';
import { applyCompareQuery, type CompareQuery } from '../../core/report/compare/compareQuery';
import { summarizeComparison, type CompareSummary } from '../../core/report/compare/compareSummary';
import { LatestRun, type RunTicket } from '../../core/report/shared/latestRun';
import type { ExportFormat, SynchronizationSummary } from '../../core/report/shared/panelTypes';
import { sanitizeSynchronization } from '../../core/report/shared/synchronization';
import { listSynchronizations } from '../../core/services/dataShare';
import { saveExport } from '../saveExport';
import { COMPARE_VIEW_TYPE } from '../viewTypes';
import { createPanel, PanelBase, type PanelDeps } from '../panelBase';
import type { CompareRecord } from './compareRecord';


export interface ComparePanelDeps extends PanelDeps<ComparePanel> {
  client(): Promise<ArmClient>;
}

function title(init: CompareInit): string {
  return vscode.l10n.t('Synchronization comparison: {0}', init.target.label ?? init.target.shareSubscriptionName);
}

export class ComparePanel extends PanelBase<ComparePanel, CompareHostMessage, ComparePageMessage> {
  readonly record: CompareRecord;
  private readonly run = new LatestRun();
  private query: CompareQuery;
  private rows: CompareRow[] = [];
  private result: { summary: CompareSummary; complete: boolean } | undefined;

  static create(deps: ComparePanelDeps, init: CompareInit): ComparePanel {
    return new ComparePanel(deps, createPanel(COMPARE_VIEW_TYPE, title(init), deps.extensionUri), init);
  }

  /**
   * Also for a panel VS Code restores after a reload: it gets a new page and loads both listings again; with
   * `saved`, the synchronizations' records are read again too (one may have ended since they were saved).
   */
  constructor(
    protected override readonly deps: ComparePanelDeps,
    panel: vscode.WebviewPanel,
    private init: CompareInit,
    private saved = false,
  ) {
    super(panel, deps, { page: 'compare', title: title(init), what: 'Synchronization comparison', isPageMessage: isComparePageMessage });
    this.query = init.query;
    this.record = { target: init.target, a: init.a, b: init.b, state: 'loading', rowsA: 0, rowsB: 0, exports: [] };
    void this.load();
  }

  protected onClose(): void {
    this.run.close();
  }

  private progressMessage(): CompareHostMessage {
    const { state, rowsA, rowsB, error, signInNeeded } = this.record;
    return { type: 'progress', state, rowsA, rowsB, message: error, signInNeeded };
  }

  protected async onPageMessage(raw: ComparePageMessage): Promise<void> {
    switch (raw.type) {
      case 'ready':
        await this.post({ type: 'init', ...this.init, query: this.query });
        if (this.result) await this.post({ type: 'result', ...this.result });
        await this.sendView();
        await this.post(this.progressMessage());
        return;
      case 'stop':
        this.run.stop();
        return;
      case 'query':
        this.query = raw.query;
        return this.sendView();
      case 'export':
        return this.export(raw.format);
      case 'viewUpdated': {
        // Only the known fields: the page is untrusted.
        const { shown, domRows, firstNames, firstChanges, summary, meta, status, injected } = raw;
        this.record.view = { shown, domRows, firstNames, firstChanges, summary, meta, status, injected, saved: compareInitFrom(raw.saved) };
        return this.changed();
      }
    }
  }

  /** Streams both listings side by side, then compares what arrived (all of it, or what came before a stop). */
  private async load(): Promise<void> {
    const run = this.run.start();
    const { target, a, b } = this.init;
    let lastPost = 0;
    // A load after a sign-in starts over.
    Object.assign(this.record, { state: 'loading', error: undefined, signInNeeded: undefined, rowsA: 0, rowsB: 0 });
    if (this.pageReady) void this.post(this.progressMessage());
    try {
      const client = await this.deps.client();
      if (this.saved) void this.refreshSynchronizations(client, run);
      const loaded = await loadComparison(client, target, a.synchronizationId, b.synchronizationId, {
        signal: run.signal,
        onProgress: (rowsA, rowsB) => {
          Object.assign(this.record, { rowsA, rowsB });
          // At most one progress message per 100 ms: a long listing must not flood the page.
          if (this.pageReady && Date.now() - lastPost >= 100) {
            lastPost = Date.now();
            void this.post(this.progressMessage());
          }
          this.changed();
        },
      });
      if (!run.isCurrent()) return;
      const canceled = loaded.error !== undefined && (run.signal.aborted || (isArmError(loaded.error) && loaded.error.kind === 'canceled'));
      this.rows = compareDetails(loaded.a.rows, loaded.b.rows);
      this.result = { summary: summarizeComparison(this.rows, loaded.a.totals, loaded.b.totals), complete: loaded.error === undefined };
      Object.assign(this.record, {
        rowsA: loaded.a.rows.length,
        rowsB: loaded.b.rows.length,
        compared: this.rows.length,
        complete: this.result.complete,
        state: loaded.error === undefined ? 'done' : canceled ? 'stopped' : 'error',
        error: loaded.error === undefined || canceled ? undefined : errorMessage(loaded.error),
      });
      if (this.record.error) this.deps.log.error(`Synchronization comparison for ${target.shareSubscriptionName}: ${this.record.error}`);
    } catch (err) {
      // No client (not signed in): nothing was loaded.
      if (!run.isCurrent()) return;
      Object.assign(this.record, { state: 'error', error: errorMessage(err), signInNeeded: err instanceof SignInNeeded || undefined });
      this.deps.log.error(`Synchronization comparison for ${target.shareSubscriptionName}: ${this.record.error}`);
    }
    if (this.pageReady) {
      // The rows before the final status: once the page says it is done, it shows them.
      if (this.result) await this.post({ type: 'result', ...this.result });
      await this.sendView();
      await this.post(this.progressMessage());
    }
    this.changed();
  }

  /** Reads both synchronizations' records again for the header; what cannot be read keeps the saved one. */
  private async refreshSynchronizations(client: ArmClient, run: RunTicket): Promise<void> {
    const wanted = new Set([this.init.a.synchronizationId, this.init.b.synchronizationId]);
    const found = new Map<string, SynchronizationSummary>();
    try {
      for await (const page of listSynchronizations(client, this.init.target, { maxPages: 20, signal: run.signal })) {
        // Only the known, well-typed fields reach the page (as when the pair was picked).
        for (const s of page.items.map(sanitizeSynchronization)) if (s && wanted.has(s.synchronizationId)) found.set(s.synchronizationId, s);
        if (found.size === wanted.size) break;
      }
    } catch (err) {
      if (run.isCurrent()) this.deps.log.warn(`Synchronization comparison: could not read the synchronization records: ${errorMessage(err)}`);
    }
    if (!run.isCurrent() || found.size === 0) return;
    this.saved = false;
    const { a, b } = this.init;
    this.init = { ...this.init, a: found.get(a.synchronizationId) ?? a, b: found.get(b.synchronizationId) ?? b };
    Object.assign(this.record, { a: this.init.a, b: this.init.b });
    if (this.pageReady) await this.post({ type: 'init', ...this.init, query: this.query });
    this.changed();
  }

  /** The page gets the first rows of the current view only, however many data sets were compared. */
  private async sendView(): Promise<void> {
    const view = applyCompareQuery(this.rows, this.query);
    await this.post({ type: 'view', query: this.query, rows: view.slice(0, COMPARE_VIEW_ROWS), shown: view.length });
  }

  /** Writes the rows the user sees (filter and sort applied) to a file picked with a save dialog. */
  private async export(format: ExportFormat): Promise<void> {
    const rows = applyCompareQuery(this.rows, this.query);
    const { target, a, b } = this.init;
    const path = await saveExport({
      format,
      rows: rows.length,
      title: vscode.l10n.t('Export {0} compared data sets as {1}', rows.length, format.toUpperCase()),
      shareSubscriptionName: target.shareSubscriptionName,
      suffix: `${a.synchronizationId.slice(0, 8)}-vs-${b.synchronizationId.slice(0, 8)}`,
      text: () =>
        format === 'csv'
          ? compareToCsv(rows)
          : compareToJson(rows, { shareSubscriptionName: target.shareSubscriptionName, synchronizationA: a, synchronizationB: b, exportedAt: new Date().toISOString() }),
      log: (m) => this.deps.log.info(m),
      what: 'Synchronization comparison',
    });
    if (!path) return;
    this.record.exports.push({ path, format, rows: rows.length });
    this.changed();
  }

  /** A sign-in happened: a comparison that was waiting for one loads now. */
  reloadAfterSignIn(): void {
    if (this.record.signInNeeded) void this.load();
  }
}
