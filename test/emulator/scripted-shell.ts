// A small scripted shell behind an exec socket: a prompt, the line editing a pty gives (echo of each key,
// backspace, Ctrl-C, Ctrl-D on an empty line, Up for the last command, Tab to complete a command name), and a few
// commands: echo, ls, pwd, cd, seq N (a long output), exit; anything else is an unknown command.
// Prompt and `ls` as the ACI docs' exec example shows them (MicrosoftDocs/azure-docs container-instances-exec.md:
// `root@caas-<id>:/# ls` listing the root directory; for Windows `C:\>` and `dir`); unknown-command errors in
// each shell's own words (bash: "bash: x: command not found"; dash, Debian's /bin/sh: "/bin/sh: 1: x: not found";
// cmd.exe: "'x' is not recognized as an internal or external command, operable program or batch file.").
import { randomBytes } from 'node:crypto';

export interface ShellOptions {
  command: string;
  image: string;
  windows: boolean;
  cols: number;
  write(text: string): void;
  exit(): void;
}

const LINUX_COMMANDS = ['echo', 'ls', 'pwd', 'cd', 'seq', 'exit'];
const WINDOWS_COMMANDS = ['echo', 'dir', 'cd', 'exit'];
const ROOT_LISTING = 'bin   dev  home  lib64\tmnt  proc  run\t srv  tmp  var\r\nboot  etc  lib\t media\topt  root  sbin  sys  usr\r\n';
/** The longest `seq` answered, and the size of each output frame. */
const MAX_SEQ = 2_000_000;
const FRAME_BYTES = 16 * 1024;

/** Whether the image has the program: every Linux image has /bin/sh; Alpine and BusyBox images lack bash. */
export function hasProgram(command: string, image: string, windows: boolean): boolean {
  const c = command.toLowerCase();
  if (windows) return ['cmd', 'cmd.exe', 'powershell', 'powershell.exe', 'c:\\windows\\system32\\cmd.exe'].includes(c);
  if (['/bin/sh', 'sh'].includes(c)) return true;
  if (['/bin/bash', 'bash', '/usr/bin/bash'].includes(c)) return !/alpine|busybox/i.test(image);
  return false;
}

export class ScriptedShell {
  private line = '';
  private last = '';
  private cwd: string;
  private readonly host = `caas-${randomBytes(16).toString('hex')}-${(randomBytes(4).readUInt32LE(0) % 900_000_000) + 100_000_000}-${randomBytes(3).toString('hex').slice(0, 5)}`;
  private readonly bash: boolean;

  constructor(private readonly o: ShellOptions) {
    this.cwd = o.windows ? 'C:\\' : '/';
    this.bash = /bash/i.test(o.command);
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
    if (this.o.windows) this.o.write('Microsoft Windows [Version 10.0.20348.2340]\r\n(c) Microsoft Corporation. All rights reserved.\r\n\r\n');
    this.prompt();
  }

  private prompt(): void {
    this.o.write(this.o.windows ? `${this.cwd.replace(/\\$/, '')}\\>` : `root@${this.host}:${this.cwd}# `);
  }

  input(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === '\x1b') {
        // An escape sequence arrives whole with its key: Up recalls the last command, others are ignored.
        const seq = /^(\[[0-9;]*[A-Za-z~]|O[A-Za-z])/.exec(text.slice(i + 1));
        if (seq && seq[1].endsWith('A') && this.last) this.replaceLine(this.last);
        i += seq ? seq[0].length : 0;
      } else if (ch === '\r' || ch === '\n') {
        this.o.write('\r\n');
        const line = this.line;
        this.line = '';
        if (line.trim()) this.last = line;
        if (this.run(line)) this.prompt();
      } else if (ch === '\x7f' || ch === '\b') {
        if (this.line) {
          this.line = [...this.line].slice(0, -1).join('');
          this.o.write('\b \b');
        }
      } else if (ch === '\x03') {
        this.line = '';
        this.o.write('^C\r\n');
        this.prompt();
      } else if (ch === '\x04') {
        if (this.line === '') this.run('exit');
      } else if (ch === '\t') {
        this.complete();
      } else if (ch >= ' ' || ch.charCodeAt(0) > 0x7f) {
        this.line += ch;
        this.o.write(ch);
      }
    }
  }

  private replaceLine(text: string): void {
    this.o.write('\b \b'.repeat([...this.line].length) + text);
    this.line = text;
  }

  private complete(): void {
    if (this.line.includes(' ')) return;
    const names = (this.o.windows ? WINDOWS_COMMANDS : LINUX_COMMANDS).filter((n) => n.startsWith(this.line));
    if (names.length === 1) {
      const rest = `${names[0].slice(this.line.length)} `;
      this.line += rest;
      this.o.write(rest);
    } else {
      this.o.write('\x07'); // the bell, as readline rings on an ambiguous completion
    }
  }

  /** Runs one line; false when the shell has ended. */
  private run(line: string): boolean {
    const [name = '', ...args] = line.trim().split(/\s+/).filter(Boolean);
    const out = (text: string): void => this.o.write(text);
    if (this.o.windows) return this.runWindows(name.toLowerCase(), args, out);
    switch (name) {
      case '':
        return true;
      case 'echo':
        out(`${args.join(' ')}\r\n`);
        return true;
      case 'pwd':
        out(`${this.cwd}\r\n`);
        return true;
      case 'cd':
        this.cwd = args[0] === undefined || args[0] === '~' ? '/root' : args[0].startsWith('/') ? args[0] : `${this.cwd.replace(/\/$/, '')}/${args[0]}`;
        return true;
      case 'ls':
        // The root lists as in the docs' example; any other path named does not exist here (GNU ls's words).
        if (args[0] !== undefined && args[0] !== '/') out(`ls: cannot access '${args[0]}': No such file or directory\r\n`);
        else out(this.cwd === '/' || args[0] === '/' ? ROOT_LISTING : '');
        return true;
      case 'seq':
        this.seq(Math.min(MAX_SEQ, Math.max(0, Number.parseInt(args[0] ?? '0', 10) || 0)));
        return true;
      case 'exit':
        if (this.bash) out('exit\r\n');
        out('Bye.\r\n');
        this.o.exit();
        return false;
      default:
        out(this.bash ? `bash: ${name}: command not found\r\n` : `${this.o.command}: 1: ${name}: not found\r\n`);
        return true;
    }
  }

  private runWindows(name: string, args: string[], out: (t: string) => void): boolean {
    switch (name) {
      case '':
        return true;
      case 'echo':
        out(`${args.join(' ')}\r\n`);
        return true;
      case 'cd':
        if (args[0]) this.cwd = /^[a-z]:\\/i.test(args[0]) ? args[0] : `${this.cwd.replace(/\\$/, '')}\\${args[0]}`;
        else out(`${this.cwd}\r\n`);
        return true;
      case 'dir':
        out(` Volume in drive C has no label.\r\n\r\n Directory of ${this.cwd}\r\n\r\n               0 File(s)              0 bytes\r\n\r\n`);
        return true;
      case 'exit':
        out('Bye.\r\n');
        this.o.exit();
        return false;
      default:
        out(`'${name}' is not recognized as an internal or external command,\r\noperable program or batch file.\r\n\r\n`);
        return true;
    }
  }

  private seq(n: number): void {
    let chunk = '';
    for (let i = 1; i <= n; i++) {
      chunk += `${i}\r\n`;
      if (chunk.length >= FRAME_BYTES) {
        this.o.write(chunk);
        chunk = '';
      }
    }
    if (chunk) this.o.write(chunk);
  }
}
