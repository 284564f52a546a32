/**
 * Run Command over the exec socket. The service starts one program without arguments (ACI docs, "Execute a
 * command in a running Azure container instance", Restrictions), so a command line with arguments is typed into a
 * shell that exec started, as a person would: first echo is turned off and readiness is printed, then the line runs
 * and its exit status is printed after a per-run marker, then the shell exits.
 *
 * The marker is 16 random bytes (hex) chosen for each run. It is typed split in two quoted halves that the shell
 * joins when it prints (`printf '%s%s' 'ab' 'cd'` prints `abcd`), so neither the echo of what was typed nor the
 * command's own output can hold it unless the command guesses it.
 */

import { cmdCommandLines } from './cmdBlock';

export type ShellKind = 'posix' | 'cmd' | 'powershell';

/** The two halves of a run's marker; printed joined, typed apart. */
export interface RunMarker {
  head: string;
  tail: string;
}

export function newMarker(random: (n: number) => Uint8Array): RunMarker {
  const hex = Array.from(random(16), (b) => b.toString(16).padStart(2, '0')).join('');
  return { head: `ACI${hex.slice(0, 16)}`, tail: hex.slice(16) };
}

const joined = (m: RunMarker): string => `${m.head}${m.tail}`;
/** Printed once echo is off: what comes after it is the command's output. */
export const readyText = (m: RunMarker): string => `${joined(m)}R`;
/** Printed where the command's output begins, by shells that echo what is typed (PowerShell, cmd.exe). */
export const beginText = (m: RunMarker): string => `${joined(m)}B`;
/** Printed after the command with its exit status: `<marker>E<status>`. */
export const exitText = (m: RunMarker): string => `${joined(m)}E`;

/** POSIX single quoting: the text as one word, whatever it holds (POSIX Shell Command Language, 2.2.2). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The first line typed: echo off, then readiness. `stty -echo` is POSIX (XCU stty, "echo"); a shell without a
 * terminal (stty fails) still prints readiness.
 */
export function readyLine(kind: ShellKind, m: RunMarker): string {
  switch (kind) {
    case 'posix':
      // Empty prompts (PS1, PS2: XCU 2.5.3) keep an interactive shell's prompts out of the output.
      return `stty -echo 2>/dev/null; PS1=''; PS2=''; printf '%s%s%s\\n' '${m.head}' '${m.tail}' R\n`;
    case 'cmd':
      // `@echo off` hides the prompt (the console still echoes what is typed: the reader drops all before
      // readiness); `^` escapes the next character, so the typed line does not hold the joined marker (cmdBlock.ts).
      return `@echo off\r\necho ${m.head}^${m.tail}R\r\n`;
    case 'powershell':
      // Single-quoted strings are taken as written and `+` joins them (about_Quoting_Rules, about_Operators).
      return `Write-Output ('${m.head}' + '${m.tail}' + 'R')\r\n`;
  }
}

/**
 * The command, then its status after the marker, then the shell's exit. POSIX: the line runs in a brace group (a
 * newline before `}` so a trailing comment ends there) with stdin from /dev/null, so a command that reads its
 * input cannot swallow the lines typed after it; `$?` is the group's status (XCU 2.9.4, 2.5.2).
 */
export function commandLines(kind: ShellKind, m: RunMarker, line: string): string {
  switch (kind) {
    case 'posix':
      return `{ ${line}\n} </dev/null; printf '\\n%s%s%s%s\\n' '${m.head}' '${m.tail}' E "$?"; exit\n`;
    case 'cmd':
      return cmdCommandLines(m, line);
    case 'powershell':
      // PowerShell echoes what is typed (there is no stty), and runs input only once it is a whole statement: the
      // line is typed inside a try block spanning three lines, so all their echo comes before the begin marker the
      // block prints first. `$?` is read right after the line: the status of its last command, for a program false
      // exactly when its exit code, `$LASTEXITCODE`, is not 0 (about_Automatic_Variables); so 0 after success, the
      // program's code after a program failed, 1 after a cmdlet failed or a terminating error (caught and shown).
      return (
        `try { Write-Output ('${m.head}' + '${m.tail}' + 'B')\r\n${line}\r\n$ok = $? } catch { Write-Output $_; $ok = $false }; ` +
        `$c = if ($ok) { 0 } elseif ($LASTEXITCODE) { $LASTEXITCODE } else { 1 }; Write-Output ("\`n" + '${m.head}' + '${m.tail}' + 'E' + $c); exit\r\n`
      );
  }
}

