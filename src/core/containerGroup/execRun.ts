/**
 * Run Command, Download File and Upload File as conversations with the shell an exec started: each takes the
 * shell's output as it arrives (`feed`) and types through `write`; the caller owns the socket. Nothing here logs.
 */
import { commandLines, readyLine, readyText, RunOutputReader, type RunMarker, type ShellKind } from './commandScript';
import type { ArchiveFailure } from './folderArchive';
import { cancelLine, downloadLine, finishUploadLine, hashOf, probeLine, progressLine, DownloadReader, readProbe, sha256Hex, tagValue, UPLOAD_LINE_CHARS, uploadLines, type Probe } from './fileTransfer';

/** Runs one command line: its output as it comes, then its exit status. */
export class CommandRun {
  private readonly reader: RunOutputReader;

  constructor(private readonly o: { kind: ShellKind; line: string; marker: RunMarker; write(text: string): void; onOutput(text: string): void; onExit(code: number): void }) {
    this.reader = new RunOutputReader(o.marker, o.kind);
  }

  /** Types the first line; call once the socket is open (the shell starts by itself). */
  start(): void {
    this.o.write(readyLine(this.o.kind, this.o.marker));
  }

  feed(text: string): void {
    for (const e of this.reader.push(text)) {
      if (e.kind === 'ready') this.o.write(commandLines(this.o.kind, this.o.marker, this.o.line));
      else if (e.kind === 'output') this.o.onOutput(e.text);
      else this.o.onExit(e.code);
    }
  }

  /** Output still held when the session ended without a status. */
  rest(): string {
    return this.reader.flush();
  }
}

export type TransferFailure =
  | { kind: 'noBase64' }
  | { kind: 'notFound' }
  | { kind: 'notWritable' }
  | { kind: 'tooLarge'; size: number; limit: number }
  | { kind: 'failed'; status: number }
  | { kind: 'mismatch'; what: 'size' | 'hash' }
  | ArchiveFailure;

export interface TransferResult {
  bytes: number;
  /** The hash both ends agree on, where the image has sha256sum. */
  sha256?: string;
}

export interface TransferOptions {
  marker: RunMarker;
  path: string;
  write(text: string): void;
  onProgress(done: number, total: number): void;
  onDone(result: TransferResult): void;
  onFail(failure: TransferFailure): void;
  /** A step typed after readiness and before the probe (a folder's archive made, tar looked for). */
  before?: TransferStep;
  /** Typed before the shell's `exit` however the transfer ends (a scratch archive removed). */
  cleanup?: string;
  /** Upload: typed once the file is checked (the archive unpacked); its answer ends the transfer. */
  after?: TransferStep;
}

/** A line typed, and its answer: undefined until it has arrived, null to go on, or the failure. */
export interface TransferStep {
  line: string;
  read(text: string): TransferFailure | null | undefined;
}

/**
 * Upload flow control: an acknowledgement after every LINES_PER_ACK lines, and at most WINDOW_LINES lines (about
 * 48 KiB of base64) typed and not yet acknowledged. Several acknowledgements in flight keep the shell busy while
 * the next lines travel; one at a time left it idle for a round trip every 48 KiB.
 */
const LINES_PER_ACK = 4;
const WINDOW_LINES = 16;
/** Output kept before readiness: the prompt and the echo of the first line. */
const BEFORE_READY_CHARS = 8192;

abstract class Transfer {
  protected text = '';
  protected ready = false;
  private beforeDone = false;
  protected probe: Probe | undefined;
  protected finished = false;

  constructor(protected readonly o: TransferOptions) {}

  start(): void {
    this.o.write(readyLine('posix', this.o.marker));
  }

  private cancelled: (() => void) | undefined;

  /**
   * Stops the transfer: Ctrl-C, then the clean-up line; `onClean` runs once the shell says it ran (the caller waits
   * for it a short while, then closes the session all the same).
   */
  cancel(onClean: () => void): void {
    if (this.finished) return;
    this.finished = true;
    this.cancelled = onClean;
    this.text = '';
    this.o.write(cancelLine(this.o.marker, this.direction, this.o.path, this.o.cleanup));
  }

  feed(chunk: string): void {
    if (this.cancelled) {
      this.text = (this.text + chunk).slice(-BEFORE_READY_CHARS);
      if (tagValue(this.text, this.o.marker, 'X') === undefined) return;
      const done = this.cancelled;
      this.cancelled = () => undefined;
      return done();
    }
    if (this.finished) return;
    // After the probe each transfer keeps what it needs: a download's content is not held here as one string.
    if (this.probe) return this.step(chunk);
    this.text += chunk;
    if (!this.ready) {
      const at = this.text.indexOf(readyText(this.o.marker));
      if (at < 0) {
        this.text = this.text.slice(-BEFORE_READY_CHARS);
        return;
      }
      this.ready = true;
      this.text = this.text.slice(at);
      this.beforeDone = !this.o.before;
      this.o.write(this.o.before ? this.o.before.line : probeLine(this.o.marker, this.direction, this.o.path));
    }
    if (!this.beforeDone) {
      const answer = this.o.before!.read(this.text);
      if (answer === undefined) return;
      if (answer) return this.fail(answer);
      this.beforeDone = true;
      this.text = '';
      return this.o.write(probeLine(this.o.marker, this.direction, this.o.path));
    }
    if (!this.probe) {
      this.probe = readProbe(this.text, this.o.marker, this.direction);
      if (!this.probe) return;
      if (!this.probe.base64) return this.fail({ kind: 'noBase64' });
      this.text = '';
      this.afterProbe(this.probe);
    }
  }

