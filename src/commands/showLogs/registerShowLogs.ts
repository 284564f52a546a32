/**
 * Show Logs, Follow, Stop Following and Show/Hide Timestamps. Show Logs takes a container node (its
 * `containerRef`) or asks for a configured group and one of its containers, then opens the container's log as a
 * read-only document that follows new lines while it is open.
 */
import * as vscode from 'vscode';
import { getContainerLogs } from '../../core/containerGroup/logsRequest';
import { containerRefOf } from '../../tree/containerRef';
import { refusedUntrusted } from '../shared/workspaceTrust';
import type { CommandContext, CommandRegistrar } from '../shared/registerCommand';
import { LogViews, FOLLOW_COMMAND, STOP_FOLLOWING_COMMAND } from './logViews';
import type { LogView } from './logView';
import { pickContainer } from './pickContainer';

export const SHOW_LOGS_COMMAND = 'aciDataShare.showLogs';
export const TOGGLE_TIMESTAMPS_COMMAND = 'aciDataShare.toggleLogTimestamps';
/** The wait between reads while following (what `az container logs --follow` waits). */
export const LOG_POLL_MS = 2000;

/** What the log commands return: the document and its state (undefined when nothing was opened). */
export interface LogViewResult {
  uri: string;
  following: boolean;
  timestamps: boolean;
}

function settings(): { tail: number; timestamps: boolean } {
  const config = vscode.workspace.getConfiguration('aciDataShare.logs');
  const tail = Number(config.get('tail'));
  return { tail: Number.isInteger(tail) && tail >= 1 ? Math.min(tail, 10_000) : 300, timestamps: config.get('timestamps') === true };
}

const resultOf = (view: LogView): LogViewResult => ({ uri: view.uri.toString(), following: view.following, timestamps: view.showTimestamps });

export function registerShowLogs(command: CommandRegistrar): void {
  const { session, log } = command.services;
  const client = async () => (await session.connection()).client;
  const views = new LogViews({
    // Always asked with times, so lines are placed by time; the document shows them or not.
    read: async (source, tail, signal) =>
      getContainerLogs(await client(), { group: source.group, containerName: source.containerName, tail, timestamps: true, signal, maxRetries: 0 }),
    tail: () => settings().tail,
    intervalMs: LOG_POLL_MS,
    showTimestamps: () => settings().timestamps,
    logger: log,
  });

  async function showLogs(ctx: CommandContext, arg?: unknown): Promise<LogViewResult | undefined> {
    if (refusedUntrusted(ctx, vscode.l10n.t('{0} is disabled in an untrusted workspace. Trust the workspace to use it.', vscode.l10n.t('Show Logs')))) return undefined;
    const ref = containerRefOf(arg) ?? (await pickContainer(ctx));
    if (!ref) return undefined;
    const { subscriptionId, resourceGroup, name } = ref.target;
    const view = views.open({ group: { subscriptionId, resourceGroup, name }, containerName: ref.containerName, init: ref.init });
    view.follow();
    const doc = await vscode.workspace.openTextDocument(view.uri);
    await vscode.window.showTextDocument(doc, { preview: false });
    if (doc.languageId !== 'log') await vscode.languages.setTextDocumentLanguage(doc, 'log');
    return resultOf(view);
  }

  /** Runs `act` on the view named by the argument or the active editor; says so when there is none. */
  const onView = (act: (view: LogView) => unknown) => async (ctx: CommandContext, arg?: unknown): Promise<LogViewResult | undefined> => {
    const view = views.viewFor(arg);
    if (!view) {
      void ctx.ui.message('info', vscode.l10n.t('Open a container log with Show Logs first.'));
      return undefined;
    }
    await act(view);
    return resultOf(view);
  };

  command.own(views);
  command(SHOW_LOGS_COMMAND, (ctx, arg?: unknown) => showLogs(ctx, arg));
  command(FOLLOW_COMMAND, onView((v) => v.follow()));
  command(STOP_FOLLOWING_COMMAND, onView((v) => v.stop()));
  command(TOGGLE_TIMESTAMPS_COMMAND, onView((v) => v.toggleTimestamps()));
}
