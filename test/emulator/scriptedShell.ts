// A small scripted shell behind an exec socket: a prompt, the line editing a pty gives (echo of each key unless
// `stty -echo` turned it off, backspace, Ctrl-C, Ctrl-D on an empty line, Up for the last command, Tab to complete
// a command name, lines typed while a command runs kept for after it, as a tty's input queue keeps them), and on
// Linux the command language of posixShell.ts, on Windows cmd.exe's or PowerShell's of windowsShell.ts (each
// behaviour cited there). A distroless image has no shell at
// all (GoogleContainerTools/distroless README: "no package managers, shells or any other programs"), so exec of
// /bin/sh fails there in the runtime's words.
// Prompt and `ls` as the ACI docs' exec example shows them (MicrosoftDocs/azure-docs container-instances-exec.md:
// `root@caas-<id>:/# ls` listing the root directory; for Windows `C:\>` and `dir`); unknown-command errors in
// each shell's own words (bash: "bash: x: command not found"; dash, Debian's /bin/sh: "/bin/sh: 1: x: not found";
// cmd.exe: "'x' is not recognized as an internal or external command, operable program or batch file.").
import { randomBytes } from 'node:crypto';
import { isComplete, PosixShell, ShellExit } from './posixShell';
import { CmdShell } from './cmdShell';
import { hasWindowsProgram, isPowerShell, isWholeInput, PowerShellLang } from './windowsShell';

export interface ShellOptions {
  command: string;
  image: string;
  windows: boolean;
  cols: number;
  /** The container's files, kept across its sessions (uploads and downloads). */
  files: Map<string, Buffer>;
  write(text: string | Buffer): void;
  exit(): void;
}

const LINUX_COMMANDS = ['echo', 'ls', 'pwd', 'cd', 'seq', 'exit'];
const WINDOWS_COMMANDS = ['echo', 'dir', 'cd', 'exit'];
const POWERSHELL_COMMANDS = ['Get-ChildItem', 'Get-Item', 'Write-Output', 'exit'];
/** The size of each output frame. */
const FRAME_BYTES = 16 * 1024;

/** Whether the image has the program: every Linux image has /bin/sh; Alpine and BusyBox images lack bash. */
export function hasProgram(command: string, image: string, windows: boolean): boolean {
  const c = command.toLowerCase();
  if (windows) return hasWindowsProgram(command, image);
  if (/distroless/i.test(image)) return false;
  if (['/bin/sh', 'sh'].includes(c)) return true;
  if (['/bin/bash', 'bash', '/usr/bin/bash'].includes(c)) return !/alpine|busybox/i.test(image);
  return false;
}

/**
 * The programs a Linux image has besides the shell's builtins. An image without tar: chosen here as one whose name
 * says `notar` (real ones exist: `kubectl cp` needs tar in the image and fails without it, kubernetes.io
 * "kubectl cp" reference).
 */
function imageHas(program: string, image: string): boolean {
  if (program === 'tar') return !/notar/i.test(image);
  return ['base64', 'sha256sum', 'cat', 'ls', 'wc', 'rm', 'mkdir', 'sleep', 'seq', 'stty'].includes(program);
}

export class ScriptedShell {
  private line = '';
  private last = '';
  private cwd: string;
  private readonly host = `caas-${randomBytes(16).toString('hex')}-${(randomBytes(4).readUInt32LE(0) % 900_000_000) + 100_000_000}-${randomBytes(3).toString('hex').slice(0, 5)}`;
  private readonly bash: boolean;
  private echo = true;
  /** A command is running: input waits (Ctrl-C interrupts it). */
  private busy = false;
  private typedAhead = '';
  /** Lines of an unfinished command (an open brace group or quote). */
  private pending = '';
  private interrupt: (() => void) | undefined;
  private readonly posix: PosixShell;
  private readonly vars = new Map<string, string>();
  private readonly windows: CmdShell | PowerShellLang | undefined;
  /** The Windows shell exited: what was typed after its `exit` is never read. */
  private closed = false;

  constructor(private readonly o: ShellOptions) {
    this.cwd = o.windows ? 'C:\\' : '/';
    this.bash = /bash/i.test(o.command);
    // The service's "Bye." follows a Windows shell's exit as it follows a Linux one's (execSocket.ts).
    const host = {
      write: (t: string) => this.write(t),
      exit: () => {
        this.closed = true;
        o.write('Bye.\r\n');
        o.exit();
      },
    };
    this.windows = !o.windows ? undefined : isPowerShell(o.command) ? new PowerShellLang(host) : new CmdShell(host);
    this.posix = new PosixShell({
      write: (t) => this.write(t),
      has: (program) => imageHas(program, o.image),
      files: o.files,
      setEcho: (on) => (this.echo = on),
      cwd: () => this.cwd,
      setCwd: (dir) => (this.cwd = dir),
      shellName: o.command,
      setVar: (name, value) => this.vars.set(name, value),
      notFound: (name) => (this.bash ? `bash: ${name}: command not found\n` : `${o.command}: 1: ${name}: not found\n`),
      wait: (ms) =>
        new Promise<boolean>((resolve) => {
          const t = setTimeout(() => ((this.interrupt = undefined), resolve(true)), ms);
          this.interrupt = () => (clearTimeout(t), (this.interrupt = undefined), resolve(false));
        }),
    });
  }

  /** Writes in frames of at most FRAME_BYTES, as a pty hands output over. */
  private write(text: string | Buffer): void {
    if (Buffer.isBuffer(text)) {
      for (let i = 0; i < text.length; i += FRAME_BYTES) this.o.write(text.subarray(i, i + FRAME_BYTES));
      return;
    }
    for (let i = 0; i < text.length; i += FRAME_BYTES) this.o.write(text.slice(i, i + FRAME_BYTES));
  }

