/**
 * Values that refer to other parts of the definition: volume names in volumeMounts, declared identities,
 * container ports for the group's IP, and `{{secret:NAME}}` placeholders. Each reads only the one array
 * or object it needs.
 */
import { DefinitionDocument, DefinitionNode, findProperty, PathSegment } from '../definition';
import { pattern } from './blocks';
import { groupNode, groupRelativePath } from '../schema/documentSchema';
import { isSecretField } from '../definition/secrets';

export interface ReferenceValue {
  value: string | number;
  detail: string;
}

/** More choices than this are not useful in a list (and cost time on groups with many containers). */
export const MAX_REFERENCES = 200;


function items(node: DefinitionNode | undefined): DefinitionNode[] {
  return node?.kind === 'array' ? node.children : [];
}

function scalarText(node: DefinitionNode | undefined): string | undefined {
  return node && (node.kind === 'string' || node.kind === 'number') && node.value !== '' ? String(node.value) : undefined;
}

export function referenceValues(doc: DefinitionDocument, path: readonly PathSegment[], secretNames: readonly string[]): ReferenceValue[] {
  const out: ReferenceValue[] = [];
  if (isSecretField(path)) {
    for (const name of secretNames) out.push({ value: `{{secret:${name}}}`, detail: 'secret (replaced at deploy)' });
  }
  const rel = groupRelativePath(doc, path);
  if (!rel) return out;
  const p = pattern(rel);
  const group = groupNode(doc, path);
  const properties = findProperty(group, 'properties');
  if (/^properties\/(containers|initcontainers)\/#\/properties\/volumemounts\/#\/name$/.test(p)) {
    for (const v of items(findProperty(properties, 'volumes'))) {
      const name = scalarText(findProperty(v, 'name'));
      if (name && out.length < MAX_REFERENCES) out.push({ value: name, detail: `volume${volumeKind(v)}` });
    }
  } else if (p === 'properties/encryptionproperties/identity' || /^properties\/imageregistrycredentials\/#\/identity$/.test(p)) {
    const declared = findProperty(findProperty(group, 'identity'), 'userAssignedIdentities');
    if (declared?.kind === 'object') {
      for (const id of declared.properties) if (id.key) out.push({ value: id.key, detail: 'declared user-assigned identity' });
    }
  } else if (p === 'properties/ipaddress/ports/#/port') {
    const seen = new Set<number>();
    for (const c of items(findProperty(properties, 'containers'))) {
      if (out.length >= MAX_REFERENCES) break;
      const cname = scalarText(findProperty(c, 'name')) ?? 'container';
      for (const port of items(findProperty(findProperty(c, 'properties'), 'ports'))) {
        const n = findProperty(port, 'port');
        if (n?.kind === 'number' && typeof n.value === 'number' && !seen.has(n.value)) {
          seen.add(n.value);
          out.push({ value: n.value, detail: `port of ${cname}` });
        }
      }
    }
  }
  return out;
}

function volumeKind(v: DefinitionNode): string {
  for (const kind of ['azureFile', 'emptyDir', 'secret', 'gitRepo']) if (findProperty(v, kind)) return ` (${kind})`;
  return '';
}

/** Names already used by the items of the array at `arrayPath` (for unique defaults). */
export function usedNames(array: DefinitionNode | undefined): Set<string> {
  const names = new Set<string>();
  for (const item of items(array)) {
    const n = scalarText(findProperty(item, 'name'));
    if (n) names.add(n);
  }
  return names;
}

/** The first port a container exposes (offered for the group's public IP). */
export function firstContainerPort(doc: DefinitionDocument, path: readonly PathSegment[]): number | undefined {
  const containers = findProperty(findProperty(groupNode(doc, path), 'properties'), 'containers');
  for (const c of items(containers)) {
    for (const port of items(findProperty(findProperty(c, 'properties'), 'ports'))) {
      const n = findProperty(port, 'port');
      if (n?.kind === 'number' && typeof n.value === 'number') return n.value;
    }
  }
  return undefined;
}
