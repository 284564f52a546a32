/** Set Secret… / Delete Secret…: manage the values behind `{{secret:NAME}}` placeholders. */
import * as vscode from 'vscode';
import { isValidSecretName } from '../../core/definition/secrets';
import type { CommandContext } from '../shared/registerCommand';

/** `name` may come from a quick fix or a code lens that knows the placeholder's name. */
/** With `deployAfter` (a definition that was refused for want of this secret), offers to deploy it now. */
export async function setSecret(ctx: CommandContext, name?: unknown, deployAfter?: unknown): Promise<string | undefined> {
  const store = ctx.services.secrets;
  const chosen =
    typeof name === 'string' && isValidSecretName(name)
      ? name
      : await ctx.ui.inputBox({
          title: vscode.l10n.t('Set Secret (1/2)'),
          prompt: vscode.l10n.t('Name used in the definition as {0}', '{{secret:NAME}}'),
          placeHolder: vscode.l10n.t('e.g. registry-password'),
          ignoreFocusOut: true,
          validateInput: (v) =>
            isValidSecretName(v.trim()) ? undefined : vscode.l10n.t("Use letters, digits, '.', '_' and '-', starting with a letter or digit."),
        });
  const trimmed = chosen?.trim();
  if (!trimmed) return undefined;
  const value = await ctx.ui.inputBox({
    title: vscode.l10n.t('Set Secret (2/2): {0}', trimmed),
    prompt: store.has(trimmed)
      ? vscode.l10n.t('New value (replaces the stored one). Kept in the OS keychain, never in files.')
      : vscode.l10n.t('Value. Kept in the OS keychain, never in files.'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v.length === 0 ? vscode.l10n.t('The value cannot be empty.') : undefined),
  });
  if (value === undefined) return undefined;
  await store.set(trimmed, value);
  // The placeholder is an argument: its braces would stop the {0} inside it from being filled in.
  const stored = vscode.l10n.t("Secret '{0}' stored. Use it as {1} in a secret field.", trimmed, `{{secret:${trimmed}}}`);
  if (deployAfter instanceof vscode.Uri) {
    const deployNow = vscode.l10n.t('Deploy Now');
    void ctx.ui.message('info', stored, deployNow).then((picked) => (picked === deployNow ? vscode.commands.executeCommand('aciDataShare.deploy', deployAfter) : undefined));
  } else {
    void ctx.ui.message('info', stored);
  }
  return trimmed;
}

export async function deleteSecret(ctx: CommandContext, name?: unknown): Promise<string | undefined> {
  const store = ctx.services.secrets;
  const names = store.names();
  if (names.length === 0) {
    void ctx.ui.message('info', vscode.l10n.t('No secrets are stored.'));
    return undefined;
  }
  const chosen =
    typeof name === 'string' && names.includes(name)
      ? name
      : (await ctx.ui.quickPick(names.map((label) => ({ label })), { title: vscode.l10n.t('Delete Secret'), placeHolder: vscode.l10n.t('Secret to delete') }))?.label;
  if (!chosen) return undefined;
  const remove = vscode.l10n.t('Delete');
  const ok = await ctx.ui.message('warning', 
    vscode.l10n.t("Delete the secret '{0}'?", chosen),
    { modal: true, detail: vscode.l10n.t('Definitions that use {0} cannot be deployed until it is set again.', `{{secret:${chosen}}}`) },
    remove,
  );
  if (ok !== remove) return undefined;
  await store.delete(chosen);
  return chosen;
}
