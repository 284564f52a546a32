/**
 * One open log document: the lines shown so far (with notes where lines may be missing, where the log started
 * over, or why following stopped), whether times are shown, and the follower that adds to it while it follows.
 */
import * as vscode from 'vscode';
import { LogFollower, type FollowState } from '../../core/containerGroup/logsFollower';
import { KeptLog, MAX_KEPT_BYTES, MAX_KEPT_LINES } from '../../core/containerGroup/logsKept';
import type { LogLine, LogMerger, MergeResult } from '../../core/containerGroup/logsMerge';
import type { LogSource } from './logUri';

export interface LogViewDeps {
  read(source: LogSource, tail: number, signal: AbortSignal): Promise<string>;
  tail: number;
  intervalMs: number;
  showTimestamps: boolean;
  logger: Pick<vscode.LogOutputChannel, 'info' | 'warn'>;
  onChange(view: LogView): void;
}

export class LogView {
  private readonly kept = new KeptLog();
  private follower: LogFollower | undefined;
  private merger: LogMerger | undefined;
  private lastState: FollowState = { kind: 'stopped', reason: 'user' };
  showTimestamps: boolean;

  constructor(
    readonly uri: vscode.Uri,
    readonly source: LogSource,
    private readonly deps: LogViewDeps,
  ) {
    this.showTimestamps = deps.showTimestamps;
  }

  get name(): string {
    return `${this.source.group.name}/${this.source.containerName}`;
  }

  get state(): FollowState {
    return this.lastState;
  }

  /** Following or waiting to retry: polling goes on. */
  get following(): boolean {
    return this.lastState.kind !== 'stopped';
  }

  follow(): void {
    if (this.follower && this.follower.state.kind !== 'stopped') return;
    const follower: LogFollower = new LogFollower({
      tail: this.deps.tail,
      intervalMs: this.deps.intervalMs,
      merger: this.merger,
      read: (tail, signal) => this.deps.read(this.source, tail, signal),
      onLines: (result) => this.add(result),
      onState: (state) => this.stateChanged(follower, state),
    });
    this.follower = follower;
    this.merger = follower.shown;
    void follower.start();
  }

  async stop(): Promise<void> {
    await this.follower?.stop();
  }

  toggleTimestamps(): void {
    this.showTimestamps = !this.showTimestamps;
    this.deps.onChange(this);
  }

  text(): string {
    const out: string[] = [];
    if (this.kept.dropped > 0) {
      const limit = vscode.l10n.t('a log view keeps the newest {0} lines, up to {1} MB', MAX_KEPT_LINES.toLocaleString('en-US'), MAX_KEPT_BYTES / 1024 / 1024);
      out.push(note(vscode.l10n.t('{0} earlier lines are no longer kept here: {1}.', this.kept.dropped, limit)));
    }
    for (const e of this.kept.all) out.push('note' in e ? note(e.note) : this.showTimestamps ? e.line.text : e.line.message);
    if (this.kept.all.length === 0) out.push(note(this.following ? vscode.l10n.t('No log lines yet. New lines appear here as the container writes them.') : vscode.l10n.t('No log lines.')));
    return out.join('\n') + '\n';
  }

  /** The log lines shown, oldest first (without notes). */
  lines(): LogLine[] {
    return this.kept.all.flatMap((e) => ('line' in e ? [e.line] : []));
  }

  private add(result: MergeResult): void {
    if (result.restarted) this.kept.push({ note: vscode.l10n.t('The log started over (the container restarted).') });
    if (result.gap) {
      this.kept.push({ note: vscode.l10n.t('Lines may be missing here: more than {0} arrived between two reads.', this.deps.tail) });
      this.deps.logger.warn(`Logs of ${this.name}: more than ${this.deps.tail} lines arrived between two reads; some may be missing.`);
    }
    this.kept.push(...result.lines.map((line) => ({ line })));
    this.deps.onChange(this);
  }

  private stateChanged(follower: LogFollower, state: FollowState): void {
    if (follower !== this.follower) return; // a follower replaced by a newer one reports no more
    const was = this.lastState;
    this.lastState = state;
    // Only the container's own lines go in the document; the extension log gets states, never log content.
    if (state.kind === 'following' && was.kind !== 'following') this.deps.logger.info(`Following the logs of ${this.name}.`);
    if (state.kind === 'retrying') this.deps.logger.warn(`Logs of ${this.name}: ${state.message} Retrying in ${Math.ceil(state.retryInMs / 1000)} s.`);
    if (state.kind === 'stopped') {
      this.deps.logger.info(`Stopped following the logs of ${this.name}${state.message ? `: ${state.message}` : '.'}`);
      if (state.reason === 'gone') this.kept.push({ note: vscode.l10n.t('Stopped following: the container group or container no longer exists. {0}', state.message ?? '') });
      if (state.reason === 'error') this.kept.push({ note: vscode.l10n.t('Stopped following: {0}', state.message ?? '') });
    }
    this.deps.onChange(this);
  }
}

function note(text: string): string {
  return `··· ${text.trim()} ···`;
}