/** The length of the longest end of `text` that could begin a newline and the marker: held, the rest is output. */
function possibleStart(text: string, end: string): number {
  for (let n = Math.min(text.length, end.length + 2); n > 0; n--) {
    const tail = text.slice(text.length - n);
    if (`\r\n${end}`.startsWith(tail) || `\n${end}`.startsWith(tail) || end.startsWith(tail)) return n;
  }
  return 0;
}

/** What cmd.exe output is kept while no begin marker has come: room for the error of a block it refused. */
const REFUSED_CHARS = 4096;

/**
 * cmd.exe's output before a status that came without the begin marker (it refused the block's syntax): the lines
 * echoed as typed (each holds the marker's head, or follows the `More? ` prompt) are left out; the error stays.
 */
function withoutEcho(text: string, m: RunMarker): string {
  const kept = text.split('\n').filter((l) => !l.includes(m.head) && !l.startsWith('More? '));
  return kept.join('\n').replace(/^(\r?\n)+/, '\n');
}

export type RunEvent = { kind: 'ready' } | { kind: 'output'; text: string } | { kind: 'exit'; code: number };

/**
 * Reads a run's output as it arrives: nothing is passed on before readiness (the typed lines' echo, the prompt),
 * then the command's output, then its exit status. A marker split across frames is held until it is whole; the
 * newline printed before the exit marker is not the command's.
 */
export class RunOutputReader {
  private held = '';
  private phase: 'waiting' | 'beforeBegin' | 'afterReady' | 'running' | 'done' = 'waiting';

  /** `kind`: a Windows shell's output begins after a begin marker (the echo of the typed lines comes before it). */
  constructor(
    private readonly marker: RunMarker,
    private readonly kind: ShellKind = 'posix',
  ) {}

  get done(): boolean {
    return this.phase === 'done';
  }

  push(text: string): RunEvent[] {
    const events: RunEvent[] = [];
    this.held += text;
    if (this.phase === 'waiting') {
      const ready = readyText(this.marker);
      const at = this.held.indexOf(ready);
      if (at < 0) {
        this.held = this.held.slice(-(ready.length - 1));
        return events;
      }
      this.held = this.held.slice(at + ready.length);
      this.phase = this.kind === 'posix' ? 'afterReady' : 'beforeBegin';
      events.push({ kind: 'ready' });
    }
    if (this.phase === 'beforeBegin') {
      const begin = beginText(this.marker);
      const at = this.held.indexOf(begin);
      // Input that never ran whole (a parse error) prints its error and the status without the begin marker.
      const end = this.held.indexOf(exitText(this.marker));
      if (at < 0 && end < 0) {
        // cmd.exe prints why it refused a block before the echo of the line after it: what may hold that is kept.
        this.held = this.held.slice(-(this.kind === 'cmd' ? REFUSED_CHARS : begin.length - 1));
        return events;
      }
      if (at >= 0 && (end < 0 || at < end)) this.held = this.held.slice(at + begin.length);
      else if (this.kind === 'cmd') this.held = withoutEcho(this.held.slice(0, end), this.marker) + this.held.slice(end);
      this.phase = 'afterReady';
    }
    if (this.phase === 'afterReady') {
      // The newline after readiness is not the command's: wait until it can be told apart.
      if (this.held === '' || this.held === '\r') return events;
      this.held = this.held.replace(/^\r?\n/, '');
      this.phase = 'running';
    }
    if (this.phase !== 'running') return events;
    const end = exitText(this.marker);
    const at = this.held.indexOf(end);
    const code = at >= 0 ? /^(-?\d+)(?=\D)/.exec(this.held.slice(at + end.length)) : null;
    if (at >= 0 && code) {
      const out = this.held.slice(0, at).replace(/\r?\n$/, '');
      if (out) events.push({ kind: 'output', text: out });
      this.held = '';
      this.phase = 'done';
      events.push({ kind: 'exit', code: Number(code[1]) });
      return events;
    }
    // Hold what could be the newline and the start of the marker (or, once the marker is whole, the status still
    // arriving) until more comes.
    const keepFrom = at >= 0 ? Math.max(0, at - 2) : this.held.length - possibleStart(this.held, end);
    const out = this.held.slice(0, keepFrom);
    if (out) events.push({ kind: 'output', text: out });
    this.held = this.held.slice(keepFrom);
    return events;
  }

  /** What is still held (the end of the output when the session ends without a status). */
  flush(): string {
    const rest = this.phase === 'running' ? this.held : '';
    this.held = '';
    return rest;
  }
}
