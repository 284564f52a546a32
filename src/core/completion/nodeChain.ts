/** Position helpers for completion; the root-to-offset chain itself lives with the document model. */
import { DefinitionNode } from '../definition';

export { chainAt, type Chain, type ChainLink } from '../definition/nodeQuery';

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
