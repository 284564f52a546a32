/** One file checked for the CLI: findings with 1-based line/column, secret values already taken out. */
import { LineIndex } from '../core/definition/lineCol';
import { DefinitionFormat, Finding } from '../core/definition/types';
import { secretScalars } from '../core/deploy/secretLiterals';
import { validateText } from '../core/validation/validateDocument';
import { readInput } from './readInput';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { parameterFileCandidates, readParameterFileValues, type ParameterFileValues } from '../core/definition/parameterFiles';

/** A template's parameter file beside it (`NAME.parameters.json`, else `azuredeploy.parameters.json`), read under the same limits. */
function parameterFileOf(file: string, text: string): ParameterFileValues | undefined {
  if (file === '-' || !/"resources"\s*:/.test(text)) return undefined;
  for (const candidate of parameterFileCandidates(file)) {
    if (!existsSync(candidate)) continue;
    const read = readInput(candidate);
    return read.ok ? readParameterFileValues(read.text, basename(candidate)) : undefined;
  }
  return undefined;
}
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
  const read = readInput(file);
  if (!read.ok) return { file, findings: [], readError: read.reason };
  const text = read.text;
  const { findings, document } = validateText(text, file, parameterFileOf(file, text));
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
