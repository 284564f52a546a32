/** Reads a configured group's live state for the tree, without ever opening a sign-in prompt on its own. */
import * as vscode from 'vscode';
import { quietConnection, SignInNeeded, type QuietSession } from '../azure/quietConnection';
import { ArmError, errorMessage } from '../core/arm/errors';
import type { ContainerGroupTarget } from '../core/settings/model';
import { fetchLiveState, type LiveRead, type LiveResult } from '../core/deploy/liveFetch';
import type { AuthMethod } from '../core/settings/model';

/** The live state of one group; throws SignInNeeded when a sign-in must come first, else the request's error. */
export type LiveStateLoader = (target: ContainerGroupTarget, token: vscode.CancellationToken, read?: LiveRead) => Promise<LiveResult>;

export function createLiveStateLoader(session: QuietSession, authMethod: () => AuthMethod): LiveStateLoader {
  return async (target, token, read) => {
    // The settings that decide where a token goes are not honoured there, so nothing is sent.
    if (!vscode.workspace.isTrusted) throw new Error(vscode.l10n.t('Azure is not read in an untrusted workspace. Trust the workspace to see the live state.'));
    // Expanding a node must not open a sign-in: the node offers Sign In instead.
    const connection = await quietConnection(session, authMethod(), vscode.l10n.t('Sign in to Azure to see what is deployed.'));
    const abort = new AbortController();
    const listener = token.onCancellationRequested(() => abort.abort());
    try {
      return await fetchLiveState(connection.client, target, abort.signal, read);
    } catch (err) {
      // A token Azure refused, or one that could not be had: signing in again is the way out.
      if (err instanceof ArmError && err.status === 401) throw new SignInNeeded(err.message);
      if (!(err instanceof ArmError)) throw new SignInNeeded(errorMessage(err));
      throw err;
    } finally {
      listener.dispose();
    }
  };
}
