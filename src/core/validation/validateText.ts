/** One call for editors and the CLI: detect the format, parse, validate. */
import { detectFormat } from '../definition/detect';
import { DefinitionDocument } from '../definition/document';
import { Finding } from '../definition/types';

export function validateText(text: string, fileName: string): { findings: Finding[]; document: DefinitionDocument } {
  const document = DefinitionDocument.parse(text, detectFormat(fileName, text));
  return { findings: document.diagnostics(), document };
}
