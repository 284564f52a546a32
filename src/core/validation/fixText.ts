/** How a quick fix writes a new text value in place of an old one, valid in the document's format. */
import type { DefinitionNode } from '../definition/types';

const PLAIN_SAFE = /^[A-Za-z/][A-Za-z0-9_./-]*$/;
const YAML_SPECIAL = /^(y|yes|n|no|true|false|on|off|null|~)$/i;

/**
 * `value` as it replaces `node`: plain where the YAML value was written plain and plain stays text, else
 * double-quoted, which YAML and JSON both read as the same string.
 */
export function replacementText(node: DefinitionNode | undefined, value: string): string {
  const plain = node !== undefined && 'plain' in node && node.plain === true;
  return plain && PLAIN_SAFE.test(value) && !YAML_SPECIAL.test(value) ? value : JSON.stringify(value);
}

/** A Linux path for a Windows-style one: drive letter dropped, backslashes as slashes (`C:\cache` → `/cache`). */
export function linuxPath(path: string): string {
  const rest = path.replace(/^[A-Za-z]:/, '').replace(/\\/g, '/').replace(/:/g, '');
  const abs = rest.startsWith('/') ? rest : `/${rest}`;
  return abs.replace(/\/{2,}/g, '/');
}
