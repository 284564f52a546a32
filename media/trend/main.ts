/**
 * The synchronization trend page: a bar per synchronization (height its duration, colour and outline its
 * status, a marked count of failed data sets above it), oldest on the left, and the same in a table. Each bar
 * and each row opens that synchronization's report. It draws only what the host sends, as text, and posts
 * back only which synchronization to open and what it shows.
 */
import { root, testHooks } from '../shared/page';
import { connectToHost } from '../shared/host';
import { formatDuration } from '../../src/core/report/shared/format';
import { isTrendHostMessage, type TrendHostMessage, type TrendPageMessage, type TrendPageState, type TrendPanelState, type TrendPointView } from '../../src/core/report/trend/trendMessages';
import { el, svg } from '../shared/dom';


const vscode = connectToHost<TrendPageMessage, TrendPanelState>();
const app = root;

const PLOT_HEIGHT = 180;
const TOP = 24;
const AXIS_WIDTH = 72;
const PLOT_WIDTH = 720;
const TICK_HEIGHT = 28;
/** Room on the right for the newest bar's tick, which is centred under it. */
const RIGHT_PAD = 40;
/** Height of the stand-in bar of a synchronization that has no duration yet. */
const PENDING_HEIGHT = 6;

let current: TrendPageState | undefined;
/** What this page saved for a window reload (the host reads the trend again from it). */
let saved: TrendPanelState | undefined;

function open(point: TrendPointView): void {
  vscode.postMessage({ type: 'open', synchronizationId: point.synchronizationId });
}

function activateOnKeys(node: Element, point: TrendPointView): void {
  node.addEventListener('click', () => open(point));
  node.addEventListener('keydown', (e) => {
    const key = (e as KeyboardEvent).key;
    if (key === 'Enter' || key === ' ') {
      e.preventDefault();
      open(point);
    }
  });
}

/** Moves the focus along the bars with the arrow keys (each bar is also in the tab order). */
function arrowKeys(root: SVGSVGElement): void {
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const bars = [...root.querySelectorAll<SVGGElement>('.point')];
    const at = bars.indexOf(document.activeElement as SVGGElement);
    const next = bars[at + (e.key === 'ArrowLeft' ? -1 : 1)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  });
}

function chart(state: TrendPageState): SVGSVGElement {
  const points = state.points;
  const slot = PLOT_WIDTH / Math.max(points.length, 1);
  const barWidth = Math.max(2, Math.min(36, slot * 0.7));
  const max = Math.max(1, ...points.map((p) => p.durationMs ?? 0));
  const width = AXIS_WIDTH + PLOT_WIDTH + RIGHT_PAD;
  const height = TOP + PLOT_HEIGHT + TICK_HEIGHT;
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, width: '100%', class: 'trend-chart', role: 'group', 'aria-label': state.text.chartLabel });
  for (const fraction of [0, 0.5, 1]) {
    const y = TOP + PLOT_HEIGHT - fraction * PLOT_HEIGHT;
    root.appendChild(svg('line', { x1: AXIS_WIDTH, x2: AXIS_WIDTH + PLOT_WIDTH, y1: y, y2: y, class: 'grid-line' }));
    root.appendChild(svg('text', { x: AXIS_WIDTH - 6, y: y + 4, 'text-anchor': 'end', class: 'axis-label' }, formatDuration(max * fraction)));
  }
  // A tick under every few bars so the labels never overlap; the newest always has one.
  const every = Math.ceil(points.length / 10);
  points.forEach((p, i) => {
    const x = AXIS_WIDTH + i * slot + (slot - barWidth) / 2;
    const h = p.durationMs === undefined ? PENDING_HEIGHT : Math.max(2, (p.durationMs / max) * PLOT_HEIGHT);
    const y = TOP + PLOT_HEIGHT - h;
    const g = svg('g', { class: `point kind-${p.kind}`, tabindex: 0, role: 'button', 'aria-label': p.label, 'data-index': i });
    g.appendChild(svg('title', {}, p.label));
    g.appendChild(svg('rect', { x: x.toFixed(1), y: y.toFixed(1), width: barWidth.toFixed(1), height: h.toFixed(1), rx: 1, class: p.durationMs === undefined ? 'bar pending' : 'bar' }));
    if (p.failed !== undefined && p.failed > 0) {
      // A diamond above the bar with the count: the failure shows by shape and number, not colour alone.
      const cx = x + barWidth / 2;
      const cy = y - 9;
      g.appendChild(svg('path', { d: `M ${cx} ${cy - 5} L ${cx + 5} ${cy} L ${cx} ${cy + 5} L ${cx - 5} ${cy} Z`, class: 'failed-mark' }));
      if (slot >= 14) g.appendChild(svg('text', { x: cx, y: cy - 8, 'text-anchor': 'middle', class: 'failed-count' }, String(p.failed)));
    }
    if ((points.length - 1 - i) % every === 0) {
      g.appendChild(svg('text', { x: (x + barWidth / 2).toFixed(1), y: TOP + PLOT_HEIGHT + 16, 'text-anchor': 'middle', class: 'tick' }, p.tick));
    }
    activateOnKeys(g, p);
    root.appendChild(g);
  });
  arrowKeys(root);
  return root;
}

