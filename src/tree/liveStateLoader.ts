/** Reads a configured group's live state for the tree, without ever opening a sign-in prompt on its own. */
import * as vscode from 'vscode';
import type { Connection } from '../azure/session';
import { ArmError } from '../core/arm/errors';
import type { ContainerGroupTarget } from '../core/settings/model';
import { fetchLiveState, type LiveResult } from '../core/deploy/liveFetch';
import type { AuthMethod } from '../core/settings/model';

/** The live state of one group; throws SignInNeeded when a sign-in must come first, else the request's error. */
export type LiveStateLoader = (target: ContainerGroupTarget, token: vscode.CancellationToken) => Promise<LiveResult>;

/** Expanding a node must not open a sign-in: the node offers Sign In instead. */
export class SignInNeeded extends Error {}

export interface LiveSession {
  /** The connection when one was made, without starting one. */
  signedIn(): Promise<Connection> | undefined;
  connection(): Promise<Connection>;
}

/** Methods that would ask the user something (a browser sign-in, a device code) before the first token. */
const ASKS_USER: readonly AuthMethod[] = ['microsoft', 'deviceCode'];

export function createLiveStateLoader(session: LiveSession, authMethod: () => AuthMethod): LiveStateLoader {
  return async (target, token) => {
    // The settings that decide where a token goes are not honoured there, so nothing is sent.
    if (!vscode.workspace.isTrusted) throw new Error(vscode.l10n.t('Azure is not read in an untrusted workspace. Trust the workspace to see the live state.'));
    const pending = session.signedIn();
    if (!pending && ASKS_USER.includes(authMethod())) throw new SignInNeeded(vscode.l10n.t('Sign in to Azure to see what is deployed.'));
    const abort = new AbortController();
    const listener = token.onCancellationRequested(() => abort.abort());
    let connection: Connection;
    try {
      connection = await (pending ?? session.connection());
    } catch (err) {
      listener.dispose();
      throw new SignInNeeded((err as Error).message);
    }
    try {
      return await fetchLiveState(connection.client, target, abort.signal);
    } catch (err) {
      // A token Azure refused, or one that could not be had: signing in again is the way out.
      if (err instanceof ArmError && err.status === 401) throw new SignInNeeded(err.message);
      if (!(err instanceof ArmError)) throw new SignInNeeded((err as Error).message);
      throw err;
    } finally {
      listener.dispose();
    }
  };
}
