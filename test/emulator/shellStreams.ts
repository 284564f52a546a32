// What programs write, as the scripted shell carries it: bytes at once, or pieces made while the program runs (a
// real program writes its output as it goes and the exec socket streams it as it comes: the ACI exec websocket
// relays the process's terminal, MicrosoftDocs/azure-docs container-instances-exec.md; coreutils `base64` encodes
// and writes block by block, GNU coreutils src/basenc.c `do_encode`). Sources per behaviour:
// - `base64` wraps at 76 columns, `base64 -d` decodes ignoring newlines (GNU coreutils manual 6.1; BusyBox base64).
// - `sha256sum` prints `<hex>  <name>`, `-` for stdin (GNU coreutils manual 6.5).
// - A pty turns each "\n" written into "\r\n" (termios ONLCR, set by a terminal's defaults).
import { createHash } from 'node:crypto';

/**
 * A program's standard output: all of it, or pieces read one at a time as the program makes them. `onTerminal`, where
 * given, is the same pieces as the terminal shows them (ONLCR applied): made in the one pass that makes the lines.
 */
export type Output = Buffer | { pieces: () => Iterable<Buffer>; onTerminal?: () => Iterable<Buffer> };

/** All of an output (for a pipe, a redirection or `$(…)`). */
export function whole(out: Output): Buffer {
  return Buffer.isBuffer(out) ? out : Buffer.concat([...out.pieces()]);
}

export function piecesOf(out: Output): Iterable<Buffer> {
  return Buffer.isBuffer(out) ? [out] : out.pieces();
}

/** 57 bytes make one 76-character base64 line: a block of 1024 lines is encoded and written at a time. */
const BASE64_LINE_BYTES = 57;
const BASE64_BLOCK = BASE64_LINE_BYTES * 1024;
/** `cat` hands a file over in pieces of this size. */
const CAT_PIECE = 64 * 1024;

/** base64's output as it writes it: lines of 76 characters, each ended by "\n", one block at a time. */
export function base64Encode(f: Buffer): Output {
  return { pieces: () => base64Lines(f, false), onTerminal: () => base64Lines(f, true) };
}

function* base64Lines(f: Buffer, crlf: boolean): Iterable<Buffer> {
  const eol = crlf ? 2 : 1;
  for (let i = 0; i < f.length; i += BASE64_BLOCK) {
    const text = Buffer.from(f.toString('base64', i, Math.min(f.length, i + BASE64_BLOCK)), 'latin1');
    const out = Buffer.allocUnsafe(text.length + eol * Math.ceil(text.length / 76));
    let p = 0;
    for (let j = 0; j < text.length; j += 76) {
      p += text.copy(out, p, j, Math.min(text.length, j + 76));
      if (crlf) out[p++] = 0x0d;
      out[p++] = 0x0a;
    }
    yield out.subarray(0, p);
  }
}

/** `base64 -d`: undefined where the input is not base64 (coreutils: "invalid input", status 1). */
export function base64Decode(f: Buffer): Buffer | undefined {
  const text = f.toString('latin1').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  return Buffer.from(text, 'base64');
}

/** `cat` of files, handed over in pieces. */
export function catOutput(files: Buffer[]): Output {
  return {
    *pieces() {
      for (const f of files) for (let i = 0; i < f.length; i += CAT_PIECE) yield f.subarray(i, Math.min(f.length, i + CAT_PIECE));
    },
  };
}

export function sha256Line(f: Buffer, name: string): string {
  return `${createHash('sha256').update(f).digest('hex')}  ${name}\n`;
}

/**
 * ONLCR: each "\n" becomes "\r\n" (one already after "\r" is left alone, as the shell's own lines are). `before`
 * is the last byte of the previous piece.
 */
export function onlcr(b: Buffer, before = 0): Buffer {
  const afterCr = (i: number): boolean => (i === 0 ? before : b[i - 1]) === 0x0d;
  let n = 0;
  for (let i = b.indexOf(0x0a); i >= 0; i = b.indexOf(0x0a, i + 1)) if (!afterCr(i)) n++;
  if (n === 0) return b;
  const out = Buffer.allocUnsafe(b.length + n);
  let p = 0;
  let from = 0;
  for (let i = b.indexOf(0x0a); i >= 0; i = b.indexOf(0x0a, i + 1)) {
    if (afterCr(i)) continue;
    p += b.copy(out, p, from, i);
    out[p++] = 0x0d;
    from = i;
  }
  b.copy(out, p, from);
  return out;
}
