/** Registers Synchronize Now…, Cancel Synchronization, Enable Schedule… and Disable Schedule. */
import type { CommandRegistrar } from '../shared/registerCommand';

export const SYNCHRONIZE_COMMANDS = {
  synchronize: 'aciDataShare.synchronizeNow',
  cancel: 'aciDataShare.cancelSynchronization',
  enableSchedule: 'aciDataShare.enableSchedule',
  disableSchedule: 'aciDataShare.disableSchedule',
} as const;

export function registerSynchronize(command: CommandRegistrar): void {
    command(SYNCHRONIZE_COMMANDS.synchronize, async (ctx, arg?: unknown) => (await import('./synchronizeNow')).synchronizeNow(ctx, arg));
    command(SYNCHRONIZE_COMMANDS.cancel, async (ctx, arg?: unknown) => (await import('./cancelSynchronization')).cancelSynchronization(ctx, arg));
    command(SYNCHRONIZE_COMMANDS.enableSchedule, async (ctx, arg?: unknown) => (await import('./scheduleCommands')).enableSchedule(ctx, arg));
    command(SYNCHRONIZE_COMMANDS.disableSchedule, async (ctx, arg?: unknown) => (await import('./scheduleCommands')).disableSchedule(ctx, arg));
}
