/**
 * Panels VS Code brings back after a window reload: the page saved what it showed (its setState), and the
 * panel reads it all again from Azure without asking the user anything; until a sign-in, it says one is needed.
 */
import * as vscode from 'vscode';
import type { ArmClient } from '../core/arm/client';
import { quietConnection, SignInNeeded, type QuietSession } from '../azure/quietConnection';
import { connectionSettings } from '../settings/configuration';

export interface PanelRestore extends vscode.Disposable {
  /** Restores a panel from `state` as VS Code does after a reload (tests pass what a page saved). */
  reopen(state: unknown): Promise<void>;
}

/**
 * Registers the serializer of `viewType`. `restore` gets the new panel and the saved state, which is
 * untrusted: it returns false when the state is unusable, and the panel is closed rather than shown empty. It may
 * load the panel's code first (a lazy chunk), so VS Code waits for it.
 */
export function registerPanelRestore(viewType: string, restore: (panel: vscode.WebviewPanel, state: unknown) => boolean | Promise<boolean>): PanelRestore {
  const deserialize = async (panel: vscode.WebviewPanel, state: unknown): Promise<void> => {
    if (!(await restore(panel, state))) panel.dispose();
  };
  const registration = vscode.window.registerWebviewPanelSerializer(viewType, { deserializeWebviewPanel: deserialize });
  return {
    reopen: (state) => deserialize(vscode.window.createWebviewPanel(viewType, viewType, vscode.ViewColumn.Active), state),
    dispose: () => registration.dispose(),
  };
}

/** The ARM client of a restored panel: never a sign-in prompt, SignInNeeded instead. */
export function restoredClient(session: QuietSession): () => Promise<ArmClient> {
  return async () => {
    // The settings that decide where a token goes are not honoured there, so nothing is sent.
    if (!vscode.workspace.isTrusted) throw new SignInNeeded(vscode.l10n.t('Azure is not read in an untrusted workspace. Trust the workspace, then sign in to load this again.'));
    const message = vscode.l10n.t('Sign in to Azure (the Sign In to Azure command) to load this again: it reloads once you are signed in.');
    return (await quietConnection(session, connectionSettings().authMethod, message)).client;
  };
}

/**
 * A panel kind's dependencies, made twice from `make`: for panels the user opens now (the client may prompt
 * for a sign-in) and for panels VS Code restores after a reload, which were not asked for just now and so
 * never prompt.
 */
export function openedAndRestored<D>(session: QuietSession, make: (client: () => Promise<ArmClient>) => D): { opened: D; restored: D } {
  return { opened: make(async () => (await session.connection()).client), restored: make(restoredClient(session)) };
}

/** Panels that waited for a sign-in load once there is one. */
export function reloadOnSignIn(onDidConnect: vscode.Event<void>, panels: () => readonly { reloadAfterSignIn(): void }[]): vscode.Disposable {
  return onDidConnect(() => panels().forEach((p) => p.reloadAfterSignIn()));
}