function legend(state: TrendPageState): HTMLElement {
  const list = el('ul', { className: 'legend' });
  for (const entry of state.text.legend) {
    list.appendChild(el('li', { className: 'legend-entry' }, [el('span', { className: `swatch swatch-${entry.kind}`, attrs: { 'aria-hidden': 'true' } }), el('span', { text: entry.text })]));
  }
  return list;
}

function table(state: TrendPageState): HTMLTableElement {
  // Laid out as the report's schedule table.
  const t = el('table', { className: 'schedule-table trend-table' });
  t.appendChild(el('caption', { text: state.text.tableCaption }));
  t.appendChild(el('thead', {}, [el('tr', {}, [...state.text.columns, ''].map((c) => el('th', { text: c, attrs: { scope: 'col' } })))]));
  const body = el('tbody');
  for (const p of state.points) {
    const button = el('button', { className: 'open-report', text: state.text.openReport, attrs: { type: 'button', 'aria-label': `${state.text.openReport}: ${p.label}` } });
    button.addEventListener('click', () => open(p));
    body.appendChild(el('tr', { className: `kind-${p.kind}` }, [...p.cells.map((c) => el('td', { text: c })), el('td', {}, [button])]));
  }
  t.appendChild(body);
  return t;
}

function render(state: TrendPageState): void {
  current = state;
  const children: HTMLElement[] = [el('h1', { text: state.text.heading })];
  if (state.state !== 'loading' && state.state !== 'error') children.push(el('p', { className: 'muted', text: state.text.summary }));
  if (state.text.note) children.push(el('p', { className: state.state === 'error' ? 'note error' : 'note', text: state.text.note, attrs: { role: 'status' } }));
  if (state.points.length > 0) {
    const figure = el('figure', { className: 'trend' });
    figure.appendChild(chart(state));
    figure.appendChild(legend(state));
    children.push(figure, table(state));
  } else if (state.state === 'done') {
    children.push(el('p', { className: 'muted', text: state.text.empty }));
  }
  app.replaceChildren(...children);
  app.setAttribute('aria-busy', String(state.state === 'loading' || state.state === 'counting'));
  report();
}

/** Tells the host what is on screen, as a person (or a screen reader) would read it. */
function report(): void {
  if (!testHooks) return;
  const points = [...app.querySelectorAll<SVGGElement>('.point')];
  vscode.postMessage({
    type: 'viewUpdated',
    points: points.map((p) => p.getAttribute('aria-label') ?? ''),
    focusable: points.filter((p) => p.tabIndex === 0).length,
    marked: points.flatMap((p, i) => (p.querySelector('.failed-mark') ? [i] : [])),
    rows: [...app.querySelectorAll('.trend-table tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(0, -1).map((td) => td.textContent ?? '')),
    legend: [...app.querySelectorAll('.legend-entry')].map((l) => l.textContent ?? ''),
    injected: app.querySelectorAll(':is(img, iframe, object, embed, style, script, link)').length,
    state: current?.state ?? 'loading',
    note: app.querySelector('.note')?.textContent ?? '',
    saved,
  });
}

function onMessage(message: TrendHostMessage): void {
  if (message.type === 'trend') {
    const { state, text, points, error, panelState } = message;
    saved = panelState;
    vscode.setState(panelState);
    render({ state, text, points, error });
    return;
  }
  // As if clicked: the same event a person's click raises.
  if (testHooks) app.querySelectorAll<SVGGElement>('.point')[message.index]?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

window.addEventListener('message', (e: MessageEvent<unknown>) => {
  // The host is trusted, but a page checks what it draws all the same.
  if (isTrendHostMessage(e.data)) onMessage(e.data);
});
vscode.postMessage({ type: 'ready' });
