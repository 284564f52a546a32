/**
 * The local side of a folder's copy: a folder packed into a tar archive in memory, and an archive unpacked into a new
 * folder, by node-tar (npm `tar`). It refuses what could write outside the folder: names with `..`, absolute names
 * and links followed out of it (node-tar README, "Security": `preservePaths` left off), and `strict` makes any warning
 * an error rather than a skipped entry.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tar from 'tar';

/**
 * The bytes of the files under `dir` (links not followed, as packFolder does not follow them): a folder too large to
 * copy is refused with its size before it is packed in memory.
 */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const at = pending.pop()!;
    for (const entry of await fs.promises.readdir(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) total += (await fs.promises.lstat(full)).size;
    }
  }
  return total;
}

/** The folder's content (its files and folders, not its own name) as a POSIX tar archive without local owners. */
export async function packFolder(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // `portable`: no user or group names, no local device numbers (node-tar README, create options).
  const stream = tar.c({ cwd: dir, portable: true, follow: false }, ['.']);
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Unpacks `archive` into `dir` (which exists); rejects on the first entry it will not write. */
export function unpackInto(dir: string, archive: Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const unpack = new tar.Unpack({ cwd: dir, strict: true, preservePaths: false });
    unpack.on('error', reject);
    unpack.on('finish', () => resolve());
    unpack.end(archive);
  });
}
