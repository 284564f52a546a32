/** Small pieces of markup more than one page builds: options of a drop-down and label/value pairs. */
import '@vscode-elements/elements/dist/vscode-option/index.js';
import { custom, el } from './dom';

export function option(value: string, label: string, selected = false): HTMLElement {
  return custom('vscode-option', selected ? { value, selected: '' } : { value }, label);
}

/** Replaces a definition list's content with label/value pairs (with a class for the value and a tooltip). */
export function fillPairs(list: HTMLElement, pairs: [string, string, string?, string?][]): void {
  // A div per pair is allowed inside dl and keeps label and value together when the grid wraps.
  list.replaceChildren(
    ...pairs.map(([k, v, cls, hint]) =>
      el('div', { className: hint ? 'pair hinted' : 'pair', attrs: hint ? { title: hint } : {} }, [el('dt', { text: k }), el('dd', { text: v, className: cls ?? '' })]),
    ),
  );
}
