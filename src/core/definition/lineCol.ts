/** Offset ↔ line/column conversion (zero-based lines and UTF-16 columns, like LSP and VS Code). */

export interface LineCol {
  line: number;
  column: number;
}

export class LineIndex {
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    }
  }

  toLineCol(offset: number): LineCol {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let loStart = 0; // lineStarts[0]
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const start = this.lineStarts[mid];
      if (start === undefined || start > clamped) hi = mid - 1;
      else {
        lo = mid;
        loStart = start;
      }
    }
    return { line: lo, column: clamped - loStart };
  }

  toOffset(line: number, column: number): number {
    if (line < 0) return 0;
    const start = this.lineStarts[line];
    if (start === undefined) return this.text.length; // past the last line
    return Math.min(start + Math.max(0, column), this.text.length);
  }
}

/** One-off conversion; build a LineIndex when converting many offsets of the same text. */
export function toLineCol(text: string, offset: number): LineCol {
  return new LineIndex(text).toLineCol(offset);
}
