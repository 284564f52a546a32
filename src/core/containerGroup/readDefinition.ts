/**
 * Reads a definition file's text into a plain value for display, through the same document model the
 * editor uses, or gives one clear message (with line and column) saying why there is none.
 */
import { parseDefinitionFile } from '../definition/parseDefinition';
import { toLineCol } from '../definition/lineCol';
import { toPlainValue } from '../definition/nodeQuery';

export type DefinitionRead = { ok: true; value: unknown } | { ok: false; message: string };

export function readDefinitionText(text: string, fileName: string): DefinitionRead {
  const parsed = parseDefinitionFile(text, fileName);
  const error = parsed.diagnostics.find((d) => d.severity === 'error');
  const kind = parsed.format === 'json' ? 'JSON' : 'YAML';
  if (error) {
    const at = toLineCol(text, error.range.start);
    return { ok: false, message: `Invalid ${kind} at line ${at.line + 1}, column ${at.column + 1}: ${error.message}` };
  }
  const value = toPlainValue(parsed.root);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { ok: true, value }
    : { ok: false, message: `The file holds no ${kind === 'JSON' ? 'JSON object' : 'YAML mapping'}.` };
}
