/**
 * Validation of a definition document, remembered per document; one cache per edited document, so after an
 * edit only changed containers are checked again. `validateText` is the one call for the CLI: detect the
 * format, parse, validate.
 */
import { detectFormat } from '../definition/detect';
import { DefinitionDocument } from '../definition/document';
import { Finding } from '../definition/types';
import { detachedFinding } from '../definition/shiftFinding';
import { validateParsed, ValidationCache } from './validate';
import type { ParameterFileValues } from '../definition/parameterFiles';

const caches = new WeakMap<object, ValidationCache>();
const findings = new WeakMap<DefinitionDocument, { key: string; findings: Finding[] }>();

/** The container cache shared by every document derived from one by edits (`doc.lineage`). */
export function validationCacheOf(doc: DefinitionDocument): ValidationCache {
  let cache = caches.get(doc.lineage);
  if (!cache) caches.set(doc.lineage, (cache = new ValidationCache()));
  return cache;
}

/**
 * Parse findings plus validation findings, sorted by position; computed once per document (and parameter file: a
 * template is checked with its parameter file's values in place of its parameters).
 */
export function validateDocument(doc: DefinitionDocument, parameterFile?: ParameterFileValues): Finding[] {
  const key = parameterFile?.key ?? '';
  const known = findings.get(doc);
  if (known && known.key === key) return known.findings;
  // Findings keep ranges of their own: a later incremental edit moves the tree's ranges in place.
  const out = validateParsed({ text: doc.text, format: doc.format, root: doc.root, parseDiagnostics: doc.parseDiagnostics, cache: validationCacheOf(doc), parameterFile }).map(detachedFinding);
  findings.set(doc, { key, findings: out });
  return out;
}

export function validateText(text: string, fileName: string, parameterFile?: ParameterFileValues): { findings: Finding[]; document: DefinitionDocument } {
  const document = DefinitionDocument.parse(text, detectFormat(fileName, text));
  return { findings: validateDocument(document, parameterFile), document };
}
