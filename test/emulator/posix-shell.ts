// The command language behind the scripted shell (scripted-shell.ts): enough of a POSIX shell to run what Run
// Command, Download File and Upload File type, as a real one would. Sources, per behaviour:
// - Quoting: single quotes keep every character; double quotes expand `$?` and `$(…)` (POSIX XCU 2.2.2, 2.2.3).
// - Lists and pipelines: `;`, `&&`, `||`, `|`, a brace group `{ …\n}` with redirections applying to the whole
//   group; `$?` is the status of the last pipeline (XCU 2.9.2–2.9.4, 2.5.2).
// - Redirections `<`, `>`, `>>`, `2>/dev/null`, `2>&1` (XCU 2.7); `/dev/null` reads empty.
// - A command not found: status 127 and the shell's words (XCU 2.8.2; dash: "/bin/sh: 1: x: not found").
// - `exit N` ends the shell with status N (XCU 2.14 exit); `:`/`true` 0 and `false` 1 (XCU true/false).
// - printf: the format reused for extra arguments, `%s` and `\n` (XCU printf); echo joins its arguments (XCU echo).
// - coreutils (GNU coreutils manual): `base64` wraps at 76 columns, `base64 -d` decodes (section 6.1); `sha256sum`
//   prints `<hex>  <name>` with `-` for stdin (6.5); `wc -c` the byte count, alone when reading stdin (6.2);
//   `cat` copies; `rm -f` ignores a missing file; `ls -la /` the long listing; `sleep N` waits (interrupted by
//   Ctrl-C: status 130, 128 + SIGINT, XCU 2.8.2); `seq N`; `stty` accepts `-echo`, `echo`, `raw`, `sane` (XCU stty).
// - `command -v name` prints the name and 0 when the image has it, else 1 (XCU command).
// - `[ -f p ]`, `[ -r p ]`, `[ -e p ]` (XCU test).
// - A pty turns each "\n" written into "\r\n" (termios ONLCR, as a terminal's defaults set it).
import { createHash } from 'node:crypto';

export interface ShellIo {
  /** Writes to the terminal (already with "\r\n"). */
  write(text: string): void;
  /** Whether the image has this program (base64, sha256sum, …). */
  has(program: string): boolean;
  files: Map<string, Buffer>;
  setEcho(on: boolean): void;
  cwd(): string;
  setCwd(dir: string): void;
  shellName: string;
  /** A variable assignment (`PS1=''`, `PS2=''` change the prompts: XCU 2.5.3). */
  setVar(name: string, value: string): void;
  /** The shell's words for a command it cannot find. */
  notFound(name: string): string;
  /** Resolves after `ms`, or early with false when interrupted (Ctrl-C). */
  wait(ms: number): Promise<boolean>;
}

