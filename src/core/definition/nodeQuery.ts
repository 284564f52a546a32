/** Navigation in the node tree: by path (property names compared ignoring case), by offset, and to plain values. */
import { DefinitionNode, PathSegment, Range } from './types';

/** The member for `key`: the last exact match, else the last match ignoring case (the service ignores case). */
export function findProperty(node: DefinitionNode | undefined, key: string): DefinitionNode | undefined {
  if (!node || node.kind !== 'object') return undefined;
  let loose: DefinitionNode | undefined;
  const lower = key.toLowerCase();
  for (let i = node.properties.length - 1; i >= 0; i--) {
    const p = node.properties[i];
    if (p === undefined) continue;
    if (p.key === key) return p;
    if (!loose && p.key?.toLowerCase() === lower) loose = p;
  }
  return loose;
}

export function nodeAtPath(root: DefinitionNode | undefined, path: readonly PathSegment[]): DefinitionNode | undefined {
  let node = root;
  for (const seg of path) {
    if (!node) return undefined;
    if (typeof seg === 'number') node = node.kind === 'array' ? node.children[seg] : undefined;
    else node = findProperty(node, seg);
  }
  return node;
}

/**
 * The narrowest range for a finding at `path`: the deepest node that exists on the path; its key when
 * `preferKey` is set (or when the node is an object/array, whose whole range would cover many lines).
 */
export function rangeForPath(root: DefinitionNode | undefined, path: readonly PathSegment[], preferKey = false): Range {
  let node = root;
  let deepest = root;
  for (const seg of path) {
    const next = typeof seg === 'number' ? (node?.kind === 'array' ? node.children[seg] : undefined) : findProperty(node, seg);
    if (!next) break;
    node = deepest = next;
  }
  if (!deepest) return { start: 0, end: 0 };
  if (deepest.keyRange && (preferKey || deepest.kind === 'object' || deepest.kind === 'array')) return deepest.keyRange;
  if (deepest.kind === 'object' || deepest.kind === 'array') return headRange(deepest);
  return deepest.range;
}

/** For a container without a key (array item, root): its first member's key, or its opening. */
function headRange(node: DefinitionNode): Range {
  if (node.kind === 'object' && node.properties[0]?.keyRange) return node.properties[0].keyRange;
  return { start: node.range.start, end: Math.min(node.range.end, node.range.start + 1) };
}

export interface NodeAtOffset {
  node: DefinitionNode;
  path: PathSegment[];
  isKey: boolean;
}

export interface ChainLink {
  node: DefinitionNode;
  path: PathSegment[];
}

export interface Chain {
  /** From the root down to the innermost node at the offset. */
  links: ChainLink[];
  /** True when the offset is on the key of the last link. */
  isKey: boolean;
}

/** The nodes from the root down to `offset` (ends inclusive, so a cursor just after a value still finds it). */
export function chainAt(root: DefinitionNode | undefined, offset: number): Chain {
  const links: ChainLink[] = [];
  if (!root || offset < root.range.start || offset > root.range.end) return { links, isKey: false };
  let node: DefinitionNode = root;
  let path: PathSegment[] = [];
  links.push({ node, path });
  for (;;) {
    let next: DefinitionNode | undefined;
    let seg: PathSegment | undefined;
    if (node.kind === 'object') {
      for (const p of node.properties) {
        if (p.keyRange && offset >= p.keyRange.start && offset <= p.keyRange.end) {
          links.push({ node: p, path: [...path, p.key ?? ''] });
          return { links, isKey: true };
        }
        if (offset >= p.range.start && offset <= p.range.end) {
          next = p;
          seg = p.key ?? '';
        }
      }
    } else if (node.kind === 'array') {
      // Items are in source order: binary search keeps this fast on arrays of thousands of containers.
      const children = node.children;
      let lo = 0;
      let hi = children.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const child = children[mid];
        if (child === undefined) break;
        const r = child.range;
        if (offset < r.start) hi = mid - 1;
        else if (offset > r.end) lo = mid + 1;
        else {
          next = child;
          seg = mid;
          break;
        }
      }
    }
    if (!next || seg === undefined || next === node) return { links, isKey: false };
    node = next;
    path = [...path, seg];
    links.push({ node, path });
  }
}

/** The innermost node at `offset`. */
export function findNodeAtOffset(root: DefinitionNode | undefined, offset: number): NodeAtOffset | undefined {
  const { links, isKey } = chainAt(root, offset);
  const last = links[links.length - 1];
  return last ? { node: last.node, path: last.path, isKey } : undefined;
}

/** Plain JavaScript value of a node (last duplicate key wins, like JSON.parse and YAML 1.1 loaders). */
export function toPlainValue(node: DefinitionNode | undefined): unknown {
  if (!node) return undefined;
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) out[p.key ?? ''] = toPlainValue(p);
      return out;
    }
    case 'array':
      return node.children.map(toPlainValue);
    default:
      return node.value;
  }
}
