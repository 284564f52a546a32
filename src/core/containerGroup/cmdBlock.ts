/**
 * The lines Run Command types into cmd.exe. cmd.exe's console echoes each line as it is read, and `@echo off` hides
 * only the prompt, so the command runs inside a parenthesized block spanning three lines: cmd.exe reads a block whole
 * (prompting `More?` while a parenthesis is open) before it runs any of it, so all the echo comes before the begin
 * marker the block prints first (Super User 917268, "Is typing %^ into cmd.exe a Windows easter egg?": only when
 * the brackets match is the input executed).
 *
 * Behaviours relied on, all at the interactive prompt (Stack Overflow 4094699, "How does the Windows Command
 * Interpreter (CMD.EXE) parse scripts?", answers 4095133 and 7970912, "Command line parser"; Microsoft Learn, "cmd",
 * "echo", "call", "Command shell overview"):
 * - Percent expansion happens once, as a line is read; a variable that is not defined is left as written. So
 *   `%^errorlevel%` survives it, and the caret, removed afterwards with the special characters, leaves
 *   `%errorlevel%` for CALL, which expands its arguments again when it runs: the exit code of what ran before.
 * - Outside quotes `^` escapes the next character and is removed; `&` runs the next command after the previous one.
 *   So `echo A^B` prints `AB` while the echo of what was typed holds `A^B`: output cannot be told from the marker
 *   only if it guesses the per-run marker.
 * - `( … ) <NUL`: a redirection after a block applies to every command in it; a program reading its input reads the
 *   null device and ends instead of taking what is typed after the block.
 * - ECHO does not change ERRORLEVEL (SS64, "ERRORLEVEL": commands that leave it as it was), so the begin marker and
 *   the empty line do not hide the command's code.
 * - A line ends a quote, an IF's or a FOR's command and a REM inside a block: what the user typed stays on its own
 *   line, so none of these takes the lines after it.
 */
import type { RunMarker } from './commandScript';

/** `echo head^tailX`: prints the joined marker and `suffix`; the typed text never holds it joined. */
const printMarker = (m: RunMarker, suffix: string): string => `echo ${m.head}^${m.tail}${suffix}`;

/**
 * The block, then a last line read only when the block did not run (cmd.exe refused its syntax): it prints the
 * status and exits, so the run ends either way. After a block that ran, `exit` ended the shell before it.
 */
export function cmdCommandLines(m: RunMarker, line: string): string {
  const status = `call ${printMarker(m, 'E')}%^errorlevel%&exit`;
  return `(${printMarker(m, 'B')}\r\n${closeParens(line)}\r\n)<NUL&echo.&${status}\r\n${status}\r\n`;
}

/**
 * The user's line with each `)` that would end the enclosing block escaped, so it is taken as written, as it is at
 * the prompt outside a block. Outside quotes cmd.exe opens a block only with a `(` where a command begins (at the
 * start, after `&`, `|`, `(`, or IF's condition, FOR's `in`, `do`, `else`), and a `)` ends one only when one is
 * open; elsewhere both are plain characters (Stack Overflow 4094699, phase 2: "Parenthesis").
 */
export function closeParens(line: string): string {
  let out = '';
  let quoted = false;
  let depth = 0;
  let segment = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '^') {
      // A caret ending the line would join the next one (cmd.exe asks `More?` for it): it is left out.
      if (i + 1 === line.length) break;
      out += ch + line[++i];
      segment += ch + line[i];
      continue;
    } else if (ch === '(' && opensBlock(segment)) {
      depth++;
      out += ch;
      segment = '';
      continue;
    } else if (ch === ')') {
      if (depth > 0) depth--;
      else out += '^';
    } else if (ch === '&' || ch === '|') {
      out += ch;
      segment = '';
      continue;
    }
    out += ch;
    segment += ch;
  }
  return out;
}

/** Whether a `(` after `segment` (the text since the last command began) opens a block. */
function opensBlock(segment: string): boolean {
  const s = segment.replace(/^[\s@]+/, '');
  return s === '' || /(^|\s)(do|else)\s*$/i.test(s) || /^for\s.*\sin\s*$/i.test(s) || IF_CONDITION.test(s);
}

/** IF with a whole condition (Microsoft Learn, "if"): what follows is its command. */
const IF_CONDITION =
  /^if\s+(\/i\s+)?(not\s+)?((exist|defined|errorlevel|cmdextversion)\s+("[^"]*"|\S+)|("[^"]*"|[^\s=]+)\s*(==|\s(equ|neq|lss|leq|gtr|geq)\s)\s*("[^"]*"|\S+))\s*$/i;