/** Thrown by `exit`: the shell ends with this status. */
export class ShellExit extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`);
  }
}

type Token = { op: string } | { word: string; parts: Part[] };
type Part = { quoted: 'single' | 'double' | 'none'; text: string };

const ROOT_LONG = [
  'total 64',
  'drwxr-xr-x   1 root root 4096 Jan  1 00:00 .',
  'drwxr-xr-x   1 root root 4096 Jan  1 00:00 ..',
  ...['bin', 'boot', 'dev', 'etc', 'home', 'lib', 'lib64', 'media', 'mnt', 'opt', 'proc', 'root', 'run', 'sbin', 'srv', 'sys', 'tmp', 'usr', 'var'].map(
    (d) => `drwxr-xr-x   1 root root 4096 Jan  1 00:00 ${d}`,
  ),
].join('\n');
export const ROOT_SHORT = 'bin   dev  home  lib64\tmnt  proc  run\t srv  tmp  var\nboot  etc  lib\t media\topt  root  sbin  sys  usr\n';

/** Whether `text` is a whole command (no open quote, no open brace group). */
export function isComplete(text: string): boolean {
  try {
    const tokens = tokenize(text);
    let depth = 0;
    for (const t of tokens) if ('word' in t && t.parts.length === 1 && t.parts[0].quoted === 'none') depth += t.word === '{' ? 1 : t.word === '}' ? -1 : 0;
    return depth <= 0;
  } catch {
    return false;
  }
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '\n' || c === ';') {
      tokens.push({ op: ';' });
      i++;
      continue;
    }
    const op = /^(&&|\|\||\||>>|2>&1|2>|>|<)/.exec(text.slice(i));
    if (op) {
      tokens.push({ op: op[1] });
      i += op[1].length;
      continue;
    }
    const parts: Part[] = [];
    while (i < text.length && !/[\s;|&<>]/.test(text[i])) {
      if (text[i] === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) throw new Error('open quote');
        parts.push({ quoted: 'single', text: text.slice(i + 1, end) });
        i = end + 1;
      } else if (text[i] === '"') {
        let j = i + 1;
        let depth = 0;
        while (j < text.length && (text[j] !== '"' || depth > 0)) {
          if (text.startsWith('$(', j)) depth++;
          else if (text[j] === ')' && depth > 0) depth--;
          j++;
        }
        if (j >= text.length) throw new Error('open quote');
        parts.push({ quoted: 'double', text: text.slice(i + 1, j) });
        i = j + 1;
      } else if (text[i] === '\\' && i + 1 < text.length) {
        parts.push({ quoted: 'single', text: text[i + 1] });
        i += 2;
      } else {
        const m = /^[^\s;|&<>'"\\]+/.exec(text.slice(i))!;
        parts.push({ quoted: 'none', text: m[0] });
        i += m[0].length;
      }
    }
    tokens.push({ word: parts.map((p) => p.text).join(''), parts });
  }
  return tokens;
}

interface Simple {
  words: Token[];
  redirects: { op: string; target?: Token }[];
  group?: Node[];
}
type Pipeline = Simple[];
type Node = { pipeline: Pipeline; then: ';' | '&&' | '||' };

function parse(tokens: Token[], pos = { i: 0 }, inGroup = false): Node[] {
  const nodes: Node[] = [];
  let pipeline: Pipeline = [];
  let cmd: Simple = { words: [], redirects: [] };
  const endCmd = (): void => {
    if (cmd.words.length || cmd.group || cmd.redirects.length) pipeline.push(cmd);
    cmd = { words: [], redirects: [] };
  };
  const endPipeline = (then: Node['then']): void => {
    endCmd();
    if (pipeline.length) nodes.push({ pipeline, then });
    pipeline = [];
  };
  while (pos.i < tokens.length) {
    const t = tokens[pos.i++];
    if ('op' in t) {
      if (t.op === ';' || t.op === '&&' || t.op === '||') endPipeline(t.op);
      else if (t.op === '|') endCmd();
      else cmd.redirects.push({ op: t.op, target: t.op === '2>&1' ? undefined : tokens[pos.i++] });
    } else if (t.word === '{' && cmd.words.length === 0 && t.parts[0]?.quoted === 'none') {
      cmd.group = parse(tokens, pos, true);
    } else if (t.word === '}' && inGroup && cmd.words.length === 0 && t.parts[0]?.quoted === 'none') {
      endPipeline(';');
      return nodes;
    } else {
      cmd.words.push(t);
    }
  }
  endPipeline(';');
  return nodes;
}

/**
 * Pieces appended with `>>` and not yet read, per container's files (kept across its sessions, as the files are): a
 * shell appends to the end of a file (XCU 2.7.2, O_APPEND) without copying what it holds, so the emulator joins the
 * pieces only when the file is read.
 */
const APPENDS = new WeakMap<Map<string, Buffer>, Map<string, Buffer[]>>();

/** The most of an output written to the terminal at once (then the next piece). */
const TERMINAL_PIECE = 64 * 1024;
/** 57 bytes make one 76-character base64 line: blocks of whole lines are encoded and wrapped one at a time. */
const BASE64_BLOCK = 57 * 1024;

/** base64's output: lines of 76 characters, each ended by "\n". */
function wrappedBase64(f: Buffer): Buffer {
  const blocks: string[] = [];
  for (let i = 0; i < f.length; i += BASE64_BLOCK) {
    const b64 = f.toString('base64', i, Math.min(f.length, i + BASE64_BLOCK));
    const lines: string[] = [];
    for (let j = 0; j < b64.length; j += 76) lines.push(b64.slice(j, j + 76));
    blocks.push(`${lines.join('\n')}\n`);
  }
  return Buffer.from(blocks.join(''), 'latin1');
}

export class PosixShell {
  status = 0;
  /** Interrupted by Ctrl-C while a command ran. */
  interrupted = false;

  private readonly appends: Map<string, Buffer[]>;

  constructor(private readonly io: ShellIo) {
    this.appends = APPENDS.get(io.files) ?? new Map<string, Buffer[]>();
    APPENDS.set(io.files, this.appends);
  }

  private appended(path: string): Buffer[] {
    let list = this.appends.get(path);
    if (!list) this.appends.set(path, (list = []));
    return list;
  }

  private file(path: string): Buffer | undefined {
    const list = this.appends.get(path);
    const f = this.io.files.get(path);
    if (!list || !f) return f;
    this.appends.delete(path);
    const whole = Buffer.concat([f, ...list]);
    this.io.files.set(path, whole);
    return whole;
  }

  /** Runs a whole command text; throws ShellExit on `exit`. */
  async run(text: string): Promise<void> {
    await this.list(parse(tokenize(text)), Buffer.alloc(0));
  }

  private async list(nodes: Node[], stdin: Buffer): Promise<Buffer> {
    let skip: Node['then'] | undefined;
    for (const node of nodes) {
      const run = skip === undefined || (skip === '&&' ? this.status === 0 : skip === '||' ? this.status !== 0 : true);
      if (run) {
        const out = await this.pipeline(node.pipeline, stdin);
        // Output reaches the terminal as it is made (a long command's first line shows before it ends).
        this.toTerminal(out);
      }
      skip = node.then;
      if (this.interrupted) break;
    }
    return Buffer.alloc(0);
  }

  /**
   * Writes output in pieces that end on a line, as a pty hands a long output over while the program still writes:
   * the first lines leave before the last are translated (ONLCR), so the socket carries them meanwhile.
   */
  private toTerminal(out: Buffer): void {
    const text = out.toString('utf8');
    for (let i = 0; i < text.length; ) {
      const cut = text.lastIndexOf('\n', i + TERMINAL_PIECE - 1);
      const end = cut >= i && i + TERMINAL_PIECE < text.length ? cut + 1 : Math.min(text.length, i + TERMINAL_PIECE);
      const piece = text.slice(i, end);
      // A lone "\n" becomes "\r\n"; without any "\r" a plain replace does it at a fraction of the regular expression's cost.
      this.io.write(piece.includes('\r') ? piece.replace(/\r?\n/g, '\r\n') : piece.replaceAll('\n', '\r\n'));
      i = end;
    }
  }

  private async expand(t: Token): Promise<string> {
    if (!('word' in t)) return '';
    let s = '';
    for (const p of t.parts) {
      if (p.quoted === 'single') s += p.text;
      else s += await this.substitute(p.text);
    }
    return s;
  }

  private async substitute(text: string): Promise<string> {
    let s = '';
    for (let i = 0; i < text.length; i++) {
      if (text.startsWith('$?', i)) {
        s += String(this.status);
        i++;
      } else if (text.startsWith('$(', i)) {
        let depth = 1;
        let j = i + 2;
        for (; j < text.length && depth > 0; j++) depth += text[j] === '(' ? 1 : text[j] === ')' ? -1 : 0;
        const out = await this.capture(text.slice(i + 2, j - 1));
        s += out.toString('utf8').replace(/\n+$/, '');
        i = j - 1;
      } else s += text[i];
    }
    return s;
  }

  private async capture(text: string): Promise<Buffer> {
    const nodes = parse(tokenize(text));
    const chunks: Buffer[] = [];
    for (const node of nodes) chunks.push(await this.pipeline(node.pipeline, Buffer.alloc(0)));
    return Buffer.concat(chunks);
  }

  private async pipeline(cmds: Pipeline, stdin: Buffer): Promise<Buffer> {
    let data = stdin;
    for (const cmd of cmds) data = await this.simple(cmd, data);
    return data;
  }

  private async simple(cmd: Simple, stdin: Buffer): Promise<Buffer> {
    let input = stdin;
    let outFile: { path: string; append: boolean } | undefined;
    let errToNull = false;
    for (const r of cmd.redirects) {
      const target = r.target ? this.path(await this.expand(r.target)) : '';
      if (r.op === '<') {
        const f = target === '/dev/null' ? Buffer.alloc(0) : this.file(target);
        if (!f) return this.fail(`${this.io.shellName}: 1: cannot open ${target}: No such file\n`, 2);
        input = f;
      } else if (r.op === '>' || r.op === '>>') outFile = { path: target, append: r.op === '>>' };
      else if (r.op === '2>') errToNull = target === '/dev/null';
    }
    let result: { out: Buffer; err?: string; status: number };
    if (cmd.group) {
      const out = await this.list(cmd.group, input);
      result = { out, status: this.status };
    } else {
      const args: string[] = [];
      for (const w of cmd.words) args.push(await this.expand(w));
      // Assignments before the command name (XCU 2.9.1); alone, they set the shell's variables.
      while (args.length && /^[A-Za-z_]\w*=/.test(args[0])) {
        const [name, ...value] = args.shift()!.split('=');
        this.io.setVar(name, value.join('='));
      }
      result = args.length ? await this.command(args, input) : { out: Buffer.alloc(0), status: 0 };
    }
    this.status = result.status;
    if (result.err && !errToNull) this.io.write(result.err.replace(/\r?\n/g, '\r\n'));
    if (outFile && outFile.path !== '/dev/null') {
      if (outFile.append && this.io.files.has(outFile.path)) this.appended(outFile.path).push(result.out);
      else {
        this.appends.delete(outFile.path);
        this.io.files.set(outFile.path, result.out);
      }
      return Buffer.alloc(0);
    }
    return outFile ? Buffer.alloc(0) : result.out;
  }

  private fail(err: string, status: number): Buffer {
    this.status = status;
    this.io.write(err.replace(/\r?\n/g, '\r\n'));
    return Buffer.alloc(0);
  }

  private path(p: string): string {
    if (p.startsWith('/')) return p;
    return `${this.io.cwd().replace(/\/$/, '')}/${p}`;
  }

  private async command(args: string[], stdin: Buffer): Promise<{ out: Buffer; err?: string; status: number }> {
    const [name, ...rest] = args;
    const ok = (text: string | Buffer, status = 0) => ({ out: typeof text === 'string' ? Buffer.from(text, 'utf8') : text, status });
    const err = (text: string, status: number) => ({ out: Buffer.alloc(0), err: text, status });
    const read = (p: string | undefined): Buffer | undefined => (p === undefined || p === '-' ? stdin : this.file(this.path(p)));
    const builtins = ['printf', 'echo', 'exit', ':', 'true', 'false', 'stty', 'command', '[', 'cd', 'pwd'];
    if (!builtins.includes(name) && !this.io.has(name)) return err(this.io.notFound(name), 127);
    switch (name) {
      case ':':
      case 'true':
        return ok('');
      case 'false':
        return ok('', 1);
      case 'exit':
        throw new ShellExit(rest[0] === undefined ? this.status : Number.parseInt(rest[0], 10) & 255);
      case 'echo':
        return ok(`${rest.join(' ')}\n`);
      case 'printf': {
        const [format = '', ...values] = rest;
        const conversions = (format.match(/%[sd]/g) ?? []).length;
        let out = '';
        let v = 0;
        do {
          out += format.replace(/\\n|%[sd%]/g, (m) => (m === '\\n' ? '\n' : m === '%%' ? '%' : (values[v++] ?? '')));
        } while (conversions > 0 && v < values.length);
        return ok(out);
      }
      case 'stty':
        for (const a of rest) if (a === '-echo' || a === 'raw') this.io.setEcho(false);
        for (const a of rest) if (a === 'echo' || a === 'sane') this.io.setEcho(true);
        return ok('');
      case 'command':
        return rest[0] === '-v' && rest[1] && (builtins.includes(rest[1]) || this.io.has(rest[1])) ? ok(`${rest[1]}\n`) : ok('', 1);
      case '[': {
        const p = this.path(rest[1] ?? '');
        return ok('', ['-f', '-r', '-e'].includes(rest[0]) && (this.io.files.has(p) || p === '/') ? 0 : 1);
      }
      case 'pwd':
        return ok(`${this.io.cwd()}\n`);
      case 'cd':
        this.io.setCwd(rest[0] === undefined || rest[0] === '~' ? '/root' : this.path(rest[0]));
        return ok('');
      case 'ls': {
        const long = rest.some((a) => /^-[a-z]*l/.test(a));
        const target = rest.find((a) => !a.startsWith('-'));
        if (target !== undefined && target !== '/') {
          const f = this.file(this.path(target));
          if (!f) return err(`ls: cannot access '${target}': No such file or directory\n`, 2);
          return ok(long ? `-rw-r--r-- 1 root root ${f.length} Jan  1 00:00 ${target}\n` : `${target}\n`);
        }
        if (!long && this.io.cwd() !== '/' && target === undefined) return ok('');
        return ok(long ? `${ROOT_LONG}\n` : ROOT_SHORT);
      }
      case 'cat': {
        const parts: Buffer[] = [];
        for (const p of rest.length ? rest : ['-']) {
          const f = read(p);
          if (!f) return err(`cat: ${p}: No such file or directory\n`, 1);
          parts.push(f);
        }
        return ok(Buffer.concat(parts));
      }
      case 'base64': {
        const decode = rest.includes('-d') || rest.includes('--decode');
        const p = rest.find((a) => !a.startsWith('-'));
        const f = read(p);
        if (!f) return err(`base64: ${p}: No such file or directory\n`, 1);
        if (decode) {
          const text = f.toString('utf8').replace(/\s+/g, '');
          if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return err('base64: invalid input\n', 1);
          return ok(Buffer.from(text, 'base64'));
        }
        return ok(wrappedBase64(f));
      }
      case 'sha256sum': {
        const p = rest[0];
        const f = read(p);
        if (!f) return err(`sha256sum: ${p}: No such file or directory\n`, 1);
        return ok(`${createHash('sha256').update(f).digest('hex')}  ${p ?? '-'}\n`);
      }
      case 'wc': {
        const p = rest.find((a) => !a.startsWith('-'));
        const f = read(p);
        if (!f) return err(`wc: ${p}: No such file or directory\n`, 1);
        return ok(p === undefined ? `${f.length}\n` : `${f.length} ${p}\n`);
      }
      case 'rm':
        for (const p of rest.filter((a) => !a.startsWith('-'))) {
          this.appends.delete(this.path(p));
          this.io.files.delete(this.path(p));
        }
        return ok('');
      case 'sleep':
        return (await this.io.wait(Number(rest[0] ?? 0) * 1000)) ? ok('') : ((this.interrupted = true), ok('', 130));
      case 'seq': {
        const n = Math.min(2_000_000, Math.max(0, Number.parseInt(rest[0] ?? '0', 10) || 0));
        let s = '';
        for (let i = 1; i <= n; i++) s += `${i}\n`;
        return ok(s);
      }
      default:
        return err(this.io.notFound(name), 127);
    }
  }
}
