/** YAML 1.1 merge keys (`<<: *base`), read the same way by the full reader and the fast one. */
import type { DefinitionNode } from './types';

/**
 * Adds the properties of one merged source to a map's properties: a key the map (or an earlier source) already has
 * wins, and each added property is marked as merged.
 */
export function addMergedProperties(properties: DefinitionNode[], seen: Set<string>, source: DefinitionNode): void {
  if (source.kind !== 'object') return;
  for (const prop of source.properties) {
    if (seen.has(prop.key ?? '')) continue;
    seen.add(prop.key ?? '');
    (prop as { merged?: boolean }).merged = true;
    properties.push(prop);
  }
}
