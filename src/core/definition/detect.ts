/** Format and content detection for container group definition files. */
import { DefinitionFormat } from './types';

export function detectFormat(fileName: string, text: string): DefinitionFormat {
  const lower = fileName.toLowerCase();
  if (/\.(ya?ml)$/.test(lower)) return 'yaml';
  if (/\.(json|jsonc)$/.test(lower)) return 'json';
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '{' || first === '[' ? 'json' : 'yaml';
}

const TYPE_PATTERN = /["']?type["']?\s*:\s*["']?Microsoft\.ContainerInstance\/(?:containerGroups|containerGroupProfiles|ngroups)\b/i;

/**
 * True when the text declares a container group (or a container group profile or NGroups resource), or the file
 * name marks it as one (`*.aci.yaml`, `x.aci.json`).
 */
export function isContainerGroupDocument(text: string, fileName?: string): boolean {
  if (fileName && /\.aci\.(ya?ml|jsonc?)$/i.test(fileName)) return true;
  return TYPE_PATTERN.test(text);
}
