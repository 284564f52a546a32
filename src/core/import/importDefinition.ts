/**
 * A definition file for a container group that exists in Azure: its GET (or list item, 2023-05-01) with
 * what Azure sets left out and every secret field holding a `{{secret:NAME}}` placeholder. Deploying the file
 * unchanged sends back the same group. (Import Container Group loads importFields.ts on first use and calls the
 * two steps itself.)
 */
import { importFields } from './importFields';
import { importGroupName, renderImport, type ImportedDefinition, type ImportFormat } from './importRender';

export type { ImportGap, ImportedDefinition, ImportFormat, PlaceholderUse } from './importRender';

/** `name` is used when the resource does not carry one (it always does in Azure's responses). */
export function importDefinition(resource: unknown, format: ImportFormat, name?: string): ImportedDefinition {
  const groupName = importGroupName(resource, name);
  return renderImport(importFields(resource, groupName), format, groupName);
}
