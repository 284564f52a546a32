// The command languages of a Windows container's two shells behind an exec socket, as much as Run Command and a
// person at the prompt use: Windows PowerShell 5.1 here, cmd.exe in cmdShell.ts. Line editing is scriptedShell.ts's;
// each input typed comes here whole.
//
// Sources (Microsoft Learn, PowerShell reference):
// - PowerShell: the prompt `PS C:\> ` ("about_Prompts"); statements separated by `;`; `'…'` taken as written,
//   `"…"` with `` `n `` a newline and `$name` expanded ("about_Quoting_Rules", "about_Special_Characters"); `+`
//   joins strings, adds numbers ("about_Arithmetic_Operators"); `if`/`elseif`/`else` as a value assigned to a
//   variable ("about_If", "about_Assignment_Operators"); `$?` the last command's success and for a program false
//   exactly when its exit code, `$LASTEXITCODE`, is not 0 ("about_Automatic_Variables"); Get-ChildItem's table and
//   `-Name`, Get-Item's ItemNotFoundException, an unknown term's CommandNotFoundException in their own words;
//   `exit` ends the session ("about_Language_Keywords").
// - Nano Server images have no PowerShell, Server Core images have both shells ("Container base images", Windows
//   containers; `'powershell' is not recognized` in a nanoserver image in aspnet/aspnet-docker#362).

export interface WindowsHost {
  write(text: string): void;
  exit(): void;
}

/**
 * The image's programs: every Windows image has cmd.exe; a Nano Server one (named so in its repository or tag, as
 * `windows/nanoserver:ltsc2022` or `windows/servercore/iis:nanoserver`) has no powershell.exe.
 */
export function hasWindowsProgram(command: string, image: string): boolean {
  const c = command.toLowerCase();
  if (['cmd', 'cmd.exe', 'c:\\windows\\system32\\cmd.exe'].includes(c)) return true;
  if (['powershell', 'powershell.exe'].includes(c)) return !/nanoserver/i.test(image);
  return false;
}

export const isPowerShell = (command: string): boolean => /^powershell(\.exe)?$/i.test(command);

/** What C:\ holds in a Server Core image (as `dir C:\` lists it). */
export const ROOT_DIRS = ['inetpub', 'Program Files', 'Program Files (x86)', 'ProgramData', 'Users', 'Windows'];
export const DATE = { cmd: '05/14/2024  03:12 AM', ps: '5/14/2024   3:12 AM' };