  protected fail(failure: TransferFailure): void {
    this.finished = true;
    this.o.write(`${this.o.cleanup ?? ''}exit\n`);
    this.o.onFail(failure);
  }

  protected done(result: TransferResult): void {
    this.finished = true;
    this.o.onDone(result);
  }

  protected abstract readonly direction: 'upload' | 'download';
  protected abstract afterProbe(probe: Probe): void;
  protected abstract step(chunk: string): void;
}

export class DownloadTransfer extends Transfer {
  protected readonly direction = 'download';
  private size = 0;
  private reader: DownloadReader | undefined;

  constructor(o: TransferOptions & { limit: number }) {
    super(o);
    this.limit = o.limit;
  }

  private readonly limit: number;

  protected afterProbe(probe: Probe): void {
    if (!probe.pathOk || probe.size === undefined) return this.fail({ kind: 'notFound' });
    if (probe.size > this.limit) return this.fail({ kind: 'tooLarge', size: probe.size, limit: this.limit });
    this.size = probe.size;
    // What arrives from here on is read by the download reader, not kept in `text`.
    this.reader = new DownloadReader(this.o.marker, probe.sha256sum);
    this.o.write(downloadLine(this.o.marker, this.o.path, probe.sha256sum, this.o.cleanup));
  }

  protected step(chunk: string): void {
    if (!this.reader) return;
    const got = this.reader.push(chunk);
    if (got.kind === 'pending') return this.o.onProgress(Math.min(this.size, Math.floor((got.base64Chars * 3) / 4)), this.size);
    if (got.kind === 'failed') return this.fail({ kind: 'failed', status: got.status });
    const local = got.localSha256;
    if (got.bytes.length !== this.size) return this.fail({ kind: 'mismatch', what: 'size' });
    if (got.sha256 !== undefined && got.sha256 !== local) return this.fail({ kind: 'mismatch', what: 'hash' });
    this.o.onProgress(this.size, this.size);
    this.bytes = got.bytes;
    this.done({ bytes: got.bytes.length, sha256: got.sha256 });
  }

  /** The file's content, once done. */
  bytes: Buffer | undefined;
}

export class UploadTransfer extends Transfer {
  protected readonly direction = 'upload';
  private lines: string[] = [];
  private sent = 0;
  private acked = 0;
  private finishing = false;
  private checked: TransferResult | undefined;
  private readonly content: Uint8Array;

  constructor(o: TransferOptions & { content: Uint8Array }) {
    super(o);
    this.content = o.content;
  }

  protected afterProbe(probe: Probe): void {
    if (!probe.pathOk) return this.fail({ kind: 'notWritable' });
    this.lines = uploadLines(this.o.path, this.content);
    this.sendMore();
  }

  /** Types batches while the window allows, then the finishing line once every line is acknowledged. */
  private sendMore(): void {
    // Canceled (from a progress report): nothing more is typed after the clean-up line.
    if (this.finished) return;
    let typed = '';
    while (this.sent < this.lines.length && this.sent + LINES_PER_ACK - this.acked <= WINDOW_LINES) {
      const batch = this.lines.slice(this.sent, this.sent + LINES_PER_ACK);
      this.sent += batch.length;
      typed += batch.join('') + progressLine(this.o.marker, this.sent);
    }
    if (typed) this.o.write(typed);
    if (this.sent === this.lines.length && this.acked === this.sent && !this.finishing) {
      this.finishing = true;
      this.text = '';
      this.o.write(finishUploadLine(this.o.marker, this.o.path, this.probe!.sha256sum, !this.o.after));
    }
  }

  protected step(chunk: string): void {
    this.text += chunk;
    if (this.checked) {
      const answer = this.o.after!.read(this.text);
      if (answer === undefined) return;
      return answer ? this.fail(answer) : this.done(this.checked);
    }
    if (!this.finishing) {
      // The last whole acknowledgement line in what arrived; what follows it is kept for the next one.
      const tag = `${this.o.marker.head}${this.o.marker.tail}P`;
      const at = this.text.lastIndexOf(tag);
      const ack = at >= 0 ? /^(\d+)\r?\n/.exec(this.text.slice(at + tag.length)) : null;
      if (!ack) return;
      this.acked = Number(ack[1]);
      this.text = this.text.slice(at + tag.length + ack[0].length);
      this.o.onProgress(Math.min(this.content.length, Math.floor((this.acked * UPLOAD_LINE_CHARS * 3) / 4)), this.content.length);
      return this.sendMore();
    }
    const status = tagValue(this.text, this.o.marker, 'D');
    const size = tagValue(this.text, this.o.marker, 'Z');
    const hash = this.probe!.sha256sum ? tagValue(this.text, this.o.marker, 'H') : '';
    if (status === undefined || size === undefined || hash === undefined) return;
    if (status.trim() !== '0') return this.fail({ kind: 'failed', status: Number(status.trim()) || 1 });
    if (Number(size.trim()) !== this.content.length) return this.fail({ kind: 'mismatch', what: 'size' });
    const remote = hashOf(hash);
    if (remote !== undefined && remote !== sha256Hex(this.content)) return this.fail({ kind: 'mismatch', what: 'hash' });
    if (!this.o.after) return this.done({ bytes: this.content.length, sha256: remote });
    // The file is whole and checked: the step after it (the archive unpacked) answers last.
    this.checked = { bytes: this.content.length, sha256: remote };
    this.text = '';
    this.o.write(this.o.after.line);
  }
}
