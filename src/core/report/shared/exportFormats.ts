/**
 * CSV (RFC 4180) and JSON exports of report rows. CSV text that a spreadsheet would run as a formula gets an
 * apostrophe so it opens as text: a cell whose first non-blank character is =, +, - or @, or that starts with
 * a tab or CR, and likewise each part after a `;`, because spreadsheets set to `;`-separated lists split the
 * cell there (the quotes around it do not count once the cell is not the first on its line).
 */
import { REPORT_COLUMNS, type ColumnDef, type ReportRow } from './model';

/** The start of the cell or of a `;`-separated part of it, where the part would run as a formula. */
const FORMULA_AT = /(^|;)(?=\s*[=+\-@]|[\t\r])/g;

/** Neutralises formula triggers, then quotes per RFC 4180 when the cell holds a comma, quote, CR or LF. */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  // Numbers are data, not formulas: a negative count stays a number.
  if (typeof value !== 'number') text = text.replace(FORMULA_AT, "$1'");
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header line of field names, then one line per row; CRLF line breaks as RFC 4180 asks. */
export function toCsv(rows: Iterable<ReportRow>, columns?: readonly ColumnDef[]): string;
/** The same for other rows (a comparison's), with their own columns. */
export function toCsv<T extends object>(rows: Iterable<T>, columns: readonly { key: keyof T & string }[]): string;
export function toCsv(rows: Iterable<object>, columns: readonly { key: string }[] = REPORT_COLUMNS): string {
  const lines = [columns.map((c) => csvCell(c.key)).join(',')];
  for (const row of rows) {
    lines.push(columns.map((c) => csvCell((row as Record<string, unknown>)[c.key])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface JsonExportMeta {
  shareSubscriptionName: string;
  synchronizationId: string;
  exportedAt: string;
}

/** `{ shareSubscriptionName, synchronizationId, exportedAt, rows: [...] }` (or other metadata), pretty-printed. */
export function toJson<M extends object = JsonExportMeta>(rows: readonly object[], meta: M): string {
  return `${JSON.stringify({ ...meta, count: rows.length, rows }, null, 2)}\n`;
}

/** Splits RFC 4180 text into records (used to check exports). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
