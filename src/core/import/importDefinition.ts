/**
 * A definition file for a container group that exists in Azure: its GET (or list item, 2023-05-01) with
 * what Azure sets left out and every secret field holding a `{{secret:NAME}}` placeholder. YAML is the
 * `az container create --file` format; JSON is the ARM request body, as "New Container Group Definition"
 * writes them. Deploying the file unchanged sends back the same group.
 */
import { stringify } from 'yaml';
import { isPlainObject, trimmedText, type PlainObject } from '../definition/plainValues';
import { ACI_API_VERSION } from '../services/resourcePaths';
import { addSecretPlaceholders, type ImportGap, type PlaceholderUse, type ReusedNames } from './secretPlaceholders';
import { writableGroup } from './writableFields';

export type { ImportGap, PlaceholderUse, ReusedNames } from './secretPlaceholders';

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

/**
 * `name` is used when the resource does not carry one (it always does in Azure's responses); `reuse` names
 * the secrets the user already stores for fields of this group (from its definition in the view).
 */
export function importDefinition(resource: unknown, format: ImportFormat, name?: string, reuse?: ReusedNames): ImportedDefinition {
  const groupName = trimmedText(isPlainObject(resource) ? resource.name : undefined) ?? name ?? 'container-group';
  const { value, dropped } = writableGroup(resource);
  const { uses, gaps } = addSecretPlaceholders(value, groupName, reuse);
  return { text: render(value, format, groupName), secrets: uses, gaps, dropped };
}

function render(group: PlainObject, format: ImportFormat, name: string): string {
  if (format === 'json') return JSON.stringify(group, null, 2) + '\n';
  // The az CLI reads YAML 1.1, where an unquoted 2023-05-01 is a date and `yes` a boolean: quote as 1.1 needs.
  const file = { apiVersion: ACI_API_VERSION, name, type: CONTAINER_GROUP_TYPE, ...group };
  return stringify(file, { version: '1.1', singleQuote: true, lineWidth: 0 });
}
