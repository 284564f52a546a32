/** The one way the core reads definition text: the format (from the file name, else the text), then its parser. */
import { detectFormat } from './detect';
import { parseJson } from './jsonParser';
import type { DefinitionFormat, ParseResult } from './types';
import { parseYaml } from './yamlParser';

export interface ParsedDefinitionText extends ParseResult {
  format: DefinitionFormat;
  /** True when YAML anchors, aliases or merge keys are used (incremental re-parse then falls back). */
  usesAliases: boolean;
}

export function parseDefinition(text: string, format: DefinitionFormat): ParsedDefinitionText {
  if (format === 'json') return { format, ...parseJson(text), usesAliases: false };
  const r = parseYaml(text);
  return { format, root: r.root, diagnostics: r.diagnostics, usesAliases: r.usesAliases };
}

export function parseDefinitionFile(text: string, fileName: string): ParsedDefinitionText {
  return parseDefinition(text, detectFormat(fileName, text));
}
