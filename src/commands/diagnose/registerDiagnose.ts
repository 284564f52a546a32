/**
 * Diagnose… on a container group or a container (from its node in the view, or the palette): the likely cause of a
 * failure read from the live state, with the fix and the document it comes from. Its code loads on first use
 * (through import()).
 */
import type { CommandRegistrar } from '../shared/registerCommand';

export const DIAGNOSE_COMMAND = 'aciDataShare.diagnose';

export function registerDiagnose(command: CommandRegistrar): void {
  command(DIAGNOSE_COMMAND, async (ctx, arg?: unknown) => (await import('./runDiagnose')).runDiagnose(ctx, arg));
}
