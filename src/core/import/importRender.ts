/**
 * Writes an imported container group's fields (importFields.ts) as a definition file. YAML is the
 * `az container create --file` format; JSON is the ARM request body with its `apiVersion`, as "New Container Group Definition" writes them.
 */
import { stringify } from 'yaml';
import { isPlainObject, trimmedText, type PlainObject } from '../definition/plainValues';
import type { ImportFields } from './importFields';
import type { ImportGap, PlaceholderUse } from './secretPlaceholders';

export type { ImportGap, PlaceholderUse } from './secretPlaceholders';

export type ImportFormat = 'yaml' | 'json';

const CONTAINER_GROUP_TYPE = 'Microsoft.ContainerInstance/containerGroups';

export interface ImportedDefinition {
  text: string;
  /** The placeholders written, with the field each one fills. */
  secrets: PlaceholderUse[];
  /** Secret settings Azure returns nothing of, to be filled in by hand. */
  gaps: ImportGap[];
  /** Fields of the response left out (read-only or unknown to the schema). */
  dropped: string[];
}

/** `name` is used when the resource does not carry one (it always does in Azure's responses). */
export function importGroupName(resource: unknown, name?: string): string {
  return trimmedText(isPlainObject(resource) ? resource.name : undefined) ?? name ?? 'container-group';
}

export function renderImport(fields: ImportFields, format: ImportFormat, groupName: string): ImportedDefinition {
  return { text: render(fields.value, format, groupName, fields.apiVersion), secrets: fields.secrets, gaps: fields.gaps, dropped: fields.dropped };
}

function render(group: PlainObject, format: ImportFormat, name: string, apiVersion: string): string {
  // The body with the api-version it was read at, so checks and deploy use that version (deploy drops the key).
  if (format === 'json') return JSON.stringify({ apiVersion, ...group }, null, 2) + '\n';
  // The az CLI reads YAML 1.1, where an unquoted 2023-05-01 is a date and `yes` a boolean: quote as 1.1 needs.
  const file = { apiVersion, name, type: CONTAINER_GROUP_TYPE, ...group };
  return stringify(file, { version: '1.1', singleQuote: true, lineWidth: 0 });
}
