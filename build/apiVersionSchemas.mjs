// Builds the container group JSON Schema of each newer stable api-version from the published swagger definitions
// pinned in schemas/specs/ (sources.json names repository, path and commit). 2023-05-01 is the base
// (schemas/container-group.schema.json): a version's schema is the base with the definitions its swagger
// changes or adds, converted to JSON Schema. Properties the base already has keep the base's schema (its own
// rules: colon-free mountPath, gitRepo directory, documented spellings); properties new in a version are marked
// `x-addedIn`; `required` follows the version's swagger. Container group profiles and NGroups join a version's
// schema where it pins them (build/resourceTypeSchemas.mjs).
// build/compileSchema.mjs writes each version's schema as a module (src/core/schema/generated/containerGroupSchema-
// <version>.ts) and its validators (src/core/validation/generated/schemaValidators-<version>.ts); the $id and $refs
// name schemaFileName(version) so every version resolves in its own file. Not committed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addResourceTypes } from './resourceTypeSchemas.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const specsDir = join(root, 'schemas', 'specs');
export const baseSchemaFile = join(root, 'schemas', 'container-group.schema.json');

/** File name (and $id tail) of a version's schema; its $refs name it so several versions can live side by side. */
export const schemaFileName = (version) => `container-group-${version}.schema.json`;

/** The pinned versions: { version: { stable, file, source, resourceTypes? } }. */
export function pinnedVersions() {
  return JSON.parse(readFileSync(join(specsDir, 'sources.json'), 'utf8')).versions;
}

/** Other published api-versions, without a schema here. */
export function publishedVersions() {
  return JSON.parse(readFileSync(join(specsDir, 'sources.json'), 'utf8')).published.versions;
}

// Swagger formats ajv does not know and validation does not need: the service checks them itself.
const DROPPED_FORMATS = new Set(['password', 'arm-id', 'uri']);

/** One swagger schema node as JSON Schema (draft-07), with this project's annotations. */
function convert(node) {
  if (!node || typeof node !== 'object') return node;
  const out = {};
  if (node.$ref) out.$ref = node.$ref;
  if (node.type) out.type = node.type;
  if (node.format && !DROPPED_FORMATS.has(node.format)) out.format = node.format;
  if (node.enum) {
    out.enum = node.enum;
    const values = node['x-ms-enum']?.values;
    if (values) {
      out.enumDescriptions = node.enum.map((v) => values.find((x) => x.value === v)?.description ?? v);
      out.markdownEnumDescriptions = out.enumDescriptions;
    }
  }
  if (node.description) {
    out.description = node.description;
    out.markdownDescription = node.description;
  }
  if (node.readOnly) out.readOnly = true;
  if (node.default !== undefined) out.default = node.default;
  if (node.items) out.items = convert(node.items);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') out.additionalProperties = convert(node.additionalProperties);
  if (node.properties) {
    out.type ??= 'object';
    out.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, convert(v)]));
  }
  if (node.required) out.required = node.required;
  return out;
}

/** Merges a converted definition into the base's: the base keeps its property schemas, the version adds its own. */
function merge(base, next, version) {
  if (!base || !base.properties || !next.properties) return next;
  const properties = {};
  for (const [key, schema] of Object.entries(next.properties)) properties[key] = base.properties[key] ?? { ...schema, 'x-addedIn': version };
  const out = { ...base, properties };
  if (next.required) out.required = next.required;
  else delete out.required;
  return out;
}

/** Rewrites `#/definitions/X` to `<file>#/definitions/X` throughout, so a ref always resolves in its own version. */
function qualifyRefs(node, file) {
  if (Array.isArray(node)) return node.map((n) => qualifyRefs(n, file));
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${file}${value}` : qualifyRefs(value, file);
  }
  return out;
}

/**
 * This project's rules on top of a version's swagger. A group not made from a container group profile names its
 * osType: the swagger stopped requiring it when profiles came (the profile supplies it, as in the published
 * ContainerGroupCreateOrUpdateStandbyPool example), but without one the service answers InvalidOsType.
 */
function addProjectRules(definitions) {
  const props = definitions.ContainerGroupPropertiesProperties;
  if (props?.properties?.containerGroupProfile && !props.required?.includes('osType')) {
    definitions.ContainerGroupPropertiesProperties = { ...props, if: { not: { required: ['containerGroupProfile'] } }, then: { required: ['osType'] } };
  }
}

/** The JSON Schema of one pinned api-version. */
export function versionSchema(version, base = JSON.parse(readFileSync(baseSchemaFile, 'utf8'))) {
  const entry = pinnedVersions()[version];
  if (!entry) throw new Error(`No pinned specification for api-version ${version}`);
  const swagger = JSON.parse(readFileSync(join(specsDir, entry.file), 'utf8'));
  const definitions = { ...base.definitions };
  for (const [name, def] of Object.entries(swagger)) {
    const converted = convert(def);
    definitions[name] = base.definitions[name] ? merge(base.definitions[name], converted, version) : { ...converted, 'x-addedIn': version };
  }
  addProjectRules(definitions);
  if (entry.resourceTypes) {
    const types = JSON.parse(readFileSync(join(specsDir, entry.resourceTypes.file), 'utf8'));
    addResourceTypes(definitions, Object.fromEntries(Object.entries(types).map(([name, def]) => [name, convert(def)])), version);
  }
  const file = schemaFileName(version);
  const schema = {
    ...base,
    $id: base.$id.replace(/[^/]+$/, file),
    title: `Azure Container Instances container group (Microsoft.ContainerInstance ${version}${entry.stable ? '' : ', preview'})`,
    definitions,
  };
  return qualifyRefs(schema, file);
}
