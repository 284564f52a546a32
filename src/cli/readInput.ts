/**
 * Reads one definition for the CLI under the rule the editor follows (core/definition/fileLimits): a regular
 * file of at most 5 MB, read no further than that, so a link to /dev/zero, a FIFO or a huge file cannot run a
 * check out of memory or hold it. A path inside the current folder must stay inside it once its links are
 * resolved: a repository may hold links, and one to a file elsewhere on the machine (a key, /proc/self/environ)
 * would print parts of it in the findings of a CI job. A path named outside the current folder is read as given.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { definitionFileRefusal, MAX_DEFINITION_BYTES, MAX_DEFINITION_MB } from '../core/definition/fileLimits';

export type InputRead = { ok: true; text: string } | { ok: false; reason: string };

const REASONS = {
  notFile: 'not a regular file (a directory, device, FIFO or socket is not read)',
  tooLarge: `larger than ${MAX_DEFINITION_MB} MB, the limit for a definition file`,
  outside: 'a link to a file outside the current folder (such links are not followed)',
  changed: 'the file changed while it was opened',
};

const inside = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** At most MAX_DEFINITION_BYTES + 1 bytes from `fd`: one byte more tells a file that is too large. */
function readBounded(fd: number): Buffer | undefined {
  const buf = Buffer.alloc(MAX_DEFINITION_BYTES + 1);
  let at = 0;
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buf, at, buf.length - at, null);
    } catch (e) {
      // Standard input left non-blocking by whatever feeds it: wait a little, without spinning, and read on.
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      continue;
    }
    if (n === 0) return buf.subarray(0, at);
    at += n;
    if (at > MAX_DEFINITION_BYTES) return undefined;
  }
}

export function readInput(file: string, cwd = process.cwd()): InputRead {
  try {
    if (file === '-') {
      const bytes = readBounded(0);
      return bytes ? { ok: true, text: bytes.toString('utf8') } : { ok: false, reason: REASONS.tooLarge };
    }
    const named = statSync(file);
    const refused = definitionFileRefusal({ isFile: named.isFile(), size: named.size });
    if (refused) return { ok: false, reason: REASONS[refused] };
    const real = realpathSync(file);
    if (inside(resolve(cwd), resolve(cwd, file)) && !inside(realpathSync(cwd), real)) return { ok: false, reason: REASONS.outside };
    // Without blocking: a name switched to a FIFO after the check above must not hold the open.
    const fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const opened = fstatSync(fd);
      if (opened.dev !== named.dev || opened.ino !== named.ino) return { ok: false, reason: REASONS.changed };
      const again = definitionFileRefusal({ isFile: opened.isFile(), size: opened.size });
      if (again) return { ok: false, reason: REASONS[again] };
      const bytes = readBounded(fd);
      return bytes ? { ok: true, text: bytes.toString('utf8') } : { ok: false, reason: REASONS.tooLarge };
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    return { ok: false, reason: (e as NodeJS.ErrnoException).code ?? 'read failed' };
  }
}
