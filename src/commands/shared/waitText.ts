/**
 * Durations and Azure's waits as the progress notifications show them (localized). The log writes its own English
 * form (formatWait in core).
 */
import * as vscode from 'vscode';
import type { ThrottleWait } from '../../core/arm/retryPolicy';

/** "45 s", "5 min 12 s", "1 h 3 min". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return vscode.l10n.t('{0} s', s);
  if (s < 3600) return vscode.l10n.t('{0} min {1} s', Math.floor(s / 60), s % 60);
  return vscode.l10n.t('{0} h {1} min', Math.floor(s / 3600), Math.floor((s % 3600) / 60));
}

/** "Throttled by Azure; retrying in 5 min 12 s", counting down to the time Azure named; undefined once it passed. */
export function throttleText(wait: ThrottleWait | undefined, now: number = Date.now()): string | undefined {
  if (!wait || now >= wait.retryAt) return undefined;
  const left = durationText(Math.ceil((wait.retryAt - now) / 1000) * 1000);
  return wait.status === 429 ? vscode.l10n.t('Throttled by Azure; retrying in {0}', left) : vscode.l10n.t('Azure asked to wait; retrying in {0}', left);
}

/** The log line for a wait (English, as every log line). */
export function throttleLogLine(name: string, wait: ThrottleWait): string {
  const why = wait.status === 429 ? 'throttled by Azure' : `Azure answered ${wait.status}`;
  return `${name}: ${why}${wait.code ? ` [${wait.code}]` : ''}; retrying at ${new Date(wait.retryAt).toISOString()} (in ${Math.round(wait.waitMs / 1000)} s)`;
}
