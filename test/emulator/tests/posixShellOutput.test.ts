// The emulator shell's output as a pty carries it: base64's layout (GNU coreutils manual, section 6.1: lines of 76
// characters, the last one shorter, each ended by a newline), each "\n" turned into "\r\n" once (termios ONLCR),
// and a long output written in pieces that end on a line, whose concatenation is the whole output.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testShell } from './shellHarness';

const shell = (files: Map<string, Buffer>) => testShell(files);

test('base64 of a file larger than one block: 76-column lines, as GNU base64 writes them', async () => {
  // 200,000 bytes: more than one 57 KiB block, and not a multiple of 57 (a short last line with padding).
  const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256));
  const { sh, writes } = shell(new Map([['/tmp/f.bin', bytes]]));
  await sh.run('base64 </tmp/f.bin');
  const text = writes.join('');
  const lines = text.split('\r\n');
  assert.equal(lines.pop(), '', 'the output ends with a line break');
  assert.ok(lines.slice(0, -1).every((l) => l.length === 76));
  assert.ok(lines.at(-1)!.length <= 76 && lines.at(-1)!.endsWith('='));
  assert.equal(lines.join(''), bytes.toString('base64'));
  assert.ok(writes.length > 1, 'a long output leaves in pieces');
  assert.ok(writes.slice(0, -1).every((w) => w.endsWith('\r\n')), 'each piece ends on a line');
});

test('"\\r\\n" already in the output is not doubled, in any piece', async () => {
  const content = Buffer.from('a\r\nb\n'.repeat(30_000));
  const { sh, writes } = shell(new Map([['/tmp/t.txt', content]]));
  await sh.run('cat /tmp/t.txt');
  assert.equal(writes.join(''), 'a\r\nb\r\n'.repeat(30_000));
  assert.ok(writes.length > 1);
});
