/**
 * What registering a kind of panel takes, whatever it shows: the tracker of its open panels (the test hooks read
 * the last one), its dependencies for panels opened now and for panels VS Code restores after a reload (those
 * never prompt for a sign-in), the serializer, and the reload of waiting panels once the user signs in.
 */
import type * as vscode from 'vscode';
import type { ArmClient } from '../core/arm/client';
import type { QuietSession } from '../azure/quietConnection';
import { log } from '../output/log';
import type { PanelDeps } from './panelBase';
import { openedAndRestored, registerPanelRestore, reloadOnSignIn, type PanelRestore } from './panelRestore';
import { PanelTracker, type TrackedPanel } from './panelTracker';

export interface PanelKindHost {
  readonly extension: vscode.ExtensionContext;
  readonly session: QuietSession & { readonly onDidConnect: vscode.Event<void> };
  readonly testHooks: boolean;
}

export interface PanelKindOptions<P, D> {
  viewType: string;
  /** Names the record in a test wait's timeout message. */
  what: string;
  /** The kind's dependencies, from the ones every panel gets. */
  deps(base: PanelDeps<P> & { client(): Promise<ArmClient> }): D;
  /** A panel from a page's saved state (untrusted): undefined when it is unusable, and the panel is closed. */
  restore(deps: D, panel: vscode.WebviewPanel, state: unknown): P | undefined | Promise<P | undefined>;
}

export interface PanelKind<P, R, D> {
  readonly tracker: PanelTracker<P & TrackedPanel<R>, R>;
  /** Dependencies for a panel the user opens now. */
  readonly deps: D;
  readonly restore: PanelRestore;
}

export function registerPanelKind<P extends TrackedPanel<R> & { reloadAfterSignIn(): void }, R, D>(host: PanelKindHost, options: PanelKindOptions<P, D>): PanelKind<P, R, D> {
  const tracker = new PanelTracker<P, R>(options.what);
  const { opened, restored } = openedAndRestored(host.session, (client) =>
    options.deps({ extensionUri: host.extension.extensionUri, client, log: log(), onRecord: (panel) => tracker.changed(panel), testHooks: host.testHooks }),
  );
  const restore = registerPanelRestore(options.viewType, async (panel, state) => {
    const made = await options.restore(restored, panel, state);
    if (made) tracker.track(made);
    return made !== undefined;
  });
  host.extension.subscriptions.push(restore, reloadOnSignIn(host.session.onDidConnect, () => tracker.panels), tracker);
  return { tracker, deps: opened, restore };
}
