/** Which open documents are container group definitions. Other YAML and JSON files are left alone. */
import * as vscode from 'vscode';
import { isContainerGroupDocument } from '../core/definition/detect';
import { containerGroups } from '../settings/configuration';
import { definitionUri } from '../tree/definitionFiles';

const LANGUAGES = new Set(['yaml', 'json', 'jsonc']);

/** How much of a file's top is read to see whether it declares a container group. */
export const HEAD_LINES = 400;

export const DEFINITION_SELECTOR: vscode.DocumentSelector = [
  { language: 'yaml' },
  { language: 'json' },
  { language: 'jsonc' },
];

/** Named in the settings as some container group's definition file. */
function isConfigured(uri: vscode.Uri): boolean {
  return containerGroups().items.some((t) => definitionUri(t)?.toString() === uri.toString());
}

export function isDefinitionDocument(doc: vscode.TextDocument): boolean {
  if (!LANGUAGES.has(doc.languageId)) return false;
  if (isContainerGroupDocument('', doc.fileName) || isConfigured(doc.uri)) return true;
  // Content check on the head only: the resource type sits near the top of real definitions.
  const head = doc.getText(new vscode.Range(0, 0, Math.min(doc.lineCount, HEAD_LINES), 0));
  return isContainerGroupDocument(head);
}

export function formatOf(doc: vscode.TextDocument): 'yaml' | 'json' {
  return doc.languageId === 'yaml' ? 'yaml' : 'json';
}
