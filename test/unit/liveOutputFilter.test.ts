// Show Live Output is read-only: what a container writes may draw text and colours, but may not write the
// clipboard (OSC 52), plant links (OSC 8), retitle the terminal, or make it answer queries.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { LiveOutputFilter } from '../../src/core/containerGroup/outputFilter';
import { fuzzRuns } from './fuzzSeed';

const E = '\x1b';
const run = (...chunks: string[]) => {
  const f = new LiveOutputFilter();
  return chunks.map((c) => f.filter(c)).join('');
};

test('dangerous sequences are dropped, text and colours pass', () => {
  assert.equal(run(`a${E}]52;c;Y3VybCB4fHNoCg==\x07b`), 'ab');
  assert.equal(run(`${E}]8;;command:workbench.action.terminal.sendSequence${E}\\click${E}]8;;${E}\\`), 'click');
  assert.equal(run(`${E}]0;pwned title\x07${E}]2;x${E}\\ok`), 'ok');
  assert.equal(run(`${E}[c${E}[>c${E}[6n${E}[5n${E}[21t${E}[?1$p${E}Z${E}P$qm${E}\\${E}_apc${E}\\end`), 'end');
  assert.equal(run(`\x9d52;c;eA==\x07\x9b6n\x90x\x9cz`), 'z');
  const colours = `${E}[1;31mred${E}[0m ${E}[2J${E}[H${E}[10;20H${E}[K${E}7${E}8`;
  assert.equal(run(colours), colours);
  assert.equal(run('plain\r\nlines ü 🙂'), 'plain\r\nlines ü 🙂');
});

test('a sequence split across frames, or hidden behind a second ESC, is still dropped', () => {
  assert.equal(run(`x${E}`, ']5', '2;c;', 'aGk=', '\x07y'), 'xy');
  assert.equal(run(`${E}${E}]52;c;aGk=\x07`), '');
  assert.equal(run(`${E}[1${E}]52;c;aGk=\x07k`), 'k');
  assert.equal(run(`${E}[`, '6', 'n!'), '!');
  // An unterminated string does not swallow the output for ever.
  assert.ok(run(`${E}]52;c;`, 'A'.repeat(70_000), 'visible').endsWith('visible'));
});

// Property: however the output is cut into frames, no OSC, DCS, APC, PM or SOS introducer and no query reaches the terminal.
test('property: nothing that starts a dropped sequence survives, in any framing', () => {
  const piece = fc.oneof(
    fc.string(),
    fc.constantFrom(E, `${E}]`, `${E}P`, `${E}_`, `${E}^`, `${E}X`, `${E}[`, '\x9b', '\x9d', '\x90', '\x07', `${E}\\`, '52;c;', '6n', 'c', '$p', 't', 'm', '31'),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(40), { maxLength: 6 }), (pieces, cuts) => {
      const text = pieces.join('');
      const bounds = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((a, b) => a - b);
      const chunks: string[] = [];
      let at = 0;
      for (const b of bounds) {
        chunks.push(text.slice(at, b));
        at = b;
      }
      chunks.push(text.slice(at));
      const shown = run(...chunks);
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(shown, /\x1b[\]P_^XZ\x1b]|[\x9d\x90\x9e\x9f\x98]/);
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(shown, /(?:\x1b\[|\x9b)[\x20-\x3f]*[cnt]|(?:\x1b\[|\x9b)[^\x40-\x7e]*\$[\x20-\x3f]*p/);
    }),
    { numRuns: fuzzRuns(2000), seed: 38 },
  );
});
