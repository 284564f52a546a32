/** The words of Download Folder and Upload Folder once they end. */
import * as vscode from 'vscode';

export function folderCopiedText(direction: 'upload' | 'download', bytes: number, remote: string, local: string, name: string, sha256: string | undefined): string {
  const checked = sha256 ? vscode.l10n.t('size and sha256 checked') : vscode.l10n.t('size checked; the image has no sha256sum');
  return direction === 'download'
    ? vscode.l10n.t('Downloaded {0} from {1} into {2} (a {3}-byte archive, {4}).', remote, name, local, bytes, checked)
    : vscode.l10n.t('Uploaded {0} into {1} in {2} (a {3}-byte archive, {4}).', local, remote, name, bytes, checked);
}

/** A canceled folder copy: nothing is left (a download unpacks only once checked; an upload's archive is removed). */
export function folderCanceledText(direction: 'upload' | 'download', remote: string, local: string, name: string): string {
  return direction === 'download'
    ? vscode.l10n.t('Download of {0} from {1} canceled: {2} was not made.', remote, name, local)
    : vscode.l10n.t('Upload into {0} in {1} canceled: the archive already sent was removed and nothing was unpacked.', remote, name);
}
