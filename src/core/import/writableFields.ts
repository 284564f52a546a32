/**
 * The settable part of a container group as Azure returns it (GET or a list item) at one api-version: what that
 * version's schema marks read-only (state, instance views, events, FQDN, identity IDs) and what it does not know
 * are left out, so the result can be sent back unchanged at that version.
 */
import { isPlainObject, type PlainObject } from '../definition/plainValues';
import { canonicalKey, definition, resolveRef, type SchemaNode } from '../schema/schemaLookup';

/** Top-level keys a definition carries; id, name and type come from the URL, systemData and etag from Azure. */
const GROUP_KEYS = ['location', 'tags', 'zones', 'identity', 'properties'] as const;

/**
 * `ipAddress.ip` is not marked read-only by the swagger, but Azure assigns it (the GET examples return one
 * for a public group) and a deploy leaves it out of the request, so an imported file does not pin it.
 */
const ASSIGNED_BY_AZURE = new Set(['properties.ipAddress.ip']);

export interface WritableGroup {
  value: PlainObject;
  /** Paths left out because the schema says Azure sets them, or does not know them. */
  dropped: string[];
}

function joinPath(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

/** Schema-less path used for ASSIGNED_BY_AZURE (array indexes left out). */
function shapePath(path: string): string {
  return path.replace(/\[\d+\]/g, '');
}

function strip(value: unknown, schema: SchemaNode | undefined, path: string, dropped: string[]): unknown {
  const s = resolveRef(schema);
  if (Array.isArray(value)) {
    const items = s?.items ? resolveRef(s.items) : undefined;
    return value.filter((v) => v !== null && v !== undefined).map((v, i) => strip(v, items, joinPath(path, i), dropped));
  }
  if (!isPlainObject(value)) return value;
  // A free-form object (extension settings, log metadata): kept as Azure returns it.
  if (!s || (!s.properties && s.additionalProperties === undefined)) return structuredClone(value);
  const out: PlainObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue; // Azure writes unset fields as null.
    const here = joinPath(path, key);
    const known = canonicalKey(s, key);
    const child = known ? resolveRef(s.properties![known]) : typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    if (!child || child.readOnly || ASSIGNED_BY_AZURE.has(shapePath(here))) {
      dropped.push(here);
      continue;
    }
    out[known ?? key] = strip(v, child, here, dropped);
  }
  return out;
}

/** The settable fields of a container group resource, spelled as the schema of `apiVersion` spells them. */
export function writableGroup(resource: unknown, apiVersion: string): WritableGroup {
  const dropped: string[] = [];
  const group = definition('ContainerGroup', apiVersion);
  const value: PlainObject = {};
  if (isPlainObject(resource)) {
    for (const key of GROUP_KEYS) {
      const found = Object.keys(resource).find((k) => k.toLowerCase() === key.toLowerCase());
      const v = found === undefined ? undefined : resource[found];
      if (v !== null && v !== undefined) value[key] = strip(v, group.properties![key], key, dropped);
    }
  }
  return { value, dropped };
}
