/**
 * Download File… and Upload File… over the exec socket: the service has no copy API, so files travel as base64
 * text typed into, or printed by, a POSIX shell the exec started (commandScript.ts: echo off, a per-run marker).
 * Base64 (RFC 4648, section 4) uses only letters, digits, `+`, `/` and `=`: nothing a terminal's line discipline
 * or a pty's newline translation changes, and whitespace it adds is dropped when decoding. Lines typed stay far
 * below a terminal's canonical line limit (MAX_CANON, 4096 bytes on Linux). Each step's result comes back as a
 * tagged line, `<marker><letter><value>`, that the file's own content cannot forge.
 */
import { createHash } from 'node:crypto';
import { shellQuote, type RunMarker } from './commandScript';

/** Base64 characters per typed line (a multiple of 4, so each line decodes on its own). */
export const UPLOAD_LINE_CHARS = 3000;

const tagged = (m: RunMarker, letter: string, value: string): string => `printf '%s%s%s%s\\n' '${m.head}' '${m.tail}' ${letter} ${value}`;

/** The value of the tagged line `letter`, once the whole line has arrived. */
export function tagValue(text: string, m: RunMarker, letter: string): string | undefined {
  const tag = `${m.head}${m.tail}${letter}`;
  const at = text.indexOf(tag);
  if (at < 0) return undefined;
  const line = /^([^\r\n]*)\r?\n/.exec(text.slice(at + tag.length));
  return line ? line[1] : undefined;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What the image has, read from the probe's tagged lines: `base64` is needed, `sha256sum` is a bonus. */
export interface Probe {
  base64: boolean;
  sha256sum: boolean;
  /** The file (download) is a readable regular file; the folder (upload) takes a new file. */
  pathOk: boolean;
  /** The file's size in bytes (download). */
  size?: number;
}

/** The probe line: which tools exist (`command -v`, XCU), whether the path is usable, and the size (`wc -c`). */
export function probeLine(m: RunMarker, direction: 'upload' | 'download', path: string): string {
  const p = shellQuote(path);
  const tools = `command -v base64 >/dev/null 2>&1; ${tagged(m, 'B', '"$?"')}; command -v sha256sum >/dev/null 2>&1; ${tagged(m, 'S', '"$?"')}`;
  if (direction === 'upload') return `${tools}; : >${shellQuote(`${path}.part`)} 2>/dev/null; ${tagged(m, 'W', '"$?"')}\n`;
  return `${tools}; [ -f ${p} ] && [ -r ${p} ]; ${tagged(m, 'F', '"$?"')}; ${tagged(m, 'Z', `"$(wc -c <${p} 2>/dev/null)"`)}\n`;
}

/** The probe's answer once all of its lines have arrived; undefined until then. */
export function readProbe(text: string, m: RunMarker, direction: 'upload' | 'download'): Probe | undefined {
  const b = tagValue(text, m, 'B');
  const s = tagValue(text, m, 'S');
  const last = tagValue(text, m, direction === 'upload' ? 'W' : 'Z');
  if (b === undefined || s === undefined || last === undefined) return undefined;
  if (direction === 'upload') return { base64: b === '0', sha256sum: s === '0', pathOk: last === '0' };
  const size = Number(last.trim());
  return { base64: b === '0', sha256sum: s === '0', pathOk: tagValue(text, m, 'F') === '0', size: Number.isFinite(size) && last.trim() !== '' ? size : undefined };
}

/** The lines that append the file's base64 to `<path>.part`, `UPLOAD_LINE_CHARS` characters each. */
export function uploadLines(path: string, bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  const part = shellQuote(`${path}.part`);
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += UPLOAD_LINE_CHARS) lines.push(`printf %s '${text.slice(i, i + UPLOAD_LINE_CHARS)}' >>${part}\n`);
  return lines;
}

/** Acknowledges the lines typed so far (flow control and progress): `<marker>P<n>`. */
export const progressLine = (m: RunMarker, n: number): string => `${tagged(m, 'P', String(n))}\n`;

/**
 * Decodes the part into the file, then says its status, size and (where there is sha256sum) hash; then exits, unless
 * `exit` is false (a step follows once the file is checked).
 */
export function finishUploadLine(m: RunMarker, path: string, sha256sum: boolean, exit = true): string {
  const p = shellQuote(path);
  const part = shellQuote(`${path}.part`);
  const hash = sha256sum ? `; ${tagged(m, 'H', `"$(sha256sum <${p})"`)}` : '';
  return `base64 -d ${part} >${p}; ${tagged(m, 'D', '"$?"')}; rm -f ${part}; ${tagged(m, 'Z', `"$(wc -c <${p})"`)}${hash}${exit ? '; exit' : ''}\n`;
}

/** Prints the file's base64 between `<marker>[` and `<marker>]<status>`, then its hash; then `cleanup` and exits. */
export function downloadLine(m: RunMarker, path: string, sha256sum: boolean, cleanup = ''): string {
  const p = shellQuote(path);
  const hash = sha256sum ? `; ${tagged(m, 'H', `"$(sha256sum <${p})"`)}` : '';
  return `${tagged(m, '[', '')}; base64 <${p}; ${tagged(m, ']', '"$?"')}${hash}; ${cleanup}exit\n`;
}

/**
 * What a canceled transfer types: Ctrl-C (the pty discards the lines still queued and stops the running command),
 * then removes the upload's part file, says so with `<marker>X`, and exits. A download leaves nothing behind.
 */
