// The lines Run Command types into cmd.exe (src/core/containerGroup/cmdBlock.ts): the user's line stays on its own
// line, taken as written, inside a block whose echo comes before the begin marker; only the parentheses that would
// end that block early are escaped (Stack Overflow 4094699, phase 2, "Parenthesis").
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { closeParens, cmdCommandLines } from '../../src/core/containerGroup/cmdBlock';
import { beginText, exitText, newMarker, readyText, RunOutputReader, type RunEvent } from '../../src/core/containerGroup/commandScript';

const marker = () => newMarker((n) => randomBytes(n));

describe('cmd.exe lines of Run Command', () => {
  it('types a block: begin marker, the line as typed, then the status and exit; no marker typed whole', () => {
    const m = marker();
    const typed = cmdCommandLines(m, 'dir /b C:\\');
    const lines = typed.split('\r\n');
    assert.equal(lines[0], `(echo ${m.head}^${m.tail}B`);
    assert.equal(lines[1], 'dir /b C:\\');
    assert.equal(lines[2], `)<NUL&echo.&call echo ${m.head}^${m.tail}E%^errorlevel%&exit`);
    assert.equal(lines[3], `call echo ${m.head}^${m.tail}E%^errorlevel%&exit`, 'read only when the block did not run');
    assert.ok(!typed.includes(beginText(m)) && !typed.includes(exitText(m)));
  });

  it('leaves lines with &, |, ^, %, quotes and matched parentheses as typed', () => {
    for (const line of [
      'echo a & echo b',
      'dir C:\\nowhere || echo failed && echo never',
      'type a.txt | find "x"',
      'echo a^&b ^^ ^|',
      'echo %PATH% %nope% 100%',
      'echo "a & b ) ( ^"',
      '(echo a & echo b) >NUL',
      'if exist C:\\Windows (echo yes) else (echo no)',
      'if /i "%x%"=="y" (echo y)',
      'if not errorlevel 1 (echo ok)',
      'for %i in (1 2 3) do (echo %i)',
      'for /l %i in (1,1,3) do echo %i',
      'echo "unclosed ) quote',
      'rem ) anything',
    ]) {
      const expected = line.startsWith('rem') ? 'rem ^) anything' : line;
      assert.equal(closeParens(line), expected, line);
    }
  });

  it('escapes each ) that would end the block: an argument, not a command, opened no block', () => {
    assert.equal(closeParens('echo :)'), 'echo :^)');
    assert.equal(closeParens('echo (x)'), 'echo (x^)');
    assert.equal(closeParens('echo a)b & echo c)'), 'echo a^)b & echo c^)');
    assert.equal(closeParens('(echo a) & echo b)'), '(echo a) & echo b^)');
    assert.equal(closeParens('echo ^) "x)" )'), 'echo ^) "x)" ^)');
  });

  it('a caret ending the line is left out (it would take the block\'s closing line)', () => {
    assert.equal(closeParens('echo a^'), 'echo a');
    assert.equal(closeParens('echo a^^'), 'echo a^^');
  });

  it('a block cmd.exe refused: the status from the last line, with the error and none of the echo', () => {
    const m = marker();
    const [l1, l2, l3, l4] = cmdCommandLines(m, 'if').split('\r\n');
    // The echo of the block, cmd.exe's error, the echo of the line after the block, then that line's status.
    const screen = `${readyText(m)}\r\n${l1}\r\nMore? ${l2}\r\nMore? ${l3}\r\nThe syntax of the command is incorrect.\r\n${l4}\r\n\r\n${exitText(m)}255\r\n`;
    for (const cut of [1, 40, 90, 150, screen.length - 8]) {
      const reader = new RunOutputReader(m, 'cmd');
      const events: RunEvent[] = [...reader.push(screen.slice(0, cut)), ...reader.push(screen.slice(cut))];
      assert.equal(events.map((e) => (e.kind === 'output' ? e.text : '')).join(''), 'The syntax of the command is incorrect.\r\n', `cut at ${cut}`);
      assert.deepEqual(events.at(-1), { kind: 'exit', code: 255 });
    }
  });
});
