/**
 * The synchronization report panel (host side): streams the data-set details, keeps them and the view of them
 * the page shows (filtered and sorted here), tells the page what changed, answers its requests (rows around
 * its scroll position, the chart, stop, re-fetch, export, copy) and keeps a record for tests. One instance per
 * open panel.
 */
import * as vscode from 'vscode';
import type { ArmClient } from '../../core/arm/client';
import { isArmError, errorMessage } from '../../core/arm/errors';
import { collectAll, listSourceShareSynchronizationSettings, listSynchronizations } from '../../core/services/dataShare';
import { toCsv, toJson } from '../../core/report/shared/exportFormats';
import { isPageMessage, type HostMessage, type PageMessage, type ReportPanelState } from '../../core/report/report/messages';
import { type SynchronizationSummary } from '../../core/report/shared/panelTypes';
import type { ReportQuery } from '../../core/report/shared/model';
import { LatestRun } from '../../core/report/shared/latestRun';
import { sanitizeSynchronization } from '../../core/report/shared/synchronization';
import { ViewFeed } from '../../core/report/report/viewFeed';
import { applyQuery, isFiltered } from '../../core/report/shared/query';
import { reportExportMeta } from '../../core/report/report/exportTotals';
import { sourceSettingRow } from '../../core/report/report/sourceSettings';
import { streamSynchronizationReport, type ReportPage } from '../../core/report/shared/stream';
import { livePages } from '../../core/report/report/livePages';
import type { WatchSnapshot } from '../../core/synchronization/syncWatch';
import { SignInNeeded } from '../../azure/quietConnection';
import { isLowQuota, type RemainingQuota } from '../../core/arm/rateLimit';
import { REPORT_VIEW_TYPE } from '../viewTypes';
import { createPanel, PanelBase, type PanelDeps } from '../panelBase';
import { saveExport } from '../saveExport';
import type { ReportRecord } from './reportRecord';


export interface ReportPanelDeps extends PanelDeps<ReportPanel> {
  client(): Promise<ArmClient>;
}

/** The tab's title: what it shows, down to the one data set when it was opened on one. */
function title(state: ReportPanelState): string {
  const name = state.target.label ?? state.target.shareSubscriptionName;
  if (!state.synchronizationId) return vscode.l10n.t('Synchronization schedule: {0}', name);
  return state.query.name === undefined ? vscode.l10n.t('Synchronization report: {0}', name) : vscode.l10n.t('Synchronization report: {0} · {1}', name, state.query.name);
}

export class ReportPanel extends PanelBase<ReportPanel, HostMessage, PageMessage> {
  readonly record: ReportRecord;
  /** The rows of the current load and the view of them the page shows, fed to the page as they arrive. */
  private readonly feed: ViewFeed;
  /** Each load gets its own slot: a reload or close aborts what is still paging, and late older results are dropped. */
  private readonly details = new LatestRun();
  private readonly settings = new LatestRun();
  private readonly header = new LatestRun();
  private synchronization: SynchronizationSummary | undefined;
  private settingsMessage: HostMessage | undefined;
  private loadStarted = 0;
  private quotaWarned = false;

  /** A new panel for a share subscription (and synchronization, unless it is a schedule-only view). */
  static create(deps: ReportPanelDeps, state: ReportPanelState, synchronization?: SynchronizationSummary): ReportPanel {
    return new ReportPanel(deps, createPanel(REPORT_VIEW_TYPE, title(state), deps.extensionUri), state, synchronization);
  }

  constructor(
    protected override readonly deps: ReportPanelDeps,
    panel: vscode.WebviewPanel,
    private state: ReportPanelState,
    synchronization?: SynchronizationSummary,
  ) {
    super(panel, deps, { page: 'report', title: title(state), what: 'Synchronization report', isPageMessage });
    this.synchronization = sanitizeSynchronization(synchronization);
    this.feed = new ViewFeed(
      { post: (m) => this.post(m), ready: () => this.pageReady && !this.disposed, onUpdate: () => (this.record.updates += 1) },
      state.query,
    );
    this.record = { target: state.target, synchronizationId: state.synchronizationId, loads: 0, state: 'loading', rowsSent: 0, updates: 0, rowsReceived: 0, pagesRendered: 0, exports: [] };
    if (state.synchronizationId) void this.load();
    void this.loadSettings();
    if (state.synchronizationId && !synchronization) void this.findSynchronization();
  }

  get currentState(): ReportPanelState {
    return this.state;
  }

  /** A load that waited for a sign-in (a restored panel never prompts) runs again once there is one. */
  reloadAfterSignIn(): void {
    if (!this.record.signInNeeded) return;
    void this.load();
    void this.loadSettings();
  }

