/**
 * The values a conversion turned into `{{secret:NAME}}` references are offered to the secret store, never to a
 * file: Store Values keeps the Compose file's own values (a Compose secret's file base64-encoded, as a secret
 * volume wants it), Set Secret… asks for the first one.
 */
import * as vscode from 'vscode';
import { besideFile } from '../../core/compose/loadProject';
import type { SecretOffer } from '../../core/compose/types';
import type { CommandContext } from '../shared/registerCommand';
import { readBeside } from './readBeside';

/** `deploying`: Deploy's confirmation, next, names the secrets it fills in, so no notification says they were stored. */
export async function offerSecrets(ctx: CommandContext, offers: SecretOffer[], compose: vscode.Uri, definition: vscode.Uri, deploying = false): Promise<void> {
  const store = ctx.services.secrets;
  const missing = offers.filter((o) => !store.has(o.name));
  if (!missing.length) return;
  const valueOf = (o: SecretOffer): string | undefined => {
    if (o.value !== undefined) return o.value;
    const text = o.file === undefined ? undefined : readBeside(besideFile(compose.fsPath, o.file));
    return text === undefined ? undefined : Buffer.from(text, 'utf8').toString('base64');
  };
  const known = missing.filter((o) => valueOf(o) !== undefined);
  const storeValues = vscode.l10n.t('Store Values from Compose File');
  const setSecret = vscode.l10n.t('Set Secret…');
  const names = missing.map((o) => o.name).join(', ');
  const choice = await ctx.ui.message('info', vscode.l10n.t('{0} refers to {1} secret(s) that are not stored: {2}.', vscode.workspace.asRelativePath(definition), missing.length, names), ...(known.length ? [storeValues] : []), setSecret);
  if (choice === storeValues) {
    for (const o of known) await store.set(o.name, valueOf(o) as string);
    ctx.log.info(`Stored ${known.length} secret(s) from ${vscode.workspace.asRelativePath(compose)}: ${known.map((o) => o.name).join(', ')}`);
    const left = missing.filter((o) => !known.includes(o));
    if (deploying && !left.length) return;
    void ctx.ui.message('info', left.length
      ? vscode.l10n.t('Stored {0} secret(s). Still to set: {1}.', known.length, left.map((o) => o.name).join(', '))
      : vscode.l10n.t('Stored {0} secret(s) in the OS keychain.', known.length));
  } else if (choice === setSecret) {
    await vscode.commands.executeCommand('aciDataShare.setSecret', missing[0].name, definition);
  }
}
