/**
 * What a container writes to Show Live Output (a read-only view) is filtered of the control sequences that act
 * beyond drawing text: operating system commands (OSC: clipboard writes with 52, links with 8, window and icon
 * titles with 0/1/2, colours and notifications), device control, application and privacy strings (DCS, APC, PM,
 * SOS), and the queries that make the terminal answer (device attributes `CSI c`, status reports `CSI n`, window
 * reports and operations `CSI t`, mode requests `CSI ? … $ p`, identify `ESC Z`). Colours, cursor movement and
 * erasing pass. Both the 7-bit (ESC-introduced) and the 8-bit C1 introducers are read, as xterm.js reads both.
 * A sequence may be split across frames: the state carries over. An interactive shell is the user's own choice and
 * is not filtered.
 */

const ESC = '\x1b';
/** An unterminated string drops at most this much before the output shows again. */
const MAX_STRING = 64 * 1024;
/** A CSI longer than this is not one a terminal draws with: it is dropped. */
const MAX_CSI = 256;
const STRING_INTRODUCERS = new Set([']', 'P', '_', '^', 'X']);
const C1_STRINGS = new Set(['\x9d', '\x90', '\x9f', '\x9e', '\x98']);
/** CSI final bytes of queries and window operations. */
const QUERY_FINALS = new Set(['c', 'n', 't']);

type State = 'text' | 'esc' | 'csi' | 'string' | 'stringEsc';

export class LiveOutputFilter {
  private state: State = 'text';
  private csi = '';
  private dropped = 0;

  /** The part of `chunk` to show; what belongs to an unfinished sequence is held until the next chunk. */
  filter(chunk: string): string {
    let out = '';
    for (const ch of chunk) {
      switch (this.state) {
        case 'text':
          if (ch === ESC) this.state = 'esc';
          else if (ch === '\x9b') this.startCsi(ch);
          else if (C1_STRINGS.has(ch)) this.startString();
          else out += ch;
          break;
        case 'esc':
          out += this.afterEscape(ch);
          break;
        case 'csi':
          // ESC or a C1 introducer cancels the sequence and starts another, as in the terminal's own parser.
          if (ch === ESC) {
            this.state = 'esc';
            break;
          }
          if (ch === '\x9b' || C1_STRINGS.has(ch)) {
            this.state = 'text';
            out += this.filter(ch);
            break;
          }
          this.csi += ch;
          if (ch >= '@' && ch <= '~') {
            if (!isQuery(this.csi, ch)) out += this.csi;
            this.state = 'text';
          } else if (this.csi.length > MAX_CSI) this.state = 'text';
          break;
        case 'string':
          if (ch === '\x07' || ch === '\x9c') this.state = 'text';
          else if (ch === ESC) this.state = 'stringEsc';
          else if (++this.dropped > MAX_STRING) this.state = 'text';
          break;
        case 'stringEsc':
          // ESC \ ends the string; any other ESC starts a new sequence.
          if (ch === '\\') this.state = 'text';
          else out += this.afterEscape(ch);
          break;
      }
    }
    return out;
  }

  /** The character after an ESC: a CSI or a dropped string begins, `ESC Z` (identify) goes, the rest passes. */
  private afterEscape(ch: string): string {
    if (ch === ESC) this.state = 'esc';
    else if (ch === '\x9b') this.startCsi(ch);
    else if (C1_STRINGS.has(ch)) this.startString();
    else if (ch === '[') this.startCsi(ESC + ch);
    else if (STRING_INTRODUCERS.has(ch)) this.startString();
    else {
      this.state = 'text';
      return ch === 'Z' ? '' : ESC + ch;
    }
    return '';
  }

  private startCsi(introducer: string): void {
    this.state = 'csi';
    this.csi = introducer;
  }

  private startString(): void {
    this.state = 'string';
    this.dropped = 0;
  }
}

function isQuery(csi: string, final: string): boolean {
  return QUERY_FINALS.has(final) || (final === 'p' && csi.includes('$'));
}
