/**
 * CSV (RFC 4180) and JSON exports of report rows. CSV cells that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or CR) get a leading apostrophe so they open as text.
 */
import { REPORT_COLUMNS, type ColumnDef, type ReportRow } from './model';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises formula triggers, then quotes per RFC 4180 when the cell holds a comma, quote, CR or LF. */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  // Numbers are data, not formulas: a negative count stays a number.
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Header line of field names, then one line per row; CRLF line breaks as RFC 4180 asks. */
export function toCsv(rows: Iterable<ReportRow>, columns: readonly ColumnDef[] = REPORT_COLUMNS): string {
  const lines = [columns.map((c) => csvCell(c.key)).join(',')];
  for (const row of rows) {
    lines.push(columns.map((c) => csvCell(row[c.key])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface JsonExportMeta {
  shareSubscriptionName: string;
  synchronizationId: string;
  exportedAt: string;
}

/** `{ shareSubscriptionName, synchronizationId, exportedAt, rows: [...] }`, pretty-printed. */
export function toJson(rows: readonly ReportRow[], meta: JsonExportMeta): string {
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
