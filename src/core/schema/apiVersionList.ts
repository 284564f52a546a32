/**
 * The api-versions of container groups the product has a schema for, and the others the specification publishes.
 * Plain data: naming versions (deploy, completion) loads no schema.
 */
import { published, versions } from './generated/versions';

/** The api-version of the base schema (schemas/container-group.schema.json). */
export const SCHEMA_API_VERSION = '2023-05-01';

const generated = versions as Record<string, { stable: boolean; file: string }>;

/** Every api-version with a schema, oldest first, and whether it is a preview. */
export function schemaVersions(): { version: string; preview: boolean }[] {
  return [{ version: SCHEMA_API_VERSION, preview: false }, ...Object.entries(generated).map(([version, e]) => ({ version, preview: !e.stable }))].sort((a, b) =>
    a.version < b.version ? -1 : a.version > b.version ? 1 : 0,
  );
}

/** The version whose schema a generated file name (`container-group-<v>.schema.json`) holds. */
export function versionOfFile(file: string): string | undefined {
  return Object.entries(generated).find(([, e]) => e.file === file)?.[0];
}

/** Other api-versions the specification repository publishes, without a schema here. */
export const publishedVersions: readonly string[] = published;

/** The api-versions whose schema describes a resource type other than container groups (e.g. `…/ngroups`), oldest first. */
export function versionsWithType(type: string): string[] {
  const wanted = type.toLowerCase();
  return schemaVersions()
    .map((v) => v.version)
    .filter((v) => (generated[v] as { types?: string[] } | undefined)?.types?.some((t) => t.toLowerCase() === wanted));
}
