// cmd.exe at its interactive prompt behind an exec socket, as much as Run Command and a person at the prompt use.
// Line editing and the console's echo of what is typed are scriptedShell.ts's; input comes here whole (a line, or
// the lines of a block once its parentheses match).
//
// Sources:
// - Stack Overflow 4094699, "How does the Windows Command Interpreter (CMD.EXE) parse scripts?" (answers 4095133
//   and 7970912), "Command line parser": percent expansion happens once, when a line is read, before anything on it
//   runs; at the prompt a variable that is not defined is left as written and scanning goes on from its closing `%`
//   (the answer's example: with b=a, `echo %a %b% c%` prints `%a a c%`). Then the special characters: `"` toggles
//   quoting, outside quotes `^` makes the next character plain and is removed, `&` `&&` `||` join commands, `<` `>`
//   redirect, `(` where a command begins opens a block that an unescaped `)` closes; elsewhere both are plain.
//   CALL expands percent signs again when it runs (its "phase 6": carets doubled, then phases 1 and 2 again).
// - Super User 917268: input is run only once its brackets match; meanwhile cmd.exe asks `More? `.
// - Microsoft Learn, Windows Commands: `%errorlevel%` the last command's code, `set name=value` ("set", "cmd"); `echo off` hides the
//   prompt, `echo.` prints an empty line, the text after `echo ` printed as written ("echo"); ECHO leaves ERRORLEVEL
//   as it was (SS64, "ERRORLEVEL"); `dir` of a path that does not exist prints "File Not Found" and sets ERRORLEVEL
//   1 ("dir"); a command it cannot find: "'x' is not recognized as an internal or external command, operable
//   program or batch file." and ERRORLEVEL 9009; `exit` ends the shell ("exit"); `<NUL` / `>NUL` redirect from and
//   to the null device ("Using command redirection operators").
import { DATE, isDir, isRoot, resolve, ROOT_DIRS, type WindowsHost } from './windowsShell';

/** A few variables every Windows container has ("Recognized environment variables", Microsoft Learn). */
const ENV: Record<string, string> = { systemroot: 'C:\\Windows', windir: 'C:\\Windows', comspec: 'C:\\Windows\\system32\\cmd.exe', systemdrive: 'C:' };

type Redirect = { fd: number; to: string; input: boolean };
type Node = { kind: 'command'; text: string; redirects: Redirect[] } | { kind: 'block'; body: Step[]; redirects: Redirect[] };
type Step = { op: '' | '&' | '&&' | '||'; node: Node };

/** Thrown when the input ends inside a block. */
class OpenBlock extends Error {}

/** Phase 2 over expanded text: steps joined by operators; a line break inside a block separates as `&` does. */
class Parser {
  private i = 0;
  depth = 0;

  constructor(private readonly s: string) {}

  /** The steps, or undefined while a block is still open (more input is needed). */
  parse(): Step[] | undefined {
    try {
      return this.steps();
    } catch (e) {
      if (e instanceof OpenBlock) return undefined;
      throw e;
    }
  }

  private steps(): Step[] {
    const steps: Step[] = [];
    let op: Step['op'] = '';
    for (;;) {
      steps.push({ op, node: this.node() });
      const c = this.s[this.i];
      if (c === undefined) {
        if (this.depth > 0) throw new OpenBlock('open block');
        return steps;
      }
      if (c === ')') return steps;
      if (c === '\n') {
        if (this.depth === 0) return steps;
        op = '&';
        this.i++;
      } else {
        const two = this.s.slice(this.i, this.i + 2);
        op = two === '&&' || two === '||' ? two : '&';
        this.i += op.length;
      }
    }
  }

  private node(): Node {
    while (/[ \t@\n]/.test(this.s[this.i] ?? '') && (this.s[this.i] !== '\n' || this.depth > 0)) this.i++;
    if (this.s[this.i] === '(') {
      this.i++;
      this.depth++;
      const body = this.steps();
      if (this.s[this.i] !== ')') throw new OpenBlock('open block');
      this.i++;
      this.depth--;
      return { kind: 'block', body, redirects: this.command().redirects };
    }
    return this.command();
  }

  /** A simple command's text (carets removed) up to an operator, its redirections taken out. */
  private command(): { kind: 'command'; text: string; redirects: Redirect[] } {
    let text = '';
    const redirects: Redirect[] = [];
    let quoted = false;
    for (; this.i < this.s.length; this.i++) {
      const c = this.s[this.i];
      if (quoted) {
        // A line break ends a quote as it ends the line.
        if (c === '\n') break;
        if (c === '"') quoted = false;
        text += c;
      } else if (c === '"') {
        quoted = true;
        text += c;
      } else if (c === '^' && this.i + 1 < this.s.length) text += this.s[++this.i];
      else if (c === '&' || c === '\n' || (c === '|' && this.s[this.i + 1] === '|') || (c === ')' && this.depth > 0)) break;
      else if (c === '<' || c === '>') {
        const digit = /(^|\s)\d$/.test(text);
        const fd = digit ? Number(text.slice(-1)) : c === '<' ? 0 : 1;
        if (digit) text = text.slice(0, -1);
        const to = /^(>?)\s*([^\s&|<>()]+)/.exec(this.s.slice(this.i + 1));
        redirects.push({ fd, to: to?.[2] ?? '', input: c === '<' });
        this.i += to ? to[0].length : 0;
      } else text += c;
    }
    // Blanks before an operator stay: `echo a & echo b` prints `a ` first.
    return { kind: 'command', text, redirects };
  }
}


export class CmdShell {
  private errorlevel = 0;
  private echo = true;
  private readonly vars = new Map<string, string>();

