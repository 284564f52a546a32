/** Registers Synchronize Now…, Cancel Synchronization, Enable Schedule… and Disable Schedule. */
import type * as vscode from 'vscode';
import type { CommandRegistrar } from '../shared/registerCommand';
import { cancelSynchronization } from './cancelSynchronization';
import { disableSchedule, enableSchedule } from './scheduleCommands';
import { synchronizeNow } from './synchronizeNow';

export const SYNCHRONIZE_COMMANDS = {
  synchronize: 'aciDataShare.synchronizeNow',
  cancel: 'aciDataShare.cancelSynchronization',
  enableSchedule: 'aciDataShare.enableSchedule',
  disableSchedule: 'aciDataShare.disableSchedule',
} as const;

export function registerSynchronizeCommands(command: CommandRegistrar, subscriptions: vscode.Disposable[]): void {
  subscriptions.push(
    command(SYNCHRONIZE_COMMANDS.synchronize, (ctx, arg?: unknown) => synchronizeNow(ctx, arg)),
    command(SYNCHRONIZE_COMMANDS.cancel, (ctx, arg?: unknown) => cancelSynchronization(ctx, arg)),
    command(SYNCHRONIZE_COMMANDS.enableSchedule, (ctx, arg?: unknown) => enableSchedule(ctx, arg)),
    command(SYNCHRONIZE_COMMANDS.disableSchedule, (ctx, arg?: unknown) => disableSchedule(ctx, arg)),
  );
}
