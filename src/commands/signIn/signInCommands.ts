/** Sign In, Sign Out and Select Tenant: the user's control over the Azure connection. */
import * as vscode from 'vscode';
import { SECTION } from '../../settings/configuration';
import { describeEndpoints } from '../../core/settings/endpoints';
import { errorMessage } from '../../core/arm/errors';
import type { CommandContext } from '../shared/registerCommand';

function describe(err: unknown): string {
  return errorMessage(err);
}

/** Resolves to the message shown after a successful sign-in (it names the account), undefined otherwise. */
export async function signIn(ctx: CommandContext): Promise<string | undefined> {
  const { session } = ctx.services;
  if (!vscode.workspace.isTrusted) {
    void ctx.ui.message('warning', vscode.l10n.t('Sign-in to Azure is disabled in an untrusted workspace. Trust the workspace to use it.'));
    return undefined;
  }
  try {
    const connection = await ctx.ui.progress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Signing in to Azure…') },
      async () => {
        const c = await session.connection();
        await c.tokenProvider.getToken([c.cloud.scope]);
        return c;
      },
    );
    const where = describeEndpoints(connection.cloud);
    const account = connection.tokenProvider.account?.();
    // "Custom" names a setting's value, not a cloud: the endpoints that follow say which.
    const cloud = connection.cloud.name === 'Custom' ? vscode.l10n.t('the custom cloud') : connection.cloud.name;
    const message = account
      ? vscode.l10n.t('Signed in to {0} as {1}.', cloud, account)
      : vscode.l10n.t('Signed in to {0} ({1}).', cloud, connection.tokenProvider.id);
    const shown = where ? `${message} ${where}` : message;
    void ctx.ui.message('info', shown);
    return shown;
  } catch (err) {
    ctx.log.error(`Sign-in failed: ${describe(err)}`);
    void ctx.ui.message('error', vscode.l10n.t('Sign-in to Azure failed: {0}', describe(err)), vscode.l10n.t('Show Output')).then((c) => {
      if (c) ctx.log.show(true);
    });
    return undefined;
  }
}

export async function signOut(ctx: CommandContext): Promise<void> {
  const { session } = ctx.services;
  try {
    const { tokenProvider } = await session.connection();
    await tokenProvider.signOut?.();
  } catch {
    // Nothing to sign out of.
  }
  session.reset();
  void ctx.ui.message('info', 
    vscode.l10n.t('Signed out of Azure in ACI & Data Share. An account signed in through VS Code stays in the Accounts menu.'),
  );
}

export async function selectTenant(ctx: CommandContext): Promise<string | undefined> {
  const { session } = ctx.services;
  type Item = vscode.QuickPickItem & { tenantId?: string };
  const current = String(vscode.workspace.getConfiguration(SECTION).get('auth.tenant') ?? '').trim().toLowerCase();
  const isCurrent = (...names: (string | undefined)[]) => names.some((n) => n !== undefined && n.toLowerCase() === current);
  const items = (async (): Promise<Item[]> => {
    const picks: Item[] = [{ label: `$(home) ${vscode.l10n.t('Home tenant')}`, description: vscode.l10n.t('the account’s default'), tenantId: '' }];
    try {
      const [{ client }, { listTenants }] = await Promise.all([session.connection(), import('../../core/services/tenants')]);
      for (const t of await listTenants(client)) {
        picks.push({ label: t.displayName ?? t.tenantId, description: t.defaultDomain, detail: t.tenantId, tenantId: t.tenantId });
        // The tenant signed in to now is marked and comes first in the list's selection.
        if (current && isCurrent(t.tenantId, t.defaultDomain)) Object.assign(picks[picks.length - 1], { picked: true, description: vscode.l10n.t('{0} · current', t.defaultDomain ?? t.tenantId) });
      }
    } catch (err) {
      ctx.log.warn(`Could not list tenants: ${describe(err)}`);
    }
    if (!current) Object.assign(picks[0], { picked: true, description: vscode.l10n.t('the account’s default · current') });
    picks.push({ label: `$(edit) ${vscode.l10n.t('Enter a tenant ID or domain…')}` });
    return picks;
  })();
  const picked = await ctx.ui.quickPick(items, {
    title: vscode.l10n.t('Select Tenant'),
    placeHolder: vscode.l10n.t('The Microsoft Entra tenant to sign in to'),
  });
  if (!picked) return undefined;
  let tenant = picked.tenantId;
  if (tenant === undefined) {
    tenant = await ctx.ui.inputBox({
      title: vscode.l10n.t('Select Tenant'),
      prompt: vscode.l10n.t('Tenant ID (GUID) or domain, e.g. contoso.onmicrosoft.com'),
      validateInput: (v) => (/^[A-Za-z0-9.-]+$/.test(v.trim()) ? undefined : vscode.l10n.t('Use letters, digits, dots and hyphens only.')),
    });
    if (tenant === undefined) return undefined;
  }
  // The tenant is an application-scoped setting: only the user's settings hold it.
  await vscode.workspace.getConfiguration(SECTION).update('auth.tenant', tenant.trim(), vscode.ConfigurationTarget.Global);
  session.reset();
  return tenant.trim();
}
