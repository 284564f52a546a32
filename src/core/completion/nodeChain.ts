/** The nodes from the root down to an offset, with their paths (like findNodeAtOffset, keeping the ancestors). */
import { DefinitionNode, PathSegment } from '../definition';

export interface ChainLink {
  node: DefinitionNode;
  path: PathSegment[];
}

export interface Chain {
  links: ChainLink[];
  /** True when the offset is on the key of the last link. */
  isKey: boolean;
}

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
        const r = children[mid].range;
        if (offset < r.start) hi = mid - 1;
        else if (offset > r.end) lo = mid + 1;
        else {
          next = children[mid];
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

/** Number of items that start before `offset` (the index a new item at `offset` gets). */
export function itemIndexAt(array: DefinitionNode | undefined, offset: number): number {
  if (!array || array.kind !== 'array') return 0;
  let lo = 0;
  let hi = array.children.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (array.children[mid].range.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