  start(): void {
    if (!hasProgram(this.o.command, this.o.image, this.o.windows)) {
      const what = this.o.command;
      this.o.write(
        this.o.windows
          ? `container_linux.go: exec failed: "${what}": The system cannot find the file specified.\r\n`
          : `OCI runtime exec failed: exec failed: unable to start container process: exec: "${what}": executable file not found in $PATH: unknown\r\n`,
      );
      this.o.exit();
      return;
    }
    if (this.windows) this.o.write(this.windows.banner());
    this.prompt();
  }

  private prompt(): void {
    if (this.windows) return this.o.write(this.pending ? (this.windows instanceof CmdShell ? 'More? ' : '>> ') : this.windows.prompt());
    if (this.pending) return this.o.write(this.vars.get('PS2') ?? '> ');
    if (this.vars.has('PS1')) return this.o.write(this.vars.get('PS1')!);
    this.o.write(`root@${this.host}:${this.cwd}# `);
  }

  /** `replay`: text typed while a command ran, taken now; its Ctrl-C was handled when it arrived. */
  input(text: string, replay = false): void {
    if (this.busy) return this.queue(text, replay);
    for (let i = 0; i < text.length; i++) {
      if (this.closed) return;
      const ch = text[i];
      if (this.busy) return this.queue(text.slice(i), replay);
      if (ch === '\x1b') {
        // An escape sequence arrives whole with its key: Up recalls the last command, others are ignored.
        const seq = /^(\[[0-9;]*[A-Za-z~]|O[A-Za-z])/.exec(text.slice(i + 1));
        if (seq && seq[1].endsWith('A') && this.last) this.replaceLine(this.last);
        i += seq ? seq[0].length : 0;
      } else if (ch === '\r' || ch === '\n') {
        if (this.echo) this.o.write('\r\n');
        const line = this.line;
        this.line = '';
        if (line.trim()) this.last = line;
        if (!this.windows) this.runPosix(line);
        else this.runWindows(line);
      } else if (ch === '\x7f' || ch === '\b') {
        if (this.line) {
          this.line = [...this.line].slice(0, -1).join('');
          this.o.write('\b \b');
        }
      } else if (ch === '\x03') {
        this.line = '';
        this.pending = '';
        this.o.write('^C\r\n');
        this.prompt();
      } else if (ch === '\x04') {
        if (this.line === '') {
          if (this.windows) this.runWindows('exit');
          else this.runPosix('exit');
        }
      } else if (ch === '\t') {
        this.complete();
      } else if (ch >= ' ' || ch.charCodeAt(0) > 0x7f) {
        this.line += ch;
        if (this.echo) this.o.write(ch);
      }
    }
  }

  /**
   * Text typed while a command runs waits for it. ISIG: Ctrl-C (INTR) interrupts the command and flushes the input
   * queue, so what was typed before it is dropped and what follows is queued (POSIX XBD 11.1.9, 11.2.5: NOFLSH
   * unset). Replayed text holds no Ctrl-C (each was handled on arrival): it is not searched again.
   */
  private queue(text: string, replay: boolean): void {
    const at = replay ? -1 : text.lastIndexOf('\x03');
    if (at < 0) {
      this.typedAhead += text;
      return;
    }
    this.posix.interrupted = true;
    this.interrupt?.();
    this.typedAhead = text.slice(at + 1);
    this.o.write('^C\r\n');
  }

  private replaceLine(text: string): void {
    this.o.write('\b \b'.repeat([...this.line].length) + text);
    this.line = text;
  }

  private complete(): void {
    if (this.line.includes(' ')) return;
    const names = (this.windows instanceof PowerShellLang ? POWERSHELL_COMMANDS : this.windows ? WINDOWS_COMMANDS : LINUX_COMMANDS).filter((n) => n.startsWith(this.line));
    if (names.length === 1) {
      const rest = `${names[0].slice(this.line.length)} `;
      this.line += rest;
      this.o.write(rest);
    } else {
      this.o.write('\x07'); // the bell, as readline rings on an ambiguous completion
    }
  }

  /** Runs a POSIX command once it is whole, then prompts and takes what was typed meanwhile. */
  private runPosix(line: string): void {
    this.pending += `${line}\n`;
    if (!isComplete(this.pending)) return this.prompt();
    const text = this.pending;
    this.pending = '';
    this.busy = true;
    this.posix.interrupted = false;
    this.posix.run(text).then(
      () => this.afterCommand(),
      (e: unknown) => {
        this.busy = false;
        if (!(e instanceof ShellExit)) {
          this.write(`${this.o.command}: 1: Syntax error\r\n`);
          return this.afterCommand();
        }
        if (this.bash) this.o.write('exit\r\n');
        this.o.write('Bye.\r\n');
        this.o.exit();
      },
    );
  }

  private afterCommand(): void {
    this.busy = false;
    this.prompt();
    const ahead = this.typedAhead;
    this.typedAhead = '';
    if (ahead) this.input(ahead, true);
  }

  /**
   * A Windows line: PowerShell reads on (prompting `>> `) while a brace, parenthesis or quote is open and runs the
   * whole input at once (about_Parsing); cmd.exe reads on (prompting `More? `) while a block is open (cmdShell.ts).
   */
  private runWindows(line: string): void {
    const shell = this.windows!;
    // A line ending `\r\n` arrives as the line and an empty one: in an open cmd.exe block that adds nothing.
    if (this.pending && !line && shell instanceof CmdShell) return;
    this.pending += this.pending ? `\n${line}` : line;
    if (!(shell instanceof PowerShellLang ? isWholeInput(this.pending) : shell.isWhole(this.pending))) return this.prompt();
    line = this.pending;
    this.pending = '';
    if (shell.run(line)) this.prompt();
  }
}
