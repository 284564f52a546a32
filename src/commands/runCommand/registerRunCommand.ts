/**
 * Run Command in Container… on a container: from its node in the view, or from the palette (the container pick
 * Open Shell uses). A command line with arguments runs in the container's shell, its output in a terminal named
 * `group · container · run`, then its exit code. The log records that a run started and ended, its exit code and
 * how long it took; never the command line or its output.
 */
import type { SessionDeps } from '../shared/containerSession';
import type { CommandRegistrar } from '../shared/registerCommand';

export const RUN_COMMAND_COMMAND = 'aciDataShare.runCommand';

export interface RunCommandResult {
  /** The terminal's name, when one was opened. */
  terminal?: string;
  /** `exited`: the command ended with `exitCode`; `cancelled` / `timedOut`: stopped with Ctrl-C, the session closed. */
  outcome: 'exited' | 'refused' | 'cancelled' | 'timedOut' | 'ended';
  exitCode?: number;
  /** What the command printed (the last 64 KiB), for the tests. */
  output?: string;
  durationMs?: number;
  /** Why it could not run (explainRefusal's kind, `noShell`, or how the socket ended). */
  reason?: string;
  message?: string;
  /** The program the line was typed into (/bin/sh, powershell.exe, cmd.exe). */
  shell?: string;
}

export function registerRunCommand(command: CommandRegistrar, deps: SessionDeps): void {
  // Loads on first use, through import() (a chunk of its own; what it shares with Open Shell, a shared chunk).
  command(RUN_COMMAND_COMMAND, async (ctx, arg?: unknown) => (await import('./runCommand')).runCommand(deps, ctx, arg));
}
