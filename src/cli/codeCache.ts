/**
 * The aci-validate code cache on disk. V8 runs what a cache holds as this command's code and trusts it blindly
 * (a damaged one can crash it), so a cache is used only when all of these hold:
 * - its folder is this user's alone: in the temp folder `aci-validate-<uid>`, owned by the user, mode 0700, not
 *   a link; where the OS has no user ids (Windows), in the user's own local app data folder, never the shared
 *   temp folder;
 * - the file itself is a regular file, not a link, with one name, and (with user ids) the user's, mode 0600;
 * - its first line names the SHA-256 of the V8 data after it and of the bundle it was made from, and both match.
 * Otherwise the command runs without it and writes a good one in its place.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

const FORMAT = 'aci-validate-cache/2';
/** V8's data for this bundle is a few hundred KB; a file far larger is not ours. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

export interface Cache {
  /** What the checks compiled into it covered (`json text yaml`, see the bundle's `run`). */
  kinds: string[];
  data: Buffer;
}

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** The folder for caches, made if need be; undefined when no folder is this user's alone. */
export function cacheDir(): string | undefined {
  const uid = process.getuid?.();
  let dir: string;
  if (uid !== undefined) dir = join(tmpdir(), `aci-validate-${uid}`);
  else {
    const local = process.env.LOCALAPPDATA;
    const base = local && isAbsolute(local) ? local : join(homedir(), 'AppData', 'Local');
    if (!isAbsolute(base)) return undefined;
    dir = join(base, 'aci-validate');
  }
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch {
    // Already there (checked below), or not creatable (then nothing is cached).
  }
  try {
    const s = lstatSync(dir);
    return s.isDirectory() && (uid === undefined || (s.uid === uid && (s.mode & 0o077) === 0)) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** The file's bytes when it may be trusted as this user's own; `bad` when it is there but may not be. */
function readOwnFile(file: string): Buffer | 'bad' | undefined {
  const uid = process.getuid?.();
  let fd: number;
  try {
    // Where there is no O_NOFOLLOW (Windows), a link is told by lstat first.
    if (constants.O_NOFOLLOW === undefined && lstatSync(file).isSymbolicLink()) return 'bad';
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : 'bad';
  }
  try {
    const s = fstatSync(fd);
    const own = uid === undefined || (s.uid === uid && (s.mode & 0o077) === 0);
    if (!s.isFile() || !own || s.nlink !== 1 || s.size > MAX_CACHE_BYTES) return 'bad';
    const buf = Buffer.alloc(s.size);
    let at = 0;
    for (let n = 1; n > 0 && at < buf.length; at += n) n = readSync(fd, buf, at, buf.length - at, null);
    return at === buf.length ? buf : 'bad';
  } catch {
    return 'bad';
  } finally {
    closeSync(fd);
  }
}

/** The cache for the bundle whose source has digest `bundleDigest`; `bad` when a file is there but unusable. */
export function readCache(file: string, bundleDigest: string): Cache | 'bad' | undefined {
  const raw = readOwnFile(file);
  if (raw === undefined || raw === 'bad') return raw;
  const eol = raw.indexOf(10);
  if (eol < 0 || eol > 4096) return 'bad';
  const [format, dataDigest, forBundle, ...kinds] = raw.subarray(0, eol).toString('latin1').split(' ');
  const data = raw.subarray(eol + 1);
  if (format !== FORMAT || forBundle !== bundleDigest || dataDigest !== sha256(data)) return 'bad';
  return { kinds, data };
}

/**
 * Written whole under a name of this process's (never through a link found there), then renamed over the old
 * one: a concurrent start reads the old cache or the new one, each with its own digest.
 */
export function writeCache(file: string, bundleDigest: string, cache: Cache): void {
  const partial = `${file}.${process.pid}`;
  try {
    try {
      unlinkSync(partial);
    } catch {
      // None left by an earlier process of this id.
    }
    const fd = openSync(partial, 'wx', 0o600);
    try {
      writeSync(fd, [FORMAT, sha256(cache.data), bundleDigest, ...cache.kinds].join(' ') + '\n');
      writeSync(fd, cache.data);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch {
    try {
      unlinkSync(partial);
    } catch {
      // Never written.
    }
  }
}
