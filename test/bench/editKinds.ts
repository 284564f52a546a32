/**
 * The kinds of edits typing produces, as scripts for the editing benchmark. Each script keeps its own copy
 * of the text and yields steps: `setup` edits put the text in place for the next measured edit (applied and
 * validated untimed, e.g. removing a key typed earlier), then the one `edit` that is measured. Steps visit
 * containers in turn, so consecutive measured edits rarely bring a container back to an earlier text.
 */

export interface TextChange {
  offset: number;
  deleteLength: number;
  insertText: string;
}

export interface EditStep {
  setup: TextChange[];
  edit: TextChange;
}

export interface EditKind {
  id: string;
  /** Row label in the table. */
  title: string;
  /** A fresh script over `text` (ours and the peer each get their own). */
  script(text: string): () => EditStep;
}

/** Containers the scripts edit: away from the planted defects and the digit-edit sites. */
const SITES = [150, 450, 650, 850];

class Text {
  constructor(public value: string) {}

  apply(c: TextChange): TextChange {
    this.value = this.value.slice(0, c.offset) + c.insertText + this.value.slice(c.offset + c.deleteLength);
    return c;
  }

  /** Offset of the start of container `i`'s list item line. */
  containerStart(i: number): number {
    const at = this.value.indexOf(`\n    - name: app-${String(i).padStart(4, '0')}\n`);
    if (at < 0) throw new Error(`No container ${i}.`);
    return at + 1;
  }

  /** Offset just after the end of the first line starting with `prefix` after `from` (before its newline). */
  lineEnd(from: number, prefix: string): number {
    const at = this.value.indexOf(`\n${prefix}`, from);
    if (at < 0) throw new Error(`No line ${JSON.stringify(prefix)}.`);
    return this.value.indexOf('\n', at + 1);
  }

  /** Offset of the start of the line starting with `prefix` after `from`. */
  lineStart(from: number, prefix: string): number {
    const at = this.value.indexOf(`\n${prefix}`, from);
    if (at < 0) throw new Error(`No line ${JSON.stringify(prefix)}.`);
    return at + 1;
  }
}

const insert = (offset: number, insertText: string): TextChange => ({ offset, deleteLength: 0, insertText });
const remove = (offset: number, deleteLength: number): TextChange => ({ offset, deleteLength, insertText: '' });

/** Types `line` character by character on a new line after each site's image line; removes it afterwards. */
function typedKey(text: string): () => EditStep {
  const t = new Text(text);
  let site = 0;
  let typed = 0;
  let lineStart = -1;
  let line = '';
  return () => {
    const setup: TextChange[] = [];
    if (lineStart < 0 || typed === line.length) {
      if (lineStart >= 0) setup.push(t.apply(remove(lineStart - 1, line.length + 1)));
      const container = SITES[site++ % SITES.length];
      const at = t.lineEnd(t.containerStart(container), '        image: ');
      line = `        workingDir: /srv/app-${site}`;
      setup.push(t.apply(insert(at, '\n        ')));
      lineStart = at + 1;
      typed = 8;
    }
    const edit = t.apply(insert(lineStart + typed, line[typed]));
    typed++;
    return { setup, edit };
  };
}

/** Enter at the end of a line (with the editor's indent), then the new key in one edit (a completion). */
function enterAndKey(text: string): () => EditStep {
  const t = new Text(text);
  let site = 0;
  let pending: { lineStart: number; line: string } | undefined;
  let added: { lineStart: number; length: number } | undefined;
  return () => {
    const setup: TextChange[] = [];
    if (pending) {
      const { lineStart, line } = pending;
      pending = undefined;
      added = { lineStart, length: line.length };
      return { setup, edit: t.apply(insert(lineStart + 8, line.slice(8))) };
    }
    if (added) setup.push(t.apply(remove(added.lineStart - 1, added.length + 1)));
    const container = SITES[site++ % SITES.length];
    const at = t.lineEnd(t.containerStart(container), '        image: ');
    pending = { lineStart: at + 1, line: `        workingDir: /srv/app-${site}` };
    return { setup, edit: t.apply(insert(at, '\n        ')) };
  };
}

