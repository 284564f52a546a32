/**
 * Download Folder… and Upload Folder…: a folder travels as one tar archive, made or unpacked by the container's tar
 * and by node-tar here, and copied as a file is (base64 over the exec socket, size and sha256 checked). A download
 * is unpacked into a new local folder named as the container's (files to open, not an archive to unpack by hand),
 * never into one that exists: nothing local is overwritten. An image without tar is refused in words.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { newMarker } from '../../core/containerGroup/commandScript';
import { packLine, readArchiveStep, removeArchive, scratchArchive, unpackLine, uploadCheckLine } from '../../core/containerGroup/folderArchive';
import { say, type SessionDeps } from '../shared/containerSession';
import type { CommandContext } from '../shared/registerCommand';
import { openCopy, transfer } from './copyFile';
import { failureText } from './copyTexts';
import { folderCopiedText, folderCanceledText } from './folderTexts';
import type { CopyFileResult } from './registerCopyFiles';

const absoluteFolder = (v: string): string | undefined => (v.startsWith('/') ? undefined : vscode.l10n.t('An absolute path to a folder, such as /srv/data.'));

export async function copyFolder(deps: SessionDeps, ctx: CommandContext, direction: 'upload' | 'download', arg?: unknown): Promise<CopyFileResult | undefined> {
  const title = direction === 'download' ? vscode.l10n.t('Download Folder') : vscode.l10n.t('Upload Folder');
  const opened = await openCopy(deps, ctx, arg, title);
  if (!opened || 'refused' in opened) return opened?.refused;
  const { ref, name, limit } = opened;
  const heading = vscode.l10n.t('{0}: {1}', title, name);
  const refuse = (result: CopyFileResult): CopyFileResult => (say(ctx, result, ref), result);
  const marker = newMarker((n) => randomBytes(n));
  const archive = scratchArchive(marker);
  const steps = (before: string, step: 'pack' | 'uploadCheck') => ({ line: before, read: (text: string) => readArchiveStep(text, marker, step) });
  let remote: string | undefined;
  let local: string;
  let content: Buffer | undefined;
  if (direction === 'download') {
    remote = (await ctx.ui.inputBox({ title: heading, prompt: vscode.l10n.t('The folder in the container to download (an absolute path)'), validateInput: absoluteFolder }))?.replace(/(.)\/+$/, '$1');
    if (!remote) return undefined;
    const parent = (await ctx.ui.openDialog({ title: heading, canSelectFiles: false, canSelectFolders: true, canSelectMany: false, openLabel: vscode.l10n.t('Download Here') }))?.[0];
    if (!parent) return undefined;
    if (parent.scheme !== 'file') return refuse({ outcome: 'refused', reason: 'notLocal', message: vscode.l10n.t('Folders are downloaded to a folder on this computer; {0} is not one.', parent.toString(true)) });
    local = path.join(parent.fsPath, path.posix.basename(remote) || 'root');
    if (fs.existsSync(local)) return refuse({ outcome: 'refused', reason: 'exists', message: vscode.l10n.t('{0} already exists: choose another place, nothing was overwritten.', local) });
  } else {
    const picked = (await ctx.ui.openDialog({ title: heading, canSelectFiles: false, canSelectFolders: true, canSelectMany: false, openLabel: vscode.l10n.t('Upload') }))?.[0];
    if (!picked) return undefined;
    if (picked.scheme !== 'file') return refuse({ outcome: 'refused', reason: 'notLocal', message: vscode.l10n.t('Folders are uploaded from a folder on this computer; {0} is not one.', picked.toString(true)) });
    local = picked.fsPath;
    const archiving = await import('./localArchive');
    const files = await archiving.folderBytes(local);
    if (files > limit) return refuse({ outcome: 'refused', reason: 'tooLarge', message: failureText({ kind: 'tooLarge', size: files, limit }, path.basename(local), name) });
    content = await archiving.packFolder(local);
    if (content.length > limit) return refuse({ outcome: 'refused', reason: 'tooLarge', message: failureText({ kind: 'tooLarge', size: content.length, limit }, path.basename(local), name) });
    remote = (await ctx.ui.inputBox({ title: heading, value: `/tmp/${path.basename(local)}`, prompt: vscode.l10n.t('The folder in the container to copy into (an absolute path; made if missing)'), validateInput: absoluteFolder }))?.replace(/(.)\/+$/, '$1');
    if (!remote) return undefined;
  }
  ctx.log.info(`${title} with ${name} started.`);
  const result = await transfer(deps, ctx, ref, {
    direction,
    remote: archive,
    shown: remote,
    content,
    limit,
    title,
    marker,
    steps:
      direction === 'download'
        ? { before: steps(packLine(marker, remote, archive), 'pack'), cleanup: removeArchive(archive) }
        : { before: steps(uploadCheckLine(marker, remote), 'uploadCheck'), after: { line: unpackLine(marker, archive, remote), read: (text) => readArchiveStep(text, marker, 'unpack') }, cleanup: removeArchive(archive) },
  });
  const { bytesRead, ...answer } = result;
  if (answer.outcome === 'copied' && bytesRead) {
    const unpacked = await unpackNew(local, bytesRead);
    if (unpacked) Object.assign(answer, { outcome: 'refused', reason: 'unpack', message: vscode.l10n.t('The archive of {0} could not be unpacked into {1}: {2}. Nothing was kept.', remote, local, unpacked) });
  }
  ctx.log.info(`${title} with ${name} ended: ${answer.outcome}${answer.reason ? ` (${answer.reason})` : ''}${answer.bytes !== undefined ? `, ${answer.bytes} bytes` : ''}.`);
  if (answer.outcome === 'copied') void ctx.ui.message('info', folderCopiedText(direction, answer.bytes ?? 0, remote, local, name, answer.sha256));
  else if (answer.outcome === 'cancelled') void ctx.ui.message('info', folderCanceledText(direction, remote, local, name));
  else if (answer.outcome === 'refused') say(ctx, answer, ref);
  return answer;
}

/** Unpacks into a new folder; on failure removes it (it did not exist before) and says why. */
async function unpackNew(dir: string, archive: Buffer): Promise<string | undefined> {
  try {
    await fs.promises.mkdir(dir, { recursive: false });
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  try {
    await (await import('./localArchive')).unpackInto(dir, archive);
    return undefined;
  } catch (err) {
    await fs.promises.rm(dir, { recursive: true, force: true });
    return err instanceof Error ? err.message : String(err);
  }
}
