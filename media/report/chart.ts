/** Horizontal bar charts in plain SVG: labels and tooltips are text nodes, colours come from the theme. */
import type { ChartBar } from '../../src/core/report/report/chart';
import { el, svg } from '../shared/dom';
import { l10n } from '../shared/page';

const BAR_HEIGHT = 18;
const GAP = 6;
const LABEL_WIDTH = 240;
const VALUE_WIDTH = 90;
const WIDTH = 720;

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A titled chart of bars, biggest first; `format` turns values into the unit shown. */
export function barChart(title: string, bars: readonly ChartBar[], format: (v: number) => string): HTMLElement {
  const figure = el('figure', { className: 'chart' });
  figure.appendChild(el('figcaption', { text: title }));
  if (bars.length === 0) {
    figure.appendChild(el('p', { className: 'muted', text: l10n.t('No data yet.') }));
    return figure;
  }
  const height = bars.length * (BAR_HEIGHT + GAP);
  const max = Math.max(...bars.map((b) => b.value), 1);
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const root = svg('svg', { viewBox: `0 0 ${WIDTH} ${height}`, width: '100%', role: 'img', 'aria-label': title, preserveAspectRatio: 'xMinYMin meet' });
  root.appendChild(svg('desc', {}, bars.map((b) => `${b.label}: ${format(b.value)}`).join('; ')));
  bars.forEach((bar, i) => {
    const y = i * (BAR_HEIGHT + GAP);
    const g = svg('g', { class: bar.failed ? 'bar failed' : 'bar' });
    const value = `${bar.label}: ${format(bar.value)}`;
    g.appendChild(svg('title', {}, bar.failed ? l10n.t('{0} (failed)', value) : value));
    g.appendChild(svg('text', { x: LABEL_WIDTH - 8, y: y + BAR_HEIGHT - 5, 'text-anchor': 'end', class: 'bar-label' }, truncate(bar.label, 34)));
    const w = Math.max(2, (bar.value / max) * plot);
    g.appendChild(svg('rect', { x: LABEL_WIDTH, y, width: w.toFixed(1), height: BAR_HEIGHT, rx: 2, class: 'bar-rect' }));
    g.appendChild(svg('text', { x: LABEL_WIDTH + w + 6, y: y + BAR_HEIGHT - 5, class: 'bar-value' }, format(bar.value)));
    root.appendChild(g);
  });
  figure.appendChild(root);
  return figure;
}