export function resolve(cwd: string, path: string | undefined): string {
  if (!path) return cwd;
  const p = path.replace(/^["']|["']$/g, '').replace(/\//g, '\\');
  const full = /^[a-z]:\\/i.test(p) ? p : /^[a-z]:$/i.test(p) ? `${p}\\` : `${cwd.replace(/\\$/, '')}\\${p}`;
  return full.length > 3 ? full.replace(/\\$/, '') : full;
}

export const isRoot = (path: string): boolean => /^c:\\?$/i.test(path);
export const isDir = (path: string): boolean => isRoot(path) || ROOT_DIRS.some((d) => `c:\\${d}`.toLowerCase() === path.toLowerCase());

type Value = string | number | boolean | null;

export class PowerShellLang {
  private readonly vars = new Map<string, Value>();
  private ok = true;
  private lastExitCode: number | null = null;
  private cwd = 'C:\\';

  constructor(private readonly host: WindowsHost) {}

  banner(): string {
    return 'Windows PowerShell\r\nCopyright (C) Microsoft Corporation. All rights reserved.\r\n\r\n';
  }

  prompt(): string {
    return `PS ${this.cwd}> `;
  }

  /** Runs one line; false once the session exited. */
  run(input: string): boolean {
    for (const line of splitTop(input, '\n')) {
      for (const statement of splitTop(line, ';')) {
        if (!this.statement(statement.trim())) return false;
      }
    }
    return true;
  }

  private statement(text: string): boolean {
    if (!text) return true;
    if (/^try\s*\{/i.test(text)) {
      // The emulated commands raise no terminating error: the catch block never runs.
      return this.run(balanced(text, text.indexOf('{'), '{', '}').inner);
    }
    const assign = /^\$(\w+)\s*=\s*([\s\S]+)$/.exec(text);
    if (assign) {
      this.vars.set(assign[1].toLowerCase(), this.value(assign[2].trim()));
      this.ok = true;
      return true;
    }
    const [name = '', ...args] = splitTop(text, ' ').filter(Boolean);
    const lower = name.toLowerCase();
    if (lower === 'exit') {
      this.host.exit();
      return false;
    }
    if (['write-output', 'echo', 'write'].includes(lower)) {
      this.host.write(args.map((a) => `${String(this.value(a) ?? '')}\r\n`).join(''));
      this.ok = true;
    } else if (['get-childitem', 'dir', 'ls', 'gci'].includes(lower)) {
      this.childItems(args);
    } else if (['get-item', 'gi'].includes(lower)) {
      const path = resolve(this.cwd, args.find((a) => !a.startsWith('-')));
      if (isDir(path)) this.host.write(`\r\n\r\n    Directory: ${path.replace(/\\[^\\]*$/, '') || 'C:'}\\\r\n\r\n\r\nMode                 LastWriteTime         Length Name\r\n----                 -------------         ------ ----\r\nd-----         ${DATE.ps}                ${path.split('\\').pop() || 'C:\\'}\r\n\r\n\r\n`);
      else this.notFound(name, path, 'GetItemCommand', text);
    } else if (lower === 'cmd' || lower === 'cmd.exe') {
      // `cmd /c exit N`: a program that ends with exit code N.
      const code = /^\/c\s+exit\s+(\d+)$/i.exec(args.join(' '));
      this.lastExitCode = code ? Number(code[1]) : 0;
      this.ok = this.lastExitCode === 0;
    } else {
      this.error(
        text,
        name,
        `${name} : The term '${name}' is not recognized as the name of a cmdlet, function, script file, or operable program. Check the spelling of the name, or if a path was included, verify that the path is correct and try again.`,
        `ObjectNotFound: (${name}:String) [], CommandNotFoundException`,
        'CommandNotFoundException',
      );
    }
    return true;
  }

  private childItems(args: string[]): void {
    const path = resolve(this.cwd, args.find((a) => !a.startsWith('-')));
    if (!isDir(path)) return this.notFound('Get-ChildItem', path, 'GetChildItemCommand', `Get-ChildItem ${args.join(' ')}`);
    const names = isRoot(path) ? ROOT_DIRS : [];
    this.ok = true;
    if (args.some((a) => /^-name$/i.test(a))) return this.host.write(names.map((n) => `${n}\r\n`).join(''));
    const rows = names.map((n) => `d-----         ${DATE.ps}                ${n}\r\n`).join('');
    this.host.write(`\r\n\r\n    Directory: ${path}\r\n\r\n\r\nMode                 LastWriteTime         Length Name\r\n----                 -------------         ------ ----\r\n${rows}\r\n\r\n`);
  }

  private notFound(cmdlet: string, path: string, command: string, text: string): void {
    this.error(text, cmdlet, `${cmdlet} : Cannot find path '${path}' because it does not exist.`, `ObjectNotFound: (${path}:String) [${cmdlet}], ItemNotFoundException`, `PathNotFound,Microsoft.PowerShell.Commands.${command}`);
  }

  /** A non-terminating error as the console shows it; `$?` becomes false. */
  private error(text: string, _name: string, message: string, category: string, id: string): void {
    this.host.write(`${message}\r\nAt line:1 char:1\r\n+ ${text}\r\n+ ${'~'.repeat(text.length)}\r\n    + CategoryInfo          : ${category}\r\n    + FullyQualifiedErrorId : ${id}\r\n \r\n`);
    this.ok = false;
  }

  /** An expression: `if` chains, `+` of terms. */
  private value(text: string): Value {
    const t = text.trim();
    const chain = /^if\s*\(/i.test(t) ? ifChain(t) : undefined;
    if (chain) {
      for (const branch of chain) if (branch.test === undefined || truthy(this.value(branch.test))) return this.value(branch.body);
      return null;
    }
    const terms = splitTop(t, '+').map((x) => this.term(x.trim()));
    return terms.reduce((a, b) => (typeof a === 'number' && typeof b === 'number' ? a + b : `${String(a ?? '')}${String(b ?? '')}`));
  }

  private term(t: string): Value {
    if (t.startsWith('(') && t.endsWith(')')) return this.value(t.slice(1, -1));
    if (t.startsWith("'") && t.endsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (t.startsWith('"') && t.endsWith('"')) {
      return t
        .slice(1, -1)
        .replace(/`n/g, '\n')
        .replace(/\$(\w+|\?)/g, (_w, n: string) => String(this.variable(n) ?? ''));
    }
    if (/^-?\d+$/.test(t)) return Number(t);
    if (t.startsWith('$')) return this.variable(t.slice(1));
    return t;
  }

  private variable(name: string): Value {
    const n = name.toLowerCase();
    if (n === '?') return this.ok;
    if (n === 'lastexitcode') return this.lastExitCode;
    if (n === 'true') return true;
    if (n === 'false') return false;
    if (n === 'null') return null;
    return this.vars.get(n) ?? null;
  }
}

const truthy = (v: Value): boolean => !(v === null || v === false || v === 0 || v === '');

/** `if (a) { x } elseif (b) { y } else { z }` as its branches; undefined when it is not whole. */
function ifChain(text: string): { test?: string; body: string }[] | undefined {
  const branches: { test?: string; body: string }[] = [];
  let rest = text;
  for (let first = true; rest; first = false) {
    const head = (first ? /^if\s*\(/i : /^elseif\s*\(/i).exec(rest);
    const elseHead = first ? null : /^else\s*\{/i.exec(rest);
    if (head) {
      const test = balanced(rest, head[0].length - 1, '(', ')');
      const open = rest.indexOf('{', test.end);
      const body = balanced(rest, open, '{', '}');
      branches.push({ test: test.inner, body: body.inner });
      rest = rest.slice(body.end).trim();
    } else if (elseHead) {
      const body = balanced(rest, elseHead[0].length - 1, '{', '}');
      branches.push({ body: body.inner });
      rest = rest.slice(body.end).trim();
    } else return undefined;
  }
  return branches;
}

function balanced(text: string, at: number, open: string, close: string): { inner: string; end: number } {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return { inner: text.slice(at + 1, i), end: i + 1 };
  }
  return { inner: text.slice(at + 1), end: text.length };
}

/** Walks `text` giving each character and whether it stands outside quotes and brackets; returns what is left open. */
function walk(text: string, visit: (ch: string, top: boolean) => void = () => undefined): { depth: number; quote: string } {
  let depth = 0;
  let quote = '';
  for (const ch of text) {
    const top = !quote && depth === 0;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth--;
    visit(ch, top);
  }
  return { depth, quote };
}

/** Whether PowerShell input is whole: no brace, parenthesis or quote left open (it reads on while one is). */
export function isWholeInput(text: string): boolean {
  const end = walk(text);
  return end.depth <= 0 && !end.quote;
}

/** Cuts at `sep` outside quotes, parentheses and braces. */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  walk(text, (ch, top) => {
    if (ch === sep && top) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  });
  parts.push(cur);
  return parts;
}