export function cancelLine(m: RunMarker, direction: 'upload' | 'download', path: string, cleanup = ''): string {
  const clean = `${direction === 'upload' ? `rm -f ${shellQuote(`${path}.part`)}; ` : ''}${cleanup}`;
  return `\x03${clean}${tagged(m, 'X', '"$?"')}; exit\n`;
}

/** The hash in sha256sum's line (`<hex>  -`), lower-cased. */
export function hashOf(value: string | undefined): string | undefined {
  const hex = /^\s*([0-9a-fA-F]{64})\b/.exec(value ?? '');
  return hex ? hex[1].toLowerCase() : undefined;
}

export type DownloadRead =
  | { kind: 'pending'; base64Chars: number }
  | { kind: 'failed'; status: number }
  | { kind: 'done'; bytes: Buffer; sha256?: string; localSha256: string };

/** Base64 text gathered before a piece is decoded (whole lines of it). */
const DECODE_CHARS = 64 * 1024;

/**
 * Reads a download as it arrives. Each piece is searched only where the closing tag could be (its own text and the
 * end of what came before). Whole lines are decoded and hashed as they come, so that when the closing tag arrives
 * only the last lines are left: base64's lines (76 characters, GNU coreutils manual 6.1; BusyBox the same) hold
 * whole 4-character groups, so each line decodes on its own. Where the first line is not a multiple of 4 the text is
 * kept and decoded once at the end. Node's base64 decoder skips whitespace (the line breaks and the "\r" a pty adds).
 */
export class DownloadReader {
  private head = '';
  private opened = false;
  private pending = '';
  private readonly decoded: Buffer[] = [];
  private readonly hash = createHash('sha256');
  /** Whether lines decode one by one: known from the first whole line. */
  private lineWise: boolean | undefined;
  private chars = 0;
  private carry = '';
  private after: string | undefined;
  private result: { bytes: Buffer; sha256: string } | undefined;

  constructor(
    private readonly m: RunMarker,
    private readonly sha256sum: boolean,
  ) {}

  push(text: string): DownloadRead {
    if (this.after !== undefined) this.after += text;
    else if (!this.opened) {
      this.head += text;
      const open = `${this.m.head}${this.m.tail}[`;
      const at = this.head.indexOf(open);
      if (at < 0) return { kind: 'pending', base64Chars: 0 };
      this.opened = true;
      const rest = this.head.slice(at + open.length);
      this.head = '';
      this.appendBody(rest);
    } else this.appendBody(text);
    return this.read();
  }

  private appendBody(text: string): void {
    const close = `${this.m.head}${this.m.tail}]`;
    const window = this.carry + text;
    const at = window.indexOf(close);
    if (at < 0) {
      this.pending += text;
      this.chars += text.length;
      this.carry = window.slice(-(close.length - 1));
      if (this.pending.length >= DECODE_CHARS) this.decodeLines();
      return;
    }
    // The tag starts `at` characters into the window, which began `carry.length` characters before this text.
    const inText = at - this.carry.length;
    const body = inText >= 0 ? this.pending + text.slice(0, inText) : this.pending.slice(0, this.pending.length + inText);
    this.chars += Math.max(0, inText);
    this.pending = '';
    this.decode(body);
    const bytes = Buffer.concat(this.decoded);
    this.decoded.length = 0;
    this.result = { bytes, sha256: this.hash.digest('hex') };
    // Keep the `]` so the status reads as the tagged line `<marker>]<status>`.
    this.after = `${close}${window.slice(at + close.length)}`;
  }

  /** Decodes the whole lines gathered so far (all but the last, which may still be arriving). */
  private decodeLines(): void {
    if (this.lineWise === undefined) {
      const line = /(?:^|\n)([^\r\n]+)\r?\n/.exec(this.pending);
      if (!line) return;
      this.lineWise = line[1].length % 4 === 0;
    }
    if (!this.lineWise) return;
    const cut = this.pending.lastIndexOf('\n') + 1;
    this.decode(this.pending.slice(0, cut));
    this.pending = this.pending.slice(cut);
  }

  private decode(text: string): void {
    if (!text) return;
    const bytes = Buffer.from(text, 'base64');
    this.hash.update(bytes);
    this.decoded.push(bytes);
  }

  private read(): DownloadRead {
    if (this.after === undefined || !this.result) return { kind: 'pending', base64Chars: this.chars };
    const status = tagValue(this.after, this.m, ']');
    if (status === undefined) return { kind: 'pending', base64Chars: this.chars };
    if (status.trim() !== '0') return { kind: 'failed', status: Number(status.trim()) || 1 };
    const hash = this.sha256sum ? tagValue(this.after, this.m, 'H') : '';
    if (hash === undefined) return { kind: 'pending', base64Chars: this.chars };
    return { kind: 'done', bytes: this.result.bytes, sha256: hashOf(hash), localSha256: this.result.sha256 };
  }
}

/** The downloaded bytes once the closing tag (and the hash line, where asked) has arrived. */
export function readDownload(text: string, m: RunMarker, sha256sum: boolean): DownloadRead {
  return new DownloadReader(m, sha256sum).push(text);
}

/** Whether what arrived is what was sent (download) or what was read (upload): size, and hash where known. */
export function checkTransfer(expected: { size: number; sha256: string }, got: { size?: number; sha256?: string }): 'ok' | 'size' | 'hash' {
  if (got.size !== expected.size) return 'size';
  if (got.sha256 !== undefined && got.sha256 !== expected.sha256) return 'hash';
  return 'ok';
}
