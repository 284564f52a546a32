/**
 * Download File… and Upload File… on a container: from its node in the view, or from the palette (the container
 * pick Open Shell uses). The file goes through the exec socket as base64 between markers, checked by size and
 * sha256 on both ends where the image has sha256sum. Download Folder… and Upload Folder… copy a folder the same way
 * as one tar archive, where the image has tar. The log records what was copied in bytes; never its content.
 */
import type { SessionDeps } from '../shared/containerSession';
import type { CommandRegistrar } from '../shared/registerCommand';

export const DOWNLOAD_FILE_COMMAND = 'aciDataShare.downloadFile';
export const UPLOAD_FILE_COMMAND = 'aciDataShare.uploadFile';
export const DOWNLOAD_FOLDER_COMMAND = 'aciDataShare.downloadFolder';
export const UPLOAD_FOLDER_COMMAND = 'aciDataShare.uploadFolder';

export interface CopyFileResult {
  outcome: 'copied' | 'refused' | 'cancelled';
  bytes?: number;
  /** The hash both ends agree on, where the image has sha256sum. */
  sha256?: string;
  /** A transfer failure's kind, or a refusal's. */
  reason?: string;
  message?: string;
}

export function registerCopyFiles(command: CommandRegistrar, deps: SessionDeps): void {
  // Loads on first use, through import() (a chunk of its own; what it shares with Open Shell, a shared chunk).
  command(DOWNLOAD_FILE_COMMAND, async (ctx, arg?: unknown) => (await import('./copyFile')).copyFile(deps, ctx, 'download', arg));
  command(UPLOAD_FILE_COMMAND, async (ctx, arg?: unknown) => (await import('./copyFile')).copyFile(deps, ctx, 'upload', arg));
  // A folder as one tar archive; node-tar loads on the first folder copy (through import()).
  command(DOWNLOAD_FOLDER_COMMAND, async (ctx, arg?: unknown) => (await import('./copyFolder')).copyFolder(deps, ctx, 'download', arg));
  command(UPLOAD_FOLDER_COMMAND, async (ctx, arg?: unknown) => (await import('./copyFolder')).copyFolder(deps, ctx, 'upload', arg));
}
