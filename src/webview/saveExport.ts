/**
 * The export step the report and comparison panels share: a save dialog (through the UI seam) in the first
 * workspace folder, the file written, a log line and a notification; a failed write is reported, not thrown.
 */
import * as vscode from 'vscode';
import type { ExportFormat } from '../core/report/shared/panelTypes';
import { ui } from '../ui/userInput';
import { errorMessage } from '../core/arm/errors';

export interface ExportRequest {
  format: ExportFormat;
  /** Rows written, for the messages. */
  rows: number;
  /** The dialog's title. */
  title: string;
  /** Suggested file name (the share subscription's name made safe for a file is prepended). */
  shareSubscriptionName: string;
  suffix: string;
  /** Built only once a file was picked. */
  text(): string;
  /** Where the log line goes ("Synchronization report: exported …"). */
  log(message: string): void;
  what: string;
}

/** The written file's path; undefined when the dialog was cancelled or the write failed. */
export async function saveExport(request: ExportRequest): Promise<string | undefined> {
  const { format, rows } = request;
  const name = request.shareSubscriptionName.replace(/[^\w.-]+/g, '_');
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const file = `${name}-${request.suffix}.${format}`;
  const uri = await ui().saveDialog({
    title: request.title,
    defaultUri: folder ? vscode.Uri.joinPath(folder, file) : undefined,
    filters: format === 'csv' ? { [vscode.l10n.t('CSV files')]: ['csv'] } : { [vscode.l10n.t('JSON files')]: ['json'] },
  });
  if (!uri) return undefined;
  try {
    await vscode.workspace.fs.writeFile(uri, Buffer.from(request.text(), 'utf8'));
  } catch (err) {
    void ui().message('error', vscode.l10n.t('Could not write {0}: {1}', uri.fsPath, errorMessage(err)));
    return undefined;
  }
  request.log(`${request.what}: exported ${rows} rows to ${uri.fsPath}`);
  void ui().message('info', vscode.l10n.t('Exported {0} rows to {1}.', rows, uri.fsPath));
  return uri.fsPath;
}
