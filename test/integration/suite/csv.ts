// RFC 4180 reading for the export checks, written apart from the extension's own CSV code so a wrong writer
// cannot be confirmed by its own reader.
import * as assert from 'assert';

export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The names of the emulator's hostile rows as an export writes them: markup kept as text, no cell a formula. */
export function assertHostileNamesNeutralised(names: string[]): void {
  assert.ok(names.includes('<img src=x onerror=alert(1)>'), names.join(' | '));
  assert.ok(names.includes(`'=HYPERLINK("http://x")`), names.join(' | '));
  assert.ok(names.every((n) => !/^[=+\-@\t\r]/.test(n)), names.join(' | '));
}
