/**
 * The chart's bars come from the host, which holds the rows: asked for when the chart is shown and out of date,
 * one request at a time; an answer for another bar count than the one now chosen asks again.
 */
import type { ChartData } from '../../src/core/report/report/chart';

export interface ChartSource {
  /** Whether the chart is on screen. */
  shown(): boolean;
  /** The bar count chosen. */
  top(): number;
  ask(top: number): void;
  draw(top: number, data: ChartData): void;
}

export class ChartRequests {
  private dirty = true;
  private asked = false;

  constructor(private readonly source: ChartSource) {}

  /** The rows in view changed; the chart follows on the next refresh(). */
  markDirty(): void {
    this.dirty = true;
  }

  /** The rows or the bar count changed: ask now if the chart is shown. */
  invalidate(): void {
    this.dirty = true;
    this.refresh();
  }

  refresh(): void {
    if (!this.dirty || !this.source.shown() || this.asked) return;
    this.dirty = false;
    this.asked = true;
    this.source.ask(this.source.top());
  }

  answer(top: number, data: ChartData): void {
    this.asked = false;
    if (top !== this.source.top()) this.dirty = true;
    else this.source.draw(top, data);
    this.refresh();
  }
}
