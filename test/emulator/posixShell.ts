// The command language behind the scripted shell (scriptedShell.ts): enough of a POSIX shell to run what Run
// Command, Download File and Upload File type, as a real one would. Sources, per behaviour:
// - Quoting: single quotes keep every character; double quotes expand `$?` and `$(…)` (POSIX XCU 2.2.2, 2.2.3).
// - Lists and pipelines: `;`, `&&`, `||`, `|`, a brace group `{ …\n}` with redirections applying to the whole
//   group; `$?` is the status of the last pipeline (XCU 2.9.2–2.9.4, 2.5.2).
// - Redirections `<`, `>`, `>>`, `2>/dev/null`, `2>&1` (XCU 2.7); `/dev/null` reads empty.
// - A command not found: status 127 and the shell's words (XCU 2.8.2; dash: "/bin/sh: 1: x: not found").
// - `exit N` ends the shell with status N (XCU 2.14 exit); `:`/`true` 0 and `false` 1 (XCU true/false).
// - printf: the format reused for extra arguments, `%s` and `\n` (XCU printf); echo joins its arguments (XCU echo).
// - `sleep N` waits (interrupted by Ctrl-C: status 130, 128 + SIGINT, XCU 2.8.2); `seq N`; `stty` accepts `-echo`,
//   `echo`, `raw`, `sane` (XCU stty); `command -v name` prints the name and 0 when the image has it, else 1 (XCU).
// - Output reaches the terminal while the program writes it, piece by piece (shellStreams.ts); Ctrl-C stops it.
// The syntax is in shellSyntax.ts, the file commands in shellFiles.ts, base64 and sha256sum in shellStreams.ts,
// tar in shellTar.ts.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ContainerFiles, err, fileCommand, ok, type CommandResult } from './shellFiles';
import { base64Decode, base64Encode, onlcr, piecesOf, sha256Line, whole, type Output } from './shellStreams';
import { parse, tokenize, type Node, type Pipeline, type Simple, type Token } from './shellSyntax';
import { tarCommand } from './shellTar';

export { isComplete } from './shellSyntax';
export { ROOT_SHORT } from './shellFiles';

export interface ShellIo {
  /** Writes to the terminal (text already with "\r\n"; bytes as they are). */
  write(text: string | Buffer): void;
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

const NOTHING = Buffer.alloc(0);
const BUILTINS = ['printf', 'echo', 'exit', ':', 'true', 'false', 'stty', 'command', '[', 'cd', 'pwd'];

export class PosixShell {
  status = 0;
  /** Interrupted by Ctrl-C while a command ran. */
  interrupted = false;

  private readonly files: ContainerFiles;

  constructor(private readonly io: ShellIo) {
    this.files = new ContainerFiles(io.files);
  }

  /** Runs a whole command text; throws ShellExit on `exit`. */
  async run(text: string): Promise<void> {
    await this.list(parse(tokenize(text)), NOTHING);
  }

  private async list(nodes: Node[], stdin: Buffer): Promise<Buffer> {
    let skip: Node['then'] | undefined;
    for (const node of nodes) {
      const run = skip === undefined || (skip === '&&' ? this.status === 0 : skip === '||' ? this.status !== 0 : true);
      // Output reaches the terminal as it is made (a long command's first line shows before it ends).
      if (run) await this.toTerminal(await this.pipeline(node.pipeline, stdin));
      skip = node.then;
      if (this.interrupted) break;
    }
    return NOTHING;
  }

