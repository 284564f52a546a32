/** Sign In, Sign Out and Select Tenant: the user's control over the Azure connection. */
import * as vscode from 'vscode';
import { ui } from '../../ui/userInput';
import type { AzureSession } from '../../azure/session';
import { SECTION } from '../../settings/configuration';
import { log } from '../../output/log';
import { describeEndpoints } from '../../core/settings/endpoints';
import { errorMessage } from '../../core/arm/errors';

function describe(err: unknown): string {
  return errorMessage(err);
}

/** Resolves to the message shown after a successful sign-in (it names the account), undefined otherwise. */
export async function signIn(session: AzureSession): Promise<string | undefined> {
  if (!vscode.workspace.isTrusted) {
    void ui().message('warning', vscode.l10n.t('Sign-in to Azure is disabled in an untrusted workspace. Trust the workspace to use it.'));
    return undefined;
  }
  try {
    const connection = await ui().progress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Signing in to Azure…') },
      async () => {
        const c = await session.connection();
        await c.tokenProvider.getToken([c.cloud.scope]);
        return c;
      },
    );
    const where = describeEndpoints(connection.cloud);
    const account = connection.tokenProvider.account?.();
    const message = account
      ? vscode.l10n.t('Signed in to {0} as {1}.', connection.cloud.name, account)
      : vscode.l10n.t('Signed in to {0} ({1}).', connection.cloud.name, connection.tokenProvider.id);
    const shown = where ? `${message} ${where}` : message;
    void ui().message('info', shown);
    return shown;
  } catch (err) {
    log().error(`Sign-in failed: ${describe(err)}`);
    void ui().message('error', vscode.l10n.t('Sign-in to Azure failed: {0}', describe(err)), vscode.l10n.t('Show Output')).then((c) => {
      if (c) log().show(true);
    });
    return undefined;
  }
}

export async function signOut(session: AzureSession): Promise<void> {
  try {
    const { tokenProvider } = await session.connection();
    await tokenProvider.signOut?.();
  } catch {
    // Nothing to sign out of.
  }
  session.reset();
  void ui().message('info', 
    vscode.l10n.t('Signed out of Azure in ACI & Data Share. An account signed in through VS Code stays in the Accounts menu.'),
  );
}

export async function selectTenant(session: AzureSession): Promise<string | undefined> {
  type Item = vscode.QuickPickItem & { tenantId?: string };
  const items = (async (): Promise<Item[]> => {
    const picks: Item[] = [{ label: `$(home) ${vscode.l10n.t('Home tenant')}`, description: vscode.l10n.t('the account’s default'), tenantId: '' }];
    try {
      const [{ client }, { listTenants }] = await Promise.all([session.connection(), import('../../core/services/tenants')]);
      for (const t of await listTenants(client)) {
        picks.push({ label: t.displayName ?? t.tenantId, description: t.defaultDomain, detail: t.tenantId, tenantId: t.tenantId });
      }
    } catch (err) {
      log().warn(`Could not list tenants: ${describe(err)}`);
    }
    picks.push({ label: `$(edit) ${vscode.l10n.t('Enter a tenant ID or domain…')}` });
    return picks;
  })();
  const picked = await ui().quickPick(items, {
    title: vscode.l10n.t('Select Tenant'),
    placeHolder: vscode.l10n.t('The Microsoft Entra tenant to sign in to'),
  });
  if (!picked) return undefined;
  let tenant = picked.tenantId;
  if (tenant === undefined) {
    tenant = await ui().inputBox({
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
