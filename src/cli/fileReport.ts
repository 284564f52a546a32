/** One file checked for the CLI: findings with 1-based line/column, secret values already taken out. */
import { readFileSync } from 'node:fs';
import { LineIndex } from '../core/definition/lineCol';
import { DefinitionFormat, Finding } from '../core/definition/types';
import { secretScalars } from '../core/deploy/secretLiterals';
import { validateText } from '../core/validation/validateDocument';
import { redactFindings } from './redactFindings';

/** Positions are 1-based; the end is exclusive (the column after the last character), in UTF-16 code units. */
export type LocatedFinding = Finding & { line: number; column: number; endLine: number; endColumn: number };

export interface FileReport {
  file: string;
  findings: LocatedFinding[];
  readError?: string;
}

/** `readAs` is told the format the file was read as. */
export function checkFile(file: string, readAs?: (format: DefinitionFormat) => void): FileReport {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    return { file, findings: [], readError: (e as NodeJS.ErrnoException).code ?? 'read failed' };
  }
  const { findings, document } = validateText(text, file);
  readAs?.(document.format);
  const index = new LineIndex(text);
  return {
    file,
    findings: redactFindings(findings, secretScalars(document.root, text)).map((f) => {
      const start = index.toLineCol(f.range.start);
      const end = index.toLineCol(f.range.end);
      return { ...f, line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1 };
    }),
  };
}
