/**
 * aci-validate on a Compose file: the conversion as Convert Compose File runs it (with the override beside it,
 * the `.env` file and the process environment; default answers: volumes emptyDir, host names flagged), its
 * findings placed in the files they are in, and the converted definition's own findings from the validator.
 */
import { basename } from 'node:path';
import { LineIndex } from '../core/definition/lineCol';
import type { Finding } from '../core/definition/types';
import { overrideFileFor } from '../core/compose/composeFiles';
import { convertCompose } from '../core/compose/convertCompose';
import { asFinding } from '../core/compose/findings';
import { renderDefinition } from '../core/compose/renderDefinition';
import { validateText } from '../core/validation/validateDocument';
import type { FileReport, LocatedFinding } from './fileReport';
import { readInput } from './readInput';
import { existsSync } from 'node:fs';

const readText = (path: string): string | undefined => {
  if (!existsSync(path)) return undefined;
  const read = readInput(path);
  return read.ok ? read.text : undefined;
};

function located(findings: Finding[], text: string): LocatedFinding[] {
  const index = new LineIndex(text);
  return findings.map((f) => {
    const start = index.toLineCol(f.range.start);
    const end = index.toLineCol(f.range.end);
    return { ...f, line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1 };
  });
}

export function checkComposeFile(file: string, text: string): FileReport[] {
  const override = overrideFileFor(file);
  const overrideText = override === undefined ? undefined : readText(override);
  const files = [{ path: file, text }, ...(override !== undefined && overrideText !== undefined ? [{ path: override, text: overrideText }] : [])];
  const result = convertCompose({ files, env: process.env, readFile: readText });
  // Each service's mapping is no finding for a pipeline: only what changed, was left out or blocks.
  const shown = result.findings.filter((f) => f.kind !== 'mapped');
  const reports: FileReport[] = files.map((f) => ({ file: f.path, findings: located(shown.filter((x) => x.file === f.path).map(asFinding), f.text) }));
  const elsewhere = shown.filter((x) => !files.some((f) => f.path === x.file));
  for (const f of elsewhere) reports[0].findings.push(...located([{ ...asFinding(f), message: `${basename(f.file)}: ${f.message}`, range: { start: 0, end: 0 } }], text));
  if (result.definition) {
    const definition = renderDefinition(result.definition, 'yaml', []);
    const checked = validateText(definition, 'converted.aci.yaml').findings;
    reports[0].findings.push(...located(checked.map((f) => ({ ...f, message: `In the converted definition: ${f.message}`, range: { start: 0, end: 0 }, path: [] })), text));
  }
  for (const r of reports) for (const f of r.findings) delete f.data;
  return reports.filter((r, i) => i === 0 || r.findings.length);
}
