/**
 * Open Shell… (exec) and Show Live Output (attach) on a container: from its node in the view, or from the palette
 * (a configured group, then one of its containers). Each runs in a terminal named `group · container`. The log
 * records that a session opened and closed, for which container and why; never its input, output, URL or password.
 */
import { registerCopyFiles } from '../copyFiles/registerCopyFiles';
import { registerRunCommand } from '../runCommand/registerRunCommand';
import type { CommandRegistrar } from '../shared/registerCommand';
import type { LogViewResult } from '../showLogs/registerShowLogs';
import type { SessionDeps } from '../shared/containerSession';

export const OPEN_SHELL_COMMAND = 'aciDataShare.openShell';
export const SHOW_LIVE_OUTPUT_COMMAND = 'aciDataShare.showLiveOutput';

export interface SessionResult {
  /** The terminal's name, when one was opened. */
  terminal?: string;
  /** `fellBack`: attach was not possible and the polling log view opened instead. */
  outcome: 'opened' | 'refused' | 'closed' | 'fellBack';
  message?: string;
  /** Why it could not open (explainRefusal's kind, or how the socket ended). */
  reason?: string;
  logs?: LogViewResult;
}

/** What the integration tests read: a session terminal's recent output and the line it ended with. */
export interface SessionTestHooks {
  output(terminal: string): string | undefined;
  endedWith(terminal: string): string | undefined;
  bytesReceived(terminal: string): number;
}

export function registerSessions(command: CommandRegistrar): SessionTestHooks {
  const deps: SessionDeps = { terminals: new Map(), client: async () => (await command.services.session.connection()).client };
  const { terminals } = deps;
  // The sessions' code loads with the first of them, through import().
  command(OPEN_SHELL_COMMAND, async (ctx, arg?: unknown, options?: { command?: string }) => (await import('./openSession')).openShell(deps, ctx, arg, options));
  command(SHOW_LIVE_OUTPUT_COMMAND, async (ctx, arg?: unknown) => (await import('./openSession')).showLiveOutput(deps, ctx, arg));
  // Run Command and the file copies share the sessions' terminals and their code (one chunk).
  registerRunCommand(command, deps);
  registerCopyFiles(command, deps);
  return {
    output: (name) => terminals.get(name)?.transcript,
    endedWith: (name) => terminals.get(name)?.endedWith,
    bytesReceived: (name) => terminals.get(name)?.bytesReceived ?? 0,
  };
}
