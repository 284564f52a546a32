// A container's files as the scripted shell sees them, and the commands that read and change them. The files are
// one map of absolute path → content per container (kept across its sessions); a folder is there when a file is in
// it, or as its own entry `<path>/` (an empty folder made by `mkdir` or by `tar -x`). Sources, per behaviour:
// - `>>` appends to the end of a file (XCU 2.7.2, O_APPEND) without copying what it holds: pieces are joined only
//   when the file is read.
// - coreutils (GNU coreutils manual): `cat` copies (3.1); `wc -c` the byte count, alone when reading stdin (6.2);
//   `rm -f` ignores a missing file (11.5); `mkdir -p` makes the parents and accepts an existing folder (12.3);
//   `ls -la /` the long listing (10.1).
// - `[ -f p ]`, `[ -r p ]`, `[ -e p ]`, `[ -d p ]` (XCU test).
import { catOutput, type Output } from './shellStreams';

/** Pieces appended with `>>` and not yet read, per container's files (kept across its sessions, as the files are). */
const APPENDS = new WeakMap<Map<string, Buffer>, Map<string, Buffer[]>>();

const ROOT_LONG = [
  'total 64',
  'drwxr-xr-x   1 root root 4096 Jan  1 00:00 .',
  'drwxr-xr-x   1 root root 4096 Jan  1 00:00 ..',
  ...['bin', 'boot', 'dev', 'etc', 'home', 'lib', 'lib64', 'media', 'mnt', 'opt', 'proc', 'root', 'run', 'sbin', 'srv', 'sys', 'tmp', 'usr', 'var'].map(
    (d) => `drwxr-xr-x   1 root root 4096 Jan  1 00:00 ${d}`,
  ),
].join('\n');
export const ROOT_SHORT = 'bin   dev  home  lib64\tmnt  proc  run\t srv  tmp  var\nboot  etc  lib\t media\topt  root  sbin  sys  usr\n';
/** The folders every Linux image has (the root listing above). */
const SYSTEM_DIRS = new Set(ROOT_SHORT.split(/\s+/).filter(Boolean).map((d) => `/${d}`));

export type CommandResult = { out: Output; err?: string; status: number };
export const ok = (text: string | Output, status = 0): CommandResult => ({ out: typeof text === 'string' ? Buffer.from(text, 'utf8') : text, status });
export const err = (text: string, status: number): CommandResult => ({ out: Buffer.alloc(0), err: text, status });

export class ContainerFiles {
  private readonly appends: Map<string, Buffer[]>;

  constructor(readonly map: Map<string, Buffer>) {
    this.appends = APPENDS.get(map) ?? new Map<string, Buffer[]>();
    APPENDS.set(map, this.appends);
  }

  read(path: string): Buffer | undefined {
    const list = this.appends.get(path);
    const f = this.map.get(path);
    if (!list || !f) return f;
    this.appends.delete(path);
    const whole = Buffer.concat([f, ...list]);
    this.map.set(path, whole);
    return whole;
  }

  write(path: string, content: Buffer, append: boolean): void {
    if (append && this.map.has(path)) {
      const list = this.appends.get(path) ?? [];
      list.push(content);
      this.appends.set(path, list);
      return;
    }
    this.appends.delete(path);
    this.map.set(path, content);
  }

  remove(path: string): void {
    this.appends.delete(path);
    this.map.delete(path);
  }

  isFile(path: string): boolean {
    return this.map.has(path) && !path.endsWith('/');
  }

  isDir(path: string): boolean {
    const p = path.replace(/\/+$/, '');
    if (p === '' || SYSTEM_DIRS.has(p)) return true;
    for (const key of this.map.keys()) if (key.startsWith(`${p}/`)) return true;
    return false;
  }

  mkdir(path: string): void {
    const p = path.replace(/\/+$/, '');
    if (p && !this.isDir(p)) this.map.set(`${p}/`, Buffer.alloc(0));
  }

  /** The files and folders under `dir`, sorted, as paths relative to it (folders end with "/"). */
  under(dir: string): string[] {
    const base = `${dir.replace(/\/+$/, '')}/`;
    const names = new Set<string>();
    for (const key of this.map.keys()) {
      if (!key.startsWith(base) || key === base) continue;
      const rel = key.slice(base.length);
      const parts = rel.split('/');
      for (let i = 1; i < parts.length; i++) names.add(`${parts.slice(0, i).join('/')}/`);
      if (!rel.endsWith('/')) names.add(rel);
    }
    return [...names].sort();
  }
}

/** The file commands: undefined for a name that is not one of them. */
export function fileCommand(files: ContainerFiles, name: string, rest: string[], read: (p: string | undefined) => Buffer | undefined, at: (p: string) => string, cwd: string): CommandResult | undefined {
  switch (name) {
    case '[': {
      const p = at(rest[1] ?? '');
      const is = rest[0] === '-d' ? files.isDir(p) : ['-f', '-r', '-e'].includes(rest[0]) && (files.isFile(p) || (rest[0] !== '-f' && files.isDir(p)));
      return ok('', is ? 0 : 1);
    }
    case 'ls': {
      const long = rest.some((a) => /^-[a-z]*l/.test(a));
      const target = rest.find((a) => !a.startsWith('-'));
      if (target !== undefined && target !== '/') {
        const f = files.read(at(target));
        if (!f) return err(`ls: cannot access '${target}': No such file or directory\n`, 2);
        return ok(long ? `-rw-r--r-- 1 root root ${f.length} Jan  1 00:00 ${target}\n` : `${target}\n`);
      }
      if (!long && cwd !== '/' && target === undefined) return ok('');
      return ok(long ? `${ROOT_LONG}\n` : ROOT_SHORT);
    }
    case 'cat': {
      const parts: Buffer[] = [];
      for (const p of rest.length ? rest : ['-']) {
        const f = read(p);
        if (!f) return err(`cat: ${p}: No such file or directory\n`, 1);
        parts.push(f);
      }
      return ok(catOutput(parts));
    }
    case 'wc': {
      const p = rest.find((a) => !a.startsWith('-'));
      const f = read(p);
      if (!f) return err(`wc: ${p}: No such file or directory\n`, 1);
      return ok(p === undefined ? `${f.length}\n` : `${f.length} ${p}\n`);
    }
    case 'rm':
      for (const p of rest.filter((a) => !a.startsWith('-'))) files.remove(at(p));
      return ok('');
    case 'mkdir':
      for (const p of rest.filter((a) => !a.startsWith('-'))) {
        if (files.isFile(at(p))) return err(`mkdir: cannot create directory '${p}': File exists\n`, 1);
        files.mkdir(at(p));
      }
      return ok('');
    default:
      return undefined;
  }
}
