/**
 * Updates of the view that arrive together are drawn once, in one render per turn of the event loop, and the pages
 * they carried are then acknowledged to the host together (it paces what it sends by these acknowledgements).
 */

/** Pages of one load the host sent and the page has drawn: what an acknowledgement counts. */
export interface PagesDrawn {
  load: number;
  pages: number;
  rows: number;
  pageNumber: number;
}

export class RenderBatch {
  /** Whether every update since the last render only added rows at the end (rows already drawn stay). */
  private appendedOnly = true;
  /** What the next render acknowledges, for which load. */
  private owed: PagesDrawn = { load: 0, pages: 0, rows: 0, pageNumber: 0 };
  private timer = 0;

  constructor(
    private readonly render: (appendedOnly: boolean) => void,
    private readonly acknowledge: (drawn: PagesDrawn) => void,
  ) {}

  /** A new load: acknowledgements still owed are for it. */
  reset(load: number): void {
    this.owed = { load, pages: 0, rows: 0, pageNumber: 0 };
  }

  /** One update (`appended`: it only added rows at the end) with the pages it carried; drawn at the next render. */
  add(update: PagesDrawn, appended: boolean): void {
    this.appendedOnly &&= appended;
    if (update.pages > 0) {
      const same = this.owed.load === update.load;
      this.owed = {
        load: update.load,
        pages: (same ? this.owed.pages : 0) + update.pages,
        rows: (same ? this.owed.rows : 0) + update.rows,
        pageNumber: update.pageNumber,
      };
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    // A timer, not an animation frame: frames stop while the panel is hidden, and the host must hear back anyway.
    this.timer = window.setTimeout(() => {
      this.timer = 0;
      const appendedOnly = this.appendedOnly;
      this.appendedOnly = true;
      // The render first: once the host counts the last acknowledgement, the view it knows is final too.
      this.render(appendedOnly);
      const drawn = this.owed;
      this.owed = { ...drawn, pages: 0, rows: 0, pageNumber: 0 };
      if (drawn.pages > 0) this.acknowledge(drawn);
    }, 0);
  }
}
