/** Prints benchmark rows as one plain-text table, or as JSON for machines. */
import type { Figure, Row } from './results';

export interface RunInfo {
  [key: string]: string | number | boolean;
}

function ms(n: number): string {
  if (n >= 1000) return `${(n / 1000).toFixed(2)} s`;
  if (n >= 100) return `${n.toFixed(0)} ms`;
  if (n >= 10) return `${n.toFixed(1)} ms`;
  return `${n.toFixed(2)} ms`;
}

function formatValue(n: number, unit: string): string {
  if (unit === 'ms') return ms(n);
  if (unit === 'bytes') return n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`;
  if (unit === '%') return `${n.toFixed(1)} %`;
  return unit ? `${n} ${unit}` : String(n);
}

export function formatFigure(f: Figure | undefined): string {
  if (!f) return '';
  switch (f.kind) {
    case 'timing':
      return `${ms(f.timing.p50)} / ${ms(f.timing.p95)} (n=${f.timing.n})`;
    case 'value':
      return formatValue(f.value, f.unit);
    case 'text':
      return f.text;
    case 'na':
      return 'n/a';
  }
}

const COLUMNS = ['Benchmark', 'Ours', 'Peer', 'Speedup', 'Target', 'Met'] as const;

function cells(row: Row): string[] {
  const met = row.met === undefined ? '' : row.met ? 'yes' : 'NO';
  const speed = row.speedup === undefined ? '' : `${row.speedup >= 10 ? row.speedup.toFixed(0) : row.speedup.toFixed(1)}×`;
  return [row.name, formatFigure(row.ours), formatFigure(row.peer), speed, row.target ?? '', met];
}

export function renderTable(rows: Row[], info: RunInfo, peerName: string): string {
  const header = COLUMNS.map((c) => (c === 'Peer' ? `Peer (${peerName})` : c));
  const body = rows.map(cells);
  const sectionWidth = Math.max(...rows.map((r) => r.section.length + 4));
  const widths = header.map((h, i) => Math.max(h.length, i === 0 ? sectionWidth : 0, ...body.map((r) => r[i].length)));
  const line = (r: string[]): string => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const out: string[] = [];
  out.push(Object.entries(info).map(([k, v]) => `${k}: ${v}`).join('\n'));
  out.push('Timings: p50 / p95 over n measured runs after warm-up (performance.now()). Speedup = peer p50 / ours p50.');
  out.push('');
  out.push(line(header));
  out.push(rule);
  let section = '';
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].section !== section) {
      section = rows[i].section;
      out.push(line([`**${section}**`, '', '', '', '', '']));
    }
    out.push(line(body[i]));
  }
  const notes = rows.filter((r) => r.note);
  if (notes.length) {
    out.push('');
    out.push('Notes:');
    for (const r of notes) out.push(`- ${r.name}: ${r.note}`);
  }
  return out.join('\n');
}

export function renderJson(rows: Row[], info: RunInfo): string {
  return JSON.stringify({ info, rows }, null, 2);
}
