/**
 * A VS Code terminal (Pseudoterminal) running one exec or attach session. The session is requested only once
 * VS Code has opened the terminal, so the exec request carries the terminal's real size. Keys pass through as
 * typed (Ctrl-C, Ctrl-D, arrows, Tab, UTF-8); closing the terminal closes the socket. When the session ends or
 * cannot open, the terminal stays with one line saying why until a key is pressed (as VS Code's own tasks do), so
 * the reason is read where the session was. Nothing of the session is logged here.
 */
import * as vscode from 'vscode';
// Types only: the socket code (and its websocket library) loads with the first session, from its own file.
import type { ContainerSocketSession, SessionEnd, SessionMode } from '../../core/containerGroup/containerSocket';
import { clampSize, type SocketGrant, type TerminalSize } from '../../core/containerGroup/execRequest';
import { LiveOutputFilter } from '../../core/containerGroup/outputFilter';
import { endText, pressAnyKeyText } from './sessionTexts';

export type StartOutcome = { outcome: 'opened' } | { outcome: 'refused'; error: unknown } | { outcome: 'closed' };

export interface SessionTerminalOptions {
  /** `group · container`, the terminal's name. */
  name: string;
  mode: SessionMode;
  /** Asks Azure for the session's socket, with the terminal's size. */
  grant(size: TerminalSize): Promise<SocketGrant>;
  /** The signed-in cloud's ARM endpoint, which decides the bridges the socket may go to. */
  armEndpoint: string;
  onEnd(end: SessionEnd, text: string): void;
  /** The user resized the terminal while a shell runs (said once per session). */
  onResize?(size: TerminalSize): void;
  /**
   * A conversation typed into the shell in place of the user's keys (Run Command): it types once the socket is
   * open, sees the output first and returns what the terminal shows. Only Ctrl-C of the user's keys passes.
   */
  conversation?: { opened(write: (text: string) => void): void; output(text: string): string };
  /** The end line in place of endText's (Run Command's exit code and time). */
  endLine?(end: SessionEnd, text: string): string;
}

/** The last output kept for the test API, per terminal. */
const TRANSCRIPT_CHARS = 64 * 1024;

export class SessionTerminal implements vscode.Pseudoterminal {
  private readonly written = new vscode.EventEmitter<string>();
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidWrite = this.written.event;
  readonly onDidClose = this.closed.event;
  private session: ContainerSocketSession | undefined;
  private readonly liveOutput = new LiveOutputFilter();
  private size: TerminalSize | undefined;
  private toldResize = false;
  /** Something was typed: a size change after that is the user's; before it, the panel settling its layout. */
  private typed = false;
  /** The end line is written: the next key closes the terminal. */
  private awaitingKey = false;
  private settle!: (o: StartOutcome) => void;
  private userClosed = false;
  /** Run Command's Cancel or time limit came: a session granted after it is not opened at all. */
  private interrupted = false;
  private opened = false;
  /** Resolves once the session opened, or could not. */
  readonly started = new Promise<StartOutcome>((resolve) => (this.settle = resolve));
  transcript = '';
  endedWith: string | undefined;

  constructor(private readonly options: SessionTerminalOptions) {}

  get bytesReceived(): number {
    return this.session?.bytesReceived ?? 0;
  }

  open(dimensions: vscode.TerminalDimensions | undefined): void {
    this.size = clampSize({ rows: dimensions?.rows ?? 24, cols: dimensions?.columns ?? 80 });
    if (this.options.mode === 'attach') this.write(`\x1b[2m${vscode.l10n.t('Live output of {0} (read-only). Close the terminal to stop.', this.options.name)}\x1b[0m\r\n`);
    // The caller explains the refusal (it reads the group's state) and writes it with showEnd.
    const refused = (error: unknown) => this.settle({ outcome: 'refused', error });
    Promise.all([this.options.grant(this.size), import('../../core/containerGroup/containerSocket')]).then(
      ([grant, { ContainerSocketSession }]) => {
        if (this.userClosed) return this.settle({ outcome: 'closed' });
        // Stopped while the service was still granting the session (a slow start): nothing runs, the run ends.
        if (this.interrupted) return this.finish({ kind: 'closed' });
        // A grant the session refuses (its host, its URL, its password) throws here: the start still settles.
        try {
          this.session = new ContainerSocketSession({
            grant,
            armEndpoint: this.options.armEndpoint,
            mode: this.options.mode,
            onOpen: () => {
              this.opened = true;
              this.settle({ outcome: 'opened' });
              this.options.conversation?.opened((text) => this.session?.write(text));
            },
            // Live output is read-only: control sequences that act outside the screen are dropped (outputFilter.ts).
            // A container's own output ends lines with "\n" only; a terminal needs "\r\n" (a shell's pty sends both).
            onOutput: (text) => this.write(this.options.mode === 'attach' ? this.liveOutput.filter(text).replace(/\r?\n/g, '\r\n') : (this.options.conversation?.output(text) ?? text)),
            onEnd: (end) => this.finish(end),
          });
        } catch (error) {
          refused(error);
        }
      },
      refused,
    );
  }

  close(): void {
    this.userClosed = true;
    this.session?.close('closed');
  }

  /** Stops what runs (Ctrl-C), then ends the session: Run Command's Cancel and timeout. */
  interrupt(): void {
    this.interrupted = true;
    this.session?.write('\x03');
    this.session?.close('closed');
  }

  /** Ends the session from the extension's side (a sign-out). */
  end(kind: 'closed' | 'signedOut'): void {
    this.session?.close(kind);
  }

  handleInput(data: string): void {
    if (this.awaitingKey) return this.closed.fire();
    if (this.options.mode !== 'exec') return;
    if (this.options.conversation && data !== '\x03') return;
    this.typed = true;
    this.session?.write(data);
  }

  setDimensions(d: vscode.TerminalDimensions): void {
    const size = this.size;
    if (!size || this.options.mode !== 'exec' || !this.session?.isOpen || !this.typed) return;
    if (d.rows === size.rows && d.columns === size.cols) return;
    if (this.toldResize) return;
    this.toldResize = true;
    this.options.onResize?.({ rows: size.rows, cols: size.cols });
  }

  private write(text: string): void {
    this.transcript = (this.transcript + text).slice(-TRANSCRIPT_CHARS);
    this.written.fire(text);
  }

  /** Writes why the session ended or could not open, then keeps the terminal until a key is pressed. */
  showEnd(text: string): void {
    if (this.awaitingKey) return;
    this.endedWith = text;
    if (this.userClosed) return this.closed.fire();
    this.awaitingKey = true;
    this.write(`\r\n\x1b[2m${text}\x1b[0m\r\n\r\n\x1b[2m${pressAnyKeyText()}\x1b[0m`);
  }

  private finish(end: SessionEnd): void {
    const said = endText(end, this.options.name, this.options.mode === 'exec' ? 'shell' : 'output');
    const text = this.options.endLine?.(end, said) ?? said;
    this.settle(end.kind === 'refused' || end.kind === 'timeout' || end.kind === 'commandNotFound' ? { outcome: 'refused', error: new Error(text) } : { outcome: 'opened' });
    // A session that never opened is explained by the caller (with the group's state where that says more).
    if (this.opened) this.showEnd(text);
    else this.endedWith = text;
    this.options.onEnd(end, text);
  }
}
