/**
 * The synchronization trend panel (host side): lists a share subscription's synchronizations, keeps the last
 * N, then counts each one's failed data sets (a few at a time, newest first) and redraws as counts arrive. A
 * point the page opens becomes the report of that synchronization. One instance per open panel.
 */
import * as vscode from 'vscode';
import { SignInNeeded } from '../../azure/quietConnection';
import type { ArmClient } from '../../core/arm/client';
import { errorMessage } from '../../core/arm/errors';
import { LatestRun } from '../../core/report/latestRun';
import { buildTrend, countingOrder } from '../../core/report/trend';
import { countFailedDataSets, countFailures, type FailureResult } from '../../core/report/trendFailures';
import { isTrendPageMessage, type TrendHostMessage, type TrendPanelState } from '../../core/report/trendMessages';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import { reportHtml, reportWebviewOptions } from '../report/reportHtml';
import { PanelHost } from '../panelHost';
import type { TrendRecord } from './trendRecord';
import { pageText, pointViews, trendTitle } from './trendText';

export const TREND_VIEW_TYPE = 'aciDataShare.synchronizationTrend';

export interface TrendPanelDeps {
  extensionUri: vscode.Uri;
  client(): Promise<ArmClient>;
  /** The share subscription's synchronization records (every page). */
  listSynchronizations(target: ShareSubscriptionTarget, signal: AbortSignal): Promise<unknown[]>;
  openReport(target: ShareSubscriptionTarget, synchronizationId: string): Thenable<unknown>;
  log: { warn(m: string): void; error(m: string): void };
  /** Called whenever a panel's record changes (the test hooks listen). */
  onRecord(panel: TrendPanel): void;
}

function nameOf(target: ShareSubscriptionTarget): string {
  return target.label ?? target.shareSubscriptionName;
}

export class TrendPanel implements vscode.Disposable {
  readonly record: TrendRecord;
  private readonly host: PanelHost<TrendHostMessage>;
  private readonly run = new LatestRun();
  private pageReady = false;

  /** A new panel showing the last `count` synchronizations of `target`. */
  static create(deps: TrendPanelDeps, state: TrendPanelState): TrendPanel {
    const panel = vscode.window.createWebviewPanel(TREND_VIEW_TYPE, trendTitle(nameOf(state.target)), vscode.ViewColumn.Active, reportWebviewOptions(deps.extensionUri));
    return new TrendPanel(deps, panel, state);
  }

  /** Also for a panel VS Code restores after a reload: it gets a new page and reads the trend again. */
  constructor(
    private readonly deps: TrendPanelDeps,
    panel: vscode.WebviewPanel,
    private readonly state: TrendPanelState,
  ) {
    const title = trendTitle(nameOf(state.target));
    this.record = { target: state.target, count: state.count, state: 'loading', points: [], listed: 0, failuresCounted: 0, failureErrors: 0, pageLoads: 0, opened: [] };
    this.host = new PanelHost(panel, (m) => void this.onMessage(m), () => this.run.close());
    panel.title = title;
    panel.webview.options = reportWebviewOptions(deps.extensionUri);
    panel.webview.html = reportHtml(panel.webview, deps.extensionUri, title, 'trend');
    void this.load();
  }

  get panel(): vscode.WebviewPanel {
    return this.host.panel;
  }

  private get target(): ShareSubscriptionTarget {
    return this.state.target;
  }

  post(message: TrendHostMessage): Thenable<boolean> {
    return this.host.post(message);
  }

  private changed(): void {
    this.deps.onRecord(this);
  }

  /** The whole state, each time: a trend is small, and a page that (re)starts needs nothing else. */
  private show(): void {
    this.changed();
    if (!this.pageReady) return;
    const r = this.record;
    void this.post({ type: 'trend', panelState: this.state, state: r.state, error: r.error, text: pageText(nameOf(this.target), r), points: pointViews(r.points) });
  }

  private async onMessage(raw: unknown): Promise<void> {
    if (!isTrendPageMessage(raw)) {
      this.deps.log.warn('Synchronization trend: ignored a malformed message from the page.');
      return;
    }
    switch (raw.type) {
      case 'ready':
        this.pageReady = true;
        this.record.pageLoads++;
        this.record.view = undefined;
        return this.show();
      case 'viewUpdated': {
        // Only the known fields: the page is untrusted.
        const { points, focusable, marked, rows, legend, injected, state, note, saved } = raw;
        this.record.view = { points, focusable, marked, rows, legend, injected, state, note, saved };
        return this.changed();
      }
      case 'open': {
        // Only a synchronization this trend shows: the page cannot name any other.
        const point = this.record.points.find((p) => p.synchronizationId === raw.synchronizationId);
        if (!point) {
          this.deps.log.warn('Synchronization trend: the page asked for a synchronization it does not show.');
          return;
        }
        this.record.opened.push(point.synchronizationId);
        this.changed();
        await this.deps.openReport(this.target, point.synchronizationId);
        return;
      }
    }
  }

  /** Lists the synchronizations, shows the last N at once, then counts their failed data sets. */
  async load(): Promise<void> {
    const ticket = this.run.start();
    Object.assign(this.record, { state: 'loading', error: undefined, signInNeeded: undefined, points: [], listed: 0, failuresCounted: 0, failureErrors: 0 });
    this.show();
    try {
      const raw = await this.deps.listSynchronizations(this.target, ticket.signal);
      if (!ticket.isCurrent()) return;
      const trend = buildTrend(raw, this.record.count);
      Object.assign(this.record, { points: trend.points, listed: trend.listed, state: trend.points.length > 0 ? 'counting' : 'done' });
      this.show();
      if (trend.points.length === 0) return;
      const client = await this.deps.client();
      const onResult = (result: FailureResult): void => {
        if (!ticket.isCurrent()) return;
        const point = this.record.points.find((p) => p.synchronizationId === result.synchronizationId);
        if (!point) return;
        if ('failed' in result) {
          point.failedDataSets = result.failed;
          this.record.failuresCounted++;
        } else {
          this.record.failureErrors++;
          this.deps.log.warn(`Synchronization trend of ${this.target.shareSubscriptionName}: could not count the failed data sets of ${result.synchronizationId}: ${errorMessage(result.error)}`);
        }
        this.show();
      };
      const count = (id: string) => countFailedDataSets(client, this.target, id, ticket.signal);
      await countFailures(countingOrder(trend.points), count, onResult, { signal: ticket.signal });
      if (!ticket.isCurrent()) return;
      this.record.state = 'done';
      this.show();
    } catch (err) {
      if (!ticket.isCurrent()) return;
      Object.assign(this.record, { state: 'error', error: errorMessage(err), signInNeeded: err instanceof SignInNeeded || undefined });
      this.deps.log.error(`Synchronization trend of ${this.target.shareSubscriptionName}: ${this.record.error}`);
      this.show();
    }
  }

  /** A sign-in happened: a trend that was waiting for one loads now. */
  reloadAfterSignIn(): void {
    if (this.record.signInNeeded) void this.load();
  }

  dispose(): void {
    this.host.dispose();
  }
}
