/**
 * One exec or attach session on the socket the service named (execRequest.ts), as Azure's own clients speak it.
 *
 * Exec (Azure/azure-cli, src/azure-cli/azure/cli/command_modules/container/custom.py, container_exec and its
 * _start_exec_pipe_* helpers):
 * - the first frame sent is the password, as text; everything typed after it goes as binary frames of raw bytes;
 * - what comes back is the terminal's raw output, in text or binary frames, written as it is;
 * - right after connecting the service sends an empty frame, which is not the end (azure-cli PR #16000, fixing
 *   #15856 "az container exec does NOT run /bin/bash");
 * - the session ends when the socket closes (the shell printing "Bye." first, as the docs' examples show).
 * Attach (azure-powershell, src/ContainerInstance/examples/Add-AzContainerInstanceOutput.md): the password goes as
 * the `Authorization` header of the socket's handshake; the socket then carries the container's output only.
 *
 * Nothing here logs: the password, the URL and the session's bytes stay inside this object and its callbacks.
 */
import { isAscii } from 'node:buffer';
import WebSocket from 'ws';
import { checkSocketGrant, type SocketGrant } from './execRequest';

export type SessionMode = 'exec' | 'attach';

/**
 * How a session ended:
 * - `exited`: the service closed the socket normally (the program ended, or the container's output stopped);
 * - `closed`: this side closed it (the terminal was closed); `signedOut`: closed because the sign-in ended;
 * - `idle`: the service closed it after a stretch with no traffic either way (its idle limit);
 * - `commandNotFound`: the container's runtime said the program does not exist, then the socket closed;
 * - `refused`: the handshake was answered with an HTTP error, or the socket was closed as a policy violation
 *   before anything arrived (a password that was refused or had expired);
 * - `timeout`: no handshake within the connect timeout; `lost`: the connection broke.
 */
export type SessionEndKind = 'exited' | 'closed' | 'signedOut' | 'idle' | 'commandNotFound' | 'refused' | 'timeout' | 'lost';

export interface SessionEnd {
  kind: SessionEndKind;
  /** The websocket close code, when the socket was closed. */
  code?: number;
  /** The handshake's HTTP status, when it was refused. */
  status?: number;
  /** For `idle`: how long nothing had moved, in ms. */
  idleMs?: number;
}

export interface SocketSessionOptions {
  grant: SocketGrant;
  /** The signed-in cloud's ARM endpoint: the socket may go only to that cloud's bridges (or this computer). */
  armEndpoint: string;
  mode: SessionMode;
  /** The container's output, decoded as UTF-8 (a character split across frames is held until it is whole). */
  onOutput(text: string): void;
  /** Called once, however the session ends. */
  onEnd(end: SessionEnd): void;
  /** Called once the service accepted the connection. */
  onOpen?(): void;
  connectTimeoutMs?: number;
  /**
   * A normal close after this long without traffic counts as the service's idle limit. No limit is published
   * for ACI; a shell is rarely silent for a minute while in use.
   */
  idleHintMs?: number;
}

/**
 * What container runtimes print when the program to exec is not in the image (runc / containerd wording; on
 * Windows the system's "cannot find the file specified"). Only output that came before anything was typed counts:
 * the same words later are a command's own error inside a working shell.
 */
const NOT_FOUND = /executable file not found|no such file or directory|cannot find the file specified/i;
const NOT_FOUND_WINDOW = 4096;

/**
 * The largest frame taken from the socket. A terminal's output comes in small frames (a pty writes at most a few
 * KiB at a time); the library's default (100 MiB) let one frame grow the extension host by hundreds of MB. A larger
 * frame closes the socket with 1009 (message too big) and the session ends as lost, saying that code.
 */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** Whether `data` ends after a whole UTF-8 character (RFC 3629, section 3: a lead byte says how many follow). */
export function endsOnCharacter(data: Buffer): boolean {
  for (let back = 1; back <= Math.min(4, data.length); back++) {
    const b = data[data.length - back];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const need = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return back >= need;
  }
  return true;
}

export class ContainerSocketSession {
  private readonly socket: WebSocket;
  private readonly decoder = new TextDecoder('utf-8');
  /** The decoder may hold the first bytes of a character (the last frame ended within one). */
  private decoderHolds = false;
  private readonly queued: Buffer[] = [];
  private opened = false;
  private ended = false;
  private closingAs: SessionEndKind | undefined;
  private lastTraffic = Date.now();
  /** Output that arrived before anything was typed (the runtime's refusal comes then). */
  private firstOutput = '';
  private typed = false;
  private connectTimer: NodeJS.Timeout | undefined;
  /** Bytes received from the container, for the throughput figures. */
  bytesReceived = 0;

