/**
 * What an api-version adds or drops compared with another: which newer version first has a property the file's
 * version lacks, and which properties a move to another version loses.
 */
import { PathSegment } from '../definition/types';
import { canonicalKey, childSchema, definition, resolveRef, schemaDefinitions, schemaVersions, SchemaNode } from './schemaLookup';

/** The schema at `path` below definition `def` of `version`. */
function schemaIn(version: string, def: string, path: readonly PathSegment[]): SchemaNode | undefined {
  let s: SchemaNode | undefined = definition(def, version);
  for (const seg of path) {
    s = childSchema(s, seg);
    if (!s) return undefined;
  }
  return resolveRef(s);
}

/**
 * The oldest api-version newer than `from` whose schema has property `key` at `path` (below definition `def`);
 * stable versions before previews. Loads those versions' schemas, so it runs only for a property `from` lacks.
 */
export function versionAdding(def: string, path: readonly PathSegment[], key: string, from: string): string | undefined {
  const newer = schemaVersions().filter((v) => v.version > from);
  for (const v of [...newer.filter((x) => !x.preview), ...newer.filter((x) => x.preview)]) {
    const parent = schemaIn(v.version, def, path);
    if (parent && !parent.additionalProperties && canonicalKey(parent, key)) return v.version;
  }
  return undefined;
}

/** Properties (as `Definition.property`) that `from` has and `to` does not: what moving to `to` drops. */
export function propertiesDropped(from: string, to: string): string[] {
  const a = schemaDefinitions(from) ?? {};
  const b = schemaDefinitions(to) ?? {};
  const out: string[] = [];
  for (const [name, def] of Object.entries(a)) {
    const other = b[name];
    if (!def.properties || !other?.properties) continue;
    for (const key of Object.keys(def.properties)) if (!(key in other.properties)) out.push(`${name}.${key}`);
  }
  return out;
}
