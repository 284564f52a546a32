/** The words of Download File and Upload File: what was copied, and why it could not be. */
import * as vscode from 'vscode';
import type { TransferFailure } from '../../core/containerGroup/execRun';

const mb = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);

export function failureText(f: TransferFailure, path: string, name: string, direction: 'upload' | 'download' = 'download'): string {
  switch (f.kind) {
    case 'noTar':
      return vscode.l10n.t('{0} has no tar program: folders cannot be copied from or to it. Copy the files one at a time with Download File… or Upload File….', name);
    case 'notFolder':
      return direction === 'download'
        ? vscode.l10n.t('{0} is not a readable folder in {1}.', path, name)
        : vscode.l10n.t('{0} is a file in {1}, not a folder: nothing was copied.', path, name);
    case 'archive':
      return direction === 'download'
        ? vscode.l10n.t('tar could not archive {0} in {1} (status {2}): nothing was written.', path, name, f.status)
        : vscode.l10n.t('tar could not unpack the folder into {0} in {1} (status {2}).', path, name, f.status);
    case 'noBase64':
      return vscode.l10n.t('{0} has no base64 program: files cannot be copied through its shell.', name);
    case 'notFound':
      return vscode.l10n.t('{0} is not a readable file in {1}.', path, name);
    case 'notWritable':
      return vscode.l10n.t('{0} cannot be written in {1}: its folder does not exist or is read-only.', path, name);
    case 'tooLarge':
      return vscode.l10n.t('{0} is {1} MB, over the limit of {2} MB (setting aciDataShare.copyFiles.maxMegabytes).', path, mb(f.size), mb(f.limit));
    case 'failed':
      return vscode.l10n.t('The copy of {0} failed in {1} (status {2}).', path, name, f.status);
    case 'mismatch':
      return f.what === 'size'
        ? vscode.l10n.t('The copy of {0} arrived with the wrong size: nothing was kept. Try again.', path)
        : vscode.l10n.t('The copy of {0} arrived with a different sha256 hash: nothing was kept. Try again.', path);
  }
}

export function copiedText(direction: 'upload' | 'download', bytes: number, path: string, name: string, sha256: string | undefined): string {
  const checked = sha256 ? vscode.l10n.t('size and sha256 checked') : vscode.l10n.t('size checked; the image has no sha256sum');
  return direction === 'download'
    ? vscode.l10n.t('Downloaded {0} bytes of {1} from {2} ({3}).', bytes, path, name, checked)
    : vscode.l10n.t('Uploaded {0} bytes to {1} in {2} ({3}).', bytes, path, name, checked);
}

export function endedEarlyText(name: string, sessionText: string): string {
  return vscode.l10n.t('The copy with {0} did not finish: {1}', name, sessionText);
}

/** A canceled copy: what was left where (nothing: a download writes its file only once checked). */
export function canceledText(direction: 'upload' | 'download', remote: string, local: string, name: string): string {
  return direction === 'download'
    ? vscode.l10n.t('Download of {0} from {1} canceled: nothing was written to {2}.', remote, name, local)
    : vscode.l10n.t('Upload to {0} in {1} canceled: the part already sent was removed and {0} was not written.', remote, name);
}