  constructor(
    private readonly host: WindowsHost,
    private cwd = 'C:\\',
  ) {}

  banner(): string {
    return 'Microsoft Windows [Version 10.0.20348.2340]\r\n(c) Microsoft Corporation. All rights reserved.\r\n\r\n';
  }

  /** After `echo off` no prompt shows. */
  prompt(): string {
    return this.echo ? `${this.cwd.replace(/\\$/, '')}\\>` : '';
  }

  /** Whether the input is whole: no block left open (cmd.exe asks `More? ` for the next line meanwhile). */
  isWhole(input: string): boolean {
    return new Parser(this.expand(input)).parse() !== undefined;
  }

  /** Runs the input (a line, or a block's lines joined by `\n`); false once the shell exited. */
  run(typed: string): boolean {
    const steps = new Parser(this.expand(typed)).parse() ?? [];
    const going = this.steps(steps, false);
    if (going && this.echo && typed.trim()) this.host.write('\r\n');
    return going;
  }

  /** Phase 1 at the prompt: `%name%` of a defined variable is its value; any other `%` stays as written. */
  private expand(text: string): string {
    let out = '';
    for (let i = 0; i < text.length; i++) {
      const close = text[i] === '%' ? text.indexOf('%', i + 1) : -1;
      const name = close > i ? text.slice(i + 1, close) : '';
      const value = name && !name.includes('\n') ? this.variable(name) : undefined;
      if (value === undefined) out += text[i];
      else {
        out += value;
        i = close;
      }
    }
    return out;
  }

  private variable(name: string): string | undefined {
    const n = name.toLowerCase();
    return this.vars.get(n) ?? (n === 'errorlevel' ? String(this.errorlevel) : n === 'cd' ? this.cwd : ENV[n]);
  }

  private steps(steps: Step[], quiet: boolean): boolean {
    for (const { op, node } of steps) {
      if ((op === '&&' && this.errorlevel !== 0) || (op === '||' && this.errorlevel === 0)) continue;
      const silent = quiet || node.redirects.some((r) => r.fd === 1 && !r.input && /^nul$/i.test(r.to));
      if (!(node.kind === 'block' ? this.steps(node.body, silent) : this.command(node.text, silent))) return false;
    }
    return true;
  }

  private command(text: string, quiet: boolean): boolean {
    const out = (t: string) => (quiet ? undefined : this.host.write(t));
    // `echo.` prints what follows the dot; other names end at a blank.
    const name = /^echo(?=\.)/i.exec(text)?.[0] ?? /^\S*/.exec(text)![0];
    const args = text.slice(name.length).replace(/^\s/, '');
    const lower = name.toLowerCase();
    if (lower === '') return true;
    if (lower === 'echo') {
      if (text[name.length] === '.') out(`${text.slice(name.length + 1)}\r\n`);
      else if (/^(off|on)$/i.test(args.trim())) this.echo = args.trim().toLowerCase() === 'on';
      else out(args.trim() ? `${args}\r\n` : `ECHO is ${this.echo ? 'on' : 'off'}.\r\n`);
    } else if (lower === 'set' && args.includes('=')) {
      // `set name=value` ("set"); an empty value removes the variable.
      const [n, ...v] = args.split('=');
      if (v.join('=')) this.vars.set(n.toLowerCase(), v.join('='));
      else this.vars.delete(n.toLowerCase());
    } else if (lower === 'call') {
      // Carets doubled, then percent signs and special characters again, now (phase 6).
      return this.steps(new Parser(this.expand(args.replace(/\^/g, '^^'))).parse() ?? [], quiet);
    } else if (lower === 'cd') {
      if (!args.trim()) out(`${this.cwd}\r\n`);
      else if (isDir(resolve(this.cwd, args.trim()))) this.cwd = resolve(this.cwd, args.trim());
      else return this.fail('The system cannot find the path specified.\r\n', 1);
    } else if (lower === 'dir') {
      const rest = args.trim().split(/\s+/).filter(Boolean);
      return this.dir(resolve(this.cwd, rest.find((a) => !a.startsWith('/'))), rest.some((a) => /^\/b$/i.test(a)), out);
    } else if (lower === 'exit') {
      this.host.exit();
      return false;
    } else {
      return this.fail(`'${name}' is not recognized as an internal or external command,\r\noperable program or batch file.\r\n`, 9009);
    }
    return true;
  }

  private dir(path: string, bare: boolean, out: (t: string) => void): boolean {
    if (!isDir(path)) return this.fail(bare ? 'File Not Found\r\n' : ` Volume in drive C has no label.\r\n Volume Serial Number is 9C3E-5BB5\r\n\r\n Directory of ${path.replace(/\\[^\\]*$/, '') || 'C:'}\\\r\n\r\nFile Not Found\r\n`, 1);
    const names = isRoot(path) ? ROOT_DIRS : [];
    this.errorlevel = 0;
    if (bare) {
      out(names.map((n) => `${n}\r\n`).join(''));
      return true;
    }
    const rows = names.map((n) => `${DATE.cmd}    <DIR>          ${n}\r\n`).join('');
    out(` Volume in drive C has no label.\r\n Volume Serial Number is 9C3E-5BB5\r\n\r\n Directory of ${path}\r\n\r\n${rows}               0 File(s)              0 bytes\r\n               ${names.length} Dir(s)  20,935,204,864 bytes free\r\n`);
    return true;
  }

  /** Error messages go to stderr, which `>NUL` does not take; the code is set either way. */
  private fail(text: string, level: number): true {
    this.host.write(text);
    this.errorlevel = level;
    return true;
  }
}