/** Types a comment character by character at the end of an image line; removes it afterwards. */
function typedComment(text: string): () => EditStep {
  const t = new Text(text);
  let site = 0;
  let typed = 0;
  let at = -1;
  let comment = '';
  return () => {
    const setup: TextChange[] = [];
    if (at < 0 || typed === comment.length) {
      if (at >= 0) setup.push(t.apply(remove(at, comment.length)));
      const container = SITES[site++ % SITES.length];
      at = t.lineEnd(t.containerStart(container), '        image: ');
      comment = `  # pinned for release ${site}`;
      typed = 0;
    }
    const edit = t.apply(insert(at + typed, comment[typed]));
    typed++;
    return { setup, edit };
  };
}

/** The whole text of container `i`'s list item (its lines, newline included). */
function containerText(t: Text, i: number): { start: number; text: string } {
  const start = t.containerStart(i);
  const end = t.lineStart(start + 1, '    - name: ');
  return { start, text: t.value.slice(start, end) };
}

/** Pastes a copy of a container (renamed) before the next one; removes it afterwards. */
function pastedContainer(text: string): () => EditStep {
  const t = new Text(text);
  let site = 0;
  let pasted: TextChange | undefined;
  return () => {
    const setup: TextChange[] = [];
    if (pasted) setup.push(t.apply(remove(pasted.offset, pasted.insertText.length)));
    const container = SITES[site++ % SITES.length];
    const source = containerText(t, container);
    const copy = source.text.replace(/app-(\d{4})\n/, `copy-$1-${site}\n`);
    pasted = t.apply(insert(source.start + source.text.length, copy));
    return { setup, edit: pasted };
  };
}

/** Deletes a whole container; puts it back afterwards. */
function deletedContainer(text: string): () => EditStep {
  const t = new Text(text);
  let site = 0;
  let deleted: { start: number; text: string } | undefined;
  return () => {
    const setup: TextChange[] = [];
    if (deleted) setup.push(t.apply(insert(deleted.start, deleted.text)));
    const container = SITES[site++ % SITES.length];
    deleted = containerText(t, container);
    return { setup, edit: t.apply(remove(deleted.start, deleted.text.length)) };
  };
}

/** Changes group-level values in turn: osType (Linux/Windows), then restartPolicy (three values). */
function topLevelValue(text: string): () => EditStep {
  const t = new Text(text);
  const values: [string, string[]][] = [
    ['  osType: ', ['Windows', 'Linux']],
    ['  restartPolicy: ', ['Always', 'Never', 'OnFailure']],
  ];
  let step = 0;
  return () => {
    const [prefix, choices] = values[step % values.length];
    const next = choices[Math.floor(step / values.length) % choices.length];
    step++;
    const start = t.lineStart(0, prefix) + prefix.length;
    const end = t.value.indexOf('\n', start);
    return { setup: [], edit: t.apply({ offset: start, deleteLength: end - start, insertText: next }) };
  };
}

/** Deletes one space of a key's indent (the key no longer lines up), then puts it back. */
function brokenIndent(text: string): () => EditStep {
  const t = new Text(text);
  let site = 0;
  let broken: number | undefined;
  return () => {
    if (broken !== undefined) {
      const edit = t.apply(insert(broken, ' '));
      broken = undefined;
      return { setup: [], edit };
    }
    const container = SITES[site++ % SITES.length];
    const key = ['        resources:', '        ports:', '        command:'][Math.floor(site / SITES.length) % 3];
    broken = t.lineStart(t.containerStart(container), key);
    return { setup: [], edit: t.apply(remove(broken, 1)) };
  };
}

export const EDIT_KINDS: EditKind[] = [
  { id: 'key', title: 'new key, typed character by character', script: typedKey },
  { id: 'enter', title: 'Enter, then a new key', script: enterAndKey },
  { id: 'comment', title: 'comment, typed character by character', script: typedComment },
  { id: 'paste', title: 'paste a whole container', script: pastedContainer },
  { id: 'delete', title: 'delete a whole container', script: deletedContainer },
  { id: 'top', title: 'group-level value (osType, restartPolicy)', script: topLevelValue },
  { id: 'indent', title: 'indentation broken, then restored', script: brokenIndent },
];
