/**
 * Download Folder… and Upload Folder… as a file transfer of a tar archive: the container's `tar` makes or unpacks it
 * in a scratch file, and the file itself travels as any other (fileTransfer.ts: base64, size and sha256 checked).
 * The flags are those GNU tar and BusyBox tar share: `-C dir` (change folder first), `-c`/`-x`, `-f file` (GNU tar
 * manual 6.10.1, 3.4.2, 3.4.7; BusyBox `tar [-cxtzJjhvokO] [-f TARFILE] [-C DIR] [FILE]...`). Each step's result is a
 * tagged line, as in fileTransfer.ts.
 */
import { shellQuote, type RunMarker } from './commandScript';
import { tagValue } from './fileTransfer';

const tagged = (m: RunMarker, letter: string, value: string): string => `printf '%s%s%s%s\\n' '${m.head}' '${m.tail}' ${letter} ${value}`;

/** The scratch archive in the container, named for this run so that two copies do not meet. */
export const scratchArchive = (m: RunMarker): string => `/tmp/aci-copy-${m.head.replace(/[^A-Za-z0-9]/g, '')}.tar`;

export type ArchiveFailure = { kind: 'noTar' } | { kind: 'notFolder' } | { kind: 'archive'; status: number };

/**
 * Before a folder's download: whether there is tar (`command -v`, XCU), whether the path is a readable folder, then
 * the archive made from its content (`.`: the folder's own files and folders, not its name).
 */
export function packLine(m: RunMarker, dir: string, archive: string): string {
  const d = shellQuote(dir);
  return (
    `command -v tar >/dev/null 2>&1; ${tagged(m, 'A', '"$?"')}; [ -d ${d} ] && [ -r ${d} ]; ${tagged(m, 'G', '"$?"')}; ` +
    `tar -C ${d} -cf ${shellQuote(archive)} . 2>/dev/null; ${tagged(m, 'T', '"$?"')}\n`
  );
}

/** Before a folder's upload: whether there is tar, and whether the destination is not a file. */
export function uploadCheckLine(m: RunMarker, dest: string): string {
  return `command -v tar >/dev/null 2>&1; ${tagged(m, 'A', '"$?"')}; [ -f ${shellQuote(dest)} ]; ${tagged(m, 'G', '"$?"')}\n`;
}

/** After an upload checked by size and hash: the folder made where needed, the archive unpacked into it, then removed. */
export function unpackLine(m: RunMarker, archive: string, dest: string): string {
  const d = shellQuote(dest);
  return `mkdir -p ${d} && tar -xf ${shellQuote(archive)} -C ${d} 2>/dev/null; ${tagged(m, 'T', '"$?"')}; rm -f ${shellQuote(archive)}; exit\n`;
}

export const removeArchive = (archive: string): string => `rm -f ${shellQuote(archive)}; `;

/**
 * The answer to packLine (`upload`: to uploadCheckLine): undefined until its lines have arrived, null when the copy
 * goes on, else why not.
 */
export function readArchiveStep(text: string, m: RunMarker, step: 'pack' | 'uploadCheck' | 'unpack'): ArchiveFailure | null | undefined {
  if (step === 'unpack') {
    const t = tagValue(text, m, 'T');
    if (t === undefined) return undefined;
    return t.trim() === '0' ? null : { kind: 'archive', status: Number(t.trim()) || 1 };
  }
  const a = tagValue(text, m, 'A');
  const g = tagValue(text, m, 'G');
  const t = step === 'pack' ? tagValue(text, m, 'T') : '0';
  if (a === undefined || g === undefined || t === undefined) return undefined;
  if (a.trim() !== '0') return { kind: 'noTar' };
  // Pack: G is the folder test (0: a folder). Upload: G is "is a file" (0: a file is in the way).
  if ((step === 'pack') !== (g.trim() === '0')) return { kind: 'notFolder' };
  if (t.trim() !== '0') return { kind: 'archive', status: Number(t.trim()) || 1 };
  return null;
}
