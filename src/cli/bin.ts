/**
 * The `aci-validate` command. It compiles the bundle with a V8 code cache kept in the system's temp folder:
 * from the second start on, V8 neither parses the bundle nor compiles the functions a check runs. The cache is
 * written after a start that checks a file, so it holds those functions too (`--help` compiles little).
 * Node 20 has no compile cache of its own; this one serves every version alike.
 */
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

type Cli = typeof import('./aci-validate');

/** Set by esbuild.mjs: a hash of dist/aci-validate.js. V8 checks only the source's length against a cache. */
declare const ACI_VALIDATE_BUNDLE_HASH: string | undefined;

const bundle = join(__dirname, 'aci-validate.js');

/**
 * The cache folder, readable and writable by this user alone: a cache planted by someone else would run as
 * this user's code. Undefined when caching is off or the folder is not this user's own.
 */
function cacheDir(): string | undefined {
  if (typeof ACI_VALIDATE_BUNDLE_HASH !== 'string' || process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  const dir = join(tmpdir(), uid === undefined ? 'aci-validate' : `aci-validate-${uid}`);
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

/**
 * A cache file holds one line naming what the checks compiled into it covered (`yaml text`, see the bundle's
 * `run`), then V8's data. A start that covers more writes the cache again: the first check of a JSON file
 * would otherwise leave every later YAML check compiling the YAML reader anew.
 */
interface Cache {
  kinds: string[];
  data: Buffer;
}

function readCache(file: string): Cache | undefined {
  try {
    const raw = readFileSync(file);
    const eol = raw.indexOf(10);
    return eol < 0 ? undefined : { kinds: raw.subarray(0, eol).toString('latin1').split(' '), data: raw.subarray(eol + 1) };
  } catch {
    return undefined;
  }
}

/** Written whole under another name, then renamed: a concurrent start reads the old cache or the new one. */
function writeCache(file: string, cache: Cache): void {
  const partial = `${file}.${process.pid}`;
  try {
    const fd = openSync(partial, 'w', 0o600);
    try {
      writeSync(fd, `${cache.kinds.join(' ')}\n`);
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

/**
 * The bundle as Node's CommonJS loader would run it, compiled with the cache when V8 accepts it; `covered`
 * is what the accepted cache covers.
 */
function load(cacheFile: string | undefined): { cli: Cli; script: Script; covered: string[] | undefined } {
  const cache = cacheFile === undefined ? undefined : readCache(cacheFile);
  const source = readFileSync(bundle, 'utf8');
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData: cache?.data });
  const module = { exports: {} as Cli };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, bundle, dirname(bundle));
  return { cli: module.exports, script, covered: cache && !script.cachedDataRejected ? cache.kinds : undefined };
}

const dir = cacheDir();
const cacheFile = dir === undefined ? undefined : join(dir, `${ACI_VALIDATE_BUNDLE_HASH}-${process.version}-${process.arch}.v8cache`);
const { cli, script, covered } = load(cacheFile);
const kinds = cli.main();
if (cacheFile !== undefined && kinds.some((k) => !covered?.includes(k))) {
  writeCache(cacheFile, { kinds: [...new Set([...(covered ?? []), ...kinds])].sort(), data: script.createCachedData() });
}
