/**
 * The one way a command is registered. Every invocation gets a fresh CommandContext (the UI seam, the log, the
 * shared services); a failure is caught, logged with its stack, and shown once in words; a cancellation is not an
 * error and shows nothing.
 */
import * as vscode from 'vscode';
import { errorMessage, isCancellation } from '../../core/arm/errors';
import { log } from '../../output/log';
import { ui, type UserInput } from '../../ui/userInput';
import type { CommandServices } from './commandServices';

export interface CommandContext {
  /** The command's id, for the log. */
  readonly commandId: string;
  /** Every prompt and message goes through this seam (the integration tests answer it). */
  readonly ui: UserInput;
  readonly log: vscode.LogOutputChannel;
  readonly services: CommandServices;
}

/** What a picker or a step of a command needs: the prompts and the log, nothing of the extension's services. */
export type Prompts = Pick<CommandContext, 'ui' | 'log'>;

// Menus and other extensions pass whatever arguments they like; each command checks its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CommandHandler = (context: CommandContext, ...args: any[]) => unknown;

/** For a command whose callers read a structured result (deploy, the group actions): what an unexpected failure gives. */
export interface CommandFailure {
  /** The result returned instead of the value the command would have given. */
  result(err: unknown): unknown;
  /** The message shown, from the error's own words (e.g. "Deploy failed unexpectedly: …"). */
  message(text: string): string;
}

/**
 * What every feature's register function takes: registers a command, owns a disposable, and hands out the shared
 * services. Whatever it registers or owns is disposed with the extension (pushed into its subscriptions here, so no
 * feature reaches for them).
 */
export interface CommandRegistrar {
  (id: string, run: CommandHandler, failure?: CommandFailure): vscode.Disposable;
  readonly services: CommandServices;
  /** Disposed with the extension, in the order given. */
  own(...disposables: vscode.Disposable[]): void;
}

/** Binds the shared services once (in activate); the registrar it returns registers each command. */
export function commandRegistrar(services: CommandServices): CommandRegistrar {
  const own = (...disposables: vscode.Disposable[]): void => void services.extension.subscriptions.push(...disposables);
  const register = (id: string, run: CommandHandler, failure?: CommandFailure): vscode.Disposable => {
    const registered = vscode.commands.registerCommand(id, (...args: unknown[]) => runCommand(id, services, run, args, failure));
    own(registered);
    return registered;
  };
  return Object.assign(register, { services, own });
}

async function runCommand(id: string, services: CommandServices, run: CommandHandler, args: unknown[], failure: CommandFailure | undefined): Promise<unknown> {
  const context: CommandContext = { commandId: id, ui: ui(), log: log(), services };
  try {
    return await run(context, ...args);
  } catch (err) {
    if (isCancellation(err)) {
      context.log.info(`${id}: canceled`);
      return undefined;
    }
    context.log.error(`${id} failed: ${err instanceof Error && err.stack ? err.stack : errorMessage(err)}`);
    void context.ui.message('error', failure ? failure.message(errorMessage(err)) : errorMessage(err));
    return failure?.result(err);
  }
}
