/**
 * Reads a definition file's text into a plain value for display. Editing features use the full document
 * model; the tree only needs the value, or one clear message saying why there is none.
 */
import * as jsonc from 'jsonc-parser';
import { parseDocument } from 'yaml';

export type DefinitionRead = { ok: true; value: unknown } | { ok: false; message: string };

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const col = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${col}`;
}

export function readDefinitionText(text: string, fileName: string): DefinitionRead {
  const isJson = /\.json[c]?$/i.test(fileName);
  if (isJson) {
    const errors: jsonc.ParseError[] = [];
    const value: unknown = jsonc.parse(text, errors, { allowTrailingComma: true, disallowComments: false });
    if (errors.length) {
      const e = errors[0];
      return { ok: false, message: `Invalid JSON at ${lineCol(text, e.offset)}: ${jsonc.printParseErrorCode(e.error)}.` };
    }
    return typeof value === 'object' && value !== null
      ? { ok: true, value }
      : { ok: false, message: 'The file holds no JSON object.' };
  }
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length) {
    const e = doc.errors[0];
    return { ok: false, message: `Invalid YAML at ${lineCol(text, e.pos[0])}: ${e.message.split('\n')[0]}` };
  }
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  return typeof value === 'object' && value !== null
    ? { ok: true, value }
    : { ok: false, message: 'The file holds no YAML mapping.' };
}
