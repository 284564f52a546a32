/**
 * "started 3 min ago" is text computed when a row or a notification is drawn: VS Code keeps showing it until it is
 * drawn again, which a running synchronization may not cause for many minutes (no data set finishing). While
 * something runs, one timer redraws it when its words would change (the next minute, or hour past two hours);
 * with nothing running there is no timer.
 */
import type * as vscode from 'vscode';

/** Milliseconds until `ago(iso)` reads differently, or undefined when it never will (no time known). */
export function msUntilAgoChanges(iso: string | undefined, now = Date.now()): number | undefined {
  const t = Date.parse(iso ?? '');
  if (Number.isNaN(t)) return undefined;
  const elapsed = Math.max(0, now - t);
  const step = elapsed < 120 * 60_000 ? 60_000 : 3_600_000;
  return Math.floor(elapsed / step) * step + step - elapsed;
}

export class AgoRefresh implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    /** The start times shown as "ago" by what is running now (none: the timer stops). */
    private readonly shownTimes: () => Array<string | undefined>,
    /** Draws those again. */
    private readonly redraw: () => void,
  ) {}

  /** Called whenever what runs changed: the timer is set for the soonest change of words, or dropped. */
  update(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const waits = this.shownTimes()
      .map((iso) => msUntilAgoChanges(iso))
      .filter((ms): ms is number => ms !== undefined);
    if (waits.length === 0) return;
    // A few ms late, so the clock has surely passed the boundary when the text is computed.
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.redraw();
      this.update();
    }, Math.min(...waits) + 50);
  }

  /** Whether a timer is set (nothing runs when there is none). */
  get active(): boolean {
    return this.timer !== undefined;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