  constructor(private readonly options: SocketSessionOptions) {
    // Throws (an ArmError) before anything is sent when the grant is not one to use.
    const url = checkSocketGrant(options.grant, options.armEndpoint);
    const headers = options.mode === 'attach' ? { Authorization: options.grant.password } : undefined;
    this.socket = new WebSocket(url, {
      headers,
      handshakeTimeout: options.connectTimeoutMs ?? 15_000,
      perMessageDeflate: false,
      followRedirects: false,
      maxPayload: MAX_FRAME_BYTES,
    });
    this.socket.binaryType = 'nodebuffer';
    this.connectTimer = setTimeout(() => this.end({ kind: 'timeout' }, true), (options.connectTimeoutMs ?? 15_000) + 1000);
    this.socket.on('open', () => this.onOpen());
    this.socket.on('message', (data: Buffer, isBinary: boolean) => this.onMessage(data, isBinary));
    this.socket.on('unexpected-response', (_req, res) => {
      res.resume();
      this.end({ kind: 'refused', status: res.statusCode }, true);
    });
    this.socket.on('close', (code: number) => this.onClose(code));
    this.socket.on('error', (err: Error & { code?: string }) => {
      // A frame over MAX_FRAME_BYTES: the library closes with 1009 and reports it here first.
      if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') return this.end({ kind: 'lost', code: 1009 }, true);
      // Handshake timeouts surface as errors; the message may quote the URL, so it goes nowhere.
      this.end({ kind: /timed out|timeout/i.test(err.message) && !this.opened ? 'timeout' : 'lost' }, true);
    });
  }

  get isOpen(): boolean {
    return this.opened && !this.ended;
  }

  /** Sends what was typed (exec only); held until the password has gone first. */
  write(input: string): void {
    if (this.options.mode !== 'exec' || this.ended || input.length === 0) return;
    const bytes = Buffer.from(input, 'utf8');
    this.lastTraffic = Date.now();
    this.typed = true;
    if (!this.opened) this.queued.push(bytes);
    else this.socket.send(bytes, { binary: true });
  }

  /** Ends the session from this side. */
  close(kind: 'closed' | 'signedOut' = 'closed'): void {
    if (this.ended) return;
    this.closingAs = kind;
    if (this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
    else this.socket.close(1000);
    // A peer that never answers the close frame does not keep the terminal waiting.
    setTimeout(() => this.end({ kind }, true), 2000).unref();
  }

  private onOpen(): void {
    clearTimeout(this.connectTimer);
    if (this.ended) return;
    this.opened = true;
    this.lastTraffic = Date.now();
    if (this.options.mode === 'exec') {
      this.socket.send(this.options.grant.password, { binary: false });
      for (const bytes of this.queued.splice(0)) this.socket.send(bytes, { binary: true });
    }
    this.options.onOpen?.();
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    if (this.ended || data.length === 0) return; // the empty frame after connecting is not the end
    this.lastTraffic = Date.now();
    this.bytesReceived += data.length;
    const text = isBinary ? this.decode(data) : this.flushDecoder() + data.toString('utf8');
    if (!this.typed && this.firstOutput.length < NOT_FOUND_WINDOW) this.firstOutput += text.slice(0, NOT_FOUND_WINDOW - this.firstOutput.length);
    if (text) this.options.onOutput(text);
  }

  /**
   * A frame of ASCII (base64, most of a shell's output) is read as it is, at a fraction of the UTF-8 decoder's cost;
   * other frames go through the decoder, which holds a character split across frames until its end arrives.
   */
  private decode(data: Buffer): string {
    if (!this.decoderHolds && isAscii(data)) return data.toString('latin1');
    this.decoderHolds = !endsOnCharacter(data);
    return this.decoder.decode(data, { stream: true });
  }

  private flushDecoder(): string {
    this.decoderHolds = false;
    return this.decoder.decode();
  }

  private onClose(code: number): void {
    clearTimeout(this.connectTimer);
    const rest = this.flushDecoder();
    if (rest && !this.ended) this.options.onOutput(rest);
    if (this.closingAs) return this.end({ kind: this.closingAs, code });
    const idleMs = Date.now() - this.lastTraffic;
    if (!this.opened) return this.end({ kind: 'refused', code });
    if (code === 1008 && this.bytesReceived === 0) return this.end({ kind: 'refused', code });
    if (this.options.mode === 'exec' && NOT_FOUND.test(this.firstOutput)) return this.end({ kind: 'commandNotFound', code });
    if ((code === 1000 || code === 1001 || code === 1005) && idleMs >= (this.options.idleHintMs ?? 60_000)) return this.end({ kind: 'idle', code, idleMs });
    if (code === 1000 || code === 1005 || code === 1001) return this.end({ kind: 'exited', code });
    this.end({ kind: 'lost', code });
  }

  private end(end: SessionEnd, terminate = false): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.connectTimer);
    if (terminate) this.socket.terminate();
    this.queued.length = 0;
    this.options.onEnd(end);
  }
}
