/**
 * A definition file for a container group that exists in Azure: its GET (or list item) with
 * what Azure sets left out and every secret field holding a `{{secret:NAME}}` placeholder. Deploying the file
 * unchanged sends back the same group. (Import Container Group loads importFields.ts on first use and calls the
 * two steps itself.)
 */
import { importFields } from './importFields';
import { importGroupName, renderImport, type ImportedDefinition, type ImportFormat } from './importRender';
import type { ReusedNames } from './secretPlaceholders';

export type { ImportGap, ImportedDefinition, ImportFormat, PlaceholderUse } from './importRender';
export type { ReusedNames } from './secretPlaceholders';

/**
 * `name` is used when the resource does not carry one (it always does in Azure's responses); `reuse` names
 * the secrets the user already stores for fields of this group (from its definition in the view).
 */
export function importDefinition(resource: unknown, format: ImportFormat, name?: string, reuse?: ReusedNames, apiVersion?: string): ImportedDefinition {
  const groupName = importGroupName(resource, name);
  return renderImport(importFields(resource, groupName, reuse, apiVersion), format, groupName);
}
