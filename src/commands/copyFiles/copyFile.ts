/**
 * Download File… and Upload File… as they run: the container, the path in it (asked), the local file (a dialog),
 * the transfer over an exec session with progress and Cancel, then the result or the refusal in words.
 */
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ContainerSocketSession, type SessionEnd } from '../../core/containerGroup/containerSocket';
import { newMarker, type RunMarker } from '../../core/containerGroup/commandScript';
import { explainRefusal } from '../../core/containerGroup/execRefusal';
import { DownloadTransfer, UploadTransfer, type TransferFailure, type TransferOptions, type TransferResult } from '../../core/containerGroup/execRun';
import { requestExec } from '../../core/containerGroup/execRequest';
import { chooseContainer, refusedBeforeAsking, say, sessionName, targetOf, type SessionDeps } from '../shared/containerSession';
import { endText, refusalText } from '../openShell/sessionTexts';
import { noShellText } from '../runCommand/runTexts';
import type { CommandContext } from '../shared/registerCommand';
import type { ContainerRef } from '../../tree/containerRef';
import { definitionOf } from '../showLogs/pickContainer';
import type { CopyFileResult } from './registerCopyFiles';
import { canceledText, copiedText, endedEarlyText, failureText } from './copyTexts';

/** How long a shell that prints no prompt is waited for before the first line is typed. */
const FIRST_OUTPUT_WAIT_MS = 1000;
/** How long a canceled transfer waits for the shell to say it cleaned up before the session is closed. */
const CANCEL_WAIT_MS = 3000;

/** The container asked for, and the refusals that come before any other question; `refused` once said. */
export async function openCopy(deps: SessionDeps, ctx: CommandContext, arg: unknown, title: string): Promise<{ ref: ContainerRef; name: string; limit: number } | { refused: CopyFileResult } | undefined> {
  const ref = await chooseContainer(ctx, arg, title);
  if (!ref) return undefined;
  const name = sessionName(ref);
  const refuse = (result: CopyFileResult) => (say(ctx, result, ref), { refused: result });
  const early = await refusedBeforeAsking(deps, ref);
  if (early) return refuse({ outcome: 'refused', reason: early.kind, message: refusalText(early, name) });
  if ((await definitionOf(ref.target).catch(() => undefined))?.osType === 'Windows') {
    return refuse({ outcome: 'refused', reason: 'windows', message: vscode.l10n.t('{0} is a Windows container: files are copied through a POSIX shell (/bin/sh), which it does not have.', name) });
  }
  const limit = Math.round(vscode.workspace.getConfiguration('aciDataShare').get<number>('copyFiles.maxMegabytes', 50) * 1024 * 1024);
  return { ref, name, limit };
}

export async function copyFile(deps: SessionDeps, ctx: CommandContext, direction: 'upload' | 'download', arg?: unknown): Promise<CopyFileResult | undefined> {
  const title = direction === 'download' ? vscode.l10n.t('Download File') : vscode.l10n.t('Upload File');
  const opened = await openCopy(deps, ctx, arg, title);
  if (!opened || 'refused' in opened) return opened?.refused;
  const { ref, name, limit } = opened;
  const refuse = (result: CopyFileResult): CopyFileResult => (say(ctx, result, ref), result);
  let content: Uint8Array | undefined;
  let local: vscode.Uri | undefined;
  let remote: string | undefined;
  const askRemote = (value: string) =>
    ctx.ui.inputBox({
      title: vscode.l10n.t('{0}: {1}', title, name),
      value,
      prompt: direction === 'download' ? vscode.l10n.t('The file in the container to download (an absolute path)') : vscode.l10n.t('Where to write the file in the container (an absolute path)'),
      validateInput: (v) => (v.startsWith('/') && !v.endsWith('/') ? undefined : vscode.l10n.t('An absolute path to a file, such as /tmp/data.bin.')),
    });
  if (direction === 'download') {
    remote = await askRemote('');
    if (!remote) return undefined;
    local = await ctx.ui.saveDialog({ title: vscode.l10n.t('{0}: {1}', title, name), defaultUri: vscode.Uri.file(path.posix.basename(remote)), saveLabel: vscode.l10n.t('Download') });
    if (!local) return undefined;
  } else {
    local = (await ctx.ui.openDialog({ title: vscode.l10n.t('{0}: {1}', title, name), canSelectMany: false, canSelectFolders: false, openLabel: vscode.l10n.t('Upload') }))?.[0];
    if (!local) return undefined;
    content = await vscode.workspace.fs.readFile(local);
    if (content.length > limit) return refuse({ outcome: 'refused', reason: 'tooLarge', message: failureText({ kind: 'tooLarge', size: content.length, limit }, path.basename(local.fsPath), name) });
    remote = await askRemote(`/tmp/${path.basename(local.fsPath)}`);
    if (!remote) return undefined;
  }
  ctx.log.info(`${title} with ${name} started.`);
  const result = await transfer(deps, ctx, ref, { direction, remote, content, limit, title });
  if (result.outcome === 'copied' && direction === 'download' && result.bytesRead) await vscode.workspace.fs.writeFile(local, result.bytesRead);
  const { bytesRead: _bytes, ...answer } = result;
  ctx.log.info(`${title} with ${name} ended: ${answer.outcome}${answer.reason ? ` (${answer.reason})` : ''}${answer.bytes !== undefined ? `, ${answer.bytes} bytes` : ''}.`);
  if (answer.outcome === 'copied') void ctx.ui.message('info', copiedText(direction, answer.bytes ?? 0, remote, name, answer.sha256));
  else if (answer.outcome === 'cancelled') void ctx.ui.message('info', canceledText(direction, remote, local.fsPath, name));
  else if (answer.outcome === 'refused') say(ctx, answer, ref);
  return answer;
}

