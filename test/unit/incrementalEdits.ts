// The kinds of edits typing produces, as step-by-step edits on a YAML definition's containers, for the
// incremental re-parse's property tests. `a` and `b` pick the container, line and variant.

export interface StepEdit {
  offset: number;
  deleteLength: number;
  insertText: string;
}

export const EDIT_KIND_IDS = ['key', 'enter', 'comment', 'paste', 'delete', 'top', 'indent'] as const;
export type EditKindId = (typeof EDIT_KIND_IDS)[number];

/** Line starts of the `containers` items, and where the last item's lines end. */
function containerSpans(text: string): { starts: number[]; end: number } {
  const key = text.indexOf('containers:\n');
  const firstLine = key + 'containers:\n'.length;
  const indent = /^( *)- /.exec(text.slice(firstLine))![1].length;
  const starts: number[] = [];
  let pos = firstLine;
  while (pos < text.length) {
    const next = text.indexOf('\n', pos);
    const line = text.slice(pos, next < 0 ? text.length : next);
    const lead = line.length - line.trimStart().length;
    if (line.trim() && (lead < indent || (lead === indent && !line.trimStart().startsWith('- ')))) break;
    if (lead === indent && line.trimStart().startsWith('- ')) starts.push(pos);
    pos = next < 0 ? text.length : next + 1;
  }
  return { starts, end: pos };
}

/** Line starts within [from, to). */
function lineStarts(text: string, from: number, to: number): number[] {
  const out: number[] = [];
  for (let p = from; p < to; p = text.indexOf('\n', p) + 1 || to) out.push(p);
  return out;
}

const lineEnd = (text: string, at: number): number => {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
};

/** Indent for a key typed on a new line after the line at `at` (a dash line's item content column). */
function keyIndent(text: string, at: number): string {
  const line = text.slice(at, lineEnd(text, at));
  const m = /^( *)(- +)?/.exec(line)!;
  return ' '.repeat(m[1].length + (m[2]?.length ?? 0));
}

export function editKindSteps(id: EditKindId, text: string, a: number, b: number): StepEdit[] {
  const { starts, end } = containerSpans(text);
  const c = a % starts.length;
  const from = starts[c];
  const to = c + 1 < starts.length ? starts[c + 1] : end;
  const lines = lineStarts(text, from, to);
  const line = lines[b % lines.length];
  const eol = lineEnd(text, line);
  const steps: StepEdit[] = [];
  const type = (at: number, s: string): void => {
    for (let i = 0; i < s.length; i++) steps.push({ offset: at + i, deleteLength: 0, insertText: s[i] });
  };
  switch (id) {
    case 'key': {
      const indent = keyIndent(text, line);
      steps.push({ offset: eol, deleteLength: 0, insertText: '\n' + indent });
      type(eol + 1 + indent.length, ['workingDir: /srv', 'name: x', 'ports: []', 'cpu: 1'][b % 4]);
      break;
    }
    case 'enter': {
      const indent = keyIndent(text, line);
      steps.push({ offset: eol, deleteLength: 0, insertText: '\n' + indent });
      steps.push({ offset: eol + 1 + indent.length, deleteLength: 0, insertText: ['workingDir: /srv', 'image: x', '- port: 1', 'env:'][b % 4] });
      break;
    }
    case 'comment':
      if (b % 2) type(eol, '  # note: x');
      else {
        steps.push({ offset: eol, deleteLength: 0, insertText: '\n' + keyIndent(text, line) });
        type(eol + 1 + keyIndent(text, line).length, '# note');
      }
      break;
    case 'paste': {
      const at = b % (starts.length + 1);
      steps.push({ offset: at < starts.length ? starts[at] : end, deleteLength: 0, insertText: text.slice(from, to) });
      break;
    }
    case 'delete':
      if (starts.length > 1) steps.push({ offset: from, deleteLength: to - from, insertText: '' });
      break;
    case 'top': {
      const values = ['Windows', 'Linux', 'x y', "'q'", '', '1', 'on', '{}'];
      for (const key of ['osType: ', 'name: ']) {
        const at = text.indexOf(`\n${key}`) >= 0 ? text.indexOf(`\n${key}`) + 1 + key.length : text.indexOf(`  ${key}`) + 2 + key.length;
        const current = text.slice(at, lineEnd(text, at));
        steps.push({ offset: at, deleteLength: current.length, insertText: values[(a + b) % values.length] });
        text = text.slice(0, at) + values[(a + b) % values.length] + text.slice(at + current.length);
        b++;
      }
      break;
    }
    case 'indent': {
      const lead = text.slice(line, eol).length - text.slice(line, eol).trimStart().length;
      const k = Math.min(lead, 1 + (a % 3));
      for (let i = 0; i < k; i++) steps.push({ offset: line, deleteLength: 1, insertText: '' });
      for (let i = 0; i < k; i++) steps.push({ offset: line, deleteLength: 0, insertText: ' ' });
      break;
    }
  }
  return steps;
}

/**
 * Lines inside anchored block nodes: those below a line ending in an anchor (`key: &name`, `- &name`), more
 * indented than it. Their copies made by aliases elsewhere must follow each edit.
 */
export function anchoredLines(text: string): number[] {
  const out: number[] = [];
  let anchorIndent = -1;
  for (let pos = 0; pos < text.length; pos = lineEnd(text, pos) + 1) {
    const line = text.slice(pos, lineEnd(text, pos));
    if (!line.trim()) continue;
    const lead = line.length - line.trimStart().length;
    if (anchorIndent >= 0 && lead > anchorIndent) out.push(pos);
    else anchorIndent = -1;
    if (/(?:^|\s)&[^\s[\]{},]+\s*$/.test(line)) anchorIndent = lead;
  }
  return out;
}

/** Typing, replacing and deleting in a value on a line inside an anchored node (`a`, `b` pick line and edit). */
export function anchoredEditSteps(text: string, a: number, b: number): StepEdit[] {
  const lines = anchoredLines(text);
  if (!lines.length) return [];
  const line = lines[a % lines.length];
  const eol = lineEnd(text, line);
  const colon = text.indexOf(': ', line);
  const valueAt = colon >= 0 && colon < eol ? colon + 2 : eol;
  const steps: StepEdit[] = [];
  switch (b % 4) {
    case 0:
      for (const [i, ch] of [...'64'].entries()) steps.push({ offset: eol + i, deleteLength: 0, insertText: ch });
      break;
    case 1:
      steps.push({ offset: valueAt, deleteLength: eol - valueAt, insertText: ['64', 'x y', "'q'", '[1, 2]', ''][a % 5] });
      break;
    case 2:
      if (eol > valueAt) steps.push({ offset: eol - 1, deleteLength: 1, insertText: '' });
      break;
    case 3: {
      const indent = ' '.repeat(text.slice(line, eol).length - text.slice(line, eol).trimStart().length);
      steps.push({ offset: eol, deleteLength: 0, insertText: `\n${indent}extra: 1` });
      break;
    }
  }
  return steps;
}
