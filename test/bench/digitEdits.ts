/**
 * One-character edits for the editing benchmark. Each edit bumps one digit of an edit site, visiting the
 * sites in turn and the digits of a site in turn, so a container's text does not come back to an earlier
 * state within 10 × (digits per site) visits of that site: no cache can answer an edit from an earlier one.
 */
import type { EditSite } from './generateDefinition';

export interface CharEdit {
  offset: number;
  deleteLength: 1;
  insertText: string;
  site: EditSite;
}

export class DigitEdits {
  private readonly digits: string[][];
  private readonly visits: number[];
  private next = 0;

  constructor(text: string, private readonly sites: EditSite[]) {
    if (sites.length === 0) throw new Error('No edit sites.');
    this.digits = sites.map((s) => text.slice(s.offset, s.offset + s.length).split(''));
    this.visits = sites.map(() => 0);
    for (const d of this.digits) if (!d.every((c) => c >= '0' && c <= '9')) throw new Error('An edit site holds a non-digit.');
  }

  /** The next edit, to be applied to the text produced by all earlier edits of this sequence. */
  take(): CharEdit {
    const index = this.next++ % this.sites.length;
    const site = this.sites[index];
    const position = this.visits[index]++ % site.length;
    const digits = this.digits[index];
    digits[position] = String((Number(digits[position]) + 1) % 10);
    return { offset: site.offset + position, deleteLength: 1, insertText: digits[position], site };
  }
}