  protected async onPageMessage(m: PageMessage): Promise<void> {
    switch (m.type) {
      case 'ready':
        return this.onReady();
      case 'pageRendered': {
        // An acknowledgement still on its way from the previous load counts for nothing.
        if (m.load !== this.record.loads) return;
        this.record.rowsReceived += m.rows;
        this.record.pagesRendered += m.pages;
        const elapsed = Date.now() - this.loadStarted;
        this.record.firstPageRenderedMs ??= elapsed;
        this.record.lastPageRenderedMs = elapsed;
        return this.changed();
      }
      case 'viewUpdated': {
        // Only the known fields: the page is untrusted.
        const { shown, domRows, firstCells, injected, summary, meta, hints, tab, tabsShown, filtersShown, nameFilter, legend, chartSizes, detail, filterInputLabel, clippedColumns } = m;
        this.record.view = { shown, domRows, firstCells, injected, summary, meta, hints, tab, tabsShown, filtersShown, nameFilter, legend, chartSizes, detail, filterInputLabel, clippedColumns };
        return this.changed();
      }
      case 'query':
        return this.onQuery(m.query, m.tab);
      case 'window':
        await this.post(this.feed.window(m.start, m.count));
        return;
      case 'chart':
        await this.post({ type: 'chart', top: m.top, ...this.feed.view.chart(m.top) });
        return;
      case 'stop':
        this.details.stop();
        return;
      case 'reload':
        if (this.state.synchronizationId) void this.load();
        void this.loadSettings();
        return;
      case 'export':
        return this.export(m.format);
      case 'copyRow': {
        const row = m.version === this.feed.view.version ? this.feed.view.at(m.index) : undefined;
        if (!row) {
          void vscode.window.setStatusBarMessage(vscode.l10n.t('The rows changed while copying; copy the row again.'), 5000);
          return;
        }
        await vscode.env.clipboard.writeText(JSON.stringify(row, null, 2));
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Row copied as JSON'), 3000);
        return;
      }
    }
  }

  /** A (re)started page: send the state, then everything already held, so a recreated page shows the same. */
  private async onReady(): Promise<void> {
    this.pageReady = false;
    this.record.rowsReceived = 0;
    this.record.pagesRendered = 0;
    await this.post({ type: 'init', state: this.state, synchronization: this.synchronization });
    this.pageReady = true;
    await this.feed.replay();
    if (this.record.state !== 'loading' || this.feed.rows.length > 0) await this.post({ type: 'status', state: this.record.state, message: this.record.error });
    if (this.settingsMessage) await this.post(this.settingsMessage);
    this.changed();
  }

  private onQuery(query: ReportQuery, tab: ReportPanelState['tab']): void {
    // Every load holds the whole synchronization, so any filter and sort is answered from what is held.
    const refilter = JSON.stringify(query) !== JSON.stringify(this.state.query);
    this.state = { ...this.state, query, tab };
    if (refilter) this.feed.setQuery(query);
    // The data set filter removed (or set): the tab says what it shows now.
    this.panel.title = title(this.state);
    this.changed();
  }

  /**
   * A followed synchronization moved: the report of that synchronization shows the rows its watch read (no request
   * of its own) and its new status, until it ends.
   */
  follow(snapshot: WatchSnapshot): void {
    if (this.disposed || snapshot.synchronizationId !== this.state.synchronizationId) return;
    const { synchronizationId, synchronizationMode, status, startTime, endTime, message } = snapshot;
    this.synchronization = sanitizeSynchronization({ synchronizationId, synchronizationMode, status, startTime, endTime, message }) ?? this.synchronization;
    this.record.synchronizationStatus = status;
    this.record.followed = (this.record.followed ?? 0) + 1;
    if (this.pageReady) void this.post({ type: 'init', state: this.state, synchronization: this.synchronization });
    void this.load(livePages(snapshot.details));
  }

  /** Starts (or restarts) streaming the details with the current query; a previous load is aborted. */
  async load(source?: AsyncIterable<ReportPage>): Promise<void> {
    const syncId = this.state.synchronizationId;
    if (!syncId) return;
    const run = this.details.start();
    this.feed.start(this.record.loads + 1);
    this.loadStarted = Date.now();
    Object.assign(this.record, { loads: this.record.loads + 1, state: 'loading', error: undefined, signInNeeded: undefined, rowsSent: 0, updates: 0, rowsReceived: 0, pagesRendered: 0, totals: undefined });
    this.record.firstPageRenderedMs = undefined;
    this.record.lastPageRenderedMs = undefined;
    void this.post({ type: 'reset', load: this.record.loads });
    void this.post({ type: 'status', state: 'loading' });
    this.changed();
    try {
      const client = await this.deps.client();
      if (!run.isCurrent()) return;
      // Always the whole synchronization: the totals describe it, whatever the page filters (also after a reload).
      for await (const page of source ?? streamSynchronizationReport(client, this.state.target, syncId, { query: {}, signal: run.signal })) {
        if (!run.isCurrent()) return;
        this.feed.add(page);
        this.record.rowsSent += page.rows.length;
        this.record.totals = page.totals;
        this.warnIfQuotaLow(page.totals.remaining);
        this.changed();
      }
      if (!run.isCurrent()) return;
      await this.feed.end();
      if (!run.isCurrent()) return;
      this.record.state = 'done';
      await this.post({ type: 'status', state: 'done' });
    } catch (err) {
      if (!run.isCurrent()) return;
      const canceled = run.signal.aborted || (isArmError(err) && err.kind === 'canceled');
      this.record.state = canceled ? 'stopped' : 'error';
      this.record.error = canceled ? undefined : errorMessage(err);
      if (err instanceof SignInNeeded) this.record.signInNeeded = true;
      if (!canceled) this.deps.log.error(`Synchronization report for ${this.state.target.shareSubscriptionName}: ${this.record.error}`);
      // What arrived before the stop or failure stays in the table.
      await this.feed.end();
      await this.post({ type: 'status', state: this.record.state, message: this.record.error });
    } finally {
      if (run.isCurrent()) this.changed();
    }
  }

