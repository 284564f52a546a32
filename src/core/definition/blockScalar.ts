/**
 * Block scalars (`|`, `|-`, `>`, `>-`) for the fast reader: the common forms, read as the `yaml` package reads
 * them (YAML 1.2 §8.1). Undefined for the rest — keep chomping (`+`), indentation indicators, leading blank
 * lines, blank lines holding more spaces than the content's indent, folded lines indented further or ending
 * in spaces — which the full reader handles.
 */

export interface BlockScalar {
  value: string;
  /** End of the node's range: after the last content line's line break (or the text's end). */
  end: number;
  /** Start of the first line after the scalar (trailing blank lines taken in). */
  next: number;
}

/**
 * The block scalar whose header (`|` or `>`) is at `at`; `parentCol` is the column of the collection holding it
 * (content lines must be indented further).
 */
export function readBlockScalar(text: string, at: number, parentCol: number): BlockScalar | undefined {
  const folded = text[at] === '>';
  let h = at + 1;
  let strip = false;
  if (text[h] === '-') {
    strip = true;
    h++;
  }
  let headerEnd = text.indexOf('\n', h);
  if (headerEnd < 0) headerEnd = text.length;
  const rest = text.slice(h, headerEnd);
  // Only spaces, then a comment after at least one space.
  if (!/^(?: *| +#.*)$/.test(rest)) return undefined;
  if (headerEnd >= text.length) return undefined;

  const lines: string[] = [];
  let indent = -1;
  let pos = headerEnd + 1;
  let end = pos; // after the last content line
  while (pos < text.length) {
    let lineEnd = text.indexOf('\n', pos);
    if (lineEnd < 0) lineEnd = text.length;
    let c = pos;
    while (c < lineEnd && text.charCodeAt(c) === 32) c++;
    const spaces = c - pos;
    if (c === lineEnd) {
      // A blank line: content only if a content line follows at the content's indent.
      if (indent < 0 || spaces > indent) return undefined;
      lines.push('');
    } else {
      if (indent < 0) {
        if (spaces <= parentCol) return undefined; // an empty scalar: left to the full reader
        indent = spaces;
      }
      if (spaces < indent) {
        if (spaces > parentCol) return undefined; // less indented than the content, but still inside it
        break;
      }
      const content = text.slice(pos + indent, lineEnd);
      if (folded && (spaces > indent || content.endsWith(' '))) return undefined;
      lines.push(content);
      end = lineEnd < text.length ? lineEnd + 1 : lineEnd;
    }
    pos = lineEnd + 1;
  }
  if (indent < 0) return undefined;
  const next = Math.min(pos, text.length);
  while (lines.at(-1) === '') lines.pop();
  let value = folded ? fold(lines) : lines.join('\n');
  if (!strip && lines.length > 0) value += '\n';
  return { value, end, next };
}

/** Folding: a line break between two text lines becomes a space; each blank line between them a line break. */
function fold(lines: string[]): string {
  let out = '';
  let blanks = 0;
  let first = true;
  for (const line of lines) {
    if (line === '') {
      blanks++;
      continue;
    }
    if (!first) out += blanks > 0 ? '\n'.repeat(blanks) : ' ';
    out += line;
    blanks = 0;
    first = false;
  }
  return out;
}
