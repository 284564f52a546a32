/** The container group JSON Schema read by path: definitions, $ref resolution, property names in any case. */
import schemaJson from '../../../schemas/container-group.schema.json';
import { PathSegment } from '../definition/types';

export type SchemaNode = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  enum?: string[];
  required?: string[];
  readOnly?: boolean;
  description?: string;
};

export const rootSchema = schemaJson as unknown as SchemaNode & { definitions: Record<string, SchemaNode> };
export const SCHEMA_API_VERSION = '2023-05-01';

export function definition(name: string): SchemaNode {
  return rootSchema.definitions[name];
}

/** Follows `$ref`s; sibling annotations (description) of the referring node win. Results are memoized. */
const resolved = new WeakMap<SchemaNode, SchemaNode>();
export function resolveRef(node: SchemaNode | undefined): SchemaNode | undefined {
  if (!node || !node.$ref) return node;
  const hit = resolved.get(node);
  if (hit) return hit;
  let current: SchemaNode | undefined = node;
  let siblings: Record<string, unknown> = {};
  for (let i = 0; current?.$ref && i < 16; i++) {
    const ref: string = current.$ref;
    const rest: Record<string, unknown> = { ...current };
    delete rest.$ref;
    siblings = { ...rest, ...siblings };
    current = rootSchema.definitions[ref.replace('#/definitions/', '')];
  }
  const out = { ...(current ?? {}), ...siblings } as SchemaNode;
  resolved.set(node, out);
  return out;
}

/** The canonical spelling of `key` among the schema's properties (exact, else ignoring case and spaces). */
export function canonicalKey(schema: SchemaNode | undefined, key: string): string | undefined {
  const props = schema?.properties;
  if (!props) return undefined;
  if (Object.prototype.hasOwnProperty.call(props, key)) return key;
  const loose = looseName(key);
  return Object.keys(props).find((k) => looseName(k) === loose);
}

export function looseName(s: string): string {
  return s.toLowerCase().replace(/[\s_-]/g, '');
}

/** The schema of a child: a property (any letter case), a map value or an array item. */
export function childSchema(schema: SchemaNode | undefined, seg: PathSegment): SchemaNode | undefined {
  const s = resolveRef(schema);
  if (!s) return undefined;
  if (typeof seg === 'number') return s.items ? resolveRef(s.items) : undefined;
  const key = canonicalKey(s, seg);
  if (key) return resolveRef(s.properties![key]);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') return resolveRef(s.additionalProperties);
  return undefined;
}

/** Definition that describes a document shape: an ARM template, a YAML file (has apiVersion) or an ARM body. */
export function documentDefinition(path: readonly PathSegment[], hasApiVersion = true): { schema: SchemaNode; rest: readonly PathSegment[] } {
  if (path[0] === 'resources' && path.length >= 2) {
    return { schema: definition('ArmContainerGroupResource'), rest: path.slice(2) };
  }
  return { schema: definition(hasApiVersion ? 'ContainerGroupYamlFile' : 'ContainerGroup'), rest: path };
}

/**
 * The JSON Schema fragment for a path in a definition (property names in any case), `$ref`s resolved
 * one level deep into its properties/items so hover and completion can read them directly.
 */
export function getSchemaForPath(path: readonly PathSegment[]): SchemaNode | undefined {
  const { schema, rest } = documentDefinition(path);
  let s: SchemaNode | undefined = schema;
  for (const seg of rest) {
    s = childSchema(s, seg);
    if (!s) return undefined;
  }
  return expandOneLevel(resolveRef(s));
}

function expandOneLevel(s: SchemaNode | undefined): SchemaNode | undefined {
  if (!s) return s;
  const out: SchemaNode = { ...s };
  if (s.properties) {
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, resolveRef(v) as SchemaNode]));
  }
  if (s.items) out.items = resolveRef(s.items);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') out.additionalProperties = resolveRef(s.additionalProperties);
  return out;
}
