/**
 * Document symbols (outline and breadcrumbs) of a container group definition: the group by name, its
 * containers by name with their image, volumes by name with their kind, and every other member nested
 * as written. Secret values are never shown.
 */
import { DefinitionDocument, DefinitionNode, findProperty, PathSegment, Range } from '../definition';
import { secretValueNodes } from '../definition/secretValues';
import { maskUserinfo } from '../definition/secrets';
import { looseName } from '../schema/schemaLookup';
import { documentShape, groupBase } from '../schema/documentSchema';

export interface SymbolEntry {
  name: string;
  detail?: string;
  kind: 'object' | 'array' | 'property' | 'string' | 'number' | 'boolean' | 'null' | 'container' | 'volume' | 'group';
  range: { start: number; end: number };
  selectionRange: { start: number; end: number };
  children: SymbolEntry[];
}

const MAX_DEPTH = 32;
const VOLUME_KINDS = ['azureFile', 'emptyDir', 'secret', 'gitRepo'];

export function documentSymbols(doc: DefinitionDocument): SymbolEntry[] {
  const root = doc.root;
  if (!root || root.kind !== 'object') return [];
  const secrets: Secrets = new Set(secretValueNodes(root));
  if (documentShape(doc) !== 'template') return [groupSymbol(root, '', 'container group', secrets)];
  return members(root, undefined, 0, secrets, (member, path) => {
    // Container group resources of a template get the group outline; other resources stay generic.
    if (String(path[0]).toLowerCase() !== 'resources' || member.kind !== 'array') return undefined;
    return arraySymbol(member, String(path[0]), undefined, 1, secrets, (item, i) =>
      groupBase(doc, ['resources', i]) && item.kind === 'object' ? groupSymbol(item, '', `resource ${i}`, secrets) : undefined,
    );
  });
}

type Override = (node: DefinitionNode, path: PathSegment[]) => SymbolEntry | undefined;
/** The scalars whose values are secrets (see secretValueNodes): shown as `(secret)`, never by value. */
type Secrets = ReadonlySet<DefinitionNode>;

/**
 * `pat` is the group-relative path in the `properties/containers/#` form (names compared ignoring case),
 * or undefined outside a container group (e.g. template parameters).
 */
function groupSymbol(node: DefinitionNode, pat: string, fallbackName: string, secrets: Secrets): SymbolEntry {
  const name = findProperty(node, 'name');
  const location = findProperty(node, 'location');
  return {
    name: scalarText(name) || fallbackName,
    detail: scalarText(location) ?? undefined,
    kind: 'group',
    range: fullRange(node),
    selectionRange: name && name.kind !== 'object' && name.kind !== 'array' ? name.range : head(node),
    children: members(node, pat, 1, secrets),
  };
}

function join(pat: string | undefined, seg: string): string | undefined {
  return pat === undefined ? undefined : pat ? `${pat}/${seg}` : seg;
}

function members(node: DefinitionNode, pat: string | undefined, depth: number, secrets: Secrets, override?: Override): SymbolEntry[] {
  if (node.kind !== 'object' || depth > MAX_DEPTH) return [];
  const out: SymbolEntry[] = [];
  for (const p of node.properties) {
    const key = p.key ?? '';
    out.push(override?.(p, [key]) ?? symbolFor(p, key || '""', join(pat, looseName(key)), depth, secrets));
  }
  return out;
}

function symbolFor(node: DefinitionNode, name: string, pat: string | undefined, depth: number, secrets: Secrets): SymbolEntry {
  const range = fullRange(node);
  const selectionRange = node.keyRange ?? head(node);
  const p = pat ?? '';
  const init = p === 'properties/initcontainers/#';
  if ((init || p === 'properties/containers/#') && node.kind === 'object') {
    const image = scalarText(findProperty(findProperty(node, 'properties'), 'image'));
    return { name, detail: [init ? 'init' : undefined, image].filter(Boolean).join(' · ') || undefined, kind: 'container', range, selectionRange: nameRange(node) ?? selectionRange, children: members(node, pat, depth + 1, secrets) };
  }
  if (p === 'properties/volumes/#' && node.kind === 'object') {
    const kind = VOLUME_KINDS.find((k) => findProperty(node, k));
    return { name, detail: kind, kind: 'volume', range, selectionRange: nameRange(node) ?? selectionRange, children: members(node, pat, depth + 1, secrets) };
  }
  switch (node.kind) {
    case 'object':
      return { name, detail: p === 'properties/ipaddress' ? ipDetail(node) : undefined, kind: 'object', range, selectionRange, children: members(node, pat, depth + 1, secrets) };
    case 'array':
      return arraySymbol(node, name, pat, depth, secrets);
    default: {
      const secret = secrets.has(node);
      const text = node.kind === 'null' ? 'null' : String(node.value);
      return { name, detail: secret ? '(secret)' : short(maskUserinfo(text)), kind: node.kind, range, selectionRange, children: [] };
    }
  }
}

function arraySymbol(node: DefinitionNode, name: string, pat: string | undefined, depth: number, secrets: Secrets, override?: (item: DefinitionNode, i: number) => SymbolEntry | undefined): SymbolEntry {
  const itemPat = join(pat, '#');
  const children = node.kind !== 'array' || depth > MAX_DEPTH ? [] : node.children.map((item, i) => override?.(item, i) ?? symbolFor(item, secrets.has(item) ? String(i) : itemName(item, i), itemPat, depth + 1, secrets));
  const count = node.kind === 'array' ? node.children.length : 0;
  return { name, detail: `${count} item${count === 1 ? '' : 's'}`, kind: 'array', range: fullRange(node), selectionRange: node.keyRange ?? head(node), children };
}

/** An array item is shown by its name (containers, volumes, variables), its port, or its index. */
function itemName(item: DefinitionNode, i: number): string {
  if (item.kind !== 'object') return item.kind === 'array' ? String(i) : short(item.kind === 'null' ? 'null' : String(item.value)) || String(i);
  const label = scalarText(findProperty(item, 'name')) ?? scalarText(findProperty(item, 'port')) ?? scalarText(findProperty(item, 'server')) ?? scalarText(findProperty(item, 'id'));
  return label || String(i);
}

function nameRange(node: DefinitionNode): Range | undefined {
  const name = findProperty(node, 'name');
  return name && name.kind !== 'object' && name.kind !== 'array' && name.range.end > name.range.start ? name.range : undefined;
}

function ipDetail(node: DefinitionNode): string | undefined {
  const type = scalarText(findProperty(node, 'type'));
  const ports = findProperty(node, 'ports');
  const list = ports?.kind === 'array' ? ports.children.map((p) => scalarText(findProperty(p, 'port'))).filter(Boolean) : [];
  return [type, list.length ? `ports ${list.join(', ')}` : undefined].filter(Boolean).join(' · ') || undefined;
}

function scalarText(node: DefinitionNode | undefined): string | undefined {
  if (!node || node.kind === 'object' || node.kind === 'array' || node.value === null) return undefined;
  return short(String(node.value));
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? line.slice(0, 79) + '…' : line;
}

/** The member's whole extent, key included. */
function fullRange(node: DefinitionNode): Range {
  const start = Math.min(node.keyRange?.start ?? node.range.start, node.range.start);
  return { start, end: Math.max(node.range.end, node.keyRange?.end ?? node.range.end) };
}

function head(node: DefinitionNode): Range {
  return { start: node.range.start, end: Math.min(node.range.end, node.range.start + 1) };
}
