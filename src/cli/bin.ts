/**
 * The `aci-validate` command. It compiles the bundle with a V8 code cache (codeCache.ts says where it is kept and
 * when it is trusted): from the second start on, V8 neither parses the bundle nor compiles the functions a check
 * runs. The cache is written after a start that checks a file, so it holds those functions too (`--help`
 * compiles little), and again after a start that found it unusable. Node 20 has no compile cache of its own;
 * this one serves every version alike.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { cacheDir, readCache, sha256, writeCache } from './codeCache';

type Cli = typeof import('./aci-validate');

/** Set by esbuild.mjs: a hash of dist/aci-validate.js, naming its cache file. */
declare const ACI_VALIDATE_BUNDLE_HASH: string | undefined;

const bundle = join(__dirname, 'aci-validate.js');
const source = readFileSync(bundle, 'utf8');
const caching = typeof ACI_VALIDATE_BUNDLE_HASH === 'string' && !process.env.NODE_DISABLE_COMPILE_CACHE;
const dir = caching ? cacheDir() : undefined;
const cacheFile = dir === undefined ? undefined : join(dir, `${ACI_VALIDATE_BUNDLE_HASH}-${process.version}-${process.arch}.v8cache`);
// V8 checks only the source's length against a cache: the digest of the source read now is checked too.
const bundleDigest = cacheFile === undefined ? '' : sha256(source);
const found = cacheFile === undefined ? undefined : readCache(cacheFile, bundleDigest);
const cache = found === 'bad' ? undefined : found;

// The bundle as Node's CommonJS loader would run it, compiled with the cache when V8 accepts it.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData: cache?.data });
const module = { exports: {} as Cli };
(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, bundle, dirname(bundle));
const covered = cache && !script.cachedDataRejected ? cache.kinds : undefined;

const kinds = module.exports.main();
// A start that covers more writes the cache again: the first check of a JSON file would otherwise leave every
// later YAML check compiling the YAML reader anew.
if (cacheFile !== undefined && kinds.some((k) => !covered?.includes(k))) {
  writeCache(cacheFile, bundleDigest, { kinds: [...new Set([...(covered ?? []), ...kinds])].sort(), data: script.createCachedData() });
}