  /** Once per panel: the listing has nearly spent what ARM allows the subscription, which deploys need too. */
  private warnIfQuotaLow(remaining: RemainingQuota | undefined): void {
    if (this.quotaWarned || !remaining || !isLowQuota(remaining)) return;
    this.quotaWarned = true;
    this.record.quotaWarned = true;
    this.deps.log.warn(
      `Synchronization report for ${this.state.target.shareSubscriptionName}: Azure Resource Manager allows this subscription only ${remaining.count} more ${remaining.kind} for now. Deploys and other changes draw on the same budget and may be throttled until it refills.`,
    );
  }

  /** (Re)reads the schedule settings; a previous read still paging is aborted and its result never shown. */
  private async loadSettings(): Promise<void> {
    const run = this.settings.start();
    let message: HostMessage;
    let rowCount: number | undefined;
    try {
      const client = await this.deps.client();
      const items = await collectAll(listSourceShareSynchronizationSettings(client, this.state.target, { signal: run.signal }));
      const rows = items.map((s) => sourceSettingRow(s));
      message = { type: 'settings', rows };
      rowCount = rows.length;
    } catch (err) {
      message = { type: 'settings', rows: [], error: errorMessage(err) };
    }
    if (!run.isCurrent()) return;
    this.settingsMessage = message;
    if (rowCount !== undefined) this.record.settingsRows = rowCount;
    if (this.pageReady) await this.post(message);
    this.changed();
  }

  /** After a reload the serializer only has the id: fetch the synchronization's own record for the header. */
  private async findSynchronization(): Promise<void> {
    const run = this.header.start();
    try {
      const client = await this.deps.client();
      for await (const page of listSynchronizations(client, this.state.target, { maxPages: 20, signal: run.signal })) {
        if (!run.isCurrent()) return;
        // Only the known, well-typed fields reach the page's header (as rows do).
        const found = page.items.map(sanitizeSynchronization).find((s) => s?.synchronizationId === this.state.synchronizationId);
        if (found) {
          this.synchronization = found;
          if (this.pageReady) await this.post({ type: 'init', state: this.state, synchronization: found });
          return;
        }
      }
    } catch (err) {
      if (run.isCurrent()) this.deps.log.warn(`Synchronization report: could not read the synchronization record: ${errorMessage(err)}`);
    }
  }

  /** Writes the rows the user sees (filters and sort applied) to a file picked with a save dialog. */
  private async export(format: 'csv' | 'json'): Promise<void> {
    const all = this.feed.rows;
    const { query, target, synchronizationId } = this.state;
    const rows = applyQuery(all, query);
    const meta = () => ({ shareSubscriptionName: target.shareSubscriptionName, synchronizationId: synchronizationId ?? '', exportedAt: new Date().toISOString() });
    const path = await saveExport({
      format,
      rows: rows.length,
      title: isFiltered(query)
        ? vscode.l10n.t('Export the {0} rows shown (of {1}) as {2}', rows.length, all.length, format.toUpperCase())
        : vscode.l10n.t('Export {0} rows as {1}', rows.length, format.toUpperCase()),
      shareSubscriptionName: target.shareSubscriptionName,
      suffix: (synchronizationId ?? 'report').slice(0, 8),
      // The JSON states the filter and both sets of totals; the CSV holds only data rows, as spreadsheets expect.
      text: () => (format === 'csv' ? toCsv(rows) : toJson(rows, reportExportMeta(meta(), all, rows, query))),
      log: (m) => this.deps.log.info(m),
      what: 'Synchronization report',
    });
    if (!path) return;
    this.record.exports.push({ path, format, rows: rows.length });
    this.changed();
  }

  /** The panel is going (closed by the user or the extension): end what is still paging. */
  protected onClose(): void {
    this.details.close();
    this.settings.close();
    this.header.close();
  }
}
