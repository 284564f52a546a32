// `npm run test:changed`: runs the unit, contract and emulator test files that touch what changed since main
// (committed on this branch, staged, unstaged or new), after the compile the script does first. A test file is
// picked when it changed itself, when it imports a changed file (directly or through other modules), or when a
// changed file's name is in its name (`blockYaml.ts` → `definition-blockYaml.test.ts`). Says what it picked and why.
// Usage: node out/test/changedTests.js [--base REV] [--list]
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(ROOT, 'out');
const TEST_DIRS = ['test/unit', 'test/contract', 'test/emulator/tests'];

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** Files changed since the merge base with `base`: commits on this branch, the index, the work tree, new files. */
export function changedFiles(base: string): string[] {
  const since = git('merge-base', 'HEAD', base);
  const lines = [...git('diff', '--name-only', since).split('\n'), ...git('ls-files', '--others', '--exclude-standard').split('\n')];
  return [...new Set(lines.filter(Boolean))].sort();
}

/** Every compiled test file, as its source path (test/unit/x.test.ts). */
function testSources(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(OUT, dir))) return;
    for (const entry of fs.readdirSync(path.join(OUT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.test.js')) found.push(rel.replace(/\.js$/, '.ts'));
    }
  };
  TEST_DIRS.forEach(walk);
  return found.sort();
}

const REQUIRE = /require\("(\.{1,2}\/[^"]+)"\)/g;

/** The repository files a compiled module requires, as sources (src/x.ts, or a .json as it is). */
function imports(source: string): string[] {
  const compiled = path.join(OUT, source.replace(/\.ts$/, '.js'));
  if (!fs.existsSync(compiled)) return [];
  const found: string[] = [];
  for (const [, spec] of fs.readFileSync(compiled, 'utf8').matchAll(REQUIRE)) {
    const target = path.resolve(path.dirname(compiled), spec);
    for (const candidate of [`${target}.js`, path.join(target, 'index.js'), target]) {
      if (!fs.existsSync(candidate) || fs.statSync(candidate).isDirectory()) continue;
      const rel = path.relative(OUT, candidate).split(path.sep).join('/');
      // A .json import is copied into out/ by tsc: the source is the same path in the repository.
      found.push(rel.endsWith('.json') ? rel : rel.replace(/\.js$/, '.ts'));
      break;
    }
  }
  return found;
}

/** Why each test is picked, or nothing when it touches none of the changed files. */
export function pickTests(changed: string[], tests: string[], importsOf: (source: string) => string[] = imports): Map<string, string> {
  const changedSet = new Set(changed);
  const closure = new Map<string, string | undefined>();
  // The first changed file reached from `source` through its imports, if any (cycles end at a module seen).
  const reach = (source: string, seen: Set<string>): string | undefined => {
    if (closure.has(source)) return closure.get(source);
    if (seen.has(source)) return undefined;
    seen.add(source);
    let hit: string | undefined;
    for (const dep of importsOf(source)) {
      hit = changedSet.has(dep) ? dep : reach(dep, seen);
      if (hit) break;
    }
    closure.set(source, hit);
    return hit;
  };
  const stems = changed.map((file) => [file, path.basename(file).replace(/\.[^.]+$/, '')] as const).filter(([, stem]) => stem.length >= 4);
  const picked = new Map<string, string>();
  for (const test of tests) {
    const name = path.basename(test).replace(/\.test\.ts$/, '');
    const byName = stems.find(([, stem]) => name.toLowerCase().includes(stem.toLowerCase()));
    const imported = reach(test, new Set());
    const reason = changedSet.has(test) ? 'changed' : imported ? `imports ${imported}` : byName ? `named for ${byName[0]}` : undefined;
    if (reason) picked.set(test, reason);
  }
  return picked;
}

function main(): void {
  const args = process.argv.slice(2);
  const base = args.includes('--base') ? args[args.indexOf('--base') + 1] : 'main';
  const changed = changedFiles(base);
  const picked = pickTests(changed, testSources());
  console.log(`${changed.length} files changed since ${base}; ${picked.size} test files touch them:`);
  for (const [test, reason] of picked) console.log(`  ${test} (${reason})`);
  if (picked.size === 0 || args.includes('--list')) return;
  const files = [...picked.keys()].map((test) => path.join(OUT, test.replace(/\.ts$/, '.js')));
  const run = spawnSync(process.execPath, ['--test', `--test-concurrency=${os.availableParallelism() + 1}`, '--test-reporter=spec', ...files], { cwd: ROOT, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

if (require.main === module) main();
