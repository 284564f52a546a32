// The emulator's cmd.exe at its prompt (test/emulator/cmdShell.ts), each behaviour as its source states it (Stack
// Overflow 4094699, "Command line parser"; Super User 917268; Microsoft Learn "echo", "dir"), and Run Command's
// conversation with it: the output is what the line prints at the prompt, without the typed lines or the status.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { CommandRun } from '../../../src/core/containerGroup/execRun';
import { newMarker } from '../../../src/core/containerGroup/commandScript';
import { ScriptedShell } from '../scriptedShell';

const NANO = 'mcr.microsoft.com/windows/nanoserver:ltsc2022';

/** A cmd.exe session: `type` types text, `screen` is all it wrote since the last `take()`. */
function session() {
  let screen = '';
  let exited = false;
  const sh = new ScriptedShell({ command: 'cmd.exe', image: NANO, windows: true, cols: 120, files: new Map(), write: (t) => void (screen += String(t)), exit: () => void (exited = true) });
  sh.start();
  return {
    sh,
    type: (text: string) => sh.input(text),
    take: () => {
      const s = screen;
      screen = '';
      return s;
    },
    exited: () => exited,
  };
}

/** What typing `line` at a prompt with echo off shows after the echo of the line itself. */
function atPrompt(line: string): string {
  const s = session();
  s.type('@echo off\r');
  s.take();
  s.type(`${line}\r`);
  const shown = s.take();
  assert.ok(shown.startsWith(`${line}\r\n`), 'the console echoes the typed line');
  return shown.slice(line.length + 2);
}

test('percent expansion at the prompt: a defined variable is its value, an undefined one stays as written', () => {
  assert.equal(atPrompt('echo %SystemRoot% %nope% 100%'), 'C:\\Windows %nope% 100%\r\n');
  // The answer's own example: with b=a, `echo %a %b% c%` prints `%a a c%` (scanning goes on from the closing %).
  const s = session();
  s.type('@echo off\rset b=a\r');
  s.take();
  s.type('echo %a %b% c%\r');
  assert.equal(s.take(), 'echo %a %b% c%\r\n%a a c%\r\n');
});

test('percent expansion happens once per line, before it runs; CALL expands again when it runs', () => {
  assert.equal(atPrompt('dir /b C:\\nowhere & echo %errorlevel%'), 'File Not Found\r\n0\r\n');
  assert.equal(atPrompt('dir /b C:\\nowhere & call echo %^errorlevel%'), 'File Not Found\r\n1\r\n');
  assert.equal(atPrompt('nosuch & call echo %^errorlevel%').split('\r\n').at(-2), '9009');
});

test('outside quotes a caret makes the next character plain and is removed; inside quotes it stays', () => {
  assert.equal(atPrompt('echo a^&b ^^ ^| x'), 'a&b ^ | x\r\n');
  assert.equal(atPrompt('echo "a^&b" & echo c'), '"a^&b" \r\nc\r\n');
});

test('&& runs on success, || on failure; ECHO leaves the code as it was', () => {
  assert.equal(atPrompt('dir /b C:\\nowhere && echo yes || echo no'), 'File Not Found\r\nno\r\n');
  assert.equal(atPrompt('dir /b C:\\nowhere & echo x & call echo %^errorlevel%'), 'File Not Found\r\nx \r\n1\r\n');
});

test('a block is read whole (More? while it is open) before any of it runs; ) ends it unless escaped or quoted', () => {
  const s = session();
  s.type('@echo off\r');
  s.take();
  s.type('(echo one\r');
  assert.equal(s.take(), '(echo one\r\nMore? ', 'nothing has run yet');
  s.type('echo "two)" a^)\r');
  assert.equal(s.take(), 'echo "two)" a^)\r\nMore? ');
  s.type(')\r');
  assert.equal(s.take(), ')\r\none\r\n"two)" a)\r\n');
  s.type('(echo (x) & echo y)\r');
  assert.equal(s.take(), '(echo (x) & echo y)\r\n(x\r\ny)\r\n', '`(` in an argument opens nothing: its `)` ends the block, the last one is plain');
});

test('after exit nothing typed is read', () => {
  const s = session();
  s.type('exit\recho late\r');
  assert.ok(s.exited());
  assert.equal(s.take().includes('late\r\n'), false);
});

/** Run Command's conversation with the emulator's cmd.exe. */
async function runCommand(line: string): Promise<{ output: string; code?: number }> {
  const s = session();
  let output = '';
  let code: number | undefined;
  const run = new CommandRun({ kind: 'cmd', line, marker: newMarker((n) => randomBytes(n)), write: (t) => s.type(t), onOutput: (t) => (output += t), onExit: (c) => (code = c) });
  const feed = (): void => {
    const shown = s.take();
    if (shown) run.feed(shown);
  };
  run.start();
  for (let i = 0; i < 10 && !s.exited(); i++) {
    feed();
    await new Promise((r) => setImmediate(r));
  }
  feed();
  return { output, code };
}

test('Run Command: the output is what the line prints at the prompt, then its code; neither typed line nor status shows', async () => {
  for (const [line, code] of [
    ['dir /b C:\\', 0],
    ['dir C:\\nowhere', 1],
    ['echo (x) & echo a)b "q)" ^& %SystemRoot% %nope% 100%', 0],
    ['dir /b C:\\nowhere || echo failed', 1],
    ['(echo a & echo b) & nosuch', 9009],
    ['echo :)', 0],
  ] as const) {
    const got = await runCommand(line);
    assert.equal(got.code, code, line);
    assert.equal(got.output, atPrompt(line), line);
    assert.doesNotMatch(got.output, /ACI[0-9a-f]|errorlevel|More\?/, line);
  }
});
