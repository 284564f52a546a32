/**
 * Edit kinds for a definition written the way real ones are (generateDefinition's `real` option): typing an
 * inline list at the start of a line, with and without the editor's auto-closing of brackets and quotes, and
 * typing inside a block scalar. Same step protocol as editKinds.ts.
 */
import { EditKind, EditStep, TextChange } from './editKinds';

/** Containers the scripts edit: away from the planted defects, the digit-edit sites and the aliases. */
const SITES = [150, 450, 650, 850];
const LIST = 'command: ["sh", "-c", "echo hi"]';

const apply = (text: string, c: TextChange): string => text.slice(0, c.offset) + c.insertText + text.slice(c.offset + c.deleteLength);

function containerStart(text: string, i: number): number {
  const at = text.indexOf(`\n    - name: app-${String(i).padStart(4, '0')}\n`);
  if (at < 0) throw new Error(`No container ${i}.`);
  return at + 1;
}

function lineStart(text: string, from: number, prefix: string): number {
  const at = text.indexOf(`\n${prefix}`, from);
  if (at < 0) throw new Error(`No line ${JSON.stringify(prefix)}.`);
  return at + 1;
}

/**
 * The edits that type `typed` at `at`: one character each, or as an editor with auto-closing does it — an
 * opening bracket or quote inserts its pair, and typing a closing character over the one already there only
 * moves the cursor (no edit).
 */
export function typingEdits(at: number, typed: string, autoClose: boolean): TextChange[] {
  const edits: TextChange[] = [];
  let after = ''; // what auto-closing put after the cursor
  let cursor = at;
  let inQuote = false;
  for (const c of typed) {
    if (autoClose && after[0] === c && (c !== '"' || inQuote)) {
      after = after.slice(1);
      cursor++;
      if (c === '"') inQuote = false;
      continue;
    }
    const pair = autoClose ? ({ '[': ']', '{': '}', '"': '"' } as Record<string, string>)[c] : undefined;
    edits.push({ offset: cursor, deleteLength: 0, insertText: pair ? c + pair : c });
    if (pair) after = pair + after;
    if (c === '"') inQuote = !inQuote;
    cursor++;
  }
  return edits;
}

/**
 * Replaces each site's one-line `command` with LIST typed character by character from the start of the
 * line (after its indent); the original line comes back before the next site.
 */
function typedList(autoClose: boolean): (text: string) => () => EditStep {
  return (text) => {
    let t = text;
    let site = 0;
    let queue: TextChange[] = [];
    let restore: { start: number; typedEnd: number; original: string } | undefined;
    return () => {
      const setup: TextChange[] = [];
      if (queue.length === 0) {
        if (restore) {
          const c = { offset: restore.start, deleteLength: restore.typedEnd - restore.start, insertText: restore.original };
          t = apply(t, c);
          setup.push(c);
        }
        const start = lineStart(t, containerStart(t, SITES[site++ % SITES.length]), '        command: ') + 8;
        const end = t.indexOf('\n', start);
        const clear = { offset: start, deleteLength: end - start, insertText: '' };
        restore = { start, typedEnd: start + LIST.length, original: t.slice(start, end) };
        t = apply(t, clear);
        setup.push(clear);
        queue = typingEdits(start, LIST, autoClose);
      }
      const edit = queue.shift()!;
      t = apply(t, edit);
      return { setup, edit };
    };
  };
}

/** Types a new line inside each site's APP_CONFIG block scalar, character by character; removes it afterwards. */
function typedInBlockScalar(text: string): () => EditStep {
  let t = text;
  let site = 0;
  const line = 'gzip on;';
  let typed = line.length;
  let at = -1;
  return () => {
    const setup: TextChange[] = [];
    if (typed === line.length) {
      if (at >= 0) {
        const c = { offset: at - 15, deleteLength: line.length + 15, insertText: '' };
        t = apply(t, c);
        setup.push(c);
      }
      const end = t.indexOf('\n', lineStart(t, containerStart(t, SITES[site++ % SITES.length]), '              log /var/log/app.log;'));
      const open = { offset: end, deleteLength: 0, insertText: '\n' + ' '.repeat(14) };
      t = apply(t, open);
      setup.push(open);
      at = end + 15;
      typed = 0;
    }
    const edit = { offset: at + typed, deleteLength: 0, insertText: line[typed] };
    typed++;
    t = apply(t, edit);
    return { setup, edit };
  };
}

export const REAL_EDIT_KINDS: EditKind[] = [
  { id: 'list', title: 'inline list typed character by character at the start of a line', script: typedList(false) },
  { id: 'list-autoclose', title: 'inline list typed with auto-closing brackets and quotes', script: typedList(true) },
  { id: 'block', title: 'new line typed inside a block scalar', script: typedInBlockScalar },
];
