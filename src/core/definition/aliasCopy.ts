/**
 * The value an alias (`*name`) stands for, as the full reader builds it: the anchored value again, every range
 * (keys' too) pointing at the alias, with range objects of its own. Used by the fast reader.
 */
import { DefinitionNode, Range } from './types';

/** A copy of `node` placed at `at`; without the key it had (the caller sets the alias's own). Counts nodes in `count`. */
export function aliasCopy(node: DefinitionNode, at: Range, count: { nodes: number }): DefinitionNode {
  count.nodes++;
  const range = { start: at.start, end: at.end };
  if (node.kind === 'object') return { kind: 'object', properties: node.properties.map((p) => member(p, at, count)), range };
  if (node.kind === 'array') return { kind: 'array', children: node.children.map((c) => aliasCopy(c, at, count)), range };
  const copy: DefinitionNode = { kind: node.kind, value: node.value, range };
  if (node.plain !== undefined) copy.plain = node.plain;
  return copy;
}

function member(p: DefinitionNode, at: Range, count: { nodes: number }): DefinitionNode {
  const copy = aliasCopy(p, at, count);
  copy.key = p.key;
  copy.keyRange = { start: at.start, end: at.end };
  if (p.keyPlain !== undefined) copy.keyPlain = p.keyPlain;
  if ((p as { merged?: boolean }).merged) (copy as { merged?: boolean }).merged = true;
  return copy;
}
