/**
 * The synchronization trend panel (host side): lists a share subscription's synchronizations, keeps the last
 * N, then counts each one's failed data sets (a few at a time, newest first) and redraws as counts arrive. A
 * point the page opens becomes the report of that synchronization. One instance per open panel.
 */
import * as vscode from 'vscode';
import { SignInNeeded } from '../../azure/quietConnection';
import type { ArmClient } from '../../core/arm/client';
import { errorMessage } from '../../core/arm/errors';
import { LatestRun } from '../../core/report/shared/latestRun';
import { buildTrend, countingOrder } from '../../core/report/trend/trend';
import { countFailedDataSets, countFailures, type FailureResult } from '../../core/report/trend/trendFailures';
import { isTrendPageMessage, type TrendHostMessage, type TrendPageMessage, type TrendPanelState } from '../../core/report/trend/trendMessages';
import type { ShareSubscriptionTarget } from '../../core/settings/model';
import { TREND_VIEW_TYPE } from '../viewTypes';
import { createPanel, PanelBase, type PanelDeps } from '../panelBase';
import type { TrendRecord } from './trendRecord';
import { pageText, pointViews, trendTitle } from './trendText';


export interface TrendPanelDeps extends PanelDeps<TrendPanel> {
  client(): Promise<ArmClient>;
  /** The share subscription's synchronization records (every page). */
  listSynchronizations(target: ShareSubscriptionTarget, signal: AbortSignal): Promise<unknown[]>;
  openReport(target: ShareSubscriptionTarget, synchronizationId: string): Thenable<unknown>;
}

function nameOf(target: ShareSubscriptionTarget): string {
  return target.label ?? target.shareSubscriptionName;
}

export class TrendPanel extends PanelBase<TrendPanel, TrendHostMessage, TrendPageMessage> {
  readonly record: TrendRecord;
  private readonly run = new LatestRun();

  /** A new panel showing the last `count` synchronizations of `target`. */
  static create(deps: TrendPanelDeps, state: TrendPanelState): TrendPanel {
    return new TrendPanel(deps, createPanel(TREND_VIEW_TYPE, trendTitle(nameOf(state.target)), deps.extensionUri), state);
  }

  /** Also for a panel VS Code restores after a reload: it gets a new page and reads the trend again. */
  constructor(
    protected override readonly deps: TrendPanelDeps,
    panel: vscode.WebviewPanel,
    private readonly state: TrendPanelState,
  ) {
    super(panel, deps, { page: 'trend', title: trendTitle(nameOf(state.target)), what: 'Synchronization trend', isPageMessage: isTrendPageMessage });
    this.record = { target: state.target, count: state.count, state: 'loading', points: [], listed: 0, failuresCounted: 0, failureErrors: 0, pageLoads: 0, opened: [] };
    void this.load();
  }

  private get target(): ShareSubscriptionTarget {
    return this.state.target;
  }

  protected onClose(): void {
    this.run.close();
  }

  /** The whole state, each time: a trend is small, and a page that (re)starts needs nothing else. */
  private show(): void {
    this.changed();
    if (!this.pageReady) return;
    const r = this.record;
    void this.post({ type: 'trend', panelState: this.state, state: r.state, error: r.error, text: pageText(nameOf(this.target), r), points: pointViews(r.points) });
  }

  protected async onPageMessage(raw: TrendPageMessage): Promise<void> {
    switch (raw.type) {
      case 'ready':
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
}