export type Outcome = CopyFileResult & { bytesRead?: Buffer };

/**
 * One transfer over a new exec session, with progress and Cancel. `steps`: a folder's archive made or unpacked
 * around it (folderArchive.ts); `shown` is the path the words name (the folder, where the file is its archive).
 */
export async function transfer(
  deps: SessionDeps,
  ctx: CommandContext,
  ref: ContainerRef,
  o: { direction: 'upload' | 'download'; remote: string; content?: Uint8Array; limit: number; title: string; marker?: RunMarker; steps?: Pick<TransferOptions, 'before' | 'after' | 'cleanup'>; shown?: string },
): Promise<Outcome> {
  const name = sessionName(ref);
  const client = await deps.client();
  let grant;
  try {
    grant = await requestExec(client, { ...targetOf(ref), command: '/bin/sh', size: { rows: 24, cols: 80 } });
  } catch (err) {
    const refusal = await explainRefusal(client, targetOf(ref), err);
    return { outcome: 'refused', reason: refusal.kind, message: refusalText(refusal, name) };
  }
  return ctx.ui.progress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('{0}: {1}', o.title, name), cancellable: true }, (progress, token) =>
    new Promise<Outcome>((resolve) => {
      let settled = false;
      let reported = 0;
      let typeTimer: NodeJS.Timeout | undefined;
      let cancelTimer: NodeJS.Timeout | undefined;
      /** After Cancel, the session's end (the clean-up line exits) is the cancel's, not a failure. */
      let cancelling = false;
      let session: ContainerSocketSession | undefined;
      const settle = (r: Outcome) => {
        if (settled) return;
        settled = true;
        if (typeTimer) clearTimeout(typeTimer);
        if (cancelTimer) clearTimeout(cancelTimer);
        session?.close();
        resolve(r);
      };
      const options = {
        ...o.steps,
        marker: o.marker ?? newMarker((n) => randomBytes(n)),
        path: o.remote,
        write: (t: string) => session?.write(t),
        onProgress: (done: number, total: number) => {
          const percent = total ? Math.floor((done * 100) / total) : 100;
          if (percent > reported) progress.report({ increment: percent - reported, message: `${percent}%` });
          reported = Math.max(reported, percent);
        },
        onDone: (r: TransferResult) => settle({ outcome: 'copied', bytes: r.bytes, sha256: r.sha256, bytesRead: t instanceof DownloadTransfer ? t.bytes : undefined }),
        onFail: (f: TransferFailure) => settle({ outcome: 'refused', reason: f.kind, message: failureText(f, o.shown ?? o.remote, name, o.direction) }),
      };
      const t: UploadTransfer | DownloadTransfer =
        o.direction === 'upload' ? new UploadTransfer({ ...options, content: o.content ?? new Uint8Array() }) : new DownloadTransfer({ ...options, limit: o.limit });
      const typeFirst = () => {
        if (!typeTimer) return;
        clearTimeout(typeTimer);
        typeTimer = undefined;
        t.start();
      };
      token.onCancellationRequested(() => {
        // Ctrl-C and the clean-up line (an upload's part file removed); a shell that does not answer is closed all the same.
        const cancelled = () => settle({ outcome: 'cancelled' });
        cancelling = true;
        if (typeTimer || !session) return cancelled();
        t.cancel(cancelled);
        cancelTimer = setTimeout(cancelled, CANCEL_WAIT_MS);
      });
      try {
        session = new ContainerSocketSession({
          grant,
          armEndpoint: client.endpoint,
          mode: 'exec',
          // Typed once the shell has printed its prompt (or after a moment): a runtime refusal counts only before.
          onOpen: () => (typeTimer = setTimeout(typeFirst, FIRST_OUTPUT_WAIT_MS)),
          onOutput: (text) => {
            typeFirst();
            t.feed(text);
          },
          onEnd: (end: SessionEnd) =>
            settle(
              cancelling
                ? { outcome: 'cancelled' }
                : end.kind === 'commandNotFound'
                ? { outcome: 'refused', reason: 'noShell', message: noShellText(name) }
                : { outcome: 'refused', reason: end.kind, message: endedEarlyText(name, endText(end, name, 'shell')) },
            ),
        });
      } catch (err) {
        settle({ outcome: 'refused', reason: 'service', message: err instanceof Error ? err.message : String(err) });
      }
    }),
  );
}
