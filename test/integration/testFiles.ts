// Selects compiled test files by glob. Used by the runner (to skip suites without files) and by the tests entry
// inside the extension host, so both agree on what a suite contains.
import * as fs from 'fs';
import * as path from 'path';

/** out/ (this file compiles to out/test/integration/testFiles.js). */
const OUT_ROOT = path.resolve(__dirname, '../..');

/** Glob to RegExp: `**` crosses folders, `*` and `?` do not. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        source += '(?:.*/)?';
        i++;
      } else source += '.*';
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** A `*.last.test.js` file runs after all the others: the secret scan reads what every other file left behind. */
export const runsLast = (file: string): boolean => file.endsWith('.last.test.js');

/** Files under out/ matching include and none of the comma-separated exclude globs (relative to out/), sorted by name, `.last.test` files last. */
export function selectTestFiles(include: string, exclude?: string): string[] {
  const includeRe = globToRegExp(include);
  const excludeRes = (exclude ?? '').split(',').filter(Boolean).map(globToRegExp);
  const base = path.join(OUT_ROOT, 'test');
  // ACI_DS_TEST_ONLY (a glob, e.g. test/integration/suite/logs.test.js) narrows a local run to some files; CI never sets it.
  const onlyRe = process.env.ACI_DS_TEST_ONLY ? globToRegExp(process.env.ACI_DS_TEST_ONLY) : undefined;
  const files = (fs.readdirSync(base, { recursive: true }) as string[])
    .map((f) => `test/${f.split(path.sep).join('/')}`)
    .filter((f) => includeRe.test(f) && !excludeRes.some((re) => re.test(f)) && (!onlyRe || onlyRe.test(f)));
  return files.sort((a, b) => Number(runsLast(a)) - Number(runsLast(b)) || (a < b ? -1 : a > b ? 1 : 0)).map((f) => path.join(OUT_ROOT, f));
}