  /**
   * Hands an output to the terminal piece by piece as the program writes it (ONLCR on each), letting the socket
   * carry each piece before the next is made, as a pty's reader takes output while the program still writes.
   */
  private async toTerminal(out: Output): Promise<void> {
    const translated = !Buffer.isBuffer(out) && out.onTerminal;
    let first = true;
    let last = 0;
    for (const piece of translated ? translated() : piecesOf(out)) {
      if (this.interrupted) return;
      if (!first) await nextTurn();
      first = false;
      if (!piece.length) continue;
      this.io.write(translated ? piece : onlcr(piece, last));
      last = piece[piece.length - 1];
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
    for (const node of nodes) chunks.push(whole(await this.pipeline(node.pipeline, NOTHING)));
    return Buffer.concat(chunks);
  }

  private async pipeline(cmds: Pipeline, stdin: Buffer): Promise<Output> {
    let data: Output = stdin;
    for (const cmd of cmds) data = await this.simple(cmd, whole(data));
    return data;
  }

  private async simple(cmd: Simple, stdin: Buffer): Promise<Output> {
    let input = stdin;
    let outFile: { path: string; append: boolean } | undefined;
    let errToNull = false;
    for (const r of cmd.redirects) {
      const target = r.target ? this.path(await this.expand(r.target)) : '';
      if (r.op === '<') {
        const f = target === '/dev/null' ? NOTHING : this.files.read(target);
        if (!f) return this.fail(`${this.io.shellName}: 1: cannot open ${target}: No such file\n`, 2);
        input = f;
      } else if (r.op === '>' || r.op === '>>') outFile = { path: target, append: r.op === '>>' };
      else if (r.op === '2>') errToNull = target === '/dev/null';
    }
    let result: CommandResult;
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
      result = args.length ? await this.command(args, input) : { out: NOTHING, status: 0 };
    }
    this.status = result.status;
    if (result.err && !errToNull) this.io.write(result.err.replace(/\r?\n/g, '\r\n'));
    if (!outFile) return result.out;
    if (outFile.path !== '/dev/null') this.files.write(outFile.path, whole(result.out), outFile.append);
    return NOTHING;
  }

  private fail(text: string, status: number): Buffer {
    this.status = status;
    this.io.write(text.replace(/\r?\n/g, '\r\n'));
    return NOTHING;
  }

  private path(p: string): string {
    if (p.startsWith('/')) return p;
    if (p === '.') return this.io.cwd();
    return `${this.io.cwd().replace(/\/$/, '')}/${p}`;
  }

  private async command(args: string[], stdin: Buffer): Promise<CommandResult> {
    const [name, ...rest] = args;
    const read = (p: string | undefined): Buffer | undefined => (p === undefined || p === '-' ? stdin : this.files.read(this.path(p)));
    if (!BUILTINS.includes(name) && !this.io.has(name)) return err(this.io.notFound(name), 127);
    const file = fileCommand(this.files, name, rest, read, (p) => this.path(p), this.io.cwd());
    if (file) return file;
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
        return rest[0] === '-v' && rest[1] && (BUILTINS.includes(rest[1]) || this.io.has(rest[1])) ? ok(`${rest[1]}\n`) : ok('', 1);
      case 'pwd':
        return ok(`${this.io.cwd()}\n`);
      case 'cd':
        this.io.setCwd(rest[0] === undefined || rest[0] === '~' ? '/root' : this.path(rest[0]));
        return ok('');
      case 'base64': {
        const decode = rest.includes('-d') || rest.includes('--decode');
        const p = rest.find((a) => !a.startsWith('-'));
        const f = read(p);
        if (!f) return err(`base64: ${p}: No such file or directory\n`, 1);
        if (!decode) return ok(base64Encode(f));
        const bytes = base64Decode(f);
        return bytes ? ok(bytes) : err('base64: invalid input\n', 1);
      }
      case 'sha256sum': {
        const f = read(rest[0]);
        if (!f) return err(`sha256sum: ${rest[0]}: No such file or directory\n`, 1);
        return ok(sha256Line(f, rest[0] ?? '-'));
      }
      case 'tar':
        return tarCommand(this.files, rest, stdin, (p) => this.path(p));
      case 'sleep':
        return (await this.io.wait(Number(rest[0] ?? 0) * 1000)) ? ok('') : ((this.interrupted = true), ok('', 130));
      case 'seq': {
        const n = Math.min(2_000_000, Math.max(0, Number.parseInt(rest[0] ?? '0', 10) || 0));
        return ok({
          *pieces() {
            for (let from = 1; from <= n; from += 10_000) {
              let s = '';
              for (let i = from; i <= Math.min(n, from + 9_999); i++) s += `${i}\n`;
              yield Buffer.from(s, 'latin1');
            }
          },
        });
      }
      default:
        return err(this.io.notFound(name), 127);
    }
  }
}
