/**
 * Schema lookup for one position of a definition, by the document's shape: an ARM template (the
 * container group is `resources[i]`), an `az container create --file` YAML file, or an ARM body (JSON).
 * Shared by completion, hover and symbols; reads only the few nodes on the path.
 */
import { DefinitionDocument, DefinitionNode, findProperty, PathSegment } from '../definition';
import { childSchema, definition, looseName, resolveRef, SchemaNode } from './schemaLookup';
import { schemaVersionOf } from './apiVersion';
import { CONTAINER_GROUP, kindChoice, resourceKindOf } from './resourceKinds';

export type DocumentShape = 'template' | 'yamlFile' | 'armBody';

const GROUP_TYPE = 'microsoft.containerinstance/containergroups';

export function documentShape(doc: DefinitionDocument): DocumentShape {
  const root = doc.root;
  if (root?.kind === 'object' && findProperty(root, 'resources')) return 'template';
  if (doc.format === 'yaml' || (root?.kind === 'object' && findProperty(root, 'apiVersion'))) return 'yamlFile';
  return 'armBody';
}

/**
 * Where the container group sits: the path prefix, its definition and the api-version whose schema describes it
 * (the group's own apiVersion); undefined for other template resources.
 */
export function groupBase(doc: DefinitionDocument, path: readonly PathSegment[]): { prefix: PathSegment[]; def: string; version: string } | undefined {
  const shape = documentShape(doc);
  if (shape !== 'template') {
    // A container group profile or NGroups resource says so by its `type` (src/core/schema/resourceKinds.ts).
    const kind = resourceKindOf(doc.root);
    const version = kindChoice(kind, schemaVersionOf(doc.root)).version;
    if (kind !== CONTAINER_GROUP) return { prefix: [], def: kind.fileDef, version };
    return { prefix: [], def: shape === 'yamlFile' ? 'ContainerGroupYamlFile' : 'ContainerGroup', version };
  }
  if (path.length < 2 || path[0] !== 'resources' && looseName(String(path[0])) !== 'resources') return undefined;
  const resource = findProperty(doc.root, 'resources');
  const item = resource?.kind === 'array' && typeof path[1] === 'number' ? resource.children[path[1]] : findProperty(resource, String(path[1]));
  const type = findProperty(item, 'type');
  const kind = resourceKindOf(item);
  if (kind !== CONTAINER_GROUP) return { prefix: path.slice(0, 2), def: kind.armDef, version: kindChoice(kind, schemaVersionOf(item)).version };
  if (type && !(type.kind === 'string' && String(type.value).toLowerCase() === GROUP_TYPE)) return undefined;
  return { prefix: path.slice(0, 2), def: 'ArmContainerGroupResource', version: schemaVersionOf(item).version };
}

/** The resolved schema at `path` (property names in any case); undefined where the schema says nothing. */
export function schemaAt(doc: DefinitionDocument, path: readonly PathSegment[]): SchemaNode | undefined {
  let schema: SchemaNode | undefined;
  let rest: readonly PathSegment[];
  const base = groupBase(doc, path);
  if (base) {
    schema = definition(base.def, base.version);
    rest = path.slice(base.prefix.length);
  } else if (documentShape(doc) === 'template' && path.length < 2) {
    schema = definition('ArmTemplate');
    rest = path;
  } else {
    return undefined;
  }
  for (const seg of rest) {
    schema = childSchema(schema, seg);
    if (!schema) return undefined;
  }
  return resolveRef(schema);
}

/** The path inside the container group (template prefix removed), or undefined outside any group. */
export function groupRelativePath(doc: DefinitionDocument, path: readonly PathSegment[]): PathSegment[] | undefined {
  const base = groupBase(doc, path);
  return base ? path.slice(base.prefix.length) : undefined;
}

/** The group node itself (the root, or the template resource). */
export function groupNode(doc: DefinitionDocument, path: readonly PathSegment[]): DefinitionNode | undefined {
  const base = groupBase(doc, path);
  if (!base) return undefined;
  let node = doc.root;
  for (const seg of base.prefix) {
    node = typeof seg === 'number' ? (node?.kind === 'array' ? node.children[seg] : undefined) : findProperty(node, seg);
  }
  return node;
}

/** Canonical name of the property `key` in `parent` (any case), and whether the parent requires it. */
export function propertyInfo(parent: SchemaNode | undefined, key: string): { name: string; required: boolean } | undefined {
  const props = parent?.properties;
  if (!props) return undefined;
  const name = Object.prototype.hasOwnProperty.call(props, key) ? key : Object.keys(props).find((k) => looseName(k) === looseName(key));
  if (!name) return undefined;
  return { name, required: (parent?.required ?? []).includes(name) };
}

export function typeLabel(schema: SchemaNode | undefined): string {
  const s = resolveRef(schema);
  if (!s) return 'any';
  if (s.enum) return typeof s.type === 'string' ? s.type : 'string';
  if (s.type === 'array') return `array of ${typeLabel(s.items)}`;
  if (s.type === 'object' || s.properties) {
    if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') return `map of ${typeLabel(s.additionalProperties)}`;
    return 'object';
  }
  return typeof s.type === 'string' ? s.type : 'any';
}

function enumDescriptions(s: SchemaNode): string[] {
  const md = s.markdownEnumDescriptions ?? s.enumDescriptions;
  return Array.isArray(md) ? (md as string[]) : [];
}

export function enumDescription(schema: SchemaNode | undefined, value: string): { value: string; description?: string } | undefined {
  const s = resolveRef(schema);
  if (!s?.enum) return undefined;
  const i = s.enum.findIndex((v) => String(v).toLowerCase() === value.toLowerCase());
  if (i < 0) return undefined;
  return { value: String(s.enum[i]), description: enumDescriptions(s)[i] };
}

/** Markdown documentation of a property: description, type, required, allowed values, default. */
export function describeProperty(name: string | undefined, schema: SchemaNode | undefined, required: boolean): string {
  const s = resolveRef(schema);
  const head = [name ? `**${name}**` : undefined, `\`${typeLabel(s)}\``, required ? 'required' : undefined].filter(Boolean).join(' · ');
  const parts = [head];
  const text = (s?.markdownDescription as string | undefined) ?? s?.description;
  if (text) parts.push(text);
  if (s?.enum) {
    const descriptions = enumDescriptions(s);
    parts.push('Allowed values:\n' + s.enum.map((v, i) => `- \`${v}\`${descriptions[i] ? `: ${descriptions[i]}` : ''}`).join('\n'));
  }
  if (s && s.default !== undefined) parts.push(`Default: \`${String(s.default)}\``);
  if (typeof s?.['x-addedIn'] === 'string') parts.push(`Added in api-version ${s['x-addedIn']}.`);
  return parts.join('\n\n');
}
