/**
 * Which files are read as definitions, the one rule for the editor and the CLI: a regular file of at most 5 MB.
 * Definitions are a few KB; anything larger, or a device or FIFO behind a name (`/dev/zero` through a link a
 * repository can hold), would be read without end or hold the reader.
 */

export const MAX_DEFINITION_BYTES = 5 * 1024 * 1024;
export const MAX_DEFINITION_MB = MAX_DEFINITION_BYTES / 1024 / 1024;

/** `notFile`: a directory, device, FIFO or socket; `tooLarge`: more than MAX_DEFINITION_BYTES. */
export type DefinitionFileRefusal = 'notFile' | 'tooLarge';

/** Why a file with this stat is not read, or undefined when it may be. */
export function definitionFileRefusal(stat: { isFile: boolean; size: number }): DefinitionFileRefusal | undefined {
  if (!stat.isFile) return 'notFile';
  return stat.size > MAX_DEFINITION_BYTES ? 'tooLarge' : undefined;
}
